// A hash index of the old snapshot's items, for a diff whose item
// identifiers are ASCII `String`s and that looks up most of its items (a
// shuffle). One of the two files of DiffableSnapshots that touch unsafe
// pointers (the other is `PatienceTails.swift`).
//
// Invariants (checked by `checkInvariants()` in debug builds, after the
// index is built):
// - `slots.count` is a power of two, at least twice `items.count`, and
//   `mask == slots.count - 1`: a probe always ends at an empty slot.
// - A slot is 0 (empty) or `tag | (flat + 1)`, with `flat < items.count` in
//   the bits of `indexMask` and the top bits of the item's hash above them.
// - Every item is in exactly one slot, reached from its home slot
//   (`hash & mask`) by linear probing without crossing an empty slot.
// - Every item hashed (ASCII, read through public `String` API): for ASCII,
//   the bytes are the normalized form, so equal strings have equal bytes and
//   hashing the bytes agrees with `String`'s `==`.
//
// The only pointer is the one `String.UTF8View.withContiguousStorageIfAvailable`
// lends to its closure (public API); it is read there and never escapes.

/// A hash index of the old snapshot's items whose identifiers hash through
/// their bytes: ASCII `String`s, looked up a batch at a time.
///
/// The snapshot's own `Dictionary` hashes a `String` with SipHash; on a
/// shuffle every new item needs a lookup and hashing is half of the diff.
/// This index hashes the UTF-8 bytes with a cheap, per-diff seeded hash and
/// confirms a candidate with `String`'s `==` (its first step compares the
/// two strings' representations, so an equal small string is confirmed in a
/// couple of instructions). It is built only when a diff turns out to need
/// many lookups (see `OldItemFinder`); any identifier that is not an ASCII
/// `String` in the old snapshot keeps the `Dictionary`, and such an
/// identifier in the new snapshot is looked up there (a non-ASCII string can
/// equal an ASCII one, `"\u{212A}" == "K"`, so its bytes cannot be hashed as
/// they are).
///
/// Lookups go a batch at a time (``resolve(_:from:count:into:)``), each step
/// over the whole batch, so that the cache misses of a shuffle (a slot, then
/// the old item to confirm) overlap instead of following one another.
@usableFromInline struct ASCIIIdentifierIndex<ID: Hashable> {
  /// 4 bytes per slot: the flat index + 1 in the bits of ``indexMask``
  /// (0 for an empty slot), the hash's top bits (a tag) above. A small
  /// table: at 100,000 items it fits in a core's L2 cache.
  @usableFromInline let slots: [UInt32]
  /// The old items in flat order (the section's own array when there is
  /// one section): candidates are confirmed against them.
  @usableFromInline let items: [ID]
  /// The low bits of a slot that hold the flat index + 1.
  @usableFromInline let indexMask: UInt32
  @usableFromInline let mask: Int
  @usableFromInline let seed: UInt64

  /// How many items ``resolve(_:from:count:into:)`` handles at once: enough
  /// independent memory accesses in flight to hide their latency, few
  /// enough to stay in the L1 cache.
  @inlinable static var batchSize: Int { 256 }
  /// A result of ``resolve(_:from:count:into:)``: the old snapshot does not
  /// have the item.
  @inlinable static var absent: Int32 { -1 }
  /// A result of ``resolve(_:from:count:into:)``: the item cannot be hashed
  /// by its bytes, the index cannot tell (ask the `Dictionary`).
  @inlinable static var unknown: Int32 { -2 }

  /// The answers for one batch of new items, and room to compute them.
  @usableFromInline struct Batch {
    /// The positions answered: `start ..< end` of the section being diffed.
    @usableFromInline var start = 0
    @usableFromInline var end = 0
    /// Per position from `start`: a flat index in the old snapshot,
    /// ``absent`` or ``unknown``.
    @usableFromInline var results: [Int32]
    @usableFromInline var hashes: [UInt64]
    /// Per position from `start`: the slot where its probe stopped.
    @usableFromInline var probes: [Int]

    /// Room for `capacity` answers (``batchSize`` for use, 0 for none).
    @inlinable init(capacity: Int) {
      results = [Int32](repeating: 0, count: capacity)
      hashes = [UInt64](repeating: 0, count: capacity)
      probes = [Int](repeating: 0, count: capacity)
    }

    /// Forgets the answers (a new section starts).
    @inlinable mutating func reset() {
      start = 0
      end = 0
    }
  }

