import PokedexTestSupport
import Testing

@testable import JSONCore

@Suite struct JSONScannerSkipTests {
  @Test(arguments: [
    (#"{"moves": ["a", 1]}, 2"#, 19),
    (#"  "tr\"icky}" ]"#, 13),
    (#"[[], {}, [{"a": [null, true, false, -1.5e3]}]] x"#, 46),
    (#"{} {"#, 2),
    ("0", 1),
  ])
  func skipsOneValueAndStopsRightAfterIt(text: String, end: Int) throws {
    #expect(
      try scanning(text) { s in
        try s.skipValue(); return s.position
      } == end
    )
  }

  @Test func visitsEveryStringNamesIncluded() throws {
    let text = #"{"moves": {"tackle": "9L1", "x": [1, "y", {"z": null}]}} "after""#
    let ranges = try scanning(text) { s in
      var seen: [Range<Int>] = []
      try s.skipValue { seen.append($0.range) }
      return seen
    }
    let bytes = Array(text.utf8)
    let strings = ranges.map { String(decoding: bytes[$0], as: UTF8.self) }
    #expect(strings == ["moves", "tackle", "9L1", "x", "y", "z"])
  }

  @Test(arguments: [
    #"{"a" 1}"#, #"{"a": 1,}"#, "[1,]", "[1 2]", "{1: 2}", #"{"a": 1"#, "[", "]", "",
    #""open"#, "tru", "[01]", #"{"a": [}]"#, #"["\x"]"#,
  ])
  func refusesWhatIsNotJSON(text: String) {
    #expect(throws: JSONScanError.self) { try scanning(text) { s in try s.skipValue() } }
  }

  @Test func refusesContainersNestedTooDeeply() throws {
    let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
    #expect(throws: JSONScanError.self) { try scanning(deep) { s in try s.skipValue() } }
    #expect(
      try scanning(deep) { s in
        try s.skipValue(maximumDepth: 600); return s.isAtEnd()
      }
    )
  }

  /// Whatever the full parser accepts as a document, skipping accepts and consumes whole, and
  /// the other way round: random values, and the same values with one byte changed.
  @Test func agreesWithTheParserOnRandomDocuments() throws {
    var rng = SplitMix64(seed: 14)
    for round in 0..<2_000 {
      var bytes = Array(randomValue(depth: 0, using: &rng).utf8)
      if round % 2 == 1, !bytes.isEmpty {
        let alphabet = Array(#"{}[],:"\ 0-1aetnu"#.utf8)
        bytes[Int.random(in: 0..<bytes.count, using: &rng)] =
          alphabet.randomElement(using: &rng) ?? 0
      }
      let parsed = (try? JSONTape(bytes: bytes)) != nil
      let skipped =
        (try? scanning(bytes) { s in
          try s.skipValue(); return s.isAtEnd()
        }) ?? false
      #expect(parsed == skipped, "\(String(decoding: bytes, as: UTF8.self))")
    }
  }

  private func randomValue(depth: Int, using rng: inout SplitMix64) -> String {
    switch Int.random(in: 0..<(depth > 3 ? 4 : 6), using: &rng) {
    case 0: return ["null", "true", "false"].randomElement(using: &rng) ?? "null"
    case 1: return String(Int.random(in: -999...999, using: &rng))
    case 2: return ["\"a\"", "\"b\\\"c\"", "\"é\"", "\"\""].randomElement(using: &rng) ?? "\"\""
    case 3: return "1.5e2"
    case 4:
      let count = Int.random(in: 0..<4, using: &rng)
      return "["
        + (0..<count).map { _ in randomValue(depth: depth + 1, using: &rng) }
        .joined(separator: ", ") + "]"
    default:
      let count = Int.random(in: 0..<4, using: &rng)
      return "{"
        + (0..<count).map { index in
          "\"k\(index)\": " + randomValue(depth: depth + 1, using: &rng)
        }.joined(separator: ", ") + "}"
    }
  }
}
