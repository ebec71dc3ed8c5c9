/// The move data the query languages read, answered by ``MoveLearners``.
extension MoveLearners: QueryMoveSource {
  func resolveMove(_ text: String) -> QueryResolution {
    if let move = move(named: text) { return .found(move.identifier) }
    return .unknown(suggestion: suggestion(for: text)?.identifier)
  }

  /// - Complexity: O(*g* × *p* log *k*) for *g* generations, *p* Pokémon, learnsets of *k* moves.
  func learners(
    of move: String,
    in generations: ClosedRange<Int>,
    methods: Set<LearnMethod.Kind>?
  ) -> Set<Int> {
    var ids = Set<Int>()
    for generation in generations {
      for row in learners(of: move, in: generation, methods: methods) {
        ids.insert(dex.pokemon[row].id)
      }
    }
    return ids
  }

  /// - Complexity: O(*c* × *k*) for a chain of *c* learnsets with *k* moves each.
  func moves(
    learnableBy pokemon: String,
    in generations: ClosedRange<Int>,
    methods: Set<LearnMethod.Kind>?
  ) -> Set<String> {
    var result = Set<String>()
    for link in chain(of: pokemon) {
      for learned in link.learnset.moves
      where learned.sources.contains(where: { source in
        (!link.eggMovesOnly || (source.generation == 9 && source.method.kind == .egg))
          && generations.contains(source.generation)
          && (methods.map { $0.contains(source.method.kind) } ?? true)
      }) {
        result.insert(learned.move)
      }
    }
    return result
  }
}
