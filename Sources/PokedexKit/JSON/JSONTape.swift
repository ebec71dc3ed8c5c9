/// A JSON document parsed into a flat, pre-order buffer of nodes (a "tape").
///
/// Parsing touches every byte once; values are converted (strings, numbers)
/// only when a decoder asks for them. Each node knows its parent, so a coding
/// path is rebuilt only when an error needs one. Strings are checked for
/// valid UTF-8 when they are converted.
///
/// - Complexity: O(n) in the size of the input.
final class JSONTape: @unchecked Sendable {
  enum Kind: UInt8 {
    case object, array, string, number, `true`, `false`, null
  }

  struct Node {
    var kind: Kind
    /// For strings: whether the raw bytes contain escapes.
    var hasEscapes: Bool
    /// Byte offset of the value's first byte (for strings, after the opening quote).
    var start: UInt32
    /// For scalars, the byte offset just past the value (for strings, of the closing quote);
    /// for containers, the index of the first node after the container's subtree.
    var end: UInt32
    /// The number of children: elements of an array, keys plus values of an object.
    var count: UInt32
    /// The index of the enclosing container, or `UInt32.max` for the root.
    var parent: UInt32
  }

  /// The document's bytes, owned by the tape, followed by a zero sentinel.
  let bytes: UnsafeMutableBufferPointer<UInt8>
  /// The nodes, in document order.
  let nodes: UnsafeMutablePointer<Node>
  let nodeCount: Int

  static let maximumDepth = 512

