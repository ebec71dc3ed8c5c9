/// A JSON document parsed into a flat, pre-order array of nodes (a "tape").
///
/// The tokens come from ``JSONScanner``; the tape adds the structure (which token may follow
/// which) and remembers where each value is, so values are converted only when asked for and a
/// problem can be reported with its JSON path, line and column. Each node knows its parent,
/// so a path is rebuilt only when an error needs one.
///
/// ```swift
/// let tape = try JSONTape(bytes: Array(#"{"columns": [1, 2]}"#.utf8))
/// tape.kind(0)                          // .object
/// let columns = try tape.members(of: 0)[0].value
/// tape.elements(of: columns).count      // 2
/// ```
///
/// - Complexity: O(n) in the size of the input.
package final class JSONTape: Sendable {
  /// What a node is.
  package enum Kind: UInt8, Sendable {
    case object, array, string, number, `true`, `false`, null
  }

  /// One value of the document.
  package struct Node: Sendable {
    package var kind: Kind
    /// For strings: whether the raw bytes contain escapes.
    package var hasEscapes: Bool
    /// For strings: whether the raw bytes are well-formed UTF-8.
    package var isValidUTF8: Bool
    /// Byte offset of the value's first byte (for strings, after the opening quote).
    package var start: UInt32
    /// For scalars, the byte offset just past the value (for strings, of the closing quote);
    /// for containers, the index of the first node after the container's subtree.
    package var end: UInt32
    /// The number of children: elements of an array, keys plus values of an object.
    package var count: UInt32
    /// The index of the enclosing container, or `UInt32.max` for the root.
    package var parent: UInt32
  }

  /// The bytes of the document.
  package let bytes: [UInt8]
  /// The nodes, in document order; the root is node 0.
  package let nodes: [Node]

  /// Parses `bytes` as one JSON value followed only by whitespace.
  ///
  /// - Throws: ``JSONError`` of kind `.syntax` with the line and column of the problem.
  package init(bytes: [UInt8]) throws(JSONError) {
    do throws(JSONScanError) {
      guard bytes.count < Int(UInt32.max) else {
        throw JSONScanError("the document is larger than 4 GiB", at: 0)
      }
      nodes = try JSONScanner.scan(bytes) { scanner throws(JSONScanError) in
        var parser = Parser(scanner: scanner)
        try parser.parse()
        return parser.nodes
      }
    } catch {
      throw JSONError(.syntax, error.message, at: Self.location(ofByte: error.offset, in: bytes))
    }
    self.bytes = bytes
  }

  /// The 1-based line and column (in Unicode scalars) of the byte at `offset` of `bytes`.
  package static func location(ofByte offset: Int, in bytes: [UInt8]) -> (
    line: Int, column: Int
  ) {
    JSONScanner.scan(bytes) { $0.location(ofByte: offset) }
  }

  private func text(_ range: Range<Int>) -> String {
    String(decoding: bytes[range], as: UTF8.self)
  }

  /// The kind of node `index`.
  @inline(__always) package func kind(_ index: Int) -> Kind { nodes[index].kind }

  /// The index of the node after `index`'s subtree.
  @inline(__always) package func next(_ index: Int) -> Int {
    let node = nodes[index]
    return node.kind == .object || node.kind == .array ? Int(node.end) : index + 1
  }

  /// The bytes of node `index` in ``bytes``, as written: a string with its quotes, an
  /// object or array from its opening to its closing bracket.
  ///
  /// ```swift
  /// let tape = try JSONTape(bytes: Array(#"{"a": [1, {"b": 2}]}"#.utf8))
  /// String(decoding: tape.bytes[tape.byteRange(of: 2)], as: UTF8.self)  // [1, {"b": 2}]
  /// ```
  ///
  /// - Complexity: O(*c*) for the *c* children of each container on the way to the last
  ///   byte.
  package func byteRange(of index: Int) -> Range<Int> {
    let node = nodes[index]
    switch node.kind {
    case .string:
      return Int(node.start) - 1..<Int(node.end) + 1
    case .number, .true, .false, .null:
      return Int(node.start)..<Int(node.end)
    case .object, .array:
      // Only whitespace comes between the last child and the closing bracket.
      var position = Int(node.start) + 1
      var child = index + 1
      var last: Int?
      while child < Int(node.end) {
        last = child
        child = next(child)
      }
      if let last { position = byteRange(of: last).upperBound }
      let close: UInt8 = node.kind == .object ? 0x7D : 0x5D
      while position < bytes.count, bytes[position] != close { position += 1 }
      return Int(node.start)..<min(position + 1, bytes.count)
    }
  }

  /// The nodes of the elements of the array at `index`, in order.
  package func elements(of index: Int) -> [Int] {
    var result: [Int] = []
    var position = index + 1
    while position < Int(nodes[index].end) {
      result.append(position)
      position = next(position)
    }
    return result
  }

  /// The keys and value nodes of the object at `index`, in written order.
  ///
  /// - Throws: ``JSONError`` for a key that is not valid UTF-8 or has a bad escape.
  package func members(of index: Int) throws(JSONError) -> [(key: String, value: Int)] {
    var result: [(key: String, value: Int)] = []
    var position = index + 1
    while position < Int(nodes[index].end) {
      result.append((try string(position), position + 1))
      position = next(position + 1)
    }
    return result
  }

  /// The string at `index`, escapes decoded.
  ///
  /// - Throws: ``JSONError`` for invalid UTF-8 or an unpaired surrogate.
  package func string(_ index: Int) throws(JSONError) -> String {
    do throws(JSONTapeError) {
      return try stringValue(index)
    } catch {
      throw JSONError(.decoding, error.message, at: location(ofNode: index))
    }
  }

  /// The string at `index`, escapes decoded, or a located error.
  package func stringValue(_ index: Int) throws(JSONTapeError) -> String {
    let node = nodes[index]
    let range = Int(node.start)..<Int(node.end)
    guard node.hasEscapes else {
      guard node.isValidUTF8 else {
        throw JSONTapeError(node: index, message: "invalid UTF-8 in a string")
      }
      return text(range)
    }
    guard let unescaped = JSONEscapes.unescape(bytes[range]) else {
      throw JSONTapeError(node: index, message: "unpaired surrogate in a '\\u' escape")
    }
    guard UTF8Validation.isValid(unescaped) else {
      throw JSONTapeError(node: index, message: "invalid UTF-8 in a string")
    }
    return String(decoding: unescaped, as: UTF8.self)
  }

  /// The text of the number at `index`, `"1e3"`.
  package func numberText(_ index: Int) -> String {
    text(Int(nodes[index].start)..<Int(nodes[index].end))
  }

  /// The number at `index` as the nearest `Double` (nil when it is out of range).
  package func double(_ index: Int) -> Double? {
    let range = Int(nodes[index].start)..<Int(nodes[index].end)
    return JSONScanner.scan(bytes) { $0.simpleDouble(range) } ?? JSONNumbers.double(bytes[range])
  }

  /// The number at `index` as an integer of type `I`, or nil when it has a fraction or
  /// exponent or does not fit.
  package func integer<I: FixedWidthInteger>(_ index: Int, as type: I.Type = I.self) -> I? {
    JSONNumbers.integer(bytes[Int(nodes[index].start)..<Int(nodes[index].end)], as: I.self)
  }

  // MARK: Locations

  /// A short rendering of the value at `index` for error messages: `"x"`, `12`, `an object`.
  package func excerpt(_ index: Int) -> String {
    let node = nodes[index]
    switch node.kind {
    case .object: return "an object"
    case .array: return "an array"
    case .null: return "null"
    case .true: return "true"
    case .false: return "false"
    case .string, .number:
      let lower = Int(node.start) - (node.kind == .string ? 1 : 0)
      let upper = min(Int(node.end) + (node.kind == .string ? 1 : 0), bytes.count)
      let text = text(lower..<upper)
      return text.count > 40 ? String(text.prefix(37)) + "..." : text
    }
  }

  /// The location of a node's first byte (for strings, of the opening quote).
  package func location(ofNode index: Int) -> (line: Int, column: Int) {
    let node = nodes[index]
    return Self.location(ofByte: Int(node.start) - (node.kind == .string ? 1 : 0), in: bytes)
  }

  /// The JSON path of the node at `index` from the root: `pokemon[12].stats.hp`.
  package func path(of index: Int) -> [JSONPathComponent] {
    var path: [JSONPathComponent] = []
    var child = index
    var parent = Int(nodes[child].parent)
    while parent != Int(UInt32.max) {
      var position = parent + 1
      if nodes[parent].kind == .object {
        while position < child {
          let value = next(position)
          if value == child || next(value) > child {
            path.append(.key((try? stringValue(position)) ?? "?"))
            break
          }
          position = next(value)
        }
      } else {
        var element = 0
        while position < child {
          position = next(position)
          element += 1
        }
        path.append(.index(element))
      }
      child = parent
      parent = Int(nodes[child].parent)
    }
    return path.reversed()
  }
}