  /// Indexes every item of `sections`, in order (flat indices); `nil` when
  /// one cannot be hashed by its bytes or there are 2³¹ items or more.
  ///
  /// - Complexity: O(n) for n items, expected.
  @inlinable init?(_ sections: [[ID]]) {
    let items = sections.count == 1 ? sections[0] : Array(sections.joined())
    guard items.count < Int(Int32.max) else { return nil }
    var capacity = 16
    while capacity < items.count * 2 { capacity <<= 1 }
    // Enough bits for count + 1; the rest (none past 2³² items) is the tag.
    let indexBits = UInt64.bitWidth - UInt64(items.count).leadingZeroBitCount
    self.items = items
    self.indexMask = UInt32(truncatingIfNeeded: (UInt64(1) << indexBits) &- 1)
    self.mask = capacity - 1
    self.seed = UInt64.random(in: 1...UInt64.max)
    guard
      let slots = Self.fill(
        capacity: capacity,
        items: items,
        mask: mask,
        seed: seed,
        indexMask: indexMask
      )
    else {
      return nil
    }
    self.slots = slots
    assert(checkInvariants())
  }

  /// The slots holding every item of `items`, or `nil` when one cannot be
  /// hashed. A batch is hashed, then each hash's first slot is read (the
  /// cache misses overlap), then the items are placed.
  @inlinable static func fill(
    capacity: Int,
    items: [ID],
    mask: Int,
    seed: UInt64,
    indexMask: UInt32
  ) -> [UInt32]? {
    var slots = [UInt32](repeating: 0, count: capacity)
    var hashes = [UInt64](repeating: 0, count: batchSize)
    var firstSlots = [UInt32](repeating: 0, count: batchSize)
    var start = 0
    while start < items.count {
      let end = min(start &+ batchSize, items.count)
      for position in start..<end {
        guard let hash = byteHash(items[position], seed: seed) else { return nil }
        hashes[position &- start] = hash
      }
      // Independent loads, in a loop short enough for many of them to be in
      // flight at once.
      for offset in 0..<(end &- start) {
        firstSlots[offset] = slots[Int(truncatingIfNeeded: hashes[offset]) & mask]
      }
      for position in start..<end {
        let hash = hashes[position &- start]
        var index = Int(truncatingIfNeeded: hash) & mask
        // A slot once taken stays taken: the first read still counts.
        if firstSlots[position &- start] != 0 || slots[index] != 0 {
          repeat { index = (index &+ 1) & mask } while slots[index] != 0
        }
        slots[index] = tag(hash, indexMask: indexMask) | UInt32(truncatingIfNeeded: position &+ 1)
      }
      start = end
    }
    return slots
  }

  /// The top bits of `hash`, in the bits of a slot above `indexMask`.
  @inlinable @inline(__always) static func tag(_ hash: UInt64, indexMask: UInt32) -> UInt32 {
    UInt32(truncatingIfNeeded: hash >> 32) & ~indexMask
  }

  /// Looks up `ids[start ..< start + count]` (`count` at most
  /// ``batchSize``) and records in `batch`, for each, its flat index in the
  /// old snapshot, ``absent`` or ``unknown``.
  ///
  /// Each step runs over the whole batch before the next, so that the random
  /// reads of the table and of the old items are in flight together.
  ///
  /// - Complexity: O(count) expected.
  @inlinable func resolve(_ ids: [ID], from start: Int, count: Int, into batch: inout Batch) {
    assert(count <= batch.results.count && start + count <= ids.count)
    batch.start = start
    batch.end = start &+ count
    hash(ids, into: &batch)
    probe(&batch)
    confirm(ids, &batch)
  }

  /// Step 1: hashes each item of the batch; ``unknown`` for those that
  /// cannot be hashed, ``absent`` (for now) for the others.
  @inlinable func hash(_ ids: [ID], into batch: inout Batch) {
    for offset in 0..<(batch.end &- batch.start) {
      if let hash = Self.byteHash(ids[batch.start &+ offset], seed: seed) {
        batch.hashes[offset] = hash
        batch.results[offset] = Self.absent
      } else {
        batch.hashes[offset] = 0
        batch.results[offset] = Self.unknown
      }
    }
  }

  /// Step 2: walks each probe sequence to the first slot with the same tag
  /// (its neighbours are mostly in the cache line just read) and records
  /// that slot's item as the candidate.
  @inlinable func probe(_ batch: inout Batch) {
    let count = batch.end &- batch.start
    // Read each first slot: independent loads, in a loop short enough for
    // many of them to be in flight at once.
    for offset in 0..<count {
      batch.probes[offset] = Int(slots[Int(truncatingIfNeeded: batch.hashes[offset]) & mask])
    }
    for offset in 0..<count where batch.results[offset] == Self.absent {
      let hash = batch.hashes[offset]
      let tag = Self.tag(hash, indexMask: indexMask)
      var index = Int(truncatingIfNeeded: hash) & mask
      var slot = UInt32(truncatingIfNeeded: batch.probes[offset])
      while slot != 0 && slot & ~indexMask != tag {
        index = (index &+ 1) & mask
        slot = slots[index]
      }
      batch.probes[offset] = index
      // The flat index + 1 of the candidate; 0 gives absent.
      batch.results[offset] = Int32(truncatingIfNeeded: slot & indexMask) &- 1
    }
  }

