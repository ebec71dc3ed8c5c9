import PokedexKit

/// `pokedex moves [QUERY...]`: the moves a move query selects, as a table or as data.
struct MovesCommand: ParsableCommand {
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
  let options = RecordListOptions(noun: "moves", sortExample: "power:desc,name", defaultSort: "id")

  func run(_ arguments: ParsedArguments<RecordListOptions>, context: CommandContext)
    throws(CLIError)
    -> ExitCode
  {
    let settings = try Settings(arguments.global, context: context)
    let dex = try context.loadDex(arguments.global)
    let moves = try context.load(MoveDex.self, arguments.global)
    let language = try settings.language(arguments.given(\.lang), dex: dex)
    let names = NameResolver(language: language, dex: dex)
    let limit = try arguments.value(\.limit)
    let offset = try arguments.value(\.offset) ?? 0
    let found = try select(arguments, dex: dex, moves: moves, language: names.language, context)
    let shown = Array(found.dropFirst(offset).prefix(limit ?? Int.max))
    let output = MoveTableOutput.make(
      moves: shown,
      format: arguments[\.format] ?? "table",
      names: names,
      style: try settings.style(for: .stdout)
    )
    let footer =
      "\(found.count) move\(found.count == 1 ? "" : "s")"
      + (shown.count == found.count ? "" : ", \(shown.count) shown")
    output.write(
      to: context,
      footer: footer,
      footerStyle: try settings.style(for: .stderr)
    )
    return .success
  }

  /// The moves the query selects, in the `--sort` order; the learnsets are read only for a
  /// `learnedby:` term.
  ///
  /// - Throws: a usage error rendered with a caret for a bad term or sort key; the load
  ///   error (65, 66) when a `learnedby:` term needs files that do not load.
  private func select(
    _ arguments: ParsedArguments<RecordListOptions>,
    dex: Pokedex,
    moves: MoveDex,
    language: String,
    _ context: CommandContext
  ) throws(CLIError) -> [Move] {
    let loader = MoveDataLoader(context: context, global: arguments.global, dex: dex)
    do throws(QueryError) {
      let sort = try arguments[\.sort].map(MoveSortDescriptor.parse) ?? []
      let query = try MoveQuery.compile(
        arguments.positionals,
        moves: moves,
        index: PokedexIndex(dex),
        learners: loader.load
      )
      return query.run(on: moves, sortedBy: sort, language: language)
    } catch {
      if let failure = loader.failure { throw failure }
      throw CLIError.query(error)
    }
  }
}
