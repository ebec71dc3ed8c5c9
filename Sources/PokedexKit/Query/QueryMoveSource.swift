/// What the query languages ask of the move data: ``MoveLearners`` answers it (see
/// `QueryMoveSource+MoveLearners.swift`); tests may answer it from a table.
///
/// Every answer is computed once per compiled term, never per Pokémon or move tested.
protocol QueryMoveSource {
  /// The identifier of the move spelled `text` (identifier, name in any language, normalized),
  /// or the closest known spelling for "did you mean".
  func resolveMove(_ text: String) -> QueryResolution

  /// The ids of the Pokémon that can learn `move` in any of `generations` by one of
  /// `methods` (`nil`: any method), their prevolutions' moves and inherited learnsets counted.
  ///
  /// - Throws: when learnsets read on demand cannot be read.
  func learners(
    of move: String,
    in generations: ClosedRange<Int>,
    methods: Set<LearnMethod.Kind>?
  ) throws -> Set<Int>

  /// The identifiers of the moves the Pokémon `pokemon` (a slug) can learn in any of
  /// `generations` by one of `methods`, its prevolutions' moves and inherited learnsets counted.
  ///
  /// - Throws: when learnsets read on demand cannot be read.
  func moves(
    learnableBy pokemon: String,
    in generations: ClosedRange<Int>,
    methods: Set<LearnMethod.Kind>?
  ) throws -> Set<String>
}

/// The answer to a spelling: the identifier found, or the closest spelling if any.
enum QueryResolution: Hashable, Sendable {
  case found(String)
  case unknown(suggestion: String?)
}

/// The move data of a query, asked for on first use: a query without move terms never calls
/// `load`, and one with many calls it once.
struct LazyMoveSource {
  private let load: (() throws -> any QueryMoveSource)?
  private var loaded: (any QueryMoveSource)?

  /// - Parameter load: Loads the data; `nil` when the caller has none to give.
  init(_ load: (() throws -> any QueryMoveSource)?) {
    self.load = load
  }

  /// The data, loaded on the first call.
  ///
  /// - Throws: ``QueryError/moveDataUnavailable(_:at:)`` at `location` when there is no
  ///   loader or it fails.
  /// `body`'s answer from the data, loaded on the first call; a failure of either is
  /// ``QueryError/moveDataUnavailable(_:at:)`` at `location`.
  mutating func answer<Answer>(
    for location: QuerySourceLocation,
    _ body: (any QueryMoveSource) throws -> Answer
  ) throws(QueryError) -> Answer {
    let data = try get(for: location)
    do {
      return try body(data)
    } catch {
      throw .moveDataUnavailable(String(describing: error), at: location)
    }
  }

  mutating func get(for location: QuerySourceLocation) throws(QueryError) -> any QueryMoveSource {
    if let loaded { return loaded }
    guard let load else {
      throw .moveDataUnavailable("no move data was given to the query", at: location)
    }
    do {
      let source = try load()
      loaded = source
      return source
    } catch {
      throw .moveDataUnavailable(String(describing: error), at: location)
    }
  }
}
