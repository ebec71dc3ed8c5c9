import Foundation
import JSONCore
import PokedexTestSupport
import Testing

@testable import PokedexKit

@Suite struct FastJSONDecoderTests {
  struct Sample: Codable, Equatable {
    struct Inner: Codable, Equatable {
      var hp: Int
      var ratio: Double
    }
    var name: String
    var tags: [String]
    var names: [String: String]
    var counts: [String: Int]
    var inner: Inner
    var list: [Inner]
    var optional: String?
    var missing: Int?
    var flag: Bool
    var small: Int8
    var big: UInt64
    var float: Float
  }

  let sampleJSON = """
    {
      "name": "Flab\\u00e9b\\u00e9 \\"\\/\\\\\\n\\t",
      "tags": ["a", "b\\u0041", "ピカチュウ"],
      "names": {"en": "Pikachu", "ja": "ピカチュウ", "emoji": "\\ud83d\\ude00"},
      "counts": {"kanto": 25, "johto": -22},
      "inner": {"ratio": 0.7, "hp": 35},
      "list": [{"hp": 1, "ratio": 1e2}, {"hp": 2, "ratio": -12.5E-1}],
      "optional": null,
      "flag": true,
      "small": -128,
      "big": 18446744073709551615,
      "float": 0.1
    }
    """

  @Test func decodesLikeJSONDecoder() throws {
    let bytes = Array(sampleJSON.utf8)
    let fast = try FastJSONDecoder().decode(Sample.self, from: bytes)
    let foundation = try JSONDecoder().decode(Sample.self, from: Data(bytes))
    #expect(fast == foundation)
    #expect(fast.name == "Flabébé \"/\\\n\t")
    #expect(fast.names["emoji"] == "😀")
    #expect(fast.inner.ratio == 0.7)
    #expect(fast.list[1].ratio == -1.25)
  }

  @Test(arguments: [
    "0", "-0", "1.5", "0.1", "123456.789", "1e308", "2.2250738585072014e-308", "5e-324",
    "0.30000000000000004", "9007199254740993", "1234567890123456789", "3.141592653589793238",
  ])
  func doublesMatchTheStandardLibrary(_ text: String) throws {
    let value = try FastJSONDecoder().decode(Double.self, from: Array(text.utf8))
    #expect(value == Double(text))
  }

  @Test func roundTripsRandomDoublesExactly() throws {
    var rng = SplitMix64(seed: 7)
    for _ in 0..<2_000 {
      let value = Double(Int64.random(in: -1_000_000...1_000_000, using: &rng)) / 10
      let text = "\(value)"
      #expect(try FastJSONDecoder().decode(Double.self, from: Array(text.utf8)) == value)
    }
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var json: String
    var message: String
    var testDescription: String { message }
  }

  @Test(arguments: [
    Case(
      json: #"{"name": "x", "tags": [1]}"#,
      message: "1:24: tags[0]: expected a string, found 1"
    ),
    Case(
      json: "{\n  \"tags\": [],\n  \"inner\": {\"hp\": \"x\"}\n}",
      message: #"3:19: inner.hp: expected an integer, found "x""#
    ),
    Case(json: #"{"name": "x"}"#, message: "1:1: missing key 'tags'"),
    Case(json: #"{"name": 1}"#, message: "1:10: name: expected a string, found 1"),
    Case(json: #"{"small": 300}"#, message: "1:11: small: 300 does not fit in Int8"),
    Case(json: #"{"small": 1.5}"#, message: "1:11: small: expected an integer, found 1.5"),
    Case(json: #"{"name": null}"#, message: "1:10: name: expected a string, found null"),
    Case(json: #"[1]"#, message: "1:1: expected an object, found an array"),
  ])
  func decodingErrorsNameThePathAndLocation(_ test: Case) {
    struct Partial: Decodable {
      var name: String?
      var tags: [String]
      var inner: Sample.Inner?
      var small: Int8?
    }
    struct Named: Decodable { var name: String }
    struct Small: Decodable { var small: Int8 }
    let bytes = Array(test.json.utf8)
    let error: JSONError?
    if test.json.contains("small") {
      error = #expect(throws: JSONError.self) {
        try FastJSONDecoder().decode(Small.self, from: bytes)
      }
    } else if test.json.contains("\"name\": 1") || test.json.contains("null") {
      error = #expect(throws: JSONError.self) {
        try FastJSONDecoder().decode(Named.self, from: bytes)
      }
    } else {
      error = #expect(throws: JSONError.self) {
        try FastJSONDecoder().decode(Partial.self, from: bytes)
      }
    }
    #expect(error?.description == test.message)
  }

  @Test(arguments: [
    Case(json: "", message: "1:1: expected a value before the end of input"),
    Case(json: "{", message: "1:2: expected ',' or '}' before the end of input"),
    Case(json: #"{"a" 1}"#, message: "1:6: expected ':' after an object key"),
    Case(json: #"{"a": 1,}"#, message: "1:9: expected a string key in quotes"),
    Case(json: "[1 2]", message: "1:4: expected ',' or ']' after an array element"),
    Case(json: #"["abc"#, message: "1:2: unterminated string"),
    Case(json: "[01]", message: "1:2: leading zeros are not allowed in numbers"),
    Case(json: "[1.]", message: "1:4: expected a digit after the decimal point"),
    Case(
      json: "[tru]",
      message: "1:2: expected a value (object, array, string, number, true, false or null)"
    ),
    Case(json: "{}\n  x", message: "2:3: unexpected text after the JSON value"),
    Case(json: "[\"a\tb\"]", message: "1:4: control character in a string; escape it (e.g. '\\n')"),
    Case(json: #"["\x"]"#, message: "1:4: invalid escape sequence in a string"),
    Case(json: #"["\u12"]"#, message: "1:4: expected four hexadecimal digits after '\\u'"),
    Case(json: "[\"é\", \"\u{FF}\"]", message: "1:7: [1]: invalid UTF-8 in a string"),
  ])
  func syntaxErrorsNameLineAndColumn(_ test: Case) {
    var bytes = Array(test.json.utf8)
    if test.json.contains("\u{FF}") {
      // Replace the two-byte encoding of U+00FF with a lone continuation-less lead byte.
      bytes = Array("[\"é\", \"".utf8) + [0xC3, 0x28] + Array("\"]".utf8)
    }
    let error = #expect(throws: JSONError.self) {
      try FastJSONDecoder().decode([String].self, from: bytes)
    }
    #expect(error?.kind == (test.message.contains("UTF-8") ? .decoding : .syntax))
    #expect(error?.description == test.message)
  }

  @Test func rejectsExcessiveNesting() {
    let bytes = Array(
      (String(repeating: "[", count: 600) + String(repeating: "]", count: 600)).utf8
    )
    let error = #expect(throws: JSONError.self) {
      try FastJSONDecoder().decode([[String]].self, from: bytes)
    }
    #expect(error?.message == "nesting is deeper than 512 levels")
  }

  @Test func rejectsLoneSurrogates() {
    let error = #expect(throws: JSONError.self) {
      try FastJSONDecoder().decode([String].self, from: Array(#"["\ud83d"]"#.utf8))
    }
    #expect(error?.description == "1:2: [0]: unpaired surrogate in a '\\u' escape")
  }
}
