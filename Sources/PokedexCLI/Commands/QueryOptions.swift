import Dispatch
import PokedexKit
import Synchronization

/// The options shared by the commands that run a query (`list`, `layout`):
/// forms, sorting, sections, paging and the names' language.
package enum QueryOptions {
  package static let specs: [OptionSpec] = [
    OptionSpec("--forms", help: "include alternate forms (megas, regional forms, ...)"),
    OptionSpec(
      "--sort",
      value: "KEYS",
      help: "sort keys, e.g. bst:desc,name (env: POKEDEX_SORT; default: number)"
    ),
    OptionSpec(
      "--section-by",
      value: "KEY",
      help: "group into sections: type, types, generation, color, egg, habitat, legendary"
    ),
    OptionSpec("--limit", value: "N", help: "show at most N Pokémon"),
    OptionSpec("--offset", value: "N", help: "skip the first N Pokémon"),
    OptionSpec(
      "--lang",
      value: "LANG",
      help: "language of names: en, ja, ko, zh-hans, fr, de, ... (env: POKEDEX_LANG)"
    ),
  ]

  /// The language of names: `--lang`, `POKEDEX_LANG`, the `lang` preference, `en`.
  package static func language(_ settings: Settings, dex: Pokedex) throws(CLIError) -> String {
    let requested = try settings.value(
      PokedexPreferences.language,
      flag: "--lang",
      environment: "POKEDEX_LANG"
    )
    return try NameResolver.language(requested, dex: dex)
  }

  /// Compiles `terms` into a fetch request with the sort, sections and paging of the options.
  /// Without `readingMoves`, a `move:` term is an error instead of a reason to read the move
  /// files.
  ///
  /// - Throws: a usage error (exit 64) rendered compiler-style with a caret for a bad term or key.
  package static func fetchRequest(
    terms: [String],
    settings: Settings,
    index: PokedexIndex,
    language: String,
    prefetch: MoveDataPrefetch? = nil,
    readingMoves: Bool = true
  ) throws(CLIError) -> PokemonFetchRequest {
    let arguments = settings.arguments
    let filters = settings.stored(PokedexPreferences.filters)
    let sortText = try settings.value(
      PokedexPreferences.listSort,
      flag: "--sort",
      environment: "POKEDEX_SORT"
    )
    let limit = try arguments.integer("--limit", in: 0...Int(Int32.max))
    let offset = try arguments.integer("--offset", in: 0...Int(Int32.max)) ?? 0
    let moveData = MoveDataLoader(
      context: settings.context,
      arguments: arguments,
      dex: index.pokedex,
      prefetch: prefetch
    )
    do throws(QueryError) {
      let moves: () throws -> MoveLearnersOnDemand =
        readingMoves
        ? moveData.loadOnDemand
        : { throw CLIError(.usage, "a move: term is not compiled without the move files") }
      let query = try Query(
        terms,
        index: index,
        includingForms: arguments.flag("--forms"),
        savedFilter: { filters[$0] },
        savedFilterNames: filters.keys.sorted(),
        moveData: moves
      )
      let sort = sortText.isEmpty ? [] : try PokemonSortDescriptor.parse(sortText)
      var section: PokemonSectionKey?
      if let key = arguments.value("--section-by") { section = try PokemonSectionKey(parsing: key) }
      return PokemonFetchRequest(
        query: query,
        sortDescriptors: sort,
        sectionKey: section,
        fetchLimit: limit,
        fetchOffset: offset,
        language: language
      )
    } catch {
      // A move file that does not load is a data error (65, 66), not a bad query.
      if let failure = moveData.failure { throw failure }
      throw CLIError(.usage, error.rendered, isRendered: true)
    }
  }

  /// Loads the dex (`--data`), compiles `terms` with the options, and fetches: the start of
  /// every command that shows the Pokémon a query selects (`list`, `layout`, `random`).
  ///
  /// ```swift
  /// let query = try QueryOptions.run(terms: arguments.positionals, settings: settings)
  /// for pokemon in query.result.pokemon { print(query.names.name(of: pokemon)) }
  /// ```
  ///
  /// - Throws: what loading the dex, the language or ``fetchRequest(terms:settings:index:language:)``
  ///   throws.
  ///
  /// With `matchesOnly`, for a command that shows the matches and nothing of the other
  /// Pokémon, the dex may hold only the Pokémon the query can match (``Query/recordFilter``):
  /// with the bundled index, `list type:fire` decodes about a tenth of the records.
  package static func run(
    terms: [String],
    settings: Settings,
    matchesOnly: Bool = false
  ) throws(CLIError) -> QueryRun {
    // A query that names a move reads the move files: start on them while the dex loads.
    let prefetch =
      terms.contains { $0.contains("move:") }
      ? MoveDataPrefetch(context: settings.context, arguments: settings.arguments) : nil
    let (dex, kept) =
      matchesOnly
      ? try loadDex(matching: terms, settings: settings)
      : (try settings.context.loadDex(settings.arguments), .all)
    let index = PokedexIndex(dex)
    let language = try language(settings, dex: dex)
    let request = try fetchRequest(
      terms: terms,
      settings: settings,
      index: index,
      language: language,
      prefetch: prefetch
    )
    assert(
      kept == .all || request.query.recordFilter == kept,
      "a query compiles to the same record filter against the dex's tables and its records"
    )
    return QueryRun(
      index: index,
      request: request,
      result: index.fetch(request),
      names: NameResolver(language: language, dex: dex)
    )
  }
}

