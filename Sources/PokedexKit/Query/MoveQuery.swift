/// A compiled move query: a predicate over moves, parsed and checked once, for
/// `pokedex moves [QUERY]`.
///
/// The syntax is the Pokémon query language's (see `Guides/QueryLanguage.md`): terms are
/// separate arguments or separated by `,` and AND-ed, `|` separates alternatives (OR), a
/// leading `!` negates one, and an alternative without a key takes the key before it. The
/// terms are the move's:
///
/// | term | meaning |
/// |---|---|
/// | `type:fire` | the move's type (identifier or name in any language) |
/// | `category:physical` (`class:`) | `physical`, `special` or `status` |
/// | `power>=90`, `accuracy<100`, `pp>10`, `priority>0`, `gen<=4`, `id=85` | compare (\*) |
/// | `flag:contact`, `target:all-opponents`, `gen:4`, `gen:1-3` | flags, target, generation |
/// | `learnedby:pikachu`, `learnedby:pikachu@gen4` | moves the Pokémon can learn |
/// | `thunder`, `name:thunder*`, `name:Donnerblitz`, `tbolt` | part of a name, pattern, alias |
///
/// (\*) A move without the value matches no comparison: status moves and moves whose power
/// varies have no power (`power<20` lists neither), moves that never miss no accuracy.
///
/// ```swift
/// let query = try MoveQuery.compile(["type:electric", "power>=90"], moves: moves, index: index)
/// let strong = query.run(on: moves, sortedBy: try MoveSortDescriptor.parse("-power"))
///
/// try MoveQuery.compile(["powr>90"], moves: moves, index: index)
/// // throws QueryError.unknownRecordWord(.move, .property, "powr", suggestion: "power", at: query:1:1)
/// ```
public struct MoveQuery: Sendable {
  /// The arguments the query was compiled from.
  public let arguments: [String]
  private let predicate: MovePredicate

  private init(arguments: [String], predicate: @escaping MovePredicate) {
    self.arguments = arguments
    self.predicate = predicate
  }

  /// Compiles a move query.
  ///
  /// - Parameters:
  ///   - terms: The terms, as separate arguments and/or separated by `,`.
  ///   - moves: The moves; they resolve flags, targets, categories and names.
  ///   - index: The dex; it resolves type names in any language and generations.
  ///   - learners: Loads the learnsets for `learnedby:`. It is called at most once, and only
  ///     when a `learnedby:` term is compiled, so a caller can defer reading the learnsets.
  /// - Throws: ``QueryError`` locating the first bad term, with a caret and a suggestion;
  ///   ``QueryError/moveDataUnavailable(_:at:)`` when `learners` throws (or is `nil`) for a
  ///   `learnedby:` term.
  /// - Complexity: O(*t*) for *t* terms, plus O(*m* × *l*) over the *m* moves' names in *l*
  ///   languages for a name term, and the learnset walk for `learnedby:`.
  public static func compile(
    _ terms: [String],
    moves: MoveDex,
    index: PokedexIndex,
    learners: (() throws -> MoveLearners)? = nil
  ) throws(QueryError) -> MoveQuery {
    try compile(
      terms,
      moves: moves,
      index: index,
      moveSource: learners.map { load in { try load() } }
    )
  }

  /// Compiles a move query whose `learnedby:` terms read `moveSource`.
  static func compile(
    _ terms: [String],
    moves: MoveDex,
    index: PokedexIndex,
    moveSource: (() throws -> any QueryMoveSource)?
  ) throws(QueryError) -> MoveQuery {
    var compiler = RecordQueryCompiler(
      terms: MoveQueryTerms(moves: moves, index: index, moveSource: moveSource)
    )
    return MoveQuery(arguments: terms, predicate: try compiler.compile(terms))
  }

  /// Whether `move` matches.
  ///
  /// - Complexity: O(*t*) for *t* terms; no parsing happens here.
  public func evaluate(_ move: Move) -> Bool {
    predicate([move], 0)
  }

  /// The moves of `moves` that match, sorted by `sortedBy` and then by id.
  ///
  /// ```swift
  /// try MoveQuery.compile(["learnedby:pikachu", "type:electric"], moves: moves, index: index,
  ///                       learners: { learners })
  ///   .run(on: moves, sortedBy: [MoveSortDescriptor(.power, ascending: false)])
  ///   .first?.identifier  // "thunder"
  /// ```
  ///
  /// - Parameters:
  ///   - sortedBy: The sort keys; moves without a value for a numeric key come last.
  ///   - language: The language whose names the `name` key sorts by (English where missing).
  /// - Complexity: O(*n* × *t*) to filter *n* moves, then O(*k* log *k*) to sort *k* matches.
  public func run(
    on moves: MoveDex,
    sortedBy: [MoveSortDescriptor] = [],
    language: String = "en"
  ) -> [Move] {
    let all = moves.moves
    var matches: [Move] = []
    for row in all.indices where predicate(all, row) { matches.append(all[row]) }
    return sortedBy.sorted(matches, language: language)
  }
}