  /// Step 3: confirms each candidate with `==`; a mismatch (a tag
  /// collision) takes the rest of its probe.
  @inlinable func confirm(_ ids: [ID], _ batch: inout Batch) {
    for offset in 0..<(batch.end &- batch.start) where batch.results[offset] >= 0 {
      let position = batch.start &+ offset
      if items[Int(batch.results[offset])] == ids[position] { continue }
      batch.results[offset] = Self.absent
      let tag = Self.tag(batch.hashes[offset], indexMask: indexMask)
      var index = (batch.probes[offset] &+ 1) & mask
      var slot = slots[index]
      while slot != 0 {
        if slot & ~indexMask == tag, items[Int(slot & indexMask) &- 1] == ids[position] {
          batch.results[offset] = Int32(truncatingIfNeeded: slot & indexMask) &- 1
          break
        }
        index = (index &+ 1) & mask
        slot = slots[index]
      }
    }
  }

  /// Whether the invariants at the top of this file hold (debug builds).
  @usableFromInline func checkInvariants() -> Bool {
    guard slots.count.nonzeroBitCount == 1, slots.count >= 2 * items.count,
      mask == slots.count - 1
    else { return false }
    var seen = [Bool](repeating: false, count: items.count)
    for slot in slots where slot != 0 {
      let flat = Int(slot & indexMask) - 1
      guard flat >= 0, flat < items.count, !seen[flat] else { return false }
      seen[flat] = true
    }
    guard !seen.contains(false) else { return false }
    for (flat, item) in items.enumerated() {
      guard let hash = Self.byteHash(item, seed: seed) else { return false }
      var index = Int(truncatingIfNeeded: hash) & mask
      while slots[index] != 0 && Int(slots[index] & indexMask) - 1 != flat {
        index = (index + 1) & mask
      }
      guard slots[index] != 0, slots[index] & ~indexMask == Self.tag(hash, indexMask: indexMask)
      else { return false }
    }
    return true
  }
}

// MARK: - Hashing bytes

extension ASCIIIdentifierIndex {
  /// A 64-bit hash of `id`'s UTF-8 bytes when it is an ASCII `String` with
  /// contiguous UTF-8 (every native Swift string), `nil` otherwise. Equal
  /// ASCII strings hash equally.
  @inlinable @inline(__always) static func byteHash(_ id: ID, seed: UInt64) -> UInt64? {
    // A constant once specialized: a `String` is cast to itself.
    guard let string = id as? String else { return nil }
    return string.utf8.withContiguousStorageIfAvailable { bytes in
      hash(UnsafeRawBufferPointer(bytes), seed: seed)
    } ?? nil
  }

  @inlinable static var multiplier: UInt64 { 0x9E37_79B9_7F4A_7C15 }

  @inlinable @inline(__always) static func mix(_ state: UInt64, _ word: UInt64) -> UInt64 {
    let mixed = (state ^ word) &* multiplier
    return mixed ^ (mixed >> 29)
  }

  @inlinable @inline(__always) static func finish(_ state: UInt64) -> UInt64 {
    let mixed = (state ^ (state >> 32)) &* 0xD6E8_FEB8_6659_FD93
    return mixed ^ (mixed >> 32)
  }

  /// The hash of `bytes`, 8 at a time, the tail zero-padded; `nil` when one
  /// is not ASCII. `bytes` is the buffer `withContiguousStorageIfAvailable`
  /// lends: read here, never kept.
  @inlinable @inline(__always)
  static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64? {
    var state = seed ^ (UInt64(bytes.count) &* multiplier)
    var ascii: UInt64 = 0
    var offset = 0
    while offset &+ 8 <= bytes.count {
      let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      ascii |= word
      state = mix(state, word)
      offset &+= 8
    }
    if offset < bytes.count {
      var word: UInt64 = 0
      var shift: UInt64 = 0
      while offset < bytes.count {
        word |= UInt64(bytes[offset]) << shift
        shift &+= 8
        offset &+= 1
      }
      ascii |= word
      state = mix(state, word)
    }
    guard ascii & 0x8080_8080_8080_8080 == 0 else { return nil }
    return finish(state)
  }
}
