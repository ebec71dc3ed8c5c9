import Foundation

/// Reads JSON of a known schema straight into models, in one pass and without a tape.
///
/// This is the fast path of ``PokedexLoader``. It accepts the JSON our writer produces
/// (any whitespace, members in any order, `null` for absent optionals) and fails, without
/// saying why, on anything else: escapes in strings, unknown or repeated keys, numbers
/// with exponents or too many digits. The caller then decodes with ``FastJSONDecoder``,
/// which accepts every JSON document and reports a problem with its JSON path, line and
/// column. So this reader is never the one that explains an error; it only has to be
/// strict, accepting nothing that the full decoder would decode differently.
///
/// ```swift
/// var reader = JSONReader(SharedBytes(bytes))
/// let dex = try Pokedex(reading: &reader)
/// try reader.finish()
/// ```
///
/// Names read (``LocalizedNames``) keep a reference to the bytes and point into them.
/// Repeated strings (language codes, type and ability
/// slugs, names shared by forms) are created once per reader and shared.
///
/// - Complexity: O(n) in the bytes read.
struct JSONReader {
  /// The reader met something outside the subset it decodes (or invalid JSON) at `offset`.
  struct Failure: Error {
    var offset: Int
  }

  /// The document; `base` and `count` are its bytes.
  let bytes: SharedBytes
  let base: UnsafePointer<UInt8>
  let count: Int
  /// The offset of the next byte to read.
  var position: Int
  let interner: StringInterner
  /// How the last ``readConcurrently(of:)`` went (for tests and benchmarks).
  var split = SplitOutcome.notTried
  /// A second thread started ahead of ``readConcurrently(of:)``, which takes it.
  var helper: HelperThread?

  enum SplitOutcome: Equatable, Sendable {
    /// The array was small, a single core was available, or no separator was found.
    case notTried
    /// Every guessed boundary was an element start; the chunks were read on two cores.
    case used
    /// A guessed boundary was not an element start: the chunk before it read on to the end.
    case wrongGuess
    /// A chunk failed; it was read again from its start on this thread (and the failure,
    /// if real, recurred there).
    case chunkFailed
  }

  init(_ bytes: SharedBytes, position: Int = 0, interner: StringInterner = StringInterner()) {
    self.bytes = bytes
    base = bytes.base
    count = bytes.count
    self.position = position
    self.interner = interner
  }

  // MARK: Structure

  /// Skips a UTF-8 byte order mark, if the document starts with one.
  mutating func skipByteOrderMark() {
    if position == 0, count >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF {
      position = 3
    }
  }

  /// Checks that only whitespace follows.
  mutating func finish() throws(Failure) {
    skipWhitespace()
    guard position == count else { throw Failure(offset: position) }
  }

  @inline(__always) mutating func skipWhitespace() {
    // Every byte above the space is something else (the common case, one comparison).
    guard position < count, base[position] <= 0x20 else { return }
    // A single space between tokens, the next most common case.
    if base[position] == 0x20, position + 1 < count, base[position + 1] > 0x20 {
      position += 1
      return
    }
    skipWhitespaceRun()
  }

