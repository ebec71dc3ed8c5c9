/// A JSON document parsed into a flat, pre-order array of nodes ("tape").
///
/// Parsing touches every byte once and allocates one array; values are
/// converted (strings, numbers) only when a decoder asks for them. Each node
/// knows its parent, so a coding path is rebuilt only when an error needs it.
///
/// - Complexity: O(n) in the size of the input.
struct JSONTape: Sendable {
  enum Kind: UInt8, Sendable {
    case object, array, string, number, `true`, `false`, null
  }

  struct Node: Sendable {
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

  let bytes: [UInt8]
  private(set) var nodes: [Node] = []

  /// Parses `bytes` as one JSON value followed only by whitespace.
  init(bytes: [UInt8]) throws(JSONError) {
    self.bytes = bytes
    nodes.reserveCapacity(bytes.count / 6)
    try bytes.withUnsafeBufferPointer { buffer throws(JSONError) in
      var parser = Parser(input: buffer)
      try parser.parse(into: &nodes)
    }
  }

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
      let upper = Int(node.end) + (node.kind == .string ? 1 : 0)
      let text = String(decoding: bytes[lower..<min(upper, bytes.count)], as: UTF8.self)
      return text.count > 40 ? String(text.prefix(37)) + "..." : text
    }
  }

  /// The 1-based line and column of a byte offset.
  func location(ofByte offset: Int) -> (line: Int, column: Int) {
    var line = 1
    var lineStart = 0
    for index in 0..<min(offset, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
      line += 1
      lineStart = index + 1
    }
    let prefix = bytes[lineStart..<min(max(offset, lineStart), bytes.count)]
    let column = String(decoding: prefix, as: UTF8.self).unicodeScalars.count + 1
    return (line, column)
  }

  /// The location of a node's first byte (for strings, of the opening quote).
  func location(ofNode index: Int) -> (line: Int, column: Int) {
    let node = nodes[index]
    return location(ofByte: Int(node.start) - (node.kind == .string ? 1 : 0))
  }
}

extension JSONTape {
  /// A recursive-descent parser with an explicit container stack.
  fileprivate struct Parser {
    let input: UnsafeBufferPointer<UInt8>
    var position = 0
    static let maximumDepth = 512

    init(input: UnsafeBufferPointer<UInt8>) { self.input = input }

    mutating func parse(into nodes: inout [Node]) throws(JSONError) {
      guard input.count < Int(UInt32.max) else {
        throw JSONError(.syntax, "the document is larger than 4 GiB", at: location(of: 0))
      }
      // Skip a UTF-8 byte order mark.
      if input.count >= 3, input[0] == 0xEF, input[1] == 0xBB, input[2] == 0xBF { position = 3 }
      var stack: [Int] = []
      skipWhitespace()
      try parseValue(into: &nodes, stack: &stack)
      while let open = stack.last {
        skipWhitespace()
        let isObject = nodes[open].kind == .object
        guard position < input.count else {
          throw error(isObject ? "expected ',' or '}' before the end of input" : "expected ',' or ']' before the end of input")
        }
        let byte = input[position]
        if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
          position += 1
          nodes[open].end = UInt32(nodes.count)
          stack.removeLast()
          continue
        }
        if nodes[open].count > 0 {
          guard byte == UInt8(ascii: ",") else {
            throw error(isObject ? "expected ',' or '}' after an object member" : "expected ',' or ']' after an array element")
          }
          position += 1
          skipWhitespace()
        }
        if isObject {
          guard position < input.count, input[position] == UInt8(ascii: "\"") else {
            throw error("expected a string key in quotes")
          }
          try parseString(into: &nodes, parent: open)
          nodes[open].count += 1
          skipWhitespace()
          guard position < input.count, input[position] == UInt8(ascii: ":") else {
            throw error("expected ':' after an object key")
          }
          position += 1
          skipWhitespace()
        }
        nodes[open].count += 1
        try parseValue(into: &nodes, stack: &stack)
      }
      skipWhitespace()
      guard position == input.count else { throw error("unexpected text after the JSON value") }
    }

