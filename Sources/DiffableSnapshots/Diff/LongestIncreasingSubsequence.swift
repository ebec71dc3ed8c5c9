/// For each element of `values` (distinct integers), whether it belongs to a
/// longest strictly increasing subsequence; the elements marked `false` are
/// the fewest to move to sort `values`.
///
/// Patience sorting with predecessor links. An element larger than the
/// current longest tail is appended in O(1), so nearly sorted input runs in
/// nearly linear time. Otherwise the tail to replace is found without a long
/// chain of dependent loads: the tails are kept in blocks of 64 with every
/// block's first tail in a sample array; counting the samples below the
/// element (8 lanes at a time) picks the block, and counting the tails below
/// it in that block gives the position. Unused tail slots hold `UInt32.max`,
/// so they never count. Memory is allocated as it is needed.
///
/// ```swift
/// longestIncreasingSubsequenceMembership([0, 3, 1, 2])  // [true, false, true, true]
/// ```
///
/// - Complexity: O(k (1 + L / 4096 + log L)), k the count and L the length
///   of the result: in practice linear for L up to a few thousand (a random
///   permutation of a million has L ≈ 2,000), O(k log L) beyond.
@usableFromInline func longestIncreasingSubsequenceMembership(_ values: [UInt32]) -> [Bool] {
  let count = values.count
  if count < 2 || isStrictlyIncreasing(values) {
    return [Bool](repeating: true, count: count)
  }
  var member = [Bool](repeating: false, count: count)
  let none = UInt32.max
  // previous[i]: the index of the element before element i in the best
  // subsequence ending at i (`none` for the first). Written before it is read.
  let previous = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
  defer { previous.deallocate() }
  var tails = PatienceTails(capacity: min(count, 1 << 10))
  defer { tails.deallocate() }
  values.withUnsafeBufferPointer { value in
    for index in 0..<count {
      let current = value[index]
      let position: Int
      if tails.length == 0 || tails.value[tails.length &- 1] < current {
        position = tails.length
        if position == tails.capacity { tails.grow(to: tails.capacity &* 2) }
        tails.length &+= 1
      } else {
        position = tails.position(replacing: current)
      }
      tails.set(position, value: current, index: UInt32(truncatingIfNeeded: index))
      previous[index] = position > 0 ? tails.index[position &- 1] : none
    }
  }
  var index = tails.length > 0 ? tails.index[tails.length - 1] : none
  while index != none {
    member[Int(index)] = true
    index = previous[Int(index)]
  }
  return member
}

/// The tails of the patience piles: `value[l]` is the smallest value that
/// ends an increasing subsequence of length `l + 1`, `index[l]` the index of
/// that element, and `sample[b] == value[b * 64]`. `value` and `sample` are
/// padded with `UInt32.max` past the piles, a whole block beyond.
private struct PatienceTails {
  static let blockShift = 6
  static let blockSize = 1 << blockShift

  var capacity: Int
  var length = 0
  var index: UnsafeMutablePointer<UInt32>
  var value: UnsafeMutablePointer<UInt32>
  var sample: UnsafeMutablePointer<UInt32>

  /// Room for `count` values rounded up to whole blocks, plus one block.
  static func padded(_ count: Int) -> Int {
    ((count + blockSize - 1) & ~(blockSize - 1)) + blockSize
  }

  init(capacity: Int) {
    self.capacity = capacity
    index = .allocate(capacity: capacity)
    value = .allocate(capacity: Self.padded(capacity))
    value.initialize(repeating: .max, count: Self.padded(capacity))
    sample = .allocate(capacity: Self.padded(capacity >> Self.blockShift))
    sample.initialize(repeating: .max, count: Self.padded(capacity >> Self.blockShift))
  }

  mutating func grow(to newCapacity: Int) {
    let newIndex = UnsafeMutablePointer<UInt32>.allocate(capacity: newCapacity)
    newIndex.moveInitialize(from: index, count: length)
    index.deallocate()
    index = newIndex
    value = Self.regrow(value, keeping: Self.padded(capacity), to: Self.padded(newCapacity))
    sample = Self.regrow(
      sample,
      keeping: Self.padded(capacity >> Self.blockShift),
      to: Self.padded(newCapacity >> Self.blockShift)
    )
    capacity = newCapacity
  }

  /// A larger buffer with the first `count` values of `old`, padded.
  private static func regrow(
    _ old: UnsafeMutablePointer<UInt32>,
    keeping count: Int,
    to newCount: Int
  ) -> UnsafeMutablePointer<UInt32> {
    let new = UnsafeMutablePointer<UInt32>.allocate(capacity: newCount)
    new.moveInitialize(from: old, count: count)
    (new + count).initialize(repeating: .max, count: newCount - count)
    old.deallocate()
    return new
  }

  func deallocate() {
    index.deallocate()
    value.deallocate()
    sample.deallocate()
  }

  @inline(__always)
  func set(_ position: Int, value newValue: UInt32, index newIndex: UInt32) {
    index[position] = newIndex
    value[position] = newValue
    if position & (Self.blockSize - 1) == 0 { sample[position >> Self.blockShift] = newValue }
  }

  /// The first position whose value is `>= target`, given that the last
  /// tail is.
  @inline(__always)
  func position(replacing target: UInt32) -> Int {
    let samples = ((length &- 1) >> Self.blockShift) &+ 1
    // The number of blocks whose first tail is below `target`.
    var below: Int
    if samples <= 64 {
      below = Self.count(below: target, in: sample, from: 0, count: samples)
    } else {
      var base = 0
      var width = samples
      while width > 1 {
        let half = width >> 1
        base = sample[base &+ half &- 1] < target ? base &+ half : base
        width &-= half
      }
      below = sample[base] < target ? base &+ 1 : base
    }
    guard below > 0 else { return 0 }
    let start = (below &- 1) << Self.blockShift
    return start &+ Self.count(below: target, in: value, from: start, count: Self.blockSize)
  }

  /// How many of the `count` values from `start` (rounded up to a multiple
  /// of 8, within the padding) are below `target`.
  @inline(__always)
  static func count(
    below target: UInt32,
    in buffer: UnsafeMutablePointer<UInt32>,
    from start: Int,
    count: Int
  ) -> Int {
    let threshold = SIMD8<UInt32>(repeating: target)
    let raw = UnsafeRawPointer(buffer + start)
    var counts = SIMD8<UInt32>()
    var offset = 0
    while offset < count {
      let lanes = raw.loadUnaligned(fromByteOffset: offset &* 4, as: SIMD8<UInt32>.self)
      counts &+= SIMD8<UInt32>(repeating: 0).replacing(with: 1, where: lanes .< threshold)
      offset &+= 8
    }
    return Int(counts.wrappedSum())
  }
}

/// Whether `values` is strictly increasing.
private func isStrictlyIncreasing(_ values: [UInt32]) -> Bool {
  values.withUnsafeBufferPointer { value in
    var index = 1
    while index < value.count {
      if value[index - 1] >= value[index] { return false }
      index += 1
    }
    return true
  }
}