/// A step of a JSON path: a member's key or an element's index.
package enum JSONPathComponent: Hashable, Sendable {
  case key(String)
  case index(Int)
}

/// A problem with one node of a tape.
package struct JSONTapeError: Error {
  /// The node.
  package var node: Int
  /// What is wrong.
  package var message: String
  /// A key appended to the node's path (for a missing key).
  package var key: String?

  package init(node: Int, message: String, key: String? = nil) {
    self.node = node
    self.message = message
    self.key = key
  }
}

extension JSONTape {
  /// Builds the nodes from the scanner's tokens, with an explicit stack (no recursion).
  private struct Parser {
    var scanner: JSONScanner
    var nodes: [Node] = []
    /// The open containers, innermost last.
    var stack: [Int] = []

    init(scanner: JSONScanner) {
      self.scanner = scanner
      nodes.reserveCapacity(max(16, scanner.count / 8))
    }

    mutating func parse() throws(JSONScanError) {
      scanner.skipByteOrderMark()
      try value()
      while let open = stack.last {
        try continueContainer(open)
      }
      guard scanner.isAtEnd() else {
        throw JSONScanError("unexpected text after the JSON value", at: scanner.position)
      }
    }

    /// Reads what follows inside the open container `open`: its end, or its next member
    /// or element.
    private mutating func continueContainer(_ open: Int) throws(JSONScanError) {
      let isObject = nodes[open].kind == .object
      let byte = scanner.peek()
      guard scanner.position < scanner.count else {
        throw JSONScanError(
          isObject
            ? "expected ',' or '}' before the end of input"
            : "expected ',' or ']' before the end of input",
          at: scanner.position
        )
      }
      if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
        scanner.position += 1
        nodes[open].end = UInt32(nodes.count)
        stack.removeLast()
        return
      }
      if nodes[open].count > 0 {
        guard byte == UInt8(ascii: ",") else {
          throw JSONScanError(
            isObject
              ? "expected ',' or '}' after an object member"
              : "expected ',' or ']' after an array element",
            at: scanner.position
          )
        }
        scanner.position += 1
      }
      if isObject {
        guard scanner.peek() == 0x22 else {
          throw JSONScanError("expected a string key in quotes", at: scanner.position)
        }
        try string(parent: open)
        nodes[open].count += 1
        try scanner.expect(UInt8(ascii: ":"), "expected ':' after an object key")
      }
      nodes[open].count += 1
      try value()
    }

