import PokedexKit

/// `pokedex item NAME...`: a card per item.
struct ItemCommand: ParsableCommand {
  let name = "item"
  let summary = "show an item: effect, generation, Fling power, the Pokémon it is made for"
  let usage = ["item NAME... [options]"]
  let discussion = """
    Names are matched as 'pokedex move' matches them, in every language, with
    Showdown's ids and aliases too: 'Choice Scarf', choicescarf, scarf and
    こだわりスカーフ are one item. A miss exits 1 and says "did you mean" when an
    item is close.
      pokedex item 'Life Orb' leftovers
      pokedex item charizardite-x --long
      pokedex item lefties --format json
    The card gives the effect (--long: in full), the category, the generation that
    introduced the item and whether the current games have it (Showdown's
    "Past", "Future", "Unobtainable"), Fling's power, and what it is made for:
    its Pokémon, the Mega Evolution or Z-Move it allows, the type or forme it
    gives. 'pokedex items' lists items by a query.
    JSON is the item's record in the schema of items.json.
    """
  struct Options: OptionGroup {
    let format = Option.format(["card", "json"], help: "card (default) or json")
    let long = Flag("--long", help: "show the full effect rather than its summary")
    let lang = Option.language()
    let lookup = LookupOptions()

    var declarations: [any OptionDeclaration] { [format, long, lang, lookup] }
  }
  let options = Options()

  func run(_ arguments: ParsedArguments<Options>, context: CommandContext) throws(CLIError)
    -> ExitCode
  {
    guard !arguments.positionals.isEmpty else {
      throw .usage("missing item name (for example 'pokedex item leftovers')")
    }
    let policy = try Lookup.policy(arguments[\.lookup], context: context)
    let settings = try Settings(arguments.global, context: context)
    let dex = try context.loadDex(arguments.global)
    let lookup = ItemLookup(items: try context.load(ItemDex.self, arguments.global))
    let language = try settings.language(arguments.given(\.lang), dex: dex)
    var found: [Item] = []
    var missed = false
    for text in arguments.positionals {
      do throws(CLIError) {
        found.append(try Self.item(text, in: lookup, policy: policy, context: context))
      } catch {
        error.report(to: context)
        missed = true
      }
    }
    if arguments[\.format] == "json" {
      context.stdout.write(OutputJSON.array(found.map(ItemJSON.record)).pretty)
      return missed ? .failure : .success
    }
    // A Pokémon's own Z-Move is named from moves.json, read only then.
    var moveNames: [String: LocalizedNames] = [:]
    if found.contains(where: { $0.zCrystal?.move != nil }) {
      for move in try context.load(MoveDex.self, arguments.global).moves {
        moveNames[move.identifier] = move.names
      }
    }
    let style = try settings.style(for: .stdout)
    for (position, item) in found.enumerated() {
      if position > 0 { context.stdout.line() }
      let card = ItemCard(
        item: item,
        dex: dex,
        moveNames: moveNames,
        names: NameResolver(language: language, dex: dex),
        style: style,
        wrapWidth: context.tableWidth,
        long: arguments[\.long]
      )
      context.stdout.write(card.render())
    }
    return missed ? .failure : .success
  }

  /// The item `text` names: by identifier, Showdown id, alias or name in any language; else
  /// the closest, accepted or refused under `policy`.
  ///
  /// - Throws: a ``CLIError`` with status 1 for a miss or a refused guess.
  static func item(
    _ text: String,
    in lookup: ItemLookup,
    policy: Lookup.FuzzyPolicy,
    context: CommandContext
  ) throws(CLIError) -> Item {
    if let item = lookup.item(named: text) { return item }
    return try NamedLookup.guess(
      text,
      lookup.suggestion(for: text).map { ($0, $0.identifier) },
      noun: "item",
      listing: "pokedex items",
      policy: policy,
      context: context
    )
  }
}
