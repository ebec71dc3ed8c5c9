/// Random picks whose results depend only on the generator's output, not on how the
/// standard library happens to implement `shuffled(using:)` or `random(in:using:)`.
public enum RandomPick {
  /// A uniformly random number in `0..<bound`, by Lemire's multiply-and-reject method.
  ///
  /// ```swift
  /// var generator = SplitMix64(seed: 1)
  /// RandomPick.number(below: 6, using: &generator)  // 0...5, the same for seed 1 every time
  /// ```
  ///
  /// - Parameter bound: the exclusive upper bound; 0 gives 0.
  /// - Complexity: O(1) expected (fewer than two draws on average).
  public static func number(below bound: UInt64, using generator: inout some RandomNumberGenerator)
    -> UInt64
  {
    guard bound > 0 else { return 0 }
    var product = generator.next().multipliedFullWidth(by: bound)
    if product.low < bound {
      let threshold = (0 &- bound) % bound
      while product.low < threshold {
        product = generator.next().multipliedFullWidth(by: bound)
      }
    }
    return product.high
  }

  /// `count` elements of `elements` chosen at random without repetition, in random order:
  /// the first `count` steps of a Fisher–Yates shuffle. A `count` at least `elements.count`
  /// returns all of them, shuffled; zero or less returns none.
  ///
  /// ```swift
  /// var generator = SplitMix64(seed: 7)
  /// RandomPick.sample([1, 2, 3, 4, 5], count: 2, using: &generator)  // two of them, e.g. [4, 1]
  /// ```
  ///
  /// - Complexity: O(*n*) to copy `elements`, then O(`count`) draws.
  public static func sample<Element>(
    _ elements: [Element],
    count: Int,
    using generator: inout some RandomNumberGenerator
  ) -> [Element] {
    var pool = elements
    let picks = min(max(count, 0), pool.count)
    for position in 0..<picks {
      let remaining = UInt64(pool.count - position)
      let offset = Int(number(below: remaining, using: &generator))
      pool.swapAt(position, position + offset)
    }
    return Array(pool.prefix(picks))
  }
}