    private mutating func value() throws(JSONScanError) {
      let byte = scanner.peek()
      guard scanner.position < scanner.count else {
        throw JSONScanError("expected a value before the end of input", at: scanner.position)
      }
      let parent = stack.last.map { UInt32(truncatingIfNeeded: $0) } ?? UInt32.max
      let start = UInt32(scanner.position)
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        guard stack.count < JSONScanner.maximumDepth else {
          throw JSONScanError(
            "nesting is deeper than \(JSONScanner.maximumDepth) levels",
            at: scanner.position
          )
        }
        stack.append(nodes.count)
        append(byte == UInt8(ascii: "{") ? .object : .array, start: start, end: 0, parent: parent)
        scanner.position += 1
      case 0x22: try string(parent: Int(parent))
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        let token = try scanner.number()
        append(.number, start: start, end: UInt32(token.range.upperBound), parent: parent)
      default:
        guard let literal = scanner.literal() else {
          throw JSONScanError(
            "expected a value (object, array, string, number, true, false or null)",
            at: scanner.position
          )
        }
        let kind: Kind
        switch literal {
        case .true: kind = .true
        case .false: kind = .false
        case .null: kind = .null
        }
        append(kind, start: start, end: UInt32(scanner.position), parent: parent)
      }
    }

    private mutating func string(parent: Int) throws(JSONScanError) {
      let token = try scanner.string()
      nodes.append(
        Node(
          kind: .string,
          hasEscapes: token.hasEscapes,
          isValidUTF8: token.isValidUTF8,
          start: UInt32(token.range.lowerBound),
          end: UInt32(token.range.upperBound),
          count: 0,
          parent: UInt32(truncatingIfNeeded: parent)
        )
      )
    }

    private mutating func append(_ kind: Kind, start: UInt32, end: UInt32, parent: UInt32) {
      nodes.append(
        Node(
          kind: kind,
          hasEscapes: false,
          isValidUTF8: true,
          start: start,
          end: end,
          count: 0,
          parent: parent
        )
      )
    }
  }
}
