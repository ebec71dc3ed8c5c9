/// A compiled query: a predicate over Pokémon, parsed and checked once.
///
/// A query is a list of terms, given as separate arguments or separated by `,`;
/// terms are AND-ed, `|` separates alternatives inside a term (OR), and a leading
/// `!` negates an alternative. The grammar and every term are described in
/// `Guides/QueryLanguage.md`.
///
/// ```swift
/// let query = try Query(["fire|water", "spe>100", "!legendary"], index: index)
/// let fast = query.filter(index.pokedex.pokemon)
///
/// try Query(["fire", "firre"], index: index)
/// // throws QueryError.unknownTerm("firre", suggestion: "fire", at: query:1:6)
/// ```
///
/// Unless `includingForms` is `true` or a positive term names a form kind
/// (`mega`, `gmax`, `regional`, `alola`, `galar`, `hisui`, `paldea`, `form`),
/// only default Pokémon match.
public struct Query: Sendable {
  /// The arguments the query was compiled from.
  public let arguments: [String]
  /// Whether alternate forms can match.
  public let includesForms: Bool
  /// The values of the query's `name:` terms as written (`char*`, `~pikachoo`), its saved
  /// filters' included: what ``PokedexIndex/matchedName(of:nameTerms:preferring:)`` explains.
  public let nameTerms: [String]
  /// The compiled test of the terms, forms rule excluded.
  private let predicate: PokemonPredicate

  /// Compiles a query from its arguments.
  ///
  /// - Parameters:
  ///   - arguments: The terms, as separate arguments and/or separated by `,`.
  ///   - index: The dex the query runs against; it resolves types, abilities and names.
  ///   - includingForms: Whether alternate forms match without a form-kind term (`--forms`).
  ///   - savedFilter: Returns the terms of the saved filter named by an `@name` term
  ///     (the name without `@`), or `nil` when there is no such filter.
  ///   - savedFilterNames: The saved filters' names, for "did you mean" on an unknown one.
  ///   - moveLearners: Loads the moves and learnsets for `move:` terms. It is called at most
  ///     once, and only when a `move:` term is compiled, so a query without one never reads
  ///     the move files. `nil` (the default) makes a `move:` term an error.
  /// - Throws: ``QueryError`` locating the first bad term;
  ///   ``QueryError/moveDataUnavailable(_:at:)`` when `moveLearners` throws.
  /// - Complexity: O(*t*) for *t* terms, plus O(*k*) over the *k* indexed names for
  ///   each `name:` term and over the abilities for each `ability:` term, and for each
  ///   `move:` term O(*p* log *m*) over the *p* Pokémon's learnsets (of *m* moves each).
  ///
  /// ```swift
  /// let query = try Query(["move:Trick Room", "learns:tm"], index: index, moveLearners: {
  ///   MoveLearners(dex: dex, learnsets: try PokedexLoader.load(LearnsetDex.self),
  ///                moves: try PokedexLoader.load(MoveDex.self))
  /// })
  /// ```
  public init(
    _ arguments: [String],
    index: PokedexIndex,
    includingForms: Bool = false,
    savedFilter: @escaping (String) -> [String]? = { _ in nil },
    savedFilterNames: [String] = [],
    moveLearners: (() throws -> MoveLearners)? = nil
  ) throws(QueryError) {
    try self.init(
      arguments,
      index: index,
      includingForms: includingForms,
      savedFilter: savedFilter,
      savedFilterNames: savedFilterNames,
      moveSource: moveLearners.map { load in { try load() } }
    )
  }

  /// Compiles a query whose `move:` terms read `moveSource`, called at most once and only
  /// when a `move:` term is compiled.
  init(
    _ arguments: [String],
    index: PokedexIndex,
    includingForms: Bool = false,
    savedFilter: @escaping (String) -> [String]? = { _ in nil },
    savedFilterNames: [String] = [],
    moveSource: (() throws -> any QueryMoveSource)?
  ) throws(QueryError) {
    var compiler = QueryCompiler(
      index: index,
      savedFilter: savedFilter,
      savedFilterNames: savedFilterNames,
      moveSource: moveSource
    )
    let compiled = try compiler.compile(arguments, source: "query", savedFilterStack: [])
    self.arguments = arguments
    includesForms = includingForms || compiled.bringsForms
    nameTerms = compiler.nameValues
    predicate = compiled.predicate
  }

  /// A query every Pokémon matches (default Pokémon only unless `includingForms`).
  ///
  /// ```swift
  /// Query.all().evaluate(megaCharizardX)                     // false
  /// Query.all(includingForms: true).evaluate(megaCharizardX) // true
  /// ```
  public static func all(includingForms: Bool = false) -> Query {
    Query(arguments: [], includesForms: includingForms, predicate: { _ in true })
  }

  private init(
    arguments: [String],
    includesForms: Bool,
    predicate: @escaping PokemonPredicate
  ) {
    self.arguments = arguments
    self.includesForms = includesForms
    nameTerms = []
    self.predicate = predicate
  }

  /// Whether `pokemon` matches the query, forms rule included.
  ///
  /// - Complexity: O(*t*) for *t* terms; no parsing happens here.
  public func evaluate(_ pokemon: Pokemon) -> Bool {
    (includesForms || pokemon.isDefault) && predicate(pokemon)
  }

  /// The Pokémon of `pokemon` that match, in their order.
  ///
  /// - Complexity: O(*n* × *t*).
  public func filter(_ pokemon: [Pokemon]) -> [Pokemon] {
    pokemon.filter(evaluate)
  }

  /// The number of Pokémon of `pokemon` that match.
  ///
  /// - Complexity: O(*n* × *t*).
  public func count(in pokemon: [Pokemon]) -> Int {
    pokemon.count(where: evaluate)
  }
}
