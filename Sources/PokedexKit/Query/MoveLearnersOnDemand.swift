/// Move data for a query, with the learnsets read only as far as its terms need: the first
/// `move:` term reads the learnsets that teach its move (``LearnsetSelection/teaching(_:)``),
/// and a term about any other move, or a `learnedby:` term, reads them all, once.
///
/// A query with one `move:` term, the usual kind, then decodes a few hundred learnsets
/// rather than all of them, and answers as ``MoveLearners`` built from all of them does.
///
/// ```swift
/// let moves = try PokedexLoader.load(MoveDex.self)
/// let moveData = MoveLearnersOnDemand(dex: dex, moves: moves) { selection in
///   try PokedexLoader.loadLearnsets(selection)
/// }
/// let query = try Query(["move:trick-room"], index: index, moveData: { moveData })
/// ```
///
/// Not `Sendable`: a query compiles on one thread, and this keeps what it has read.
public final class MoveLearnersOnDemand {
  /// The moves, with no learnsets: resolves names.
  private let catalog: MoveLearners
  private let loadLearnsets: (LearnsetSelection) throws -> LearnsetDex
  /// The learners of the first move asked about, from the learnsets that teach it.
  private var firstMove: (move: String, learners: MoveLearners)?
  /// The learners from every learnset, once a second move or a Pokémon's moves are asked.
  private var everyLearnset: MoveLearners?

  /// Move data over `dex` and `moves`, reading learnsets with `learnsets` when a term asks.
  ///
  /// - Complexity: O(*p* + *m*) in the numbers of Pokémon and moves.
  public init(
    dex: Pokedex,
    moves: MoveDex,
    learnsets: @escaping (LearnsetSelection) throws -> LearnsetDex
  ) {
    catalog = MoveLearners(dex: dex, moves: moves)
    loadLearnsets = learnsets
  }

  /// Learners that answer for `move`: from the learnsets that teach it if it is the first
  /// move asked about, else from every learnset.
  private func learners(for move: String) throws -> MoveLearners {
    if let everyLearnset { return everyLearnset }
    if let firstMove {
      return firstMove.move == move ? firstMove.learners : try allLearners()
    }
    let learners = catalog.replacingLearnsets(try loadLearnsets(.teaching(move)))
    firstMove = (move, learners)
    return learners
  }

  private func allLearners() throws -> MoveLearners {
    if let everyLearnset { return everyLearnset }
    let learners = catalog.replacingLearnsets(try loadLearnsets(.all))
    everyLearnset = learners
    return learners
  }
}

extension MoveLearnersOnDemand: QueryMoveSource {
  func resolveMove(_ text: String) -> QueryResolution {
    catalog.resolveMove(text)
  }

  func learners(
    of move: String,
    in generations: ClosedRange<Int>,
    methods: Set<LearnMethod.Kind>?
  ) throws -> Set<Int> {
    try learners(for: move).learners(of: move, in: generations, methods: methods)
  }

  func moves(
    learnableBy pokemon: String,
    in generations: ClosedRange<Int>,
    methods: Set<LearnMethod.Kind>?
  ) throws -> Set<String> {
    try allLearners().moves(learnableBy: pokemon, in: generations, methods: methods)
  }
}