extension QueryOptions {
  /// The dex with at least the Pokémon `terms` can match, and the filter that picked them:
  /// the query compiled against the dex's tables gives it (``Query/recordFilter``).
  private static func loadDex(
    matching terms: [String],
    settings: Settings
  ) throws(CLIError) -> (Pokedex, PokemonRecordFilter) {
    var kept = PokemonRecordFilter.all
    let dex = try settings.context.loadDex(settings.arguments) { tables in
      // An error here is the full compile's to report, against the dex loaded. A `move:` term
      // needs every record anyway: it is not worth reading the move files for.
      kept =
        (try? fetchRequest(
          terms: terms,
          settings: settings,
          index: PokedexIndex(tables),
          language: QueryOptions.language(settings, dex: tables),
          readingMoves: false
        ))?.query.recordFilter ?? .all
      return kept
    }
    return (dex, kept)
  }
}

/// The moves and learnsets a query's `move:` terms read, loaded only when the compiler asks
/// (a query without `move:` terms never reads them), beside the dex that `--data` names.
///
/// ```swift
/// let moveData = MoveDataLoader(context: context, arguments: arguments, dex: dex)
/// let query = try Query(terms, index: index, moveLearners: moveData.load)
/// // on a QueryError: if let failure = moveData.failure { throw failure }
/// ```
///
/// A load failure is kept in ``failure`` so that the command exits with the load error's
/// status (65 for bad data, 66 for a missing file) rather than the query's 64. Commands
/// that compile saved filters or a move query (`filter save`, `moves`) can use it the same way.
package final class MoveDataLoader {
  private let context: CommandContext
  private let arguments: ParsedArguments
  private let dex: Pokedex
  private let prefetch: MoveDataPrefetch?
  /// The load error, once ``load()`` has failed.
  package private(set) var failure: CLIError?

  package init(
    context: CommandContext,
    arguments: ParsedArguments,
    dex: Pokedex,
    prefetch: MoveDataPrefetch? = nil
  ) {
    self.context = context
    self.arguments = arguments
    self.dex = dex
    self.prefetch = prefetch
  }

  /// Loads `learnsets.json` and `moves.json` (cached by the context) and indexes them.
  package func load() throws -> MoveLearners {
    do throws(CLIError) {
      let learnsets = try context.load(LearnsetDex.self, arguments)
      return MoveLearners(dex: dex, learnsets: learnsets, moves: try moves())
    } catch {
      failure = error
      throw error
    }
  }

  /// Loads `moves.json` (from `prefetch` if there is one), and `learnsets.json` only as far
  /// as the query's terms ask (see ``MoveLearnersOnDemand``).
  package func loadOnDemand() throws -> MoveLearnersOnDemand {
    do throws(CLIError) {
      return MoveLearnersOnDemand(dex: dex, moves: try moves()) { [self] selection in
        do throws(CLIError) {
          return try context.loadLearnsets(selection, arguments)
        } catch {
          failure = error
          throw error
        }
      }
    } catch {
      failure = error
      throw error
    }
  }

  private func moves() throws(CLIError) -> MoveDex {
    if let prefetch { return try prefetch.moves() }
    return try context.load(MoveDex.self, arguments)
  }
}

/// `moves.json` loaded on another thread, started before the dex loads, for a query whose
/// terms name a move: the file is then ready when the compiler asks for it. A query that
/// never asks only costs the other thread's work.
package typealias MoveDataPrefetch = BackgroundLoad<MoveDex>

extension BackgroundLoad<MoveDex> {
  /// Starts loading the moves file the arguments select.
  package convenience init(context: CommandContext, arguments: ParsedArguments) {
    self.init { () throws(CLIError) in try context.load(MoveDex.self, arguments) }
  }

  /// The moves, once loaded, or the error loading them threw.
  func moves() throws(CLIError) -> MoveDex { try value() }
}

/// A query run by ``QueryOptions/run(terms:settings:)``: the index it ran on, the request,
/// what it fetched and the names in the chosen language.
package struct QueryRun {
  package let index: PokedexIndex
  package let request: PokemonFetchRequest
  package let result: PokemonFetchResult
  package let names: NameResolver
}