  /// Skips whitespace from a byte that may be some: a line break and indentation, mostly,
  /// whose spaces go eight at a time.
  private mutating func skipWhitespaceRun() {
    let spaces: UInt64 = 0x2020_2020_2020_2020
    let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    while position < count {
      let byte = base[position]
      if byte == 0x0A || byte == 0x0D || byte == 0x09 {
        position += 1
        continue
      }
      guard byte == 0x20 else { return }
      guard position + 8 <= count else {
        position += 1
        continue
      }
      // The high bit of each byte that is not a space (exact: no carries between bytes).
      let x = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self) ^ spaces
      let others = ((x & low7) &+ low7 | x) & ~low7
      position += others == 0 ? 8 : others.littleEndian.trailingZeroBitCount >> 3
    }
  }

  /// The next byte after whitespace (not consumed), or 0 at the end.
  @inline(__always) mutating func peek() -> UInt8 {
    if position < count {
      let byte = base[position]
      if byte > 0x20 { return byte }
    }
    skipWhitespace()
    return position < count ? base[position] : 0
  }

  @inline(__always) mutating func consume(_ byte: UInt8) throws(Failure) {
    guard peek() == byte else { throw Failure(offset: position) }
    position += 1
  }

  /// After a member or element: consumes `,` and returns `true`, or consumes `close`
  /// and returns `false`.
  @inline(__always) mutating func separator(_ close: UInt8) throws(Failure) -> Bool {
    switch peek() {
    case UInt8(ascii: ","):
      position += 1
      return true
    case close:
      position += 1
      return false
    default: throw Failure(offset: position)
    }
  }

  /// Reads an object of a model: calls `body` once per member with its field; fails on an
  /// unknown or repeated key, and on a missing required one.
  @inline(__always)
  mutating func readObject<Field>(
    _ fields: FieldTable<Field>,
    _ body: (inout JSONReader, Field) throws(Failure) -> Void
  ) throws(Failure) {
    try consume(UInt8(ascii: "{"))
    var seen: UInt64 = 0
    if peek() == UInt8(ascii: "}") {
      position += 1
    } else {
      var hint = 0
      repeat {
        // Members come in written order: try the next field's quoted key as it stands.
        let index: Int
        if peek() == 0x22,
          let length = fields.quotedKeyLength(at: base + position, count - position, field: hint)
        {
          index = hint
          position += length
        } else {
          let key = try rawString()
          guard let found = fields.index(of: base + key.start, count: key.count, hint: hint) else {
            throw Failure(offset: key.start)
          }
          index = found
        }
        guard seen & (1 << index) == 0 else { throw Failure(offset: position) }
        seen |= 1 << index
        hint = index + 1
        try consume(UInt8(ascii: ":"))
        try body(&self, fields.cases[index])
      } while try separator(UInt8(ascii: "}"))
    }
    guard seen & fields.required == fields.required else { throw Failure(offset: position) }
  }

  /// Reads an array, one `element` per value.
  @inline(__always)
  mutating func readArray<T>(
    _ element: (inout JSONReader) throws(Failure) -> T
  ) throws(Failure) -> [T] {
    try consume(UInt8(ascii: "["))
    var result: [T] = []
    if peek() == UInt8(ascii: "]") {
      position += 1
      return result
    }
    // Room for the one or two elements of most arrays in a record, in one allocation.
    result.reserveCapacity(2)
    repeat {
      result.append(try element(&self))
    } while try separator(UInt8(ascii: "]"))
    return result
  }

  /// Reads an object with arbitrary keys, calling `member` with each key's raw bytes and
  /// its string; the value is `member`'s to read.
  @inline(__always)
  mutating func readMembers(
    _ member: (inout JSONReader, _ key: UnsafeBufferPointer<UInt8>, String) throws(Failure) -> Void
  ) throws(Failure) {
    try consume(UInt8(ascii: "{"))
    if peek() == UInt8(ascii: "}") {
      position += 1
      return
    }
    repeat {
      let key = try rawString()
      let raw = UnsafeBufferPointer(start: base + key.start, count: key.count)
      let name = interner.string(raw, readable: count - key.start)
      try consume(UInt8(ascii: ":"))
      try member(&self, raw, name)
    } while try separator(UInt8(ascii: "}"))
  }

  // MARK: Values

  /// The bytes between the quotes of the next string, which must have no escapes and be
  /// valid UTF-8 (checked here, as the string is scanned, so every byte is read once).
  @inline(__always)
  mutating func rawString() throws(Failure) -> (start: Int, count: Int) {
    guard peek() == 0x22 else { throw Failure(offset: position) }
    let start = position + 1
    let end = try stringEnd(from: start)
    position = end + 1
    return (start, end - start)
  }

  /// The offset of the quote that closes the string whose contents start at `start`; the
  /// contents must have no escapes and be valid UTF-8.
  @inline(__always)
  func stringEnd(from start: Int) throws(Failure) -> Int {
    var end = start
    while true {
      end = plainASCIIRun(base, from: end, count: count)
      guard end < count else { throw Failure(offset: end) }
      let byte = base[end]
      if byte == 0x22 { return end }
      // A backslash or a control character: not for this reader.
      guard byte >= 0x80 else { throw Failure(offset: end) }
      // Non-ASCII text tends to run on (kana, hangul, ideographs): check it a character
      // at a time until ASCII comes back.
      repeat {
        guard let length = utf8SequenceLength(base + end, count - end) else {
          throw Failure(offset: end)
        }
        end += length
      } while end < count && base[end] >= 0x80
    }
  }

  /// The offset of the first byte at or after `offset` that is not whitespace.
  @inline(__always)
  func skippingWhitespace(from offset: Int) -> Int {
    var offset = offset
    while offset < count {
      let byte = base[offset]
      guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { break }
      offset += 1
    }
    return offset
  }

  mutating func string() throws(Failure) -> String {
    let raw = try rawString()
    return interner.string(
      UnsafeBufferPointer(start: base + raw.start, count: raw.count),
      readable: count - raw.start
    )
  }

  /// An integer without fraction or exponent, of at most 18 digits.
  mutating func int() throws(Failure) -> Int {
    var byte = peek()
    let start = position
    let negative = byte == UInt8(ascii: "-")
    if negative {
      position += 1
      byte = position < count ? base[position] : 0
    }
    guard byte.isDigit else { throw Failure(offset: start) }
    var value = 0
    let digitsStart = position
    while position < count, base[position].isDigit {
      value = value &* 10 &+ Int(base[position] &- UInt8(ascii: "0"))
      position += 1
    }
    let digits = position - digitsStart
    guard digits <= 18, digits == 1 || byte != UInt8(ascii: "0"), !continuesNumber()
    else { throw Failure(offset: start) }
    return negative ? -value : value
  }

  /// A number of at most 15 significant digits and no exponent: exactly the values whose
  /// decimal-to-binary conversion is one correctly rounded division, as in ``FastJSONDecoder``.
  mutating func double() throws(Failure) -> Double {
    var byte = peek()
    let start = position
    let negative = byte == UInt8(ascii: "-")
    if negative {
      position += 1
      byte = position < count ? base[position] : 0
    }
    guard byte.isDigit else { throw Failure(offset: start) }
    var mantissa: UInt64 = 0
    var digits = 0
    var scale = 0
    let integerStart = position
    while position < count, base[position].isDigit {
      mantissa = mantissa &* 10 &+ UInt64(base[position] &- UInt8(ascii: "0"))
      position += 1
    }
    digits = position - integerStart
    guard digits == 1 || byte != UInt8(ascii: "0") else { throw Failure(offset: start) }
    if position < count, base[position] == UInt8(ascii: ".") {
      position += 1
      let fractionStart = position
      while position < count, base[position].isDigit {
        mantissa = mantissa &* 10 &+ UInt64(base[position] &- UInt8(ascii: "0"))
        position += 1
      }
      scale = position - fractionStart
      guard scale > 0 else { throw Failure(offset: start) }
      digits += scale
    }
    guard digits <= 15, scale < TapeStorage.powersOfTen.count, !continuesNumber() else {
      throw Failure(offset: start)
    }
    let value = Double(mantissa) / TapeStorage.powersOfTen[scale]
    return negative ? -value : value
  }

  /// Whether a number goes on in a form these readers leave to the full decoder.
  @inline(__always) private func continuesNumber() -> Bool {
    guard position < count else { return false }
    let byte = base[position]
    return byte == UInt8(ascii: ".") || byte | 0x20 == UInt8(ascii: "e") || byte.isDigit
  }

  mutating func bool() throws(Failure) -> Bool {
    if literal("true") { return true }
    if literal("false") { return false }
    throw Failure(offset: position)
  }

  /// Consumes `null` if it comes next.
  @inline(__always) mutating func null() -> Bool { literal("null") }

  private mutating func literal(_ word: StaticString) -> Bool {
    let length = word.utf8CodeUnitCount
    guard peek() == word.utf8Start.pointee, position + length <= count,
      memcmp(base + position, word.utf8Start, length) == 0
    else { return false }
    position += length
    return true
  }
}

