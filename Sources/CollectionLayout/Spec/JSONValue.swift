import JSONCore

/// A parsed JSON value; objects keep their members in source order.
enum JSONValue: Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([(key: String, value: JSONValue)])

  var typeName: String {
    switch self {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }

  /// Parses `bytes` (RFC 8259, strict) with the project's one JSON scanner, JSONCore's
  /// tape, and builds the value tree the spec reader walks.
  ///
  /// Syntax errors keep the line, column and wording the layout spec has always reported
  /// (see ``JSONSyntaxReason``).
  ///
  /// - Throws: ``LayoutSpecError/invalidJSON(line:column:reason:)``.
  /// - Complexity: O(n) in the size of the input.
  static func parse(_ bytes: [UInt8]) throws(LayoutSpecError) -> JSONValue {
    // A byte order mark is not JSON text (RFC 8259 8.1); the spec has never accepted one.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      throw .invalidJSON(line: 1, column: 1, reason: "unexpected character, expected a value")
    }
    let tape: JSONTape
    do throws(JSONError) {
      tape = try JSONTape(bytes: bytes)
    } catch {
      throw JSONSyntaxReason.specError(for: error, in: bytes)
    }
    return try TapeWalker(tape: tape).value(at: 0)
  }
}

/// Builds ``JSONValue``s from the nodes of a parsed tape.
private struct TapeWalker {
  let tape: JSONTape

  func value(at index: Int) throws(LayoutSpecError) -> JSONValue {
    switch tape.kind(index) {
    case .object:
      var members: [(key: String, value: JSONValue)] = []
      for member in try converting({ () throws(JSONError) in try tape.members(of: index) }) {
        members.append((member.key, try value(at: member.value)))
      }
      return .object(members)
    case .array:
      var elements: [JSONValue] = []
      for element in tape.elements(of: index) {
        elements.append(try value(at: element))
      }
      return .array(elements)
    case .string:
      return .string(try converting({ () throws(JSONError) in try tape.string(index) }))
    case .number:
      guard let number = tape.double(index) else {
        let (line, column) = tape.location(ofNode: index)
        throw .invalidJSON(line: line, column: column, reason: "number out of range")
      }
      return .number(number)
    case .true: return .bool(true)
    case .false: return .bool(false)
    case .null: return .null
    }
  }

  /// The result of `body`, a string conversion of the tape, with its error as a spec error.
  private func converting<T>(
    _ body: () throws(JSONError) -> T
  ) throws(LayoutSpecError) -> T {
    do throws(JSONError) {
      return try body()
    } catch {
      throw .invalidJSON(line: error.line, column: error.column, reason: error.message)
    }
  }
}

/// The wording of the layout spec's syntax errors, from the scanner's.
///
/// The spec format predates JSONCore; its errors keep the reasons and places they have
/// always had (tests and golden files hold them). The scanner's messages are translated,
/// and moved where the spec used to point (an unterminated string at the end of the
/// input, a bad escape just after it); anything else (unpaired surrogates, leading zeros,
/// invalid UTF-8) keeps the scanner's own message and location.
enum JSONSyntaxReason {
  /// The spec's reason for each scanner message it translates.
  static let translations: [String: String] = [
    "expected a value before the end of input": "unexpected end of input, expected a value",
    "expected a string key in quotes": "expected a string key",
    "expected ':' after an object key": "expected ':'",
    "expected ',' or '}' before the end of input": "unexpected end of input, expected ',' or '}'",
    "expected ',' or ']' before the end of input": "unexpected end of input, expected ',' or ']'",
    "expected ',' or '}' after an object member": "expected ',' or '}'",
    "expected ',' or ']' after an array element": "expected ',' or ']'",
    "nesting is deeper than \(JSONScanner.maximumDepth) levels":
      "nesting deeper than \(JSONScanner.maximumDepth)",
    "control character in a string; escape it (e.g. '\\n')": "control character in string",
    "expected a digit": "invalid number",
    "expected a digit after the decimal point": "invalid number: expected digits after '.'",
    "expected a digit in the exponent": "invalid number: expected exponent digits",
  ]

  /// The scanner's message when no value can start at the offending byte.
  static let noValue = "expected a value (object, array, string, number, true, false or null)"

  /// The spec error for a syntax error of the scanner in `bytes`.
  static func specError(for error: JSONError, in bytes: [UInt8]) -> LayoutSpecError {
    let offset = offset(atLine: error.line, column: error.column, in: bytes)
    let (reason, at) = translate(error.message, at: offset, in: bytes)
    let (line, column) = at == offset ? (error.line, error.column) : location(of: at, in: bytes)
    return .invalidJSON(line: line, column: column, reason: reason)
  }

  /// The spec's reason and byte offset for the scanner's `message` about the byte at
  /// `offset`.
  static func translate(
    _ message: String,
    at offset: Int,
    in bytes: [UInt8]
  ) -> (reason: String, offset: Int) {
    if let translated = translations[message] { return (translated, offset) }
    switch message {
    case noValue:
      // A misspelt literal (`tru`) names the literal it starts like.
      switch offset < bytes.count ? bytes[offset] : 0 {
      case UInt8(ascii: "t"): return ("invalid literal, expected 'true'", offset)
      case UInt8(ascii: "f"): return ("invalid literal, expected 'false'", offset)
      case UInt8(ascii: "n"): return ("invalid literal, expected 'null'", offset)
      default: return ("unexpected character, expected a value", offset)
      }
    case "unterminated string":
      // The scanner points at the opening quote; the spec, at the end of the input.
      return (message, bytes.count)
    case "invalid escape sequence in a string":
      // The scanner points at the escaped character; the spec, just after it.
      return ("invalid escape", offset + 1)
    case "expected four hexadecimal digits after '\\u'":
      // The scanner points at the `u`; the spec, at the first byte that is not a digit.
      let digits = offset + 1
      guard digits + 4 <= bytes.count else { return ("invalid \\u escape", digits) }
      let bad = (digits..<digits + 4).first { !bytes[$0].isHexDigitASCII } ?? digits
      return ("invalid \\u escape", bad)
    default:
      return (message, offset)
    }
  }

  /// The byte offset of a 1-based line and column (in Unicode scalars).
  static func offset(atLine line: Int, column: Int, in bytes: [UInt8]) -> Int {
    var offset = 0
    var currentLine = 1
    while currentLine < line, offset < bytes.count {
      if bytes[offset] == 0x0A { currentLine += 1 }
      offset += 1
    }
    var currentColumn = 1
    while currentColumn < column, offset < bytes.count {
      offset += 1
      // Count scalars: skip UTF-8 continuation bytes.
      while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
      currentColumn += 1
    }
    return offset
  }

  /// The 1-based line and column (in Unicode scalars) of a byte offset.
  static func location(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    for byte in bytes.prefix(offset) {
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return (line, column)
  }
}

extension UInt8 {
  fileprivate var isHexDigitASCII: Bool {
    (0x30...0x39).contains(self) || (0x41...0x46).contains(self) || (0x61...0x66).contains(self)
  }
}
