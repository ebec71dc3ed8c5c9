import Foundation
import PokedexTestSupport
import Testing

@testable import JSONCore

@Suite struct JSONOutputTests {
  /// Strings of every awkward kind come back unchanged through Foundation's parser and
  /// through the project's own tape.
  @Test func stringsRoundTrip() throws {
    var random = SplitMix64(seed: 0x0_5791_4C)
    let pieces = [
      "a", "Pikachu", "ピカチュウ", "\"", "\\", "/", "\n", "\r", "\t", "\u{1}", "\u{1F}", "é", "😀", " ",
    ]
    for _ in 0..<500 {
      let text = (0..<Int.random(in: 0...12, using: &random)).map { _ in
        pieces.randomElement(using: &random) ?? ""
      }.joined()
      var output = JSONOutput()
      output.string(text)
      let decoded = try JSONDecoder().decode(String.self, from: Data(output.bytes))
      #expect(decoded == text)
      let tape = try JSONTape(bytes: output.bytes)
      #expect(try tape.string(0) == text)
    }
  }

  @Test func onlyQuotesBackslashesAndControlsAreEscaped() {
    var output = JSONOutput()
    output.string("a\"b\\c/d\u{1}\né")
    #expect(String(decoding: output.bytes, as: UTF8.self) == #""a\"b\\c/d\u0001\né""#)
  }

  @Test(arguments: [
    (0.7, "0.7"), (90.5, "90.5"), (1000, "1000"), (-0.5, "-0.5"), (0, "0"), (1e20, "1e+20"),
    (0.25, "0.25"), (-12.3, "-12.3"),
  ])
  func numbersAreShortest(_ value: Double, _ text: String) {
    var output = JSONOutput()
    output.number(value)
    #expect(String(decoding: output.bytes, as: UTF8.self) == text)
  }

  @Test func integersAndLayout() {
    var output = JSONOutput()
    output.integer(.min)
    output.append(", ")
    output.integer(42)
    output.newline(indent: 3)
    output.bool(false)
    output.null()
    #expect(
      String(decoding: output.bytes, as: UTF8.self) == "-9223372036854775808, 42\n   falsenull"
    )
  }
}
