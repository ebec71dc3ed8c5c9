import PokedexKit

/// `pokedex list [QUERY...]`: the Pokémon a query selects, as a table or as data.
struct ListCommand: ParsableCommand {
  let name = "list"
  let aliases = ["query"]
  let summary = "list the Pokémon a query selects (table, json, ndjson, csv, tsv)"
  let usage = ["list [QUERY...] [options]"]
  let discussion = """
    A query is a list of terms, AND-ed; '|' separates alternatives, '!' negates
    (see 'pokedex help query'). Quote a term with '>', '<', '|', '!' or '*'
    in it, or the shell reads those characters itself:
      pokedex list fire 'spe>100'
      pokedex list 'type:water|grass' gen:1-3 --sort bst:desc --limit 10
      pokedex list weak:ground '!legendary' --section-by generation
      pokedex list mega --format json
    Data goes to stdout, messages (the "81 Pokémon" count) to stderr. A table
    fits the terminal (COLUMNS, else its width); piped, it keeps every cell whole.
    When it is too wide, columns give way in this order until it fits: numbers
    other than No. and BST (the six stats, Gen, ...) are dropped, right to left;
    text columns shrink to 8 (cells end in …); text columns other than Name and
    Types are dropped, then Types and BST (right to left); the name shrinks to 8;
    No. is dropped. The name (or slug) always stays.
    CSV and TSV hold plain
    values: 'num', 'height', 'weight' are 'number', 'height_m', 'weight_kg'.
    JSON is an array of full records in the schema of Data/pokemons.json; with
    --fields, of objects with those keys ({"number": 4, "name": "Charmander"});
    with --section-by, of sections:
      [{"section": "fire", "name": "Fire", "pokemon": [...]}, ...]
    NDJSON is one Pokémon a line, with a "section" key first when sectioned.
    """
  struct Options: OptionGroup {
    let query = QueryOptions()
    let output = ListOutputOptions(
      format: "table, json, ndjson, csv or tsv (env: POKEDEX_FORMAT; default: table)",
      fields: "columns, or JSON keys, e.g. num,name,types,bst (env: POKEDEX_FIELDS, not for JSON)"
    )
    let card = Flag("--card", help: "show a detail card when exactly one Pokémon matches")

    var declarations: [any OptionDeclaration] { [query, output, card] }
  }
  let options = Options()

  func run(_ arguments: ParsedArguments<Options>, context: CommandContext) throws(CLIError)
    -> ExitCode
  {
    let settings = try Settings(arguments.global, context: context)
    let query = try QueryRun(
      terms: arguments.positionals,
      QueryRun.Parameters(arguments[\.query]),
      settings: settings
    )
    if arguments[\.card] {
      try writeCard(query, settings: settings)
      return .success
    }
    var output = try PokemonListOutput(
      settings,
      arguments[\.output],
      names: query.names,
      sectioned: query.request.sectionKey != nil
    )
    output.matchedNames = matchedNames(query)
    try output.write(query.result, footer: footer(query.result), settings: settings)
    return .success
  }

  /// For each listed Pokémon that matched a `name:` term through a name other than its
  /// name in the display language (`name:char*` and Beautifly's French name), that name.
  private func matchedNames(_ query: QueryRun) -> [Int: MatchedName] {
    let terms = query.request.query.nameTerms
    guard !terms.isEmpty else { return [:] }
    var matched: [Int: MatchedName] = [:]
    for section in query.result.sections {
      for pokemon in section.pokemon {
        matched[pokemon.id] = query.index.matchedName(
          of: pokemon,
          nameTerms: terms,
          preferring: query.names.language
        )
      }
    }
    return matched
  }

  /// `--card`: the detail card of the only Pokémon the query matched.
  private func writeCard(_ query: QueryRun, settings: Settings) throws(CLIError) {
    let style = try settings.style(for: .stdout)
    let result = query.result
    guard result.matchCount == 1, let pokemon = result.pokemon.first else {
      throw CLIError.failed(
        .usage,
        "--card needs exactly one result; the query matched \(result.matchCount)"
      )
    }
    let context = settings.context
    var card = PokemonCard(
      pokemon: pokemon,
      dex: PokedexContext(index: query.index),
      names: query.names,
      style: style,
      width: context.width,
      wrapWidth: context.tableWidth
    )
    // The card `show` prints: with the abilities' effects (never the moves).
    card.abilityEffects =
      try ShowExtras([pokemon], settings: settings, moves: false, language: nil).abilityEffects
    context.stdout.write(card.render())
  }

  /// The count under a table ("81 Pokémon", "81 Pokémon, 10 shown"): a message, so it goes
  /// to stderr and piped output stays data only.
  private func footer(_ result: PokemonFetchResult) -> String {
    let shown = result.sections.reduce(0) { $0 + $1.pokemon.count }
    let count =
      "\(result.matchCount) Pokémon"
      + (result.rowCount != result.matchCount ? " in \(result.rowCount) rows" : "")
    return shown == result.rowCount ? count : "\(count), \(shown) shown"
  }
}