    mutating func parseValue(into nodes: inout [Node], stack: inout [Int]) throws(JSONError) {
      guard position < input.count else { throw error("expected a value before the end of input") }
      let parent = UInt32(truncatingIfNeeded: stack.last ?? Int(UInt32.max))
      let byte = input[position]
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        guard stack.count < Self.maximumDepth else {
          throw error("nesting is deeper than \(Self.maximumDepth) levels")
        }
        let kind: Kind = byte == UInt8(ascii: "{") ? .object : .array
        stack.append(nodes.count)
        nodes.append(
          Node(kind: kind, hasEscapes: false, start: UInt32(position), end: 0, count: 0, parent: parent))
        position += 1
      case UInt8(ascii: "\""):
        try parseString(into: &nodes, parent: Int(parent))
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        try parseNumber(into: &nodes, parent: parent)
      case UInt8(ascii: "t"): try parseLiteral("true", .true, into: &nodes, parent: parent)
      case UInt8(ascii: "f"): try parseLiteral("false", .false, into: &nodes, parent: parent)
      case UInt8(ascii: "n"): try parseLiteral("null", .null, into: &nodes, parent: parent)
      default:
        throw error("expected a value (object, array, string, number, true, false or null)")
      }
    }

    mutating func parseLiteral(
      _ word: StaticString, _ kind: Kind, into nodes: inout [Node], parent: UInt32
    ) throws(JSONError) {
      let start = position
      let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
      for byte in expected {
        guard position < input.count, input[position] == byte else {
          throw error("expected a value (object, array, string, number, true, false or null)", at: start)
        }
        position += 1
      }
      nodes.append(
        Node(kind: kind, hasEscapes: false, start: UInt32(start), end: UInt32(position), count: 0, parent: parent))
    }

    mutating func parseString(into nodes: inout [Node], parent: Int) throws(JSONError) {
      position += 1  // opening quote
      let start = position
      var hasEscapes = false
      while true {
        guard position < input.count else { throw error("unterminated string", at: start - 1) }
        let byte = input[position]
        if byte == UInt8(ascii: "\"") { break }
        if byte == UInt8(ascii: "\\") {
          hasEscapes = true
          position += 1
          guard position < input.count else { throw error("unterminated string", at: start - 1) }
          switch input[position] {
          case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
            UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            break
          case UInt8(ascii: "u"):
            for offset in 1...4 {
              guard position + offset < input.count, input[position + offset].isHexDigit else {
                throw error("expected four hexadecimal digits after '\\u'")
              }
            }
            position += 4
          default:
            throw error("invalid escape sequence in a string")
          }
        } else if byte < 0x20 {
          throw error("control character in a string; escape it (e.g. '\\n')")
        } else if byte >= 0x80 {
          try skipMultibyteScalar()
          continue
        }
        position += 1
      }
      nodes.append(
        Node(
          kind: .string, hasEscapes: hasEscapes, start: UInt32(start), end: UInt32(position), count: 0,
          parent: UInt32(truncatingIfNeeded: parent)))
      position += 1  // closing quote
    }

    /// Validates one multi-byte UTF-8 scalar (RFC 3629: no overlongs, surrogates or values past
    /// U+10FFFF) and moves past it.
    mutating func skipMultibyteScalar() throws(JSONError) {
      let lead = input[position]
      let length: Int
      var lowest: UInt8 = 0x80
      var highest: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0: length = 3; lowest = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED: length = 3; highest = 0x9F
      case 0xF0: length = 4; lowest = 0x90
      case 0xF1...0xF3: length = 4
      case 0xF4: length = 4; highest = 0x8F
      default: throw error("invalid UTF-8 byte 0x\(String(lead, radix: 16, uppercase: true))")
      }
      for offset in 1..<length {
        let valid = offset == 1 ? (lowest...highest) : (0x80...0xBF)
        guard position + offset < input.count, valid.contains(input[position + offset]) else {
          throw error("invalid UTF-8 sequence")
        }
      }
      position += length
    }

    mutating func parseNumber(into nodes: inout [Node], parent: UInt32) throws(JSONError) {
      let start = position
      if input[position] == UInt8(ascii: "-") { position += 1 }
      guard position < input.count, input[position].isDigit else { throw error("expected a digit") }
      if input[position] == UInt8(ascii: "0") {
        position += 1
        if position < input.count, input[position].isDigit {
          throw error("leading zeros are not allowed in numbers", at: start)
        }
      } else {
        while position < input.count, input[position].isDigit { position += 1 }
      }
      if position < input.count, input[position] == UInt8(ascii: ".") {
        position += 1
        guard position < input.count, input[position].isDigit else {
          throw error("expected a digit after the decimal point")
        }
        while position < input.count, input[position].isDigit { position += 1 }
      }
      if position < input.count, input[position] | 0x20 == UInt8(ascii: "e") {
        position += 1
        if position < input.count, input[position] == UInt8(ascii: "+") || input[position] == UInt8(ascii: "-") {
          position += 1
        }
        guard position < input.count, input[position].isDigit else {
          throw error("expected a digit in the exponent")
        }
        while position < input.count, input[position].isDigit { position += 1 }
      }
      nodes.append(
        Node(kind: .number, hasEscapes: false, start: UInt32(start), end: UInt32(position), count: 0, parent: parent))
    }

    mutating func skipWhitespace() {
      while position < input.count {
        switch input[position] {
        case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): position += 1
        default: return
        }
      }
    }

    func location(of offset: Int) -> (line: Int, column: Int) {
      var line = 1
      var lineStart = 0
      for index in 0..<min(offset, input.count) where input[index] == UInt8(ascii: "\n") {
        line += 1
        lineStart = index + 1
      }
      let prefix = UnsafeBufferPointer(rebasing: input[lineStart..<min(max(offset, lineStart), input.count)])
      return (line, String(decoding: prefix, as: UTF8.self).unicodeScalars.count + 1)
    }

    func error(_ message: String, at offset: Int? = nil) -> JSONError {
      JSONError(.syntax, message, at: location(of: offset ?? position))
    }
  }
}

extension UInt8 {
  var isDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
  var isHexDigit: Bool {
    isDigit || (self | 0x20 >= UInt8(ascii: "a") && self | 0x20 <= UInt8(ascii: "f"))
  }
}
