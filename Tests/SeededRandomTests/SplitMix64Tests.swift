import SeededRandom
import Testing

/// `SplitMix64` and `RandomPick`.
@Suite struct SplitMix64Tests {
  /// The published SplitMix64 outputs: a change in the generator changes every user's
  /// `--seed` picks.
  @Test func matchesTheReferenceSequence() {
    var zero = SplitMix64(seed: 0)
    #expect(zero.next() == 0xE220_A839_7B1D_CDAF)
    #expect(zero.next() == 0x6E78_9E6A_A1B9_65F4)
    var answer = SplitMix64(seed: 42)
    #expect(answer.next() == 0xBDD7_3226_2FEB_6E95)
  }

  @Test(arguments: [1, 2, 3, 6, 7, 1000, UInt64.max / 3 + 1, UInt64.max])
  func numbersStayBelowTheBound(bound: UInt64) {
    var generator = SplitMix64(seed: bound)
    for _ in 0..<500 { #expect(RandomPick.number(below: bound, using: &generator) < bound) }
    #expect(RandomPick.number(below: 0, using: &generator) == 0)
  }

  @Test func numbersAreRoughlyUniform() {
    var generator = SplitMix64(seed: 99)
    var counts = [Int](repeating: 0, count: 6)
    for _ in 0..<60_000 { counts[Int(RandomPick.number(below: 6, using: &generator))] += 1 }
    for count in counts { #expect((9_400...10_600).contains(count), "\(counts)") }
  }

  @Test(arguments: [0, 1, 5, 10, 11, 50, -3])
  func samplesAreDistinctAndSized(count: Int) {
    let elements = Array(0..<10)
    var generator = SplitMix64(seed: UInt64(count + 10))
    let sample = RandomPick.sample(elements, count: count, using: &generator)
    #expect(sample.count == min(max(count, 0), 10))
    #expect(Set(sample).count == sample.count)
    #expect(Set(sample).isSubset(of: Set(elements)))
    var again = SplitMix64(seed: UInt64(count + 10))
    #expect(RandomPick.sample(elements, count: count, using: &again) == sample)
  }

  /// Every element is about equally likely to come first.
  @Test func firstPicksAreUniform() {
    var generator = SplitMix64(seed: 5)
    var counts = [Int](repeating: 0, count: 4)
    for _ in 0..<40_000 {
      counts[RandomPick.sample([0, 1, 2, 3], count: 1, using: &generator)[0]] += 1
    }
    for count in counts { #expect((9_400...10_600).contains(count), "\(counts)") }
  }
}
