extension Move {
  /// The effect text as it reads in `generation`, each part from the oldest entry of
  /// ``olderEffects`` that still covers the generation and has that part, else the current
  /// ``shortEffect`` and ``effect`` (the rule of Showdown's own dex).
  ///
  /// ```swift
  /// crunch.effectText(inGeneration: 3).shortEffect
  /// // "20% chance to lower the target's Sp. Def by 1."
  /// crunch.effectText(inGeneration: 9).shortEffect
  /// // "Has a 20% chance to lower the target’s Defense by one stage."
  /// ```
  ///
  /// The result's ``GenerationEffect/generation`` is `generation`. A generation before the
  /// move existed gets the text of its first generation; the caller decides whether to
  /// show it.
  ///
  /// - Complexity: O(*k*) in the number of older texts (at most eight).
  public func effectText(inGeneration generation: Int) -> GenerationEffect {
    var result = GenerationEffect(generation: generation, shortEffect: nil, effect: nil)
    // Oldest first: the first entry that covers the generation and has a part gives it.
    for older in olderEffects.sorted(by: { $0.generation < $1.generation })
    where older.generation >= generation {
      if result.shortEffect == nil { result.shortEffect = older.shortEffect }
      if result.effect == nil { result.effect = older.effect }
    }
    if result.shortEffect == nil { result.shortEffect = shortEffect }
    if result.effect == nil { result.effect = effect }
    return result
  }
}
