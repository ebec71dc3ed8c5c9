import Foundation
import PokedexCLI
import PokedexTestSupport
import TerminalUI
import Testing

/// Layout specs with absurd geometry and the largest item counts (issue 13): refused with
/// the JSON path, or drawn within the documented limits with a note on stderr.
@Suite struct HostileLayoutTests {
  struct SpecCase: Sendable, CustomTestStringConvertible {
    var name: String
    var spec: String
    var message: String
    var testDescription: String { name }
  }

  static let grid = SpecFixtures.grid(itemCount: 12, columns: 4)
  static let range =
    "is out of range; lengths, offsets, fractions and scales are between -1000000 and 1000000"

  static let absurdCases: [SpecCase] = [
    SpecCase(
      name: "group height 1e308",
      spec: grid.replacingOccurrences(of: #""value": 160"#, with: #""value": 1e308"#),
      message: "$.layout.sections[0].definition.group.size.height.value: value 1e+308 " + range
    ),
    SpecCase(
      name: "container width 1e9",
      spec: grid.replacingOccurrences(of: #""width": 640"#, with: #""width": 1e9"#),
      message: "$.environment.containerSize.width: value 1000000000 " + range
    ),
    SpecCase(
      name: "inter-group spacing 1e9",
      spec: grid.replacingOccurrences(
        of: #""definition": {"#,
        with: #""definition": {"interGroupSpacing": 1e9,"#
      ),
      message: "$.layout.sections[0].definition.interGroupSpacing: value 1000000000 " + range
    ),
    SpecCase(
      name: "inset -1e308",
      spec: grid.replacingOccurrences(
        of: #""definition": {"#,
        with: #""definition": {"contentInsets": {"top": -1e308},"#
      ),
      message: "$.layout.sections[0].definition.contentInsets.top: value -1e+308 " + range
    ),
    SpecCase(
      name: "display scale 1e300",
      spec: grid.replacingOccurrences(of: #""displayScale": 1"#, with: #""displayScale": 1e300"#),
      message: "$.environment.displayScale: value 1e+300 " + range
    ),
  ]

  @Test(arguments: absurdCases)
  func absurdNumbersAreMalformedInEveryFormat(_ test: SpecCase) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("spec.json")
    try Data(test.spec.utf8).write(to: URL(fileURLWithPath: path))
    for format in ["ascii", "svg", "json"] {
      let result = layout("--spec", path, "--format", format)
      #expect(result.code == .data, "\(format): \(result.stderr)")
      #expect(result.stdout.isEmpty)
      #expect(result.stderr == "error: \(path): \(test.message)\n", "\(format)")
    }
  }

  /// The documented maximum item count: every format answers quickly, within its limit.
  @Test func theLargestItemCountIsDrawnClippedOrRefused() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("big.json")
    try Data(SpecFixtures.grid(itemCount: 100_000_000, columns: 5).utf8).write(
      to: URL(fileURLWithPath: path)
    )
    let start = ContinuousClock.now
    let ascii = layout("--spec", path)
    #expect(ascii.code == .success, "\(ascii.stderr)")
    #expect(ascii.stdout.split(separator: "\n", omittingEmptySubsequences: false).count == 25_001)
    #expect(
      ascii.stderr
        == "warning: \(path): the drawing shows rows 0 to 24999 of 200000001 (at most 2000000 cells, 25000 rows at 80 columns); draw later rows with --viewport 25000:HEIGHT\n"
    )

    let svg = layout("--spec", path, "--format", "svg")
    #expect(svg.code == .success, "\(svg.stderr)")
    #expect(svg.stdout.utf8.count < 20_000_000)
    #expect(XMLCheck.problem(in: svg.stdout) == nil)
    #expect(svg.stdout.contains(#"height="100000""#))
    #expect(
      svg.stderr
        == "warning: \(path): the SVG shows the first 640 × 100000 points of 640 × 3200000000 (at most 100000 each way); use --format json for every frame\n"
    )

