// The tails of the patience piles of `longestIncreasingSubsequenceMembership`.
// One of the two files of DiffableSnapshots that touch unsafe pointers (the
// other is `ASCIIIdentifierIndex.swift`): the search for the tail to replace
// reads 8 lanes at a time from raw memory.
//
// Invariants (checked by `assert`s on every change and by
// `checkInvariants()` in debug builds):
// - `length <= capacity`; `indices` holds `capacity` elements, `values`
//   `padded(capacity)` and `samples` `padded(capacity >> blockShift)`, all
//   initialized; `PatienceTails` owns them and frees them in `deinit`.
// - `values[0 ..< length]` is strictly increasing and every value from
//   `length` on (the padding) is `UInt32.max`, so a lane past the piles never
//   counts as below a target.
// - `samples[b] == values[b * blockSize]` for every block, padding included.
// - Every 8-lane read stays inside its buffer: reads start at a block start
//   below `length` (or at 0) and span at most a block, and there is a whole
//   padding block past the last pile.
// No pointer leaves this type.

/// The tails of the patience piles: the value at position `l` is the
/// smallest value that ends an increasing subsequence of length `l + 1`, and
/// ``index(at:)`` the index of that element.
///
/// To find the tail to replace without a long chain of dependent loads, the
/// tails are kept in blocks of 64 with every block's first tail in a sample
/// array: counting the samples below the element (8 lanes at a time) picks
/// the block, and counting the tails below it in that block gives the
/// position.
struct PatienceTails: ~Copyable {
  static let blockShift = 6
  static let blockSize = 1 << blockShift

  private(set) var capacity: Int
  private(set) var length = 0
  private var indices: UnsafeMutablePointer<UInt32>
  private var values: UnsafeMutablePointer<UInt32>
  private var samples: UnsafeMutablePointer<UInt32>

  /// Room for `count` values rounded up to whole blocks, plus one block.
  static func padded(_ count: Int) -> Int {
    ((count + blockSize - 1) & ~(blockSize - 1)) + blockSize
  }

  init(capacity: Int) {
    assert(capacity > 0)
    self.capacity = capacity
    indices = .allocate(capacity: capacity)
    indices.initialize(repeating: 0, count: capacity)
    values = .allocate(capacity: Self.padded(capacity))
    values.initialize(repeating: .max, count: Self.padded(capacity))
    samples = .allocate(capacity: Self.padded(capacity >> Self.blockShift))
    samples.initialize(repeating: .max, count: Self.padded(capacity >> Self.blockShift))
  }

  deinit {
    indices.deallocate()
    values.deallocate()
    samples.deallocate()
  }

  /// The index of the element that ends the pile at `position`.
  @inline(__always)
  func index(at position: Int) -> UInt32 {
    assert(position >= 0 && position < length)
    return indices[position]
  }

  /// The position `value` goes to: past the last pile when it is larger
  /// than every tail (growing the piles), else the first tail `>= value`.
  @inline(__always)
  mutating func position(for value: UInt32) -> Int {
    if length == 0 || values[length &- 1] < value {
      if length == capacity { grow(to: capacity &* 2) }
      length &+= 1
      return length &- 1
    }
    return position(replacing: value)
  }

  /// Makes `newValue` (element `newIndex`) the tail at `position`, a
  /// position from ``position(for:)``.
  @inline(__always)
  mutating func set(_ position: Int, value newValue: UInt32, index newIndex: UInt32) {
    assert(position >= 0 && position < length)
    assert(position == 0 || values[position &- 1] < newValue)
    assert(position == length &- 1 || newValue < values[position &+ 1])
    indices[position] = newIndex
    values[position] = newValue
    if position & (Self.blockSize - 1) == 0 { samples[position >> Self.blockShift] = newValue }
  }

  private mutating func grow(to newCapacity: Int) {
    let newIndices = UnsafeMutablePointer<UInt32>.allocate(capacity: newCapacity)
    newIndices.moveInitialize(from: indices, count: capacity)
    (newIndices + capacity).initialize(repeating: 0, count: newCapacity - capacity)
    indices.deallocate()
    indices = newIndices
    values = Self.regrow(values, keeping: Self.padded(capacity), to: Self.padded(newCapacity))
    samples = Self.regrow(
      samples,
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

  /// The first position whose value is `>= target`, given that the last
  /// tail is.
  @inline(__always)
  private func position(replacing target: UInt32) -> Int {
    let sampleCount = ((length &- 1) >> Self.blockShift) &+ 1
    // The number of blocks whose first tail is below `target`.
    var below: Int
    if sampleCount <= 64 {
      assert(sampleCount + 7 <= Self.padded(capacity >> Self.blockShift))
      below = Self.count(below: target, in: samples, from: 0, count: sampleCount)
    } else {
      var base = 0
      var width = sampleCount
      while width > 1 {
        let half = width >> 1
        base = samples[base &+ half &- 1] < target ? base &+ half : base
        width &-= half
      }
      below = samples[base] < target ? base &+ 1 : base
    }
    guard below > 0 else { return 0 }
    let start = (below &- 1) << Self.blockShift
    assert(start < length && start + Self.blockSize <= Self.padded(capacity))
    return start &+ Self.count(below: target, in: values, from: start, count: Self.blockSize)
  }

  /// How many of the `count` values from `start` (rounded up to a multiple
  /// of 8, within the padding) are below `target`.
  @inline(__always)
  private static func count(
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

  /// Whether the invariants at the top of this file hold (debug builds).
  func checkInvariants() -> Bool {
    guard length <= capacity else { return false }
    for position in 1..<max(1, length) where values[position - 1] >= values[position] {
      return false
    }
    for position in length..<Self.padded(capacity) where values[position] != .max {
      return false
    }
    for block in 0..<Self.padded(capacity >> Self.blockShift) {
      let first = block << Self.blockShift
      let expected = first < Self.padded(capacity) ? values[first] : .max
      if samples[block] != expected { return false }
    }
    return true
  }
}