/// The keys of a model's JSON object, in written order, matched against raw key bytes.
///
/// `Field` is a `String` enum of the keys (like `CodingKeys`); `optional` lists the ones
/// that may be missing.
struct FieldTable<Field: RawRepresentable & CaseIterable>: Sendable
where Field.RawValue == String, Field: Sendable {
  let cases: [Field]
  /// The keys' UTF-8, back to back; key `i` is `bytes[bounds[i]..<bounds[i + 1]]`.
  private let bytes: [UInt8]
  private let bounds: [Int]
  /// A bit per required field.
  let required: UInt64

  init(optional: Set<String> = []) {
    // Objects of more than 64 keys would need a wider mask; no model comes close.
    cases = Array(Field.allCases.prefix(64))
    bytes = cases.flatMap { Array($0.rawValue.utf8) }
    bounds = cases.reduce(into: [0]) { $0.append($0[$0.count - 1] + $1.rawValue.utf8.count) }
    var required: UInt64 = 0
    for (index, field) in cases.enumerated() where !optional.contains(field.rawValue) {
      required |= 1 << index
    }
    self.required = required
  }

  /// If the `available` bytes at `p` start with field `field`'s key in quotes, the length
  /// of that (the key's length plus two); else `nil`. A key can't hold an unescaped quote,
  /// so a match is that exact key.
  @inline(__always)
  func quotedKeyLength(at p: UnsafePointer<UInt8>, _ available: Int, field: Int) -> Int? {
    bytes.withUnsafeBufferPointer { names in
      bounds.withUnsafeBufferPointer { bounds in
        guard field + 1 < bounds.count, let names = names.baseAddress else { return nil }
        let start = bounds[field]
        let length = bounds[field + 1] - start
        guard length + 2 <= available, p[length + 1] == 0x22,
          bytesEqual(names + start, p + 1, length)
        else { return nil }
        return length + 2
      }
    }
  }

  /// The index of the field named by the `count` bytes at `key`, trying `hint` first
  /// (the field after the previous one, so written order costs one comparison).
  @inline(__always)
  func index(of key: UnsafePointer<UInt8>, count: Int, hint: Int) -> Int? {
    bytes.withUnsafeBufferPointer { names in
      bounds.withUnsafeBufferPointer { bounds in
        guard let names = names.baseAddress else { return nil }
        let total = bounds.count - 1
        var index = hint < total ? hint : 0
        for _ in 0..<total {
          let start = bounds[index]
          if bounds[index + 1] - start == count, bytesEqual(names + start, key, count) {
            return index
          }
          index = index + 1 == total ? 0 : index + 1
        }
        return nil
      }
    }
  }
}