  /// Parses `input` as one JSON value followed only by whitespace.
  convenience init(bytes input: [UInt8]) throws(JSONError) {
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: input.count + 1)
    _ = buffer.initialize(from: input)
    try self.init(adopting: buffer, count: input.count)
  }

  /// Parses the first `count` bytes of `buffer`, taking ownership of it (it is deallocated
  /// with the tape, or on error). `buffer` must have room for one more byte, a sentinel.
  init(adopting buffer: UnsafeMutableBufferPointer<UInt8>, count: Int) throws(JSONError) {
    guard let base = buffer.baseAddress, buffer.count > count else {
      buffer.deallocate()
      throw JSONError(
        .syntax,
        "internal error: the buffer has no room for the sentinel",
        at: (1, 1)
      )
    }
    base[count] = 0
    let bytes = UnsafeMutableBufferPointer(rebasing: buffer[0...count])
    var parser = Parser(bytes: UnsafePointer(base), count: count)
    defer { parser.stack.deallocate() }
    do throws(JSONError) {
      guard count < Int(UInt32.max) else {
        throw JSONError(.syntax, "the document is larger than 4 GiB", at: (0, 0))
      }
      try parser.parse()
    } catch {
      parser.nodes.deallocate()
      let location = Self.location(ofByte: error.line, in: UnsafeBufferPointer(bytes))
      buffer.deallocate()
      throw JSONError(.syntax, error.message, at: location)
    }
    self.bytes = bytes
    nodes = parser.nodes
    nodeCount = parser.nodeCount
  }

  deinit {
    bytes.deallocate()
    nodes.deallocate()
  }

  /// The number of bytes of the document (without the sentinel).
  var byteCount: Int { bytes.count - 1 }

  /// A single-pass parser writing nodes into a growing buffer. Errors carry the byte
  /// offset in `line` until ``JSONTape/init(bytes:)`` turns it into a line and column.
  private struct Parser {
    let p: UnsafePointer<UInt8>
    let count: Int
    var position = 0
    var nodes: UnsafeMutablePointer<Node>
    var nodeCount = 0
    var capacity: Int
    /// The open containers, innermost last: a fixed buffer of `maximumDepth` entries.
    let stack = UnsafeMutablePointer<Int>.allocate(capacity: JSONTape.maximumDepth)
    var depth = 0

    init(bytes: UnsafePointer<UInt8>, count: Int) {
      p = bytes
      self.count = count
      capacity = max(16, count / 8)
      nodes = .allocate(capacity: capacity)
    }

    @inline(__always)
    mutating func append(_ node: Node) {
      if nodeCount == capacity {
        let grown = UnsafeMutablePointer<Node>.allocate(capacity: capacity * 2)
        grown.moveInitialize(from: nodes, count: nodeCount)
        nodes.deallocate()
        nodes = grown
        capacity *= 2
      }
      (nodes + nodeCount).initialize(to: node)
      nodeCount += 1
    }

    func error(_ message: String, at offset: Int) -> JSONError {
      JSONError(.syntax, message, at: (offset, 0))
    }

    @inline(__always)
    mutating func skipWhitespace() {
      while position < count {
        let byte = p[position]
        guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
        position += 1
      }
    }

    mutating func parse() throws(JSONError) {
      // Skip a UTF-8 byte order mark.
      if count >= 3, p[0] == 0xEF, p[1] == 0xBB, p[2] == 0xBF { position = 3 }
      skipWhitespace()
      try parseValue()
      while depth > 0 {
        let open = stack[depth - 1]
        skipWhitespace()
        let isObject = nodes[open].kind == .object
        guard position < count else {
          throw error(
            isObject
              ? "expected ',' or '}' before the end of input"
              : "expected ',' or ']' before the end of input",
            at: position
          )
        }
        let byte = p[position]
        if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
          position += 1
          nodes[open].end = UInt32(nodeCount)
          depth -= 1
          continue
        }
        if nodes[open].count > 0 {
          guard byte == UInt8(ascii: ",") else {
            throw error(
              isObject
                ? "expected ',' or '}' after an object member"
                : "expected ',' or ']' after an array element",
              at: position
            )
          }
          position += 1
          skipWhitespace()
        }
        if isObject {
          guard position < count, p[position] == 0x22 else {
            throw error("expected a string key in quotes", at: position)
          }
          try parseString(parent: open)
          nodes[open].count += 1
          skipWhitespace()
          guard position < count, p[position] == UInt8(ascii: ":") else {
            throw error("expected ':' after an object key", at: position)
          }
          position += 1
          skipWhitespace()
        }
        nodes[open].count += 1
        try parseValue()
      }
      skipWhitespace()
      guard position == count else {
        throw error("unexpected text after the JSON value", at: position)
      }
    }

    mutating func parseValue() throws(JSONError) {
      guard position < count else {
        throw error("expected a value before the end of input", at: position)
      }
      let parent = depth > 0 ? UInt32(truncatingIfNeeded: stack[depth - 1]) : UInt32.max
      let byte = p[position]
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        guard depth < JSONTape.maximumDepth else {
          throw error("nesting is deeper than \(JSONTape.maximumDepth) levels", at: position)
        }
        stack[depth] = nodeCount
        depth += 1
        append(
          Node(
            kind: byte == UInt8(ascii: "{") ? .object : .array,
            hasEscapes: false,
            start: UInt32(position),
            end: 0,
            count: 0,
            parent: parent
          )
        )
        position += 1
      case 0x22: try parseString(parent: Int(parent))
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try parseNumber(parent: parent)
      case UInt8(ascii: "t"): try parseLiteral("true", .true, parent: parent)
      case UInt8(ascii: "f"): try parseLiteral("false", .false, parent: parent)
      case UInt8(ascii: "n"): try parseLiteral("null", .null, parent: parent)
      default:
        throw error(
          "expected a value (object, array, string, number, true, false or null)",
          at: position
        )
      }
    }

    mutating func parseString(parent: Int) throws(JSONError) {
      let quote = position
      position += 1
      let start = position
      var hasEscapes = false
      while true {
        position = plainStringRun(p, from: position, count: count)
        guard position < count else { throw error("unterminated string", at: quote) }
        let byte = p[position]
        if byte == 0x22 { break }
        if byte == 0x5C {
          hasEscapes = true
          position += 1
          guard position < count else { throw error("unterminated string", at: quote) }
          switch p[position] {
          case 0x22, 0x5C, 0x2F, UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"),
            UInt8(ascii: "r"), UInt8(ascii: "t"):
            break
          case UInt8(ascii: "u"):
            for offset in 1...4
            where !(position + offset < count && p[position + offset].isHexDigit) {
              throw error("expected four hexadecimal digits after '\\u'", at: position)
            }
            position += 4
          default:
            throw error("invalid escape sequence in a string", at: position)
          }
        } else if byte < 0x20 {
          throw error("control character in a string; escape it (e.g. '\\n')", at: position)
        }
        position += 1
      }
      append(
        Node(
          kind: .string,
          hasEscapes: hasEscapes,
          start: UInt32(start),
          end: UInt32(position),
          count: 0,
          parent: UInt32(truncatingIfNeeded: parent)
        )
      )
      position += 1
    }

    mutating func parseNumber(parent: UInt32) throws(JSONError) {
      let start = position
      if p[position] == UInt8(ascii: "-") { position += 1 }
      guard position < count, p[position].isDigit else {
        throw error("expected a digit", at: position)
      }
      if p[position] == UInt8(ascii: "0") {
        position += 1
        if position < count, p[position].isDigit {
          throw error("leading zeros are not allowed in numbers", at: start)
        }
      } else {
        while position < count, p[position].isDigit { position += 1 }
      }
      if position < count, p[position] == UInt8(ascii: ".") {
        position += 1
        guard position < count, p[position].isDigit else {
          throw error("expected a digit after the decimal point", at: position)
        }
        while position < count, p[position].isDigit { position += 1 }
      }
      if position < count, p[position] | 0x20 == UInt8(ascii: "e") {
        position += 1
        if position < count, p[position] == UInt8(ascii: "+") || p[position] == UInt8(ascii: "-") {
          position += 1
        }
        guard position < count, p[position].isDigit else {
          throw error("expected a digit in the exponent", at: position)
        }
        while position < count, p[position].isDigit { position += 1 }
      }
      append(
        Node(
          kind: .number,
          hasEscapes: false,
          start: UInt32(start),
          end: UInt32(position),
          count: 0,
          parent: parent
        )
      )
    }

    mutating func parseLiteral(_ word: StaticString, _ kind: Kind, parent: UInt32) throws(JSONError)
    {
      let start = position
      let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
      for byte in expected {
        guard position < count, p[position] == byte else {
          throw error(
            "expected a value (object, array, string, number, true, false or null)",
            at: start
          )
        }
        position += 1
      }
      append(
        Node(
          kind: kind,
          hasEscapes: false,
          start: UInt32(start),
          end: UInt32(position),
          count: 0,
          parent: parent
        )
      )
    }
  }

  // MARK: Locations

  /// A short rendering of the value at `index` for error messages: `"x"`, `12`, `an object`.
  func excerpt(_ index: Int) -> String {
    let node = nodes[index]
    switch node.kind {
    case .object: return "an object"
    case .array: return "an array"
    case .null: return "null"
    case .true: return "true"
    case .false: return "false"
    case .string, .number:
      let lower = Int(node.start) - (node.kind == .string ? 1 : 0)
      let upper = min(Int(node.end) + (node.kind == .string ? 1 : 0), byteCount)
      let text = String(
        decoding: UnsafeBufferPointer(rebasing: bytes[lower..<upper]),
        as: UTF8.self
      )
      return text.count > 40 ? String(text.prefix(37)) + "..." : text
    }
  }

  /// The 1-based line and column (in Unicode scalars) of a byte offset.
  func location(ofByte offset: Int) -> (line: Int, column: Int) {
    Self.location(ofByte: offset, in: UnsafeBufferPointer(rebasing: bytes[0..<byteCount]))
  }

  static func location(ofByte offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (
    line: Int, column: Int
  ) {
    let offset = min(max(offset, 0), bytes.count)
    var line = 1
    var lineStart = 0
    for index in 0..<offset where bytes[index] == 0x0A {
      line += 1
      lineStart = index + 1
    }
    let prefix = UnsafeBufferPointer(rebasing: bytes[lineStart..<offset])
    return (line, String(decoding: prefix, as: UTF8.self).unicodeScalars.count + 1)
  }

  /// The location of a node's first byte (for strings, of the opening quote).
  func location(ofNode index: Int) -> (line: Int, column: Int) {
    let node = nodes[index]
    return location(ofByte: Int(node.start) - (node.kind == .string ? 1 : 0))
  }
}

