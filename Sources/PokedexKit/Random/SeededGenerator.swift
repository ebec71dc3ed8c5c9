/// A seedable random number generator: Steele, Lea and Flood's SplitMix64.
///
/// The same seed gives the same sequence on every platform and Swift version, which the
/// standard library's `SystemRandomNumberGenerator` never does, so `pokedex random --seed 7`
/// picks the same Pokémon everywhere. Not for cryptography.
///
/// ```swift
/// var generator = SeededGenerator(seed: 42)
/// let first = generator.next()  // 0xBDD7_3226_2FEB_6E95, on every run
/// ```
///
/// Each step adds the golden-ratio constant `0x9E3779B97F4A7C15` to a 64-bit state and
/// mixes it with two xor-shift-multiply rounds (the finaliser of MurmurHash3, with
/// Stafford's "Mix13" constants).
public struct SeededGenerator: RandomNumberGenerator, Hashable, Sendable {
  private var state: UInt64

  /// Creates a generator whose sequence is fixed by `seed`.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  ///
  /// - Complexity: O(1).
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}

/// Random picks whose results depend only on the generator's output, not on how the
/// standard library happens to implement `shuffled(using:)` or `random(in:using:)`.
public enum RandomPick {
  /// A uniformly random number in `0..<bound`, by Lemire's multiply-and-reject method.
  ///
  /// ```swift
  /// var generator = SeededGenerator(seed: 1)
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
  /// var generator = SeededGenerator(seed: 7)
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
