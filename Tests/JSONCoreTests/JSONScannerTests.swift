import PokedexTestSupport
import Testing

@testable import JSONCore

/// Runs `body` with a scanner of `bytes` (scanners live only inside `JSONScanner.scan`).
func scanning<R>(_ bytes: [UInt8], _ body: (inout JSONScanner) throws -> R) throws -> R {
  let result: Result<R, any Error> = JSONScanner.scan(bytes) { scanner in
    Result { try body(&scanner) }
  }
  return try result.get()
}

func scanning<R>(_ text: String, _ body: (inout JSONScanner) throws -> R) throws -> R {
  try scanning(Array(text.utf8), body)
}

@Suite struct JSONScannerTests {
  @Test func readsTheTokensOfAnObject() throws {
    let read = try scanning(#"  {"id": 25, "name": "Pikachu", "ok": true, "x": null}"#) { s in
      var seen: [String] = []
      try s.expect(UInt8(ascii: "{"))
      repeat {
        seen.append(s.text(try s.string().range))
        try s.expect(UInt8(ascii: ":"))
        switch s.peek() {
        case 0x22: seen.append(s.text(try s.string().range))
        case UInt8(ascii: "t"), UInt8(ascii: "n"): seen.append("\(String(describing: s.literal()))")
        default:
          let number = try s.number()
          seen.append(number.isInteger ? "\(s.integer(number.range) ?? -1)" : "?")
        }
      } while s.consume(UInt8(ascii: ","))
      try s.expect(UInt8(ascii: "}"))
      seen.append("\(s.isAtEnd())")
      return seen
    }
    #expect(
      read == [
        "id", "25", "name", "Pikachu", "ok", "Optional(JSONCore.JSONLiteral.true)", "x",
        "Optional(JSONCore.JSONLiteral.null)", "true",
      ]
    )
  }

  struct StringCase: Sendable, CustomTestStringConvertible {
    var json: [UInt8]
    var escapes: Bool
    var valid: Bool
    var testDescription: String { String(decoding: json, as: UTF8.self) }
  }

  @Test(arguments: [
    StringCase(json: Array(#""plain""#.utf8), escapes: false, valid: true),
    StringCase(json: Array(#""a\"b\\c\u00e9""#.utf8), escapes: true, valid: true),
    StringCase(json: Array("\"ピカチュウ 피카츄\"".utf8), escapes: false, valid: true),
    StringCase(json: [0x22, 0xC0, 0xAF, 0x22], escapes: false, valid: false),  // overlong
    StringCase(json: [0x22, 0xED, 0xA0, 0x80, 0x22], escapes: false, valid: false),  // surrogate
    StringCase(json: [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], escapes: false, valid: false),
    StringCase(json: [0x22, 0x41, 0xE3, 0x81, 0x22], escapes: false, valid: false),  // cut short
  ])
  func stringsReportEscapesAndUTF8(_ c: StringCase) throws {
    let (token, atEnd) = try scanning(c.json) { s in (try s.string(), s.isAtEnd()) }
    #expect(token.hasEscapes == c.escapes)
    #expect(token.isValidUTF8 == c.valid)
    #expect(token.isValidUTF8 == UTF8Validation.isValid(c.json.dropFirst().dropLast()))
    #expect(atEnd)
  }

  @Test(arguments: [
    (#""abc"#, "unterminated string", 0),
    ("\"a\nb\"", "control character in a string; escape it (e.g. '\\n')", 2),
    (#""a\qb""#, "invalid escape sequence in a string", 3),
    (#""\u12G4""#, "expected four hexadecimal digits after '\\u'", 2),
  ])
  func badStringsAreLocated(_ json: String, _ message: String, _ offset: Int) {
    #expect(throws: JSONScanError(message, at: offset)) {
      try scanning(json) { s in _ = try s.string() }
    }
  }

  @Test(arguments: [
    ("0", true), ("-12", true), ("1.5", false), ("-0.25e-3", false), ("6E+2", false),
  ])
  func numbersFollowTheGrammar(_ text: String, _ isInteger: Bool) throws {
    let token = try scanning(text) { s in try s.number() }
    #expect(token.range == 0..<text.utf8.count)
    #expect(token.isInteger == isInteger)
  }

  @Test(arguments: [
    ("01", "leading zeros are not allowed in numbers"),
    ("1.", "expected a digit after the decimal point"),
    ("1e", "expected a digit in the exponent"), ("-", "expected a digit"),
  ])
  func badNumbersAreRefused(_ text: String, _ message: String) {
    let error = #expect(throws: JSONScanError.self) {
      try scanning(text) { s in _ = try s.number() }
    }
    #expect(error?.message == message)
  }

  @Test func integersNeverOverflow() throws {
    for (text, value) in [
      ("9223372036854775807", Int.max), ("9223372036854775808", nil),
      ("-9223372036854775808", Int.min), ("-9223372036854775809", nil), ("1e3", nil),
      ("12", 12), ("-", nil),
    ] as [(String, Int?)] {
      let bytes = Array(text.utf8)
      #expect(JSONNumbers.integer(bytes[...], as: Int.self) == value, "\(text)")
      #expect(try scanning(bytes) { $0.integer(0..<bytes.count) } == value, "\(text)")
    }
    #expect(JSONNumbers.integer(Array("300".utf8)[...], as: UInt8.self) == nil)
    #expect(JSONNumbers.integer(Array("255".utf8)[...], as: UInt8.self) == 255)
  }

  @Test func doublesMatchTheStandardLibrary() throws {
    var random = SplitMix64(seed: 7)
    for _ in 0..<2_000 {
      let whole = random.next() % 100_000
      let fraction = random.next() % 1_000
      let text = "\(whole).\(fraction)"
      #expect(try scanning(text) { $0.simpleDouble(0..<text.utf8.count) } == Double(text))
      #expect(JSONNumbers.double(Array(text.utf8)[...]) == Double(text), "\(text)")
    }
    #expect(JSONNumbers.double(Array("1e400".utf8)[...]) == nil)
    #expect(JSONNumbers.double(Array("1e308".utf8)[...]) == 1e308)
    #expect(try scanning("1e3") { $0.simpleDouble(0..<3) } == nil)
    #expect(try scanning("1234567890123456") { $0.simpleDouble(0..<16) } == nil)
  }

  @Test func locationsCountLinesAndScalars() throws {
    let (start, later) = try scanning("{\n  \"é\": x}") { s in
      (s.location(ofByte: 0), s.location(ofByte: 9))
    }
    #expect(start == (1, 1))
    #expect(later == (2, 7))
  }

  @Test func internerSharesEqualStrings() throws {
    let strings = try scanning(#"["fire", "water", "fire"]"#) { s in
      var interner = StringInterner(capacity: 2)
      var strings: [String] = []
      try s.expect(UInt8(ascii: "["))
      repeat {
        strings.append(interner.string(try s.string().range, in: s))
      } while s.consume(UInt8(ascii: ","))
      return strings
    }
    #expect(strings == ["fire", "water", "fire"])
  }

  @Test func keyTableFindsKeysInAnyOrder() throws {
    let keys = JSONKeyTable(["id", "name", "types"])
    let found = try scanning(#""types" "name" "nope""#) { s in
      [
        keys.index(of: try s.string().range, in: s, hint: 0),
        keys.index(of: try s.string().range, in: s, hint: 2),
        keys.index(of: try s.string().range, in: s, hint: 0),
        s.quotedKey(0, of: keys, at: 0),
      ]
    }
    #expect(found == [2, 1, nil, nil])
    #expect(try scanning(#""id": 1"#) { $0.quotedKey(0, of: keys, at: 0) } == 4)
    // A key longer than 16 bytes, and keys near the end of the document.
    let long = JSONKeyTable(["aVeryLongKeyNameIndeed", "ab"])
    #expect(
      try scanning(#"{"aVeryLongKeyNameIndeed": 1, "ab": 2}"#) { s in
        [
          s.quotedKey(0, of: long, at: 1), s.quotedKey(1, of: long, at: 1),
          s.quotedKey(1, of: long, at: 30),
        ]
      } == [25, nil, 34]
    )
    #expect(try scanning(#""ab""#) { $0.quotedKey(1, of: long, at: 0) } == 4)
    #expect(try scanning(#""ac""#) { $0.quotedKey(1, of: long, at: 0) } == nil)
    #expect(try scanning(#""abc""#) { $0.quotedKey(1, of: long, at: 0) } == nil)
  }
}

@Suite struct JSONTapeByteRangeTests {
  @Test(arguments: [
    (
      #"{"a": [1, {"b": 2}], "c": "x\"y", "d": [], "e": {}, "f": [[ ], {"g": [true]} ] }"#,
      [
        #"{"a": [1, {"b": 2}], "c": "x\"y", "d": [], "e": {}, "f": [[ ], {"g": [true]} ] }"#,
        #""a""#, #"[1, {"b": 2}]"#, "1", #"{"b": 2}"#, #""b""#, "2", #""c""#, #""x\"y""#,
        #""d""#, "[]", #""e""#, "{}", #""f""#, #"[[ ], {"g": [true]} ]"#, "[ ]",
        #"{"g": [true]}"#, #""g""#, "[true]", "true",
      ]
    ),
    ("  [null , -1.5e3 ]  ", ["[null , -1.5e3 ]", "null", "-1.5e3"]),
  ])
  func eachNodesBytesAreItsText(json: String, texts: [String]) throws {
    let tape = try JSONTape(bytes: Array(json.utf8))
    #expect(tape.nodes.count == texts.count)
    for (node, text) in zip(tape.nodes.indices, texts) {
      #expect(String(decoding: tape.bytes[tape.byteRange(of: node)], as: UTF8.self) == text)
    }
  }
}
