/// A hash index of the old snapshot's items for a diff whose item
/// identifiers are `String`s, all ASCII: open addressing over a fast,
/// per-diff seeded hash of their bytes, 4 bytes per slot.
///
/// The snapshot's own `Dictionary` hashes a `String` with SipHash after
/// normalizing it, about 400 instructions for a 15-byte identifier; on a
/// shuffle every new item needs such a lookup, and hashing is half of the
/// diff. For ASCII, the bytes are the normalized form, so hashing them
/// directly agrees with `String`'s `==`, at a fraction of the cost (a small
/// string's bytes are read straight from its 16-byte representation, after a
/// one-time check that the representation is the one expected). The index is
/// built only when a diff turns out to need many lookups (see
/// `SnapshotDiff.init(from:to:)`); any non-ASCII identifier in the old
/// snapshot keeps the `Dictionary`, and a non-ASCII one in the new snapshot
/// is looked up there (a non-ASCII string can equal an ASCII one,
/// `"\u{212A}" == "K"`, so its bytes cannot be hashed as they are).
///
/// Lookups go a batch at a time (``resolve(_:from:count:into:scratch:)``),
/// each step over the whole batch, so that the cache misses of a shuffle
/// (a slot, then the old item to confirm) overlap instead of following one
/// another.
@usableFromInline struct ASCIIStringIndex {
  /// 4 bytes per slot: the flat index + 1 in the bits of ``indexMask``
  /// (0 for an empty slot), the hash's top bits (a tag) above. A small
  /// table: at 100,000 items it fits in a core's L2 cache.
  @usableFromInline let slots: UnsafeMutableBufferPointer<UInt32>
  /// The old items in flat order (the section's own array when there is
  /// one section): candidates are confirmed against their bytes.
  @usableFromInline let items: [String]
  /// The low bits of a slot that hold the flat index + 1.
  @usableFromInline let indexMask: UInt32
  @usableFromInline let mask: Int
  @usableFromInline let seed: UInt64
  /// ``smallStringsAreReadable``, read once.
  @usableFromInline let readsSmallStrings: Bool

  /// A `String`'s 16 bytes, as two words.
  @usableFromInline typealias RawString = (low: UInt64, high: UInt64)

  /// How many items ``resolve(_:from:count:into:scratch:)`` handles at
  /// once: enough independent memory accesses in flight to hide their
  /// latency, few enough to stay in the L1 cache.
  @usableFromInline static let batch = 256
  /// A result of ``resolve(_:from:count:into:scratch:)``: the old snapshot
  /// does not have the item.
  @usableFromInline static let absent: Int32 = -1
  /// A result of ``resolve(_:from:count:into:scratch:)``: the item is not
  /// ASCII, the index cannot tell (ask the `Dictionary`).
  @usableFromInline static let unknown: Int32 = -2

