import PokedexKit

/// `pokedex moves [QUERY...]`: the moves a move query selects, as a table or as data.
struct MovesCommand: Command {
  let name = "moves"
  let summary = "list the moves a query selects (table, json, ndjson, csv, tsv)"
  let usage = ["moves [QUERY...] [options]"]
  let discussion = """
    A move query is a list of terms, AND-ed; '|' separates alternatives, '!'
    negates, as in 'pokedex help query'. Its terms are the move's: type:fire,
    category:physical|special|status, power>=90, accuracy<100, pp>10,
    priority>0, gen:4 or gen:1-3, flag:contact, target:all-opponents,
    learnedby:pikachu (learnedby:pikachu@gen4 for another generation), and a
    part of a name (thunder, name:thunder*, name:Donnerblitz). Quote a term with
    '>', '<', '|', '!' or '*' in it:
      pokedex moves type:electric 'power>=90'
      pokedex moves 'priority>0' --sort priority:desc,name
      pokedex moves learnedby:pikachu category:status --format csv
      pokedex moves flag:sound --format json
    Sort keys: name, type, power, accuracy, pp, priority, gen, id, each with
    :desc (or a leading '-') for descending; moves without a power or accuracy
    come last. The default order is PokeAPI's id.
    Data goes to stdout, the count ("12 moves") to stderr. A table fits the
    terminal as list's does (Gen, Prio., PP and Acc. go first); piped, every cell
    stays whole. CSV and TSV hold plain values: identifiers for type and
    category, empty cells for no power or accuracy. JSON is an array of records
    in the schema of moves.json, one a line; NDJSON one record a line.
    """
  let options = [
    OptionSpec(
      "--format",
      short: "-f",
      value: "FORMAT",
      allowed: PokedexPreferences.formats,
      help: "table (default), json, ndjson, csv or tsv"
    ),
    OptionSpec("--sort", value: "KEYS", help: "sort keys, e.g. power:desc,name (default: id)"),
    OptionSpec("--limit", value: "N", help: "show at most N moves"),
    OptionSpec("--offset", value: "N", help: "skip the first N moves"),
    OptionSpec("--lang", value: "LANG", help: "language of names (env: POKEDEX_LANG)"),
  ]

  func run(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) -> ExitCode {
    let settings = try Settings(arguments, context: context)
    let dex = try context.loadDex(arguments)
    let moves = try context.load(MoveDex.self, arguments)
    let names = NameResolver(language: try QueryOptions.language(settings, dex: dex), dex: dex)
    let limit = try arguments.integer("--limit", in: 0...Int(Int32.max))
    let offset = try arguments.integer("--offset", in: 0...Int(Int32.max)) ?? 0
    let found = try select(arguments, dex: dex, moves: moves, language: names.language, context)
    let shown = Array(found.dropFirst(offset).prefix(limit ?? Int.max))
    let output = MoveTableOutput(
      moves: shown,
      format: arguments.value("--format") ?? "table",
      names: names,
      style: try ColorSettings.style(settings, stream: .stdout)
    )
    let footer =
      "\(found.count) move\(found.count == 1 ? "" : "s")"
      + (shown.count == found.count ? "" : ", \(shown.count) shown")
    output.write(
      to: context,
      footer: footer,
      footerStyle: try ColorSettings.style(settings, stream: .stderr)
    )
    return .success
  }

  /// The moves the query selects, in the `--sort` order; the learnsets are read only for a
  /// `learnedby:` term.
  ///
  /// - Throws: a usage error rendered with a caret for a bad term or sort key; the load
  ///   error (65, 66) when a `learnedby:` term needs files that do not load.
  private func select(
    _ arguments: ParsedArguments,
    dex: Pokedex,
    moves: MoveDex,
    language: String,
    _ context: CommandContext
  ) throws(CLIError) -> [Move] {
    let loader = MoveDataLoader(context: context, arguments: arguments, dex: dex)
    do throws(QueryError) {
      let sort = try arguments.value("--sort").map(MoveSortDescriptor.parse) ?? []
      let query = try MoveQuery.compile(
        arguments.positionals,
        moves: moves,
        index: PokedexIndex(dex),
        learners: loader.load
      )
      return query.run(on: moves, sortedBy: sort, language: language)
    } catch {
      if let failure = loader.failure { throw failure }
      throw CLIError(.usage, error.rendered, isRendered: true)
    }
  }
}
