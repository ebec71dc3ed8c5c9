/// A hash index of the old snapshot's items for a diff whose item
/// identifiers are `String`s, all ASCII: open addressing over a fast,
/// per-diff seeded hash of their bytes.
///
/// The snapshot's own `Dictionary` hashes a `String` with SipHash after
/// normalizing it, about 400 instructions for a 15-byte identifier; on a
/// shuffle every new item needs such a lookup, and hashing is half of the
/// diff. For ASCII, the bytes are the normalized form, so hashing them
/// directly agrees with `String`'s `==`, at a tenth of the cost. The index is
/// built only when a diff turns out to need many lookups (see
/// `SnapshotDiff.init(from:to:)`); any non-ASCII identifier, in either
/// snapshot, keeps the `Dictionary` (a non-ASCII string can equal an ASCII
/// one, `"\u{212A}" == "K"`, so their bytes cannot be hashed as they are).
@usableFromInline struct ASCIIStringIndex {
  /// One slot: the high bits of the hash (0 for empty, forced non-zero for
  /// used slots) and the item's old location.
  @usableFromInline struct Slot {
    @usableFromInline var tag: UInt32
    @usableFromInline var location: ItemLocation

    @inlinable init(tag: UInt32, location: ItemLocation) {
      self.tag = tag
      self.location = location
    }
  }

  @usableFromInline var slots: [Slot]
  @usableFromInline var mask: Int
  @usableFromInline let seed: UInt64

  /// Indexes every item of `sections`; `nil` when one is not ASCII.
  ///
  /// - Complexity: O(n) for n items, expected.
  @inlinable init?(_ sections: [[String]]) {
    let count = sections.reduce(0) { $0 + $1.count }
    var capacity = 16
    while capacity < count * 2 { capacity <<= 1 }
    mask = capacity - 1
    seed = UInt64.random(in: 1...UInt64.max)
    slots = [Slot](repeating: Slot(tag: 0, location: ItemLocation(section: 0, item: 0)), count: capacity)
    let mask = mask
    let seed = seed
    let ok = slots.withUnsafeMutableBufferPointer { table -> Bool in
      for (section, items) in sections.enumerated() {
        for (offset, id) in items.enumerated() {
          guard let hash = Self.hash(id, seed: seed) else { return false }
          var index = Int(truncatingIfNeeded: hash) & mask
          while table[index].tag != 0 { index = (index &+ 1) & mask }
          table[index] = Slot(tag: Self.tag(hash), location: ItemLocation(section: section, item: offset))
        }
      }
      return true
    }
    guard ok else { return nil }
  }

  /// The old location of `id`: `.some(nil)` when the old snapshot does not
  /// have it, `nil` when `id` is not ASCII and the index cannot tell (it may
  /// still equal an indexed ASCII item, as `"\u{212A}" == "K"`).
  ///
  /// - Complexity: O(1) expected.
  @inlinable func location(of id: String, in sections: [[String]]) -> ItemLocation?? {
    guard let hash = Self.hash(id, seed: seed) else { return nil }
    let tag = Self.tag(hash)
    var index = Int(truncatingIfNeeded: hash) & mask
    return slots.withUnsafeBufferPointer { table -> ItemLocation?? in
      while true {
        let slot = table[index]
        if slot.tag == 0 { return .some(nil) }
        if slot.tag == tag, sections[slot.location.section][slot.location.item] == id {
          return .some(slot.location)
        }
        index = (index &+ 1) & mask
      }
    }
  }

  /// A non-zero tag from the hash's high bits.
  @inlinable static func tag(_ hash: UInt64) -> UInt32 {
    UInt32(truncatingIfNeeded: hash >> 32) | 1
  }

  /// A 64-bit hash of the UTF-8 bytes of `string`, 8 at a time, or `nil`
  /// when one is not ASCII.
  @inlinable static func hash(_ string: String, seed: UInt64) -> UInt64? {
    let hashed = string.utf8.withContiguousStorageIfAvailable { bytes -> UInt64? in
      hash(UnsafeRawBufferPointer(bytes), seed: seed)
    }
    if let hashed { return hashed }
    var copy = string
    return copy.withUTF8 { hash(UnsafeRawBufferPointer($0), seed: seed) }
  }

  @inlinable static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64? {
    let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
    var state = seed ^ (UInt64(bytes.count) &* multiplier)
    var ascii: UInt64 = 0
    var offset = 0
    while offset &+ 8 <= bytes.count {
      let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      ascii |= word
      state = (state ^ word) &* multiplier
      state ^= state >> 29
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
      state = (state ^ word) &* multiplier
      state ^= state >> 29
    }
    guard ascii & 0x8080_8080_8080_8080 == 0 else { return nil }
    state = (state ^ (state >> 32)) &* 0xD6E8_FEB8_6659_FD93
    return state ^ (state >> 32)
  }
}