  /// Indexes every item of `sections`, in order (flat indices); `nil` when
  /// one is not ASCII or there are 2³¹ items or more. Call ``deallocate()``
  /// when done.
  ///
  /// - Complexity: O(n) for n items, expected.
  @inlinable init?(_ sections: [[String]]) {
    let items = sections.count == 1 ? sections[0] : Array(sections.joined())
    let count = items.count
    guard count < Int(Int32.max) else { return nil }
    var capacity = 16
    while capacity < count * 2 { capacity <<= 1 }
    let mask = capacity - 1
    // Enough bits for count + 1; the rest (none past 2³² items) is the tag.
    let indexBits = UInt64.bitWidth - UInt64(count).leadingZeroBitCount
    let indexMask = UInt32(truncatingIfNeeded: (UInt64(1) << indexBits) &- 1)
    let seed = UInt64.random(in: 1...UInt64.max)
    let readsSmallStrings = Self.smallStringsAreReadable
    let slots = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: capacity)
    slots.initialize(repeating: 0)
    let hashes = UnsafeMutablePointer<UInt64>.allocate(capacity: Self.batch)
    defer { hashes.deallocate() }
    let firstSlots = UnsafeMutablePointer<UInt32>.allocate(capacity: Self.batch)
    defer { firstSlots.deallocate() }
    let complete = items.withUnsafeBufferPointer { items in
      var start = 0
      while start < items.count {
        let end = min(start &+ Self.batch, items.count)
        // Hash a batch, then read each hash's first slot: the cache misses
        // overlap instead of following one another.
        for position in start..<end {
          guard
            let hash = Self.smallHash(
              Self.raw(items, position),
              seed: seed,
              readsSmallStrings: readsSmallStrings
            ) ?? Self.hash(items[position], seed: seed)
          else { return false }
          hashes[position &- start] = hash
        }
        // Independent loads, in a loop short enough for many of them to be
        // in flight at once.
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
          slots[index] =
            Self.tag(hash, indexMask: indexMask) | UInt32(truncatingIfNeeded: position &+ 1)
        }
        start = end
      }
      return true
    }
    guard complete else {
      slots.deallocate()
      return nil
    }
    self.slots = slots
    self.items = items
    self.indexMask = indexMask
    self.mask = mask
    self.seed = seed
    self.readsSmallStrings = readsSmallStrings
  }

  /// Frees the slots.
  @inlinable func deallocate() { slots.deallocate() }

  /// The top bits of `hash`, in the bits of a slot above `indexMask`.
  @inlinable @inline(__always) static func tag(_ hash: UInt64, indexMask: UInt32) -> UInt32 {
    UInt32(truncatingIfNeeded: hash >> 32) & ~indexMask
  }

  /// The 16 bytes of the `index`th `String` of `strings`, read without
  /// copying (nor retaining) the string.
  @inlinable @inline(__always)
  static func raw(_ strings: UnsafeBufferPointer<String>, _ index: Int) -> RawString {
    UnsafeRawBufferPointer(strings).load(
      fromByteOffset: index &* MemoryLayout<String>.stride,
      as: RawString.self
    )
  }

  /// Looks up `ids[start ..< start + count]` (`count` at most ``batch``) and
  /// writes, for each, its flat index in the old snapshot, ``absent`` or
  /// ``unknown`` to `results`. `scratch` has room for 4 × ``batch`` words.
  ///
  /// Each step runs over the whole batch before the next, so that the random
  /// reads of the table and of the old items are in flight together.
  ///
  /// - Complexity: O(count) expected.
  @inlinable
  func resolve(
    _ ids: [String],
    from start: Int,
    count: Int,
    into results: UnsafeMutablePointer<Int32>,
    scratch: UnsafeMutablePointer<UInt64>
  ) {
    let hashes = scratch
    let candidates = scratch + Self.batch
    let keyLows = scratch + 2 &* Self.batch
    let keyHighs = scratch + 3 &* Self.batch
    ids.withUnsafeBufferPointer { ids in
      items.withUnsafeBufferPointer { items in
        // 1. Hash.
        for offset in 0..<count {
          guard
            let hash = Self.smallHash(
              Self.raw(ids, start &+ offset),
              seed: seed,
              readsSmallStrings: readsSmallStrings
            ) ?? Self.hash(ids[start &+ offset], seed: seed)
          else {
            hashes[offset] = 0
            results[offset] = Self.unknown
            continue
          }
          hashes[offset] = hash
          results[offset] = Self.absent
        }
        // Read each first slot: independent loads, in a loop short enough
        // for many of them to be in flight at once.
        for offset in 0..<count {
          candidates[offset] = UInt64(slots[Int(truncatingIfNeeded: hashes[offset]) & mask])
        }
        // 2. Walk each probe sequence to the first slot with the same tag
        // (its neighbours are mostly in the cache line just read).
        for offset in 0..<count where results[offset] == Self.absent {
          let hash = hashes[offset]
          let tag = Self.tag(hash, indexMask: indexMask)
          var index = Int(truncatingIfNeeded: hash) & mask
          var slot = UInt32(truncatingIfNeeded: candidates[offset])
          while slot != 0 && slot & ~indexMask != tag {
            index = (index &+ 1) & mask
            slot = slots[index]
          }
          candidates[offset] = UInt64(index)
          // The flat index + 1 of the candidate; 0 gives absent.
          results[offset] = Int32(truncatingIfNeeded: slot & indexMask) &- 1
        }
        // 3. Read each candidate's bytes (independent loads, in a short
        // loop; a flat index from a slot is below items.count, and a miss
        // reads item 0, unused).
        guard !items.isEmpty else { return }
        for offset in 0..<count {
          let flat = Int(max(results[offset], 0))
          let key = Self.raw(items, flat)
          keyLows[offset] = key.low
          keyHighs[offset] = key.high
        }
        // 4. Confirm each candidate; what the bytes cannot settle takes the
        // rest of the probe.
        for offset in 0..<count where results[offset] >= 0 {
          let raw = Self.raw(ids, start &+ offset)
          let key = (low: keyLows[offset], high: keyHighs[offset])
          if key == raw && Self.isSmallASCII(raw, readsSmallStrings) { continue }
          let id = ids[start &+ offset]
          results[offset] = Self.absent
          let tag = Self.tag(hashes[offset], indexMask: indexMask)
          var index = Int(truncatingIfNeeded: candidates[offset])
          var slot = slots[index]
          while slot != 0 {
            if slot & ~indexMask == tag, items[Int(slot & indexMask) &- 1] == id {
              results[offset] = Int32(truncatingIfNeeded: slot & indexMask) &- 1
              break
            }
            index = (index &+ 1) & mask
            slot = slots[index]
          }
        }
      }
    }
  }

  /// The 16 bytes of `string`'s representation.
  @inlinable @inline(__always) static func raw(_ string: String) -> RawString {
    unsafeBitCast(string, to: RawString.self)
  }

  /// Whether `raw` is a small ASCII string (when the layout is readable).
  @inlinable @inline(__always)
  static func isSmallASCII(_ raw: RawString, _ readsSmallStrings: Bool) -> Bool {
    readsSmallStrings && raw.high >> 60 == 0xE
  }

  /// Whether a small ASCII string is laid out as expected: its UTF-8 bytes
  /// in the first 15 bytes (zero-padded), `0xE0 | count` in the last one.
  @usableFromInline static let smallStringsAreReadable: Bool = {
    guard MemoryLayout<String>.size == 16, UInt64(littleEndian: 1) == 1 else { return false }
    let probe = String("abcdefghijkl".utf8.map { Character(Unicode.Scalar($0)) })
    let (low, high) = unsafeBitCast(probe, to: (UInt64, UInt64).self)
    return low == 0x6867_6665_6463_6261 && high == 0xEC00_0000_6C6B_6A69
  }()

  /// A 64-bit hash of the bytes of a small ASCII string, or `nil` when
  /// `raw` is not one. Equal to ``hash(_:seed:)`` of the same string.
  @inlinable @inline(__always)
  static func smallHash(_ raw: RawString, seed: UInt64, readsSmallStrings: Bool) -> UInt64? {
    guard isSmallASCII(raw, readsSmallStrings) else { return nil }
    let count = Int(truncatingIfNeeded: (raw.high >> 56) & 0xF)
    var state = seed ^ (UInt64(count) &* multiplier)
    if count > 0 { state = mix(state, raw.low) }
    if count > 8 { state = mix(state, raw.high & 0x00FF_FFFF_FFFF_FFFF) }
    return finish(state)
  }

  /// A 64-bit hash of the UTF-8 bytes of `string`, or `nil` when one is not
  /// ASCII. Equal ASCII strings hash equally whatever their representation.
  @inlinable static func hash(_ string: String, seed: UInt64) -> UInt64? {
    var copy = string
    return copy.withUTF8 { hash(UnsafeRawBufferPointer($0), seed: seed) }
  }

  @usableFromInline static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

  @inlinable @inline(__always) static func mix(_ state: UInt64, _ word: UInt64) -> UInt64 {
    let mixed = (state ^ word) &* multiplier
    return mixed ^ (mixed >> 29)
  }

  @inlinable @inline(__always) static func finish(_ state: UInt64) -> UInt64 {
    let mixed = (state ^ (state >> 32)) &* 0xD6E8_FEB8_6659_FD93
    return mixed ^ (mixed >> 32)
  }

  /// The same hash over bytes: 8 at a time, the tail zero-padded.
  @inlinable static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64? {
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
