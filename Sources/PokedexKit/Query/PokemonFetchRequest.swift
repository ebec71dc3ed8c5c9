/// What to fetch from the dex: a query, an order, sections and a page, like Core Data's
/// `NSFetchRequest` with a fetched-results controller's section key path.
///
/// ```swift
/// var request = PokemonFetchRequest(query: try Query(["fire"], index: index))
/// request.sortDescriptors = try PokemonSortDescriptor.parse("bst:desc,name")
/// request.sectionKey = .generation
/// request.fetchLimit = 10
/// let result = index.fetch(request)
/// result.sections.map(\.name)  // ["Generation I", "Generation II", ...]
/// ```
public struct PokemonFetchRequest: Sendable {
  /// Which Pokémon match.
  public var query: Query
  /// The order inside each section; ties fall back to national number, then id.
  public var sortDescriptors: [PokemonSortDescriptor]
  /// What to group the results by; `nil` for one section holding everything.
  public var sectionKey: PokemonSectionKey?
  /// The most rows to return, counted across sections; `nil` for all.
  public var fetchLimit: Int?
  /// The number of leading rows to skip, counted across sections.
  public var fetchOffset: Int
  /// The language of names used for sorting by name and for section names (`"en"`, `"ja"`).
  public var language: String

  /// Creates a request.
  public init(
    query: Query = .all(),
    sortDescriptors: [PokemonSortDescriptor] = [],
    sectionKey: PokemonSectionKey? = nil,
    fetchLimit: Int? = nil,
    fetchOffset: Int = 0,
    language: String = "en"
  ) {
    self.query = query
    self.sortDescriptors = sortDescriptors
    self.sectionKey = sectionKey
    self.fetchLimit = fetchLimit
    self.fetchOffset = fetchOffset
    self.language = language
  }
}

/// One section of fetch results.
public struct PokemonSection: Hashable, Sendable {
  /// The section's identifier: a type, `"generation-i"`, a colour, an egg group,
  /// a habitat (`"none"` for none), `"legendary"`/`"mythical"`/`"other"`; empty when unsectioned.
  public var identifier: String
  /// The display name: `"Fire"`, `"Generation I"`, `"Water's Edge"`; empty when unsectioned.
  public var name: String
  /// The section's Pokémon, sorted.
  public var pokemon: [Pokemon]

  /// Creates a section.
  public init(identifier: String, name: String, pokemon: [Pokemon]) {
    self.identifier = identifier
    self.name = name
    self.pokemon = pokemon
  }
}

/// The result of a fetch: its sections and how many Pokémon matched before paging.
public struct PokemonFetchResult: Hashable, Sendable {
  /// The sections in their defined order; one unnamed section when unsectioned
  /// (none when nothing is left after paging).
  public var sections: [PokemonSection]
  /// The number of Pokémon that matched the query, before limit and offset.
  public var matchCount: Int
  /// The number of rows before limit and offset (more than `matchCount` when
  /// sectioning by `types` or `egg` lists a Pokémon twice).
  public var rowCount: Int

  /// Creates a result.
  public init(sections: [PokemonSection], matchCount: Int, rowCount: Int) {
    self.sections = sections
    self.matchCount = matchCount
    self.rowCount = rowCount
  }

  /// Every returned row, section after section.
  public var pokemon: [Pokemon] { sections.flatMap(\.pokemon) }
}
