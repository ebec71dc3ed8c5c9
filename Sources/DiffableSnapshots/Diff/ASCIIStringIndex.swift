/// A hash index of the old snapshot's items for a diff whose item
/// identifiers are `String`s, all ASCII: open addressing over a fast,
/// per-diff seeded hash of their bytes, 8 bytes per slot.
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
@usableFromInline struct ASCIIStringIndex {
  /// `tag << 32 | (flat index + 1)`, 0 for an empty slot.
  @usableFromInline let slots: UnsafeMutableBufferPointer<UInt64>
  @usableFromInline let mask: Int
  @usableFromInline let seed: UInt64
  /// ``smallStringsAreReadable``, read once.
  @usableFromInline let readsSmallStrings: Bool

  /// Indexes every item of `sections` (`starts` are their flat offsets);
  /// `nil` when one is not ASCII. Call ``deallocate()`` when done.
  ///
  /// - Complexity: O(n) for n items, expected.
  @inlinable init?(_ sections: [[String]]) {
    let count = sections.reduce(0) { $0 + $1.count }
    var capacity = 16
    while capacity < count * 2 { capacity <<= 1 }
    mask = capacity - 1
    seed = UInt64.random(in: 1...UInt64.max)
    readsSmallStrings = Self.smallStringsAreReadable
    slots = .allocate(capacity: capacity)
    slots.initialize(repeating: 0)
    var flat: UInt64 = 1
    for items in sections {
      for id in items {
        guard let hash = Self.hash(id, seed: seed, readsSmallStrings: readsSmallStrings) else {
          slots.deallocate()
          return nil
        }
        var index = Int(truncatingIfNeeded: hash) & mask
        while slots[index] != 0 { index = (index &+ 1) & mask }
        slots[index] = Self.tag(hash) | flat
        flat &+= 1
      }
    }
  }

  /// Frees the slots.
  @inlinable func deallocate() { slots.deallocate() }

  /// The flat index in the old snapshot of `id`: `.some(nil)` when the old
  /// snapshot does not have it, `nil` when `id` is not ASCII and the index
  /// cannot tell (it may equal an indexed ASCII item, as `"\u{212A}" == "K"`).
  /// `isMatch(flat)` compares the old item at `flat` with `id`.
  ///
  /// - Complexity: O(1) expected.
  @inlinable @inline(__always) func flatIndex(of id: String, isMatch: (Int) -> Bool) -> Int?? {
    guard let hash = Self.hash(id, seed: seed, readsSmallStrings: readsSmallStrings) else {
      return nil
    }
    let tag = Self.tag(hash)
    var index = Int(truncatingIfNeeded: hash) & mask
    while true {
      let slot = slots[index]
      if slot == 0 { return .some(nil) }
      if slot & 0xFFFF_FFFF_0000_0000 == tag {
        let flat = Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) &- 1
        if isMatch(flat) { return .some(flat) }
      }
      index = (index &+ 1) & mask
    }
  }

  /// The hash's high bits, in the high half of a slot.
  @inlinable static func tag(_ hash: UInt64) -> UInt64 {
    hash & 0xFFFF_FFFF_0000_0000
  }

  /// Whether a small ASCII string is laid out as expected: its UTF-8 bytes
  /// in the first 15 bytes (zero-padded), `0xE0 | count` in the last one.
  @usableFromInline static let smallStringsAreReadable: Bool = {
    guard MemoryLayout<String>.size == 16, UInt64(littleEndian: 1) == 1 else { return false }
    let probe = String("abcdefghijkl".utf8.map { Character(Unicode.Scalar($0)) })
    let (low, high) = unsafeBitCast(probe, to: (UInt64, UInt64).self)
    return low == 0x6867_6665_6463_6261 && high == 0xEC00_0000_6C6B_6A69
  }()

  /// A 64-bit hash of the UTF-8 bytes of `string`, or `nil` when one is not
  /// ASCII. Equal ASCII strings hash equally whatever their representation.
  @inlinable @inline(__always)
  static func hash(_ string: String, seed: UInt64, readsSmallStrings: Bool) -> UInt64? {
    if readsSmallStrings {
      let (low, high) = unsafeBitCast(string, to: (UInt64, UInt64).self)
      if high >> 60 == 0xE {  // small and ASCII
        let count = Int(truncatingIfNeeded: (high >> 56) & 0xF)
        var state = seed ^ (UInt64(count) &* multiplier)
        if count > 0 { state = mix(state, low) }
        if count > 8 { state = mix(state, high & 0x00FF_FFFF_FFFF_FFFF) }
        return finish(state)
      }
    }
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