    let json = layout("--spec", path, "--format", "json")
    #expect(json.code == .data)
    #expect(json.stdout.isEmpty)
    #expect(
      json.stderr
        == "error: \(path): the layout has more than 1000000 elements, more than a JSON export holds; lower the item counts, or draw part of it with --format ascii --viewport Y:HEIGHT\n"
    )
    #expect(ContinuousClock.now - start < .seconds(60))
  }

  @Test func aViewportOfTheLargestLayoutIsUnchanged() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("big.json")
    try Data(SpecFixtures.grid(itemCount: 100_000_000, columns: 5).utf8).write(
      to: URL(fileURLWithPath: path)
    )
    let result = layout("--spec", path, "--viewport", "199999990:12")
    #expect(result.code == .success, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    #expect(result.stdout.split(separator: "\n").count == 11)
    #expect(result.stdout.contains("[0, 9999999"))
  }

  /// 100,000,000 items of zero height under a header all touch the first rows: more than
  /// any drawing holds there, so nothing sensible can be drawn.
  @Test func zeroSizeItemsAreRefusedNotWalked() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("zero.json")
    let spec = try Self.preset("list")
      .replacingOccurrences(of: #""itemCount": 12"#, with: #""itemCount": 100000000"#)
      .replacingFirst(#""value": 32}},"#, with: #""value": 0}},"#)
      .replacingOccurrences(of: #""bottom": 16"#, with: #""bottom": 0"#)
    try Data(spec.utf8).write(to: URL(fileURLWithPath: path))
    let start = ContinuousClock.now
    let ascii = layout("--spec", path)
    #expect(ascii.code == .data)
    #expect(
      ascii.stderr
        == "error: \(path): more than 20000 elements overlap rows 0 to 2, too many to draw; check the spec for items of zero size\n"
    )
    let svg = layout("--spec", path, "--format", "svg")
    #expect(svg.code == .success, "zero-height items are not drawn: \(svg.stderr)")
    #expect(XMLCheck.problem(in: svg.stdout) == nil)
    #expect(layout("--spec", path, "--format", "json").code == .data)
    #expect(ContinuousClock.now - start < .seconds(60))
  }

  /// The text of a preset's spec.
  static func preset(_ name: String) throws -> String {
    try String(contentsOfFile: LayoutPreset.directory() + "/\(name).json", encoding: .utf8)
  }

  @Test func wideContentIsClippedToTheColumnLimit() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("wide.json")
    let spec = SpecFixtures.grid(itemCount: 10, columns: 5)
      .replacingOccurrences(of: #""width": 640"#, with: #""width": 1000000"#)
    try Data(spec.utf8).write(to: URL(fileURLWithPath: path))
    let ascii = layout("--spec", path)
    #expect(ascii.code == .success, "\(ascii.stderr)")
    for line in ascii.stdout.split(separator: "\n") { #expect(TextWidth.of(line) <= 1000) }
    #expect(
      ascii.stderr
        == "warning: \(path): the drawing shows the first 1000 of 125000 columns (at most 1000); use --format json for every frame\n"
    )
    let svg = layout("--spec", path, "--format", "svg")
    #expect(svg.code == .success)
    #expect(XMLCheck.problem(in: svg.stdout) == nil)
    #expect(
      svg.stderr
        == "warning: \(path): the SVG shows the first 100000 × 320 points of 1000000 × 320 (at most 100000 each way); use --format json for every frame\n"
    )
    #expect(layout("--spec", path, "--format", "json").code == .success)
  }

  @Test func anEmptySpecSaysItIsEmpty() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let blank = directory.path("blank.json")
    try Data(" \n".utf8).write(to: URL(fileURLWithPath: blank))
    for path in ["/dev/null", blank] {
      let result = layout("--spec", path)
      #expect(result.code == .data)
      #expect(
        result.stderr
          == "error: \(path): the layout spec is empty; write a JSON object with \"environment\" and \"layout\" (see 'pokedex help layout')\n"
      )
    }
  }

  @Test func aLimitOfZeroDrawsAnEmptyLayoutAndSaysWhy() {
    let zero = layout("num<=12", "--limit", "0")
    #expect(zero.code == .success)
    #expect(zero.stdout.isEmpty)
    #expect(
      zero.stderr == "12 Pokémon match the query; --limit 0 shows none (the layout is empty)\n"
    )
    let past = layout("num<=12", "--offset", "20")
    #expect(past.code == .success)
    #expect(
      past.stderr
        == "12 Pokémon match the query; --offset 20 skips them all (the layout is empty)\n"
    )
    #expect(layout("num<=0").stderr == "no Pokémon match the query\n")
  }
}

extension String {
  /// The string with the first occurrence of `target` replaced.
  fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
    guard let range = range(of: target) else { return self }
    return replacingCharacters(in: range, with: replacement)
  }
}
