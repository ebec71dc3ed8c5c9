import PokedexKit

/// A query run for a command that shows the Pokémon it selects (`list`, `layout`, `random`):
/// the index it ran on, the request, what it fetched and the names in the chosen language.
///
/// ```swift
/// let query = try QueryRun(terms: arguments.positionals, QueryRun.Parameters(arguments[\.query]), settings: settings)
/// for pokemon in query.result.pokemon { print(query.names.name(of: pokemon)) }
/// ```
package struct QueryRun {
  package let index: PokedexIndex
  package let request: PokemonFetchRequest
  package let result: PokemonFetchResult
  package let names: NameResolver

  /// What a query asks for besides its terms: the values of ``QueryOptions``.
  package struct Parameters {
    /// `--forms`.
    var forms = false
    /// `--sort`, which falls back to `POKEDEX_SORT` and the `list.sort` preference.
    var sort: GivenValue?
    /// `--section-by`.
    var sectionBy: String?
    /// `--limit`.
    var limit: Int?
    /// `--offset`.
    var offset = 0
    /// `--lang`, which falls back to `POKEDEX_LANG` and the `lang` preference.
    var language: GivenValue?

    /// The values given for `options`.
    ///
    /// - Throws: a usage error for a `--limit` or `--offset` that is not a whole number from
    ///   0 to 2147483647.
    init(_ options: ParsedArguments<QueryOptions>) throws(CLIError) {
      forms = options[\.forms]
      sort = options.given(\.sort)
      sectionBy = options[\.sectionBy]
      limit = try options.value(\.limit)
      offset = try options.value(\.offset) ?? 0
      language = options.given(\.lang)
    }

    /// Alternate forms or not, and the names' language; every other value its default.
    init(forms: Bool, language: GivenValue?) {
      self.forms = forms
      self.language = language
    }
  }

  /// Loads the dex (`--data`), compiles `terms` with `parameters`, and fetches: the start of
  /// every command that shows the Pokémon a query selects.
  ///
  /// - Throws: what loading the dex throws; a usage error for a bad language; a usage error
  ///   (exit 64) rendered compiler-style with a caret for a bad term, sort or section key;
  ///   the load error (65, 66) when a `move:` term's files do not load.
  package init(terms: [String], _ parameters: Parameters, settings: Settings) throws(CLIError) {
    let dex = try settings.context.loadDex(settings.global)
    let index = PokedexIndex(dex)
    let language = try settings.language(parameters.language, dex: dex)
    let request = try Self.fetchRequest(
      terms: terms,
      parameters,
      settings: settings,
      index: index,
      language: language
    )
    self.index = index
    self.request = request
    result = index.fetch(request)
    names = NameResolver(language: language, dex: dex)
  }

  /// Compiles `terms` into a fetch request with the sort, sections and paging of `parameters`.
  private static func fetchRequest(
    terms: [String],
    _ parameters: Parameters,
    settings: Settings,
    index: PokedexIndex,
    language: String
  ) throws(CLIError) -> PokemonFetchRequest {
    let filters = settings.stored(PokedexPreferences.filters)
    let sortText = try settings.value(
      PokedexPreferences.listSort,
      from: parameters.sort,
      environment: "POKEDEX_SORT"
    )
    let moveData = MoveDataLoader(
      context: settings.context,
      global: settings.global,
      dex: index.pokedex
    )
    do throws(QueryError) {
      let query = try Query(
        terms,
        index: index,
        includingForms: parameters.forms,
        savedFilter: { filters[$0] },
        savedFilterNames: filters.keys.sorted(),
        moveLearners: moveData.load
      )
      let sort = sortText.isEmpty ? [] : try PokemonSortDescriptor.parse(sortText)
      let section = try parameters.sectionBy.map(PokemonSectionKey.init(parsing:))
      return PokemonFetchRequest(
        query: query,
        sortDescriptors: sort,
        sectionKey: section,
        fetchLimit: parameters.limit,
        fetchOffset: parameters.offset,
        language: language
      )
    } catch {
      // A move file that does not load is a data error (65, 66), not a bad query.
      if let failure = moveData.failure { throw failure }
      throw CLIError.query(error)
    }
  }
}
