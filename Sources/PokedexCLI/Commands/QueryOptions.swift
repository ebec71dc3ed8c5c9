import PokedexKit

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
  ///
  /// - Throws: a usage error (exit 64) rendered compiler-style with a caret for a bad term or key.
  package static func fetchRequest(
    terms: [String],
    settings: Settings,
    index: PokedexIndex,
    language: String
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
      dex: index.pokedex
    )
    do throws(QueryError) {
      let query = try Query(
        terms,
        index: index,
        includingForms: arguments.flag("--forms"),
        savedFilter: { filters[$0] },
        savedFilterNames: filters.keys.sorted(),
        moveLearners: moveData.load
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
  package static func run(terms: [String], settings: Settings) throws(CLIError) -> QueryRun {
    let dex = try settings.context.loadDex(settings.arguments)
    let index = PokedexIndex(dex)
    let language = try language(settings, dex: dex)
    let request = try fetchRequest(
      terms: terms,
      settings: settings,
      index: index,
      language: language
    )
    return QueryRun(
      index: index,
      request: request,
      result: index.fetch(request),
      names: NameResolver(language: language, dex: dex)
    )
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
  /// The load error, once ``load()`` has failed.
  package private(set) var failure: CLIError?

  package init(
    context: CommandContext,
    arguments: ParsedArguments,
    dex: Pokedex
  ) {
    self.context = context
    self.arguments = arguments
    self.dex = dex
  }

  /// Loads `learnsets.json` and `moves.json` (cached by the context) and indexes them.
  package func load() throws -> MoveLearners {
    do throws(CLIError) {
      let learnsets = try context.load(LearnsetDex.self, arguments)
      let moves = try context.load(MoveDex.self, arguments)
      return MoveLearners(dex: dex, learnsets: learnsets, moves: moves)
    } catch {
      failure = error
      throw error
    }
  }
}

/// A query run by ``QueryOptions/run(terms:settings:)``: the index it ran on, the request,
/// what it fetched and the names in the chosen language.
package struct QueryRun {
  package let index: PokedexIndex
  package let request: PokemonFetchRequest
  package let result: PokemonFetchResult
  package let names: NameResolver
}
