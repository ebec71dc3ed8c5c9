import PokedexKit

/// `pokedex ability NAME...`: a card per ability.
struct AbilityCommand: ParsableCommand {
  let name = "ability"
  let summary = "show an ability: its effect, in-game text and the Pokémon that have it"
  let usage = ["ability NAME... [options]"]
  let discussion = """
    Names are matched as 'pokedex move' matches them, in every language:
      pokedex ability levitate
      pokedex ability 'Lightning Rod' --long
      pokedex ability static --format json
    "Pokémon" lists those that have it as one of their normal abilities, forms
    included; "Hidden" those that have it as their hidden ability only. A miss
    exits 1 and says "did you mean" when an ability is close.
    JSON: the ability's id, identifier, names, generation, "shortEffect", "effect",
    "flavorText", "flavorTextVersionGroup", "pokemon" and "hiddenPokemon"
    (identifiers).
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
      throw .usage("missing ability name (for example 'pokedex ability levitate')")
    }
    let policy = try Lookup.policy(arguments[\.lookup], context: context)
    let settings = try Settings(arguments.global, context: context)
    let dex = try context.loadDex(arguments.global)
    let texts = try context.load(AbilityDex.self, arguments.global)
    let language = try settings.language(arguments.given(\.lang), dex: dex)
    let names = NameResolver(language: language, dex: dex)
    let style = try settings.style(for: .stdout)
    let entries = dex.abilities.map {
      NamedLookup.Candidate(identifier: $0.identifier, names: $0.names)
    }
    var cards: [AbilityCard] = []
    var missed = false
    for text in arguments.positionals {
      do throws(CLIError) {
        let row = try NamedLookup.find(
          text,
          in: entries,
          noun: "ability",
          listing: nil,
          policy: policy,
          context: context
        )
        let ability = dex.abilities[row]
        cards.append(
          AbilityCard(
            ability: ability,
            text: texts.abilities.first { $0.identifier == ability.identifier },
            dex: dex,
            names: names,
            style: style,
            wrapWidth: context.tableWidth,
            long: arguments[\.long]
          )
        )
      } catch {
        error.report(to: context)
        missed = true
      }
    }
    write(cards, json: arguments[\.format] == "json", context: context)
    return missed ? .failure : .success
  }

  private func write(_ cards: [AbilityCard], json: Bool, context: CommandContext) {
    if json {
      context.stdout.write(OutputJSON.array(cards.map { $0.json() }).pretty)
      return
    }
    for (position, card) in cards.enumerated() {
      if position > 0 { context.stdout.line() }
      context.stdout.write(card.render())
    }
  }
}
