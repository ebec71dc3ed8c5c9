import PokedexKit

/// `pokedex items [QUERY...]`: the items an item query selects, as a table or as data.
struct ItemsCommand: ParsableCommand {
  let name = "items"
  let summary = "list the items a query selects (table, json, ndjson, csv, tsv)"
  let usage = ["items [QUERY...] [options]"]
  let discussion = """
    An item query is a list of terms, AND-ed; '|' separates alternatives, '!'
    negates, as in 'pokedex help query'. Its terms are the item's:
    category:mega-stones (PokeAPI's categories: held-items, choice, plates,
    z-crystals, berries' in-a-pinch, ...), user:charizard (the items made for a
    Pokémon: its Mega Stones, Z-Crystal, Plate, mask, orb), type:fire (the type a
    Plate, Memory, Drive or Z-Crystal gives), gen:4 or gen:1-3,
    nonstandard:none (in the current games; or past, future, unobtainable, as
    Showdown says), comparisons of fling, gen and num ('fling>=80'), and a part
    of a name in any language, an alias or a pattern (berry, lefties, '*plate'):
      pokedex items user:charizard
      pokedex items category:z-crystals nonstandard:past --format csv
      pokedex items 'fling>=100' --sort -fling,name
    Sort keys: name, category, gen, fling, num, each with :desc (or a leading
    '-') for descending; items that cannot be flung come last by fling. The
    default order is the games' numbering (Showdown's).
    Data goes to stdout, the count ("12 items") to stderr. A table fits the
    terminal (the effect shrinks first); piped, every cell stays whole. JSON is
    an array of records in the schema of items.json, one a line; NDJSON one
    record a line.
    """
  let options = RecordListOptions(noun: "items", sortExample: "fling:desc,name", defaultSort: "num")

  func run(_ arguments: ParsedArguments<RecordListOptions>, context: CommandContext)
    throws(CLIError)
    -> ExitCode
  {
    let settings = try Settings(arguments.global, context: context)
    let dex = try context.loadDex(arguments.global)
    let items = try context.load(ItemDex.self, arguments.global)
    let language = try settings.language(arguments.given(\.lang), dex: dex)
    let names = NameResolver(language: language, dex: dex)
    let limit = try arguments.value(\.limit)
    let offset = try arguments.value(\.offset) ?? 0
    let found: [Item]
    do throws(QueryError) {
      let sort = try arguments[\.sort].map(ItemSortDescriptor.parse) ?? []
      let query = try ItemQuery.compile(
        arguments.positionals,
        items: ItemLookup(items: items),
        index: PokedexIndex(dex)
      )
      found = query.run(on: items, sortedBy: sort, language: names.language)
    } catch {
      throw CLIError.query(error)
    }
    let shown = Array(found.dropFirst(offset).prefix(limit ?? Int.max))
    let output = ItemTableOutput.make(
      items: shown,
      format: arguments[\.format] ?? "table",
      names: names,
      style: try settings.style(for: .stdout)
    )
    let footer =
      "\(found.count) item\(found.count == 1 ? "" : "s")"
      + (shown.count == found.count ? "" : ", \(shown.count) shown")
    output.write(to: context, footer: footer, footerStyle: try settings.style(for: .stderr))
    return .success
  }
}
