/// The keys of a model's JSON object, in written order, matched against keys in a document.
///
/// ```swift
/// let keys = JSONKeyTable(["id", "name"])
/// keys.index(of: range, in: scanner, hint: 1)   // 1 if the key at `range` is "name"
/// ```
package struct JSONKeyTable: Sendable {
  /// The keys' UTF-8, back to back; key `i` is `bytes[bounds[i]..<bounds[i + 1]]`.
  private let bytes: [UInt8]
  private let bounds: [Int]
  /// A table of `keys`, in order.
  package init(_ keys: [String]) {
    bytes = keys.flatMap { Array($0.utf8) }
    bounds = keys.reduce(into: [0]) { $0.append($0[$0.count - 1] + $1.utf8.count) }
  }

  /// The number of keys.
  package var count: Int { bounds.count - 1 }

  /// The UTF-8 of key `index`.
  package subscript(index: Int) -> ArraySlice<UInt8> { bytes[bounds[index]..<bounds[index + 1]] }

  /// The index of the key whose UTF-8 is at `range` of `scanner`'s document, trying `hint`
  /// first (the field after the previous one, so written order costs one comparison).
  ///
  /// - Complexity: O(*k*) in the number of keys.
  package func index(of range: Range<Int>, in scanner: JSONScanner, hint: Int) -> Int? {
    guard count > 0 else { return nil }
    var index = hint < count ? hint : 0
    for _ in 0..<count {
      if scanner.bytes(range, equal: self[index]) { return index }
      index = index + 1 == count ? 0 : index + 1
    }
    return nil
  }
}

/// Makes each distinct string of a document once: later occurrences of the same bytes
/// share it (language codes, type and ability slugs, names shared by forms).
///
/// ```swift
/// var interner = StringInterner()
/// let a = interner.string(token.range, in: scanner)
/// ```
package struct StringInterner: Sendable {
  /// Open addressing: 0 for an empty slot, else 1 plus an index into `entries`.
  private var slots: [Int32]
  private var entries: [(range: Range<Int>, hash: UInt64, string: String)] = []

  package init(capacity: Int = 1 << 12) {
    slots = Array(repeating: 0, count: capacity)
    entries.reserveCapacity(capacity / 2)
  }

  /// The string of the bytes at `range` of `scanner`'s document, which the caller has
  /// checked are valid UTF-8 without escapes.
  package mutating func string(_ range: Range<Int>, in scanner: JSONScanner) -> String {
    guard !range.isEmpty else { return "" }
    let hash = scanner.hash(range)
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 {
      let entry = entries[Int(slots[slot]) - 1]
      if entry.hash == hash, scanner.bytes(entry.range, equal: range) { return entry.string }
      slot = (slot + 1) & mask
    }
    let string = scanner.text(range)
    entries.append((range, hash, string))
    slots[slot] = Int32(truncatingIfNeeded: entries.count)
    if entries.count * 2 > slots.count { grow() }
    return string
  }

  private mutating func grow() {
    slots = Array(repeating: 0, count: slots.count * 2)
    let mask = slots.count - 1
    for (index, entry) in entries.enumerated() {
      var slot = Int(truncatingIfNeeded: entry.hash) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(truncatingIfNeeded: index + 1)
    }
  }
}
