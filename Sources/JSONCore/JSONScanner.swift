// The project's one JSON tokenizer, and the only file in JSONCore that uses unsafe pointers.
//
// Everything that reads JSON goes through `JSONScanner`: the tape under the `Codable`
// decoder (`JSONTape`), the dex's schema-driven reader in PokedexKit, and (through the tape)
// the layout spec reader. A scanner exists only inside `JSONScanner.scan(_:_:)`, which holds
// the document's array and lends the scanner a buffer pointer into it for the length of the
// closure: that closure is the only door, and no pointer appears in the scanner's API.
//
// Invariants (checked by `assert` in debug and test builds):
// - `buffer` is `bytes`' storage, valid while `scan`'s closure runs; a scanner is never kept
//   after it returns (it is not `Sendable`, and nothing stores one);
// - `0 <= position <= count` between calls;
// - every read is of an index in `0..<count`;
// - a `StringToken`'s range lies inside the document, between the quotes of one string;
// - `isValidUTF8` is true only if the token's bytes are well-formed UTF-8 (no overlong forms,
//   surrogates or scalars past U+10FFFF).

/// A problem the scanner found: what is wrong, at a byte offset of the document.
package struct JSONScanError: Error, Equatable, Sendable {
  /// What is wrong, lower-case, without a trailing period.
  package var message: String
  /// The byte offset of the problem.
  package var offset: Int

  @inlinable
  package init(_ message: String, at offset: Int) {
    self.message = message
    self.offset = offset
  }
}

/// A string token: the bytes between its quotes, and what the scan learnt about them.
package struct JSONStringToken: Equatable, Sendable {
  /// The offsets of the contents, without the quotes.
  package var range: Range<Int>
  /// Whether the contents have backslash escapes (to be decoded before use).
  package var hasEscapes: Bool
  /// Whether the raw contents are well-formed UTF-8.
  package var isValidUTF8: Bool

  @inlinable
  package init(range: Range<Int>, hasEscapes: Bool, isValidUTF8: Bool) {
    self.range = range
    self.hasEscapes = hasEscapes
    self.isValidUTF8 = isValidUTF8
  }
}

/// A number token: its text, and whether it has a fraction or exponent.
package struct JSONNumberToken: Equatable, Sendable {
  /// The offsets of the number's text.
  package var range: Range<Int>
  /// Whether the text is only an optional minus sign and digits.
  package var isInteger: Bool

  @inlinable
  package init(range: Range<Int>, isInteger: Bool) {
    self.range = range
    self.isInteger = isInteger
  }
}