extension UInt8 {
  var isDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
  var isHexDigit: Bool {
    isDigit || (self | 0x20 >= UInt8(ascii: "a") && self | 0x20 <= UInt8(ascii: "f"))
  }
}

/// The offset of the first quote, backslash or control character at or after `position`
/// (or `count`): the end of a run of bytes a string holds as they are. Eight bytes at a time.
@inline(__always)
func plainStringRun(_ p: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int {
  var position = start
  let low: UInt64 = 0x0101_0101_0101_0101
  while position + 8 <= count {
    let word = UnsafeRawPointer(p + position).loadUnaligned(as: UInt64.self)
    let quotes = word ^ (0x22 &* low)
    let slashes = word ^ (0x5C &* low)
    let special =
      (((quotes &- low) & ~quotes) | ((slashes &- low) & ~slashes) | ((word &- 0x20 &* low) & ~word))
      & 0x8080_8080_8080_8080
    if special != 0 {
      // The lowest flagged byte is exact (borrows only flag bytes above a real match).
      return position + special.littleEndian.trailingZeroBitCount >> 3
    }
    position += 8
  }
  while position < count {
    let byte = p[position]
    if byte == 0x22 || byte == 0x5C || byte < 0x20 { return position }
    position += 1
  }
  return count
}

/// Like ``plainStringRun(_:from:count:)``, but also stops at the first byte that is not
/// ASCII (for a reader that checks UTF-8 as it scans).
@inline(__always)
func plainASCIIRun(_ p: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int {
  var position = start
  let low: UInt64 = 0x0101_0101_0101_0101
  while position + 8 <= count {
    let word = UnsafeRawPointer(p + position).loadUnaligned(as: UInt64.self)
    let quotes = word ^ (0x22 &* low)
    let slashes = word ^ (0x5C &* low)
    let special =
      (((quotes &- low) & ~quotes) | ((slashes &- low) & ~slashes) | ((word &- 0x20 &* low) & ~word)
        | word) & 0x8080_8080_8080_8080
    if special != 0 {
      // The lowest flagged byte is exact (borrows only flag bytes above a real match).
      return position + special.littleEndian.trailingZeroBitCount >> 3
    }
    position += 8
  }
  while position < count {
    let byte = p[position]
    if byte == 0x22 || byte == 0x5C || byte < 0x20 || byte >= 0x80 { return position }
    position += 1
  }
  return count
}

/// Whether every byte is ASCII, checked eight bytes at a time.
@inline(__always)
func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
  guard let base = bytes.baseAddress else { return true }
  var position = 0
  while position + 8 <= bytes.count {
    let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
    if word & 0x8080_8080_8080_8080 != 0 { return false }
    position += 8
  }
  while position < bytes.count {
    if base[position] >= 0x80 { return false }
    position += 1
  }
  return true
}

/// Whether `bytes` are valid UTF-8 (no overlong forms, surrogates or values past U+10FFFF).
///
/// ASCII goes eight bytes at a time; see ``utf8SequenceLength(_:_:)`` for the rest.
func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
  guard let base = bytes.baseAddress else { return true }
  let count = bytes.count
  var position = 0
  while position < count {
    if position + 8 <= count {
      let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
      if word & 0x8080_8080_8080_8080 == 0 {
        position += 8
        continue
      }
    }
    let lead = base[position]
    if lead < 0x80 {
      position += 1
      continue
    }
    guard let length = utf8SequenceLength(base + position, count - position) else { return false }
    position += length
  }
  return true
}

