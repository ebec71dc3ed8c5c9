import PokedexTestSupport
import Testing

@testable import JSONCore

@Suite struct JSONScannerTests {
  private func scanner(_ text: String) -> JSONScanner { JSONScanner(Array(text.utf8)) }

  @Test func readsTheTokensOfAnObject() throws {
    var s = scanner(#"  {"id": 25, "name": "Pikachu", "ok": true, "x": null}"#)
    try s.expect(UInt8(ascii: "{"))
    #expect(s.text(try s.string().range) == "id")
    try s.expect(UInt8(ascii: ":"))
    let number = try s.number()
    #expect(number.isInteger)
    #expect(JSONNumbers.integer(s.bytes[number.range], as: Int.self) == 25)
    do {
      let ok = s.consume(UInt8(ascii: ","))
      #expect(ok)
    }
    _ = try s.string()
    try s.expect(UInt8(ascii: ":"))
    #expect(s.text(try s.string().range) == "Pikachu")
    do {
      let ok = s.consume(UInt8(ascii: ","))
      #expect(ok)
    }
    _ = try s.string()
    try s.expect(UInt8(ascii: ":"))
    do {
      let ok = s.literal() == .true
      #expect(ok)
    }
    do {
      let ok = s.consume(UInt8(ascii: ","))
      #expect(ok)
    }
    _ = try s.string()
    try s.expect(UInt8(ascii: ":"))
    do {
      let ok = s.null()
      #expect(ok)
    }
    try s.expect(UInt8(ascii: "}"))
    do {
      let ok = s.isAtEnd()
      #expect(ok)
    }
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
    var s = JSONScanner(c.json)
    let token = try s.string()
    #expect(token.hasEscapes == c.escapes)
    #expect(token.isValidUTF8 == c.valid)
    #expect(token.isValidUTF8 == UTF8Validation.isValid(c.json.dropFirst().dropLast()))
    do {
      let ok = s.isAtEnd()
      #expect(ok)
    }
  }

  @Test(arguments: [
    (#""abc"#, "unterminated string", 0),
    ("\"a\nb\"", "control character in a string; escape it (e.g. '\\n')", 2),
    (#""a\qb""#, "invalid escape sequence in a string", 3),
    (#""\u12G4""#, "expected four hexadecimal digits after '\\u'", 2),
  ])
  func badStringsAreLocated(_ json: String, _ message: String, _ offset: Int) {
    var s = scanner(json)
    #expect(throws: JSONScanError(message, at: offset)) { _ = try s.string() }
  }

  @Test(arguments: [
    ("0", true), ("-12", true), ("1.5", false), ("-0.25e-3", false), ("6E+2", false),
  ])
  func numbersFollowTheGrammar(_ text: String, _ isInteger: Bool) throws {
    var s = scanner(text)
    let token = try s.number()
    #expect(token.range == 0..<text.utf8.count)
    #expect(token.isInteger == isInteger)
  }

  @Test(arguments: [
    ("01", "leading zeros are not allowed in numbers"),
    ("1.", "expected a digit after the decimal point"),
    ("1e", "expected a digit in the exponent"), ("-", "expected a digit"),
  ])
  func badNumbersAreRefused(_ text: String, _ message: String) {
    var s = scanner(text)
    #expect(throws: JSONScanError.self) { _ = try s.number() }
    var again = scanner(text)
    do {
      _ = try again.number()
    } catch {
      #expect(error.message == message)
    }
  }

  @Test func integersNeverOverflow() {
    #expect(JSONNumbers.integer(Array("9223372036854775807".utf8), as: Int.self) == .max)
    #expect(JSONNumbers.integer(Array("9223372036854775808".utf8), as: Int.self) == nil)
    #expect(JSONNumbers.integer(Array("-9223372036854775808".utf8), as: Int.self) == .min)
    #expect(JSONNumbers.integer(Array("300".utf8), as: UInt8.self) == nil)
    #expect(JSONNumbers.integer(Array("1e3".utf8), as: Int.self) == nil)
  }

  @Test func doublesMatchTheStandardLibrary() {
    var random = SplitMix64(seed: 7)
    for _ in 0..<2_000 {
      let whole = random.next() % 100_000
      let fraction = random.next() % 1_000
      let text = "\(whole).\(fraction)"
      #expect(JSONNumbers.double(Array(text.utf8)) == Double(text), "\(text)")
    }
    #expect(JSONNumbers.double(Array("1e400".utf8)) == nil)
    #expect(JSONNumbers.double(Array("1e308".utf8)) == 1e308)
  }

  @Test func skipsWholeValuesAndBoundsDepth() throws {
    var s = scanner(#"[{"a": [1, 2, {"b": null}]}, "x", -1e3] 7"#)
    try s.skipValue()
    #expect(s.peek() == UInt8(ascii: "7"))
    var deep = JSONScanner(Array(repeating: UInt8(ascii: "["), count: 600))
    #expect(throws: JSONScanError.self) { try deep.skipValue() }
  }

  @Test func locationsCountLinesAndScalars() {
    let s = scanner("{\n  \"é\": x}")
    #expect(s.location(ofByte: 0) == (1, 1))
    let (line, column) = s.location(ofByte: 9)
    #expect(line == 2)
    #expect(column == 7)
  }

  @Test func internerSharesEqualStrings() throws {
    var s = scanner(#"["fire", "water", "fire"]"#)
    var interner = StringInterner(capacity: 2)
    try s.expect(UInt8(ascii: "["))
    var strings: [String] = []
    repeat {
      strings.append(interner.string(try s.string().range, in: s))
    } while s.consume(
      UInt8(ascii: ",")
    )
    #expect(strings == ["fire", "water", "fire"])
  }

  @Test func keyTableFindsKeysInAnyOrder() throws {
    let keys = JSONKeyTable(["id", "name", "types"])
    var s = scanner(#""types" "name" "nope""#)
    #expect(keys.index(of: try s.string().range, in: s, hint: 0) == 2)
    #expect(keys.index(of: try s.string().range, in: s, hint: 2) == 1)
    #expect(keys.index(of: try s.string().range, in: s, hint: 0) == nil)
    #expect(s.quoted(keys[0], at: 0) == nil)
    let t = scanner(#""id": 1"#)
    #expect(t.quoted(keys[0], at: 0) == 4)
  }
}