/// Makes each distinct string once: later occurrences of the same bytes share it.
///
/// Keyed by the raw bytes in the document, which must outlive the interner.
///
/// Its state is only ever touched by the thread reading, so accesses skip the runtime's
/// exclusivity checks, which would otherwise cost more than the lookups.
final class StringInterner {
  @exclusivity(unchecked) private var slots: UnsafeMutablePointer<Int32>
  @exclusivity(unchecked) private var mask: Int
  @exclusivity(unchecked) private var keys:
    [(bytes: UnsafePointer<UInt8>, count: Int, hash: UInt64)] = []
  @exclusivity(unchecked) private var values: [String] = []

  init(capacity: Int = 1 << 13) {
    mask = capacity - 1
    slots = .allocate(capacity: capacity)
    slots.initialize(repeating: 0, count: capacity)
    keys.reserveCapacity(capacity / 2)
    values.reserveCapacity(capacity / 2)
  }

  deinit { slots.deallocate() }

  /// The string of `raw`, which the reader has checked is valid UTF-8; `readable` bytes
  /// of the document start at `raw`'s (at least `raw.count`).
  func string(_ raw: UnsafeBufferPointer<UInt8>, readable: Int) -> String {
    guard let bytes = raw.baseAddress, raw.count > 0 else { return "" }
    let hash = Self.hash(bytes, raw.count, readable: readable)
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 {
      let entry = Int(slots[slot]) - 1
      let key = keys[entry]
      if key.hash == hash, key.count == raw.count, bytesEqual(key.bytes, bytes, raw.count) {
        return values[entry]
      }
      slot = (slot + 1) & mask
    }
    let value = String(decoding: raw, as: UTF8.self)
    slots[slot] = Int32(truncatingIfNeeded: values.count + 1)
    keys.append((bytes, raw.count, hash))
    values.append(value)
    if values.count * 2 > mask { grow() }
    return value
  }