/// The length of the valid UTF-8 sequence at `p` (of `available` bytes), or `nil`.
///
/// Two- and three-byte sequences whose lead byte has no further restriction (all of
/// Latin, Greek, Cyrillic, kana, hangul and CJK ideographs) are checked with one
/// four-byte load and a mask; the rest go byte by byte.
@inline(__always)
func utf8SequenceLength(_ p: UnsafePointer<UInt8>, _ available: Int) -> Int? {
  if available >= 4 {
    let word = UInt32(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt32.self))
    // 1110xxxx 10xxxxxx 10xxxxxx with a lead other than E0 (overlongs) and ED (surrogates).
    if word & 0x00C0_C0F0 == 0x0080_80E0, p[0] != 0xE0, p[0] != 0xED { return 3 }
    // 110xxxxx 10xxxxxx with a lead of C2 or more (C0 and C1 are overlong).
    if word & 0xC0E0 == 0x80C0, p[0] >= 0xC2 { return 2 }
  }
  return checkedUTF8SequenceLength(p, available)
}

/// ``utf8SequenceLength(_:_:)`` byte by byte, for every lead byte.
private func checkedUTF8SequenceLength(_ p: UnsafePointer<UInt8>, _ available: Int) -> Int? {
  let length: Int
  var lowest: UInt8 = 0x80
  var highest: UInt8 = 0xBF
  switch p[0] {
  case 0xC2...0xDF: length = 2
  case 0xE0: length = 3; lowest = 0xA0
  case 0xE1...0xEC, 0xEE...0xEF: length = 3
  case 0xED: length = 3; highest = 0x9F
  case 0xF0: length = 4; lowest = 0x90
  case 0xF1...0xF3: length = 4
  case 0xF4: length = 4; highest = 0x8F
  default: return nil
  }
  guard length <= available, (lowest...highest).contains(p[1]) else { return nil }
  for offset in 2..<length where !(0x80...0xBF).contains(p[offset]) { return nil }
  return length
}