/// Reads JSON tokens from a byte array, one at a time, in order.
///
/// The scanner checks the grammar of each token (strings, numbers, literals) and leaves the
/// structure (which token may follow which) to its callers: ``JSONTape`` for any document, and
/// schema-driven readers that know what to expect.
///
/// ```swift
/// var scanner = JSONScanner([UInt8](#"{"id": 25}"#.utf8))
/// try scanner.expect(UInt8(ascii: "{"))
/// let key = try scanner.string()        // "id"
/// try scanner.expect(UInt8(ascii: ":"))
/// let number = try scanner.number()     // 25
/// ```
///
/// - Complexity: Each byte is looked at once per token read.
package struct JSONScanner {
  /// The document.
  package let bytes: [UInt8]
  /// `bytes`' storage, lent by ``scan(_:from:_:)`` for the length of its closure.
  @usableFromInline let buffer: UnsafeBufferPointer<UInt8>
  /// The offset of the next byte to read.
  package var position: Int

  @usableFromInline
  init(_ bytes: [UInt8], buffer: UnsafeBufferPointer<UInt8>, position: Int) {
    self.bytes = bytes
    self.buffer = buffer
    self.position = position
  }

  /// Calls `body` with a scanner of `bytes` at `position`; the scanner is valid only until
  /// `body` returns.
  @inlinable
  package static func scan<Result, Failure: Error>(
    _ bytes: [UInt8],
    from position: Int = 0,
    _ body: (inout JSONScanner) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let result: Swift.Result<Result, Failure> = bytes.withUnsafeBufferPointer { buffer in
      var scanner = JSONScanner(bytes, buffer: buffer, position: position)
      do throws(Failure) {
        return .success(try body(&scanner))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// The number of bytes in the document.
  @inlinable package var count: Int { buffer.count }

  @inlinable
  func checkInvariants() {
    assert(position >= 0 && position <= buffer.count, "scanner position out of the document")
    assert(buffer.count == bytes.count, "the buffer is the document's storage")
  }

  // MARK: Structure

  /// Skips a UTF-8 byte order mark at the start of the document.
  package mutating func skipByteOrderMark() {
    if position == 0, count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF {
      position = 3
    }
  }

  /// Skips spaces, tabs, carriage returns and line feeds.
  @inlinable @inline(__always)
  package mutating func skipWhitespace() {
    // Every byte above the space is something else (the common case, one comparison).
    guard position < count, buffer[position] <= 0x20 else { return }
    position = whitespaceEnd(from: position)
    checkInvariants()
  }

  /// The next byte after whitespace (not consumed), or 0 at the end of the document.
  @inlinable @inline(__always)
  package mutating func peek() -> UInt8 {
    skipWhitespace()
    return position < count ? buffer[position] : 0
  }

  /// Whether only whitespace is left.
  @inlinable
  package mutating func isAtEnd() -> Bool {
    skipWhitespace()
    return position == count
  }

  /// Consumes `byte` (after whitespace) if it comes next.
  @inlinable @inline(__always)
  package mutating func consume(_ byte: UInt8) -> Bool {
    guard peek() == byte else { return false }
    position += 1
    return true
  }

  /// Consumes `byte` (after whitespace), or throws `message`.
  @inline(__always)
  package mutating func expect(_ byte: UInt8, _ message: @autoclosure () -> String = "")
    throws(JSONScanError)
  {
    guard consume(byte) else {
      let text = message()
      throw JSONScanError(
        text.isEmpty ? "expected '\(Character(Unicode.Scalar(byte)))'" : text,
        at: position
      )
    }
  }

  /// Skips the value that starts at the next byte (after whitespace), checking its grammar
  /// as a parser would, without making anything of it: for reading only some records of a
  /// long array.
  ///
  /// `visit` is called with each string of the value, names included, in order (its range
  /// is the contents with escapes left in place).
  ///
  /// ```swift
  /// try JSONScanner.scan([UInt8](#"{"moves": ["a", 1]}, 2"#.utf8)) { scanner in
  ///   try scanner.skipValue()   // scanner.position is 19, at the comma
  /// }
  /// ```
  ///
  /// - Complexity: O(n) in the value's length; containers are followed without recursion.
  /// - Throws: at the first byte that is not JSON, and at a container nested deeper than
  ///   `maximumDepth`.
  package mutating func skipValue(
    maximumDepth: Int = JSONScanner.maximumDepth,
    visitingStrings visit: (JSONStringToken) -> Void = { _ in }
  ) throws(JSONScanError) {
    // The closing bracket of each container the value is inside of, innermost last.
    var closers: [UInt8] = []
    value: while true {
      switch peek() {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        let close = buffer[position] == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
        position += 1
        if !consume(close) {
          guard closers.count < maximumDepth else {
            throw JSONScanError("containers are nested too deeply", at: position)
          }
          closers.append(close)
          if close == UInt8(ascii: "}") { visit(try skipMemberName()) }
          continue value
        }
      case 0x22: visit(try string())
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try number()
      default:
        guard literal() != nil else { throw JSONScanError("expected a value", at: position) }
      }
      // After a value: the next element or member of its container, or the container's end.
      while let close = closers.last {
        if consume(UInt8(ascii: ",")) {
          if close == UInt8(ascii: "}") { visit(try skipMemberName()) }
          continue value
        }
        try expect(close)
        closers.removeLast()
      }
      return
    }
  }

  /// Skips a member's name and its colon, and returns the name.
  private mutating func skipMemberName() throws(JSONScanError) -> JSONStringToken {
    let name = try string()
    try expect(UInt8(ascii: ":"))
    return name
  }

  // MARK: Tokens

  /// Scans the string that starts at the next byte (a quote, after whitespace).
  ///
  /// Escapes are checked for form (`\n`, `\u00e9`, ...) but left in place; the UTF-8 of the
  /// contents is checked as it is scanned.
  ///
  /// - Throws: an unterminated string, a bad escape or a raw control character.
  @inlinable
  package mutating func string() throws(JSONScanError) -> JSONStringToken {
    guard peek() == 0x22 else { throw JSONScanError("expected a string in quotes", at: position) }
    let quote = position
    let start = position + 1
    var end = start
    var hasEscapes = false
    var isValid = true
    while true {
      end = plainASCIIRun(from: end)
      guard end < count else { throw JSONScanError("unterminated string", at: quote) }
      let byte = buffer[end]
      if byte == 0x22 { break }
      if byte >= 0x80 {
        // Non-ASCII text tends to run on (kana, hangul, ideographs): a character at a time.
        if let length = utf8SequenceLength(at: end) {
          end += length
        } else {
          isValid = false
          end += 1
        }
        continue
      }
      if byte == 0x5C {
        hasEscapes = true
        end = try escapeEnd(backslash: end, quote: quote)
        continue
      }
      throw JSONScanError("control character in a string; escape it (e.g. '\\n')", at: end)
    }
    position = end + 1
    checkInvariants()
    return JSONStringToken(range: start..<end, hasEscapes: hasEscapes, isValidUTF8: isValid)
  }

  /// The offset after the escape sequence whose backslash is at `backslash`.
  @inlinable
  func escapeEnd(backslash: Int, quote: Int) throws(JSONScanError) -> Int {
    let next = backslash + 1
    guard next < count else { throw JSONScanError("unterminated string", at: quote) }
    switch buffer[next] {
    case 0x22, 0x5C, 0x2F, UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"),
      UInt8(ascii: "r"), UInt8(ascii: "t"):
      return next + 1
    case UInt8(ascii: "u"):
      for offset in 1...4 where !(next + offset < count && buffer[next + offset].isHexDigit) {
        throw JSONScanError("expected four hexadecimal digits after '\\u'", at: next)
      }
      return next + 5
    default:
      throw JSONScanError("invalid escape sequence in a string", at: next)
    }
  }

  /// Reads an object whose values are all strings and whose keys come in strictly
  /// increasing byte order, none with escapes, appending each key and value's UTF-8 to
  /// `utf8` and where each ends to `ends` (key, value, key, value, ...).
  ///
  /// This is the shape of every names table in the dex, read in one tight loop.
  ///
  /// - Returns: `false`, with the position somewhere inside the object, when the object is
  ///   not of that shape (or not valid JSON); the caller gives up on the fast path.
  @inlinable
  package mutating func sortedPlainStringObject(
    into utf8: inout [UInt8],
    ends: inout [Int32]
  ) -> Bool {
    guard consume(UInt8(ascii: "{")) else { return false }
    if consume(UInt8(ascii: "}")) { return true }
    var previousKey = 0..<0
    var isFirst = true
    while true {
      guard let key = plainString() else { return false }
      if !isFirst, !bytes(previousKey, precede: key) { return false }
      isFirst = false
      previousKey = key
      append(key, to: &utf8)
      ends.append(Int32(truncatingIfNeeded: utf8.count))
      guard consume(UInt8(ascii: ":")), let value = plainString() else { return false }
      append(value, to: &utf8)
      ends.append(Int32(truncatingIfNeeded: utf8.count))
      if consume(UInt8(ascii: ",")) { continue }
      return consume(UInt8(ascii: "}"))
    }
  }

  /// The contents of the string at the next byte (after whitespace) if it has no escapes
  /// and is valid UTF-8; else `nil`.
  @inlinable
  package mutating func plainString() -> Range<Int>? {
    guard peek() == 0x22 else { return nil }
    let start = position + 1
    var end = start
    while true {
      end = plainASCIIRun(from: end)
      guard end < count else { return nil }
      let byte = buffer[end]
      if byte == 0x22 { break }
      guard byte >= 0x80, let length = utf8SequenceLength(at: end) else { return nil }
      end += length
    }
    position = end + 1
    return start..<end
  }

  /// Scans the number that starts at the next byte (after whitespace), in JSON's grammar.
  @inlinable
  package mutating func number() throws(JSONScanError) -> JSONNumberToken {
    skipWhitespace()
    let start = position
    var p = position
    if p < count, buffer[p] == UInt8(ascii: "-") { p += 1 }
    guard p < count, buffer[p].isDigit else { throw JSONScanError("expected a digit", at: p) }
    if buffer[p] == UInt8(ascii: "0") {
      p += 1
      if p < count, buffer[p].isDigit {
        throw JSONScanError("leading zeros are not allowed in numbers", at: start)
      }
    } else {
      p = digitsEnd(from: p)
    }
    var isInteger = true
    if p < count, buffer[p] == UInt8(ascii: ".") {
      isInteger = false
      p += 1
      guard p < count, buffer[p].isDigit else {
        throw JSONScanError("expected a digit after the decimal point", at: p)
      }
      p = digitsEnd(from: p)
    }
    if p < count, buffer[p] | 0x20 == UInt8(ascii: "e") {
      isInteger = false
      p += 1
      if p < count, buffer[p] == UInt8(ascii: "+") || buffer[p] == UInt8(ascii: "-") { p += 1 }
      guard p < count, buffer[p].isDigit else {
        throw JSONScanError("expected a digit in the exponent", at: p)
      }
      p = digitsEnd(from: p)
    }
    position = p
    checkInvariants()
    return JSONNumberToken(range: start..<p, isInteger: isInteger)
  }

  @inlinable
  func digitsEnd(from start: Int) -> Int {
    var p = start
    while p < count, buffer[p].isDigit { p += 1 }
    return p
  }

  /// Consumes `true`, `false` or `null` if one comes next, and says which.
  @inlinable
  package mutating func literal() -> JSONLiteral? {
    switch peek() {
    case UInt8(ascii: "t"): return consumeWord("true") ? .true : nil
    case UInt8(ascii: "f"): return consumeWord("false") ? .false : nil
    case UInt8(ascii: "n"): return consumeWord("null") ? .null : nil
    default: return nil
    }
  }

  /// Consumes `null` if it comes next.
  @inlinable @inline(__always)
  package mutating func null() -> Bool {
    peek() == UInt8(ascii: "n") && consumeWord("null")
  }

  @inlinable
  mutating func consumeWord(_ word: StaticString) -> Bool {
    let length = word.utf8CodeUnitCount
    guard position + length <= count else { return false }
    for offset in 0..<length where buffer[position + offset] != word.utf8Start[offset] {
      return false
    }
    position += length
    return true
  }

  /// The deepest nesting of arrays and objects any reader accepts.
  package static let maximumDepth = 512

  // MARK: Reading tokens

  /// The contents of a string token without escapes, as a `String`.
  @inlinable
  package func text(_ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
  }

  /// Appends the bytes at `range` to `array`.
  @inlinable
  package func append(_ range: Range<Int>, to array: inout [UInt8]) {
    array.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[range]))
  }

  /// The integer that the number token at `range` spells, or `nil` if it has a fraction or
  /// an exponent or does not fit in an `Int`.
  @inlinable
  package func integer(_ range: Range<Int>) -> Int? {
    JSONNumbers.integer(UnsafeBufferPointer(rebasing: buffer[range]), as: Int.self)
  }

  /// The number token at `range` as a `Double` if it has at most 15 significant digits and
  /// no exponent (exactly the values whose conversion is one correctly rounded division),
  /// else `nil`.
  @inlinable
  package func simpleDouble(_ range: Range<Int>) -> Double? {
    var p = range.lowerBound
    let negative = p < range.upperBound && buffer[p] == UInt8(ascii: "-")
    if negative { p += 1 }
    var mantissa: UInt64 = 0
    var digits = 0
    var scale = -1
    while p < range.upperBound {
      let byte = buffer[p]
      if byte.isDigit {
        mantissa = mantissa &* 10 &+ UInt64(byte &- UInt8(ascii: "0"))
        digits += 1
        if scale >= 0 { scale += 1 }
      } else if byte == UInt8(ascii: "."), scale < 0 {
        scale = 0
      } else {
        return nil
      }
      p += 1
    }
    let exponent = max(scale, 0)
    guard digits > 0, digits <= 15, exponent < JSONNumbers.powersOfTen.count else { return nil }
    let value = Double(mantissa) / JSONNumbers.powersOfTen[exponent]
    return negative ? -value : value
  }

  /// Whether the bytes in `range` are exactly `other`'s.
  @inlinable
  package func bytes(_ range: Range<Int>, equal other: Range<Int>) -> Bool {
    buffer[range].elementsEqual(buffer[other])
  }

  /// Whether the bytes in `range` are exactly `other`.
  @inlinable
  package func bytes(_ range: Range<Int>, equal other: some Collection<UInt8>) -> Bool {
    range.count == other.count && bytes[range].elementsEqual(other)
  }

  /// Whether the bytes in `a` sort strictly before those in `b` (byte by byte).
  @inlinable
  package func bytes(_ a: Range<Int>, precede b: Range<Int>) -> Bool {
    for offset in 0..<min(a.count, b.count) {
      let left = buffer[a.lowerBound + offset]
      let right = buffer[b.lowerBound + offset]
      if left != right { return left < right }
    }
    return a.count < b.count
  }

  /// If the document at `offset` holds key `index` of `keys` in quotes, the offset just past
  /// the closing quote; else `nil`.
  @inlinable
  package func quotedKey(_ index: Int, of keys: JSONKeyTable, at offset: Int) -> Int? {
    let key = keys[index]
    let end = offset + key.count + 2
    guard end <= count, buffer[offset] == 0x22, buffer[end - 1] == 0x22 else { return nil }
    for (index, byte) in key.enumerated() where buffer[offset + 1 + index] != byte {
      return nil
    }
    return end
  }

  /// A 64-bit hash of the bytes in `range`, for interning strings.
  @inlinable
  package func hash(_ range: Range<Int>) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in buffer[range] { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
    return hash
  }

  // MARK: Locations

  /// The 1-based line and column (in Unicode scalars) of the byte at `offset`.
  package func location(ofByte offset: Int) -> (line: Int, column: Int) {
    let offset = min(max(offset, 0), count)
    var line = 1
    var lineStart = 0
    for index in 0..<offset where bytes[index] == 0x0A {
      line += 1
      lineStart = index + 1
    }
    return (
      line, String(decoding: bytes[lineStart..<offset], as: UTF8.self).unicodeScalars.count + 1
    )
  }

  // MARK: Runs of bytes

  /// The offset of the first byte at or after `start` that is not JSON whitespace.
  @inlinable
  func whitespaceEnd(from start: Int) -> Int {
    var p = start
    while p < count,
      buffer[p] == 0x20 || buffer[p] == 0x0A || buffer[p] == 0x0D || buffer[p] == 0x09
    {
      p += 1
    }
    return p
  }

  /// The offset of the first quote, backslash, control character or non-ASCII byte at or
  /// after `start` (or the end of the document).
  @inlinable
  func plainASCIIRun(from start: Int) -> Int {
    var p = start
    while p < count {
      let byte = buffer[p]
      if byte == 0x22 || byte == 0x5C || byte < 0x20 || byte >= 0x80 { return p }
      p += 1
    }
    return count
  }

  /// The length of the valid UTF-8 sequence at `offset`, or `nil`.
  @inlinable
  func utf8SequenceLength(at offset: Int) -> Int? {
    UTF8Validation.sequenceLength(buffer, at: offset)
  }
}

/// `true`, `false` or `null`.
@frozen package enum JSONLiteral: Sendable {
  case `true`, `false`, null
}

/// Checks of UTF-8, shared by the scanner and by decoders of escaped strings.
package enum UTF8Validation {
  /// Whether `bytes` are well-formed UTF-8 (no overlong forms, surrogates or values past
  /// U+10FFFF).
  package static func isValid(_ bytes: some Collection<UInt8>) -> Bool {
    if let result = bytes.withContiguousStorageIfAvailable({ isValid(buffer: $0) }) {
      return result
    }
    return isValid(buffer: Array(bytes))
  }

  private static func isValid(buffer bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { isValid(buffer: $0) }
  }

  private static func isValid(buffer: UnsafeBufferPointer<UInt8>) -> Bool {
    var p = 0
    while p < buffer.count {
      if buffer[p] < 0x80 {
        p += 1
        continue
      }
      guard let length = sequenceLength(buffer, at: p) else { return false }
      p += length
    }
    return true
  }

  /// The length of the valid UTF-8 sequence at `offset` of `buffer`, or `nil`.
  @inlinable
  static func sequenceLength(_ buffer: UnsafeBufferPointer<UInt8>, at offset: Int)
    -> Int?
  {
    guard offset >= 0, offset < buffer.count else { return nil }
    let length: Int
    var lowest: UInt8 = 0x80
    var highest: UInt8 = 0xBF
    switch buffer[offset] {
    case 0xC2...0xDF: length = 2
    case 0xE0: length = 3; lowest = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED: length = 3; highest = 0x9F
    case 0xF0: length = 4; lowest = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4: length = 4; highest = 0x8F
    default: return nil
    }
    guard offset + length <= buffer.count, (lowest...highest).contains(buffer[offset + 1]) else {
      return nil
    }
    for index in 2..<length where !(0x80...0xBF).contains(buffer[offset + index]) { return nil }
    return length
  }
}

extension UInt8 {
  /// Whether the byte is an ASCII digit.
  @inlinable package var isDigit: Bool {
    self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9")
  }
  /// Whether the byte is an ASCII hexadecimal digit.
  @inlinable package var isHexDigit: Bool {
    isDigit || (self | 0x20 >= UInt8(ascii: "a") && self | 0x20 <= UInt8(ascii: "f"))
  }
}