  private func grow() {
    let capacity = (mask + 1) * 2
    slots.deallocate()
    slots = .allocate(capacity: capacity)
    slots.initialize(repeating: 0, count: capacity)
    mask = capacity - 1
    for (entry, key) in keys.enumerated() {
      var slot = Int(truncatingIfNeeded: key.hash) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(truncatingIfNeeded: entry + 1)
    }
  }

  /// A fast 64-bit hash of `count` bytes, eight at a time; the last few are read with one
  /// load too when the `readable` bytes at `bytes` reach past them.
  @inline(__always)
  static func hash(_ bytes: UnsafePointer<UInt8>, _ count: Int, readable: Int) -> UInt64 {
    var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
    var position = 0
    while position + 8 <= count {
      let word = UnsafeRawPointer(bytes + position).loadUnaligned(as: UInt64.self)
      hash = (hash ^ word) &* 0xBF58_476D_1CE4_E5B9
      hash ^= hash >> 29
      position += 8
    }
    if position < count {
      var word: UInt64 = 0
      if position + 8 <= readable {
        // The same little-endian word as byte by byte: the bytes past the end masked off.
        let loaded = UInt64(
          littleEndian: UnsafeRawPointer(bytes + position).loadUnaligned(as: UInt64.self)
        )
        word = loaded & ((1 << UInt64(8 * (count - position))) &- 1)
      } else {
        var shift: UInt64 = 0
        while position < count {
          word |= UInt64(bytes[position]) << shift
          shift += 8
          position += 1
        }
      }
      hash = (hash ^ word) &* 0x94D0_49BB_1331_11EB
    }
    return hash ^ (hash >> 31)
  }
}

/// Whether the `count` bytes at `a` and `b` are equal, compared eight at a time (faster
/// than a call to `memcmp` for the short keys and names of a document).
@inline(__always)
func bytesEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
  var position = 0
  while position + 8 <= count {
    let left = UnsafeRawPointer(a + position).loadUnaligned(as: UInt64.self)
    let right = UnsafeRawPointer(b + position).loadUnaligned(as: UInt64.self)
    guard left == right else { return false }
    position += 8
  }
  while position < count {
    guard a[position] == b[position] else { return false }
    position += 1
  }
  return true
}

/// Whether two byte buffers hold the same bytes.
@inline(__always)
func bytesEqual(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
  guard a.count == b.count else { return false }
  guard let left = a.baseAddress, let right = b.baseAddress else { return true }
  return bytesEqual(left, right, a.count)
}
