import Foundation
import PokedexCLI
import PokedexTestSupport
import TerminalUI
import Testing

/// The fixed query of the golden files: 12 Pokémon in four colour sections (3, 5, 3, 1).
private let fixedQuery = ["num<=12", "--section-by", "color"]

@Suite struct LayoutCommandTests {
  struct PresetCase: Sendable, CustomTestStringConvertible {
    var style: String
    var width: Int
    var testDescription: String { "\(style) at \(width)" }
  }

  static let asciiCases = LayoutPreset.allCases.flatMap { preset in
    [60, 100].map { PresetCase(style: preset.rawValue, width: $0) }
  }

  @Test(arguments: asciiCases)
  func presetsDrawInASCII(_ test: PresetCase) {
    let result = layout(fixedQuery + ["--style", test.style, "--width", "\(test.width)"])
    #expect(result.code == .success, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    for line in result.stdout.split(separator: "\n") { #expect(TextWidth.of(line) <= test.width) }
    assertGolden(result.stdout, named: "layout-\(test.style)-\(test.width).txt")
  }

  @Test(arguments: LayoutPreset.allCases.map(\.rawValue))
  func presetsExportJSON(_ style: String) throws {
    let result = layout(fixedQuery + ["--style", style, "--width", "80", "--format", "json"])
    #expect(result.code == .success, "\(result.stderr)")
    // Valid JSON with the Pokémon on the items and the titles on the sections.
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    )
    let items = try #require(object["items"] as? [[String: Any]])
    #expect(items.count == 12)
    #expect(items.first?["name"] as? String == "Squirtle")
    #expect(
      (object["sections"] as? [[String: Any]])?.map { $0["title"] as? String } == [
        "Blue", "Green", "Red", "White",
      ]
    )
    #expect((object["source"] as? [String: Any])?["preset"] as? String == style)
    // Deterministic bytes.
    #expect(
      layout(fixedQuery + ["--style", style, "--width", "80", "--format", "json"]).stdout
        == result.stdout
    )
    assertGolden(result.stdout, named: "layout-\(style).json")
  }

  @Test(arguments: LayoutPreset.allCases.map(\.rawValue))
  func presetsExportWellFormedSVG(_ style: String) {
    let result = layout(fixedQuery + ["--style", style, "--width", "80", "--format", "svg"])
    #expect(result.code == .success, "\(result.stderr)")
    #expect(XMLCheck.problem(in: result.stdout) == nil)
    assertGolden(result.stdout, named: "layout-\(style).svg")
  }

  @Test func carouselStripsShowAMarkerWhereContentContinues() {
    let unicode = layout(fixedQuery + ["--style", "carousel", "--width", "60"]).stdout
    let ascii = layout(fixedQuery + ["--style", "carousel", "--width", "60", "--ascii"]).stdout
    // Only the green section (5 items) overflows 60 columns; its strip shows 2 full groups.
    #expect(unicode.filter { $0 == "›" }.count == 1)
    #expect(ascii.filter { $0 == ">" }.count == 1)
    #expect(!ascii.contains("─") && !ascii.contains("│"))
    #expect(unicode.contains("Caterpie") == false, "the fourth green group is off to the side")
    let svg = layout(fixedQuery + ["--style", "carousel", "--width", "60", "--format", "svg"])
      .stdout
    #expect(svg.contains("clip-path=\"url(#strip-1)\""))
    #expect(svg.filter { $0 == "›" }.count == 1)
  }

  @Test func japaneseNamesAreTruncatedByDisplayWidth() {
    let result = layout("num<=4", "--columns", "4", "--width", "48", "--lang", "ja")
    #expect(result.code == .success)
    for line in result.stdout.split(separator: "\n") { #expect(TextWidth.of(line) <= 48) }
    assertGolden(result.stdout, named: "layout-grid-ja-48.txt")
  }

  @Test func rightToLeftSpecsAreMirrored() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("rtl.json")
    try Data(SpecFixtures.rightToLeft.utf8).write(to: URL(fileURLWithPath: path))
    let result = layout("--spec", path, "--ascii")
    #expect(result.code == .success, "\(result.stderr)")
    assertGolden(result.stdout, named: "layout-spec-rtl.txt")
  }

  // MARK: Snapping

  /// Random widths and column counts: every column boundary of a grid is one shared edge (a
  /// `┬` on the top line), and nothing is drawn past the width.
  @Test func sharedEdgesStaySharedAtAnyWidth() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var random = SplitMix64(seed: 0x1A_7001)
    for trial in 0..<60 {
      let width = Int.random(in: 20...240, using: &random)
      let columns = Int.random(in: 1...max(1, width / 3), using: &random)
      let path = directory.path("grid-\(trial).json")
      try Data(SpecFixtures.grid(itemCount: 3 * columns, columns: columns).utf8).write(
        to: URL(fileURLWithPath: path)
      )
      let result = layout("--spec", path, "--width", "\(width)")
      #expect(result.code == .success)
      let lines = result.stdout.split(separator: "\n")
      #expect(lines.first?.hasPrefix("┌") == true)
      #expect(
        lines.first?.filter { $0 == "┬" }.count == columns - 1,
        "width \(width), \(columns) columns"
      )
      #expect(lines.first?.hasSuffix("┐") == true)
      #expect(lines.filter { $0.hasPrefix("├") }.count == 2, "two shared row edges")
      for line in lines { #expect(TextWidth.of(line) <= width) }
    }
  }

  // MARK: Viewport

  @Test func viewportShowsTheSameRowsAsTheWholeDrawing() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("featured.json")
    let featured = try String(
      contentsOf: packageRoot().appendingPathComponent("Data/layouts/featured.json"),
      encoding: .utf8
    )
    try Data(featured.replacingOccurrences(of: "\"itemCount\": 12", with: "\"itemCount\": 40").utf8)
      .write(to: URL(fileURLWithPath: path))
    let full = layout("--spec", path, "--width", "70").stdout
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(full.count == 144)
    for (row, height) in [(0, 5), (17, 9), (40, 30), (full.count - 4, 10)] {
      let result = layout("--spec", path, "--width", "70", "--viewport", "\(row):\(height)")
      #expect(result.code == .success)
      let expected = full[row..<min(full.count - 1, row + height)].joined(separator: "\n") + "\n"
      #expect(result.stdout == expected, "viewport \(row):\(height)")
    }
  }

  @Test func aMillionItemSpecRendersOneScreenWithoutPokemon() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("big.json")
    try Data(SpecFixtures.grid(itemCount: 1_000_000, columns: 5).utf8).write(
      to: URL(fileURLWithPath: path)
    )
    // No data file is needed: --data points nowhere.
    let result = layout(
      "--spec",
      path,
      "--viewport",
      "1000000:12",
      "--data",
      "/nonexistent/pokemons.json"
    )
    #expect(result.code == .success, "\(result.stderr)")
    #expect(result.stdout.split(separator: "\n").count == 12)
    // Row 1,000,000 is the top edge of the 100,000th row of cells (10 rows per 160-pt cell):
    // items 500,000 to 500,004, five to a row.
    #expect(result.stdout.contains("[0, 500000]"))
    #expect(result.stdout.contains("[0, 500004]"))
    #expect(!result.stdout.contains("[0, 499999]"))
    #expect(layout("--spec", path, "--viewport", "99999999:3").stdout.isEmpty)
  }

  @Test(arguments: ["0", "1:0", "x:4", "-1:4", "3:"])
  func badViewportsAreUsageErrors(_ text: String) {
    let result = layout("num<=3", "--viewport", text)
    #expect(result.code == .usage)
    #expect(
      result.stderr.hasPrefix("error: invalid value '\(text)' for --viewport: expected Y:HEIGHT")
    )
  }

  // MARK: --spec

  /// A spec that is empty (`/dev/null` is readable) is malformed data; a missing one is
  /// no input; an endless device is refused at the size limit instead of filling memory.
  @Test func unreadableAndEmptySpecsExitWithTheirCodes() {
    let empty = layout("--spec", "/dev/null")
    #expect(empty.code == .data)
    #expect(empty.stderr.contains("/dev/null: the layout spec is empty"))
    let missing = layout("--spec", "/no/such/spec.json")
    #expect(missing.code == .noInput)
    #expect(missing.stderr.contains("cannot read layout spec '/no/such/spec.json': no such file"))
    let endless = layout("--spec", "/dev/zero")
    #expect(endless.code == .noInput)
    #expect(endless.stderr.contains("it is larger than 16 MiB"))
  }

  @Test func aSpecOnItsOwnPrintsItsFrames() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("two.json")
    try Data(SpecFixtures.twoSections.utf8).write(to: URL(fileURLWithPath: path))
    let result = layout(
      ["--spec", "two.json", "--format", "json"],
      currentDirectory: directory.url.path
    )
    #expect(result.code == .success, "\(result.stderr)")
    assertGolden(result.stdout, named: "layout-spec-alone.json")
    let ascii = layout(["--spec", "two.json"], currentDirectory: directory.url.path)
    assertGolden(ascii.stdout, named: "layout-spec-alone.txt")
  }

  @Test func aSpecWithAQueryTakesTheQuerysCounts() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("two.json")
    try Data(SpecFixtures.twoSections.utf8).write(to: URL(fileURLWithPath: path))
    let result = layout(["--spec", path, "--format", "json"] + fixedQuery)
    #expect(result.code == .success, "\(result.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    )
    let items = try #require(object["items"] as? [[String: Any]])
    let counts = Dictionary(grouping: items) { $0["section"] as? Int ?? -1 }.mapValues(\.count)
    #expect(counts == [0: 3, 1: 5, 2: 3, 3: 1])
    // Sections past the spec's two reuse its last definition (one 50-pt-wide column).
    let third = items.filter { $0["section"] as? Int == 2 }.compactMap {
      $0["frame"] as? [String: Double]
    }
    #expect(third.allSatisfy { $0["width"] == 50 })
  }

  struct BadSpec: Sendable, CustomTestStringConvertible {
    var name: String
    var json: String
    var message: String
    var testDescription: String { name }
  }

  static let badSpecs: [BadSpec] = [
    BadSpec(
      name: "item count of the wrong type",
      json:
        #"{"environment": {"containerSize": {"width": 100, "height": 100}}, "layout": {"sections": [{"itemCount": "3"}]}}"#,
      message: "$.layout.sections[0].itemCount: expected a number, found a string"
    ),
    BadSpec(
      name: "unknown key",
      json:
        #"{"environment": {"containerSize": {"width": 100, "height": 100}, "colour": 1}, "layout": {"sections": []}}"#,
      message: "$.environment.colour: unknown key; remove it or check its spelling"
    ),
    BadSpec(
      name: "missing environment",
      json: #"{"layout": {"sections": []}}"#,
      message: "$.environment: missing required key"
    ),
    BadSpec(
      name: "unknown dimension kind",
      json: SpecFixtures.grid(itemCount: 3, columns: 2).replacingOccurrences(
        of: "\"absolute\"",
        with: "\"percent\""
      ),
      message: "$.layout.sections[0].definition.group.size.height.kind"
    ),
    BadSpec(
      name: "a group that cannot fit an item",
      json: SpecFixtures.grid(itemCount: 3, columns: 2, itemWidth: 700),
      message: "$.layout.sections[0].definition.group"
    ),
    BadSpec(
      name: "malformed JSON",
      json: "{\"environment\": [}",
      message: "invalid JSON at line 1, column 18"
    ),
  ]

  @Test(arguments: badSpecs)
  func badSpecsExitWithTheirJSONPath(_ test: BadSpec) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("bad.json")
    try Data(test.json.utf8).write(to: URL(fileURLWithPath: path))
    let result = layout("--spec", path)
    #expect(result.code == .data)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("error: \(path): "))
    #expect(result.stderr.contains(test.message), "\(result.stderr)")
  }

  @Test func unknownKeysAreWarningsWithLenient() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("extra.json")
    let json = SpecFixtures.grid(itemCount: 2, columns: 2).replacingOccurrences(
      of: "\"displayScale\": 1",
      with: "\"displayScale\": 1, \"notes\": \"mine\""
    )
    try Data(json.utf8).write(to: URL(fileURLWithPath: path))
    #expect(layout("--spec", path).code == .data)
    let result = layout("--spec", path, "--lenient")
    #expect(result.code == .success)
    #expect(result.stderr == "warning: \(path): $.environment.notes: unknown key ignored\n")
  }

  @Test func aMissingSpecIsExit66() {
    let result = layout("--spec", "/nonexistent/spec.json")
    #expect(result.code == .noInput)
    #expect(
      result.stderr == "error: cannot read layout spec '/nonexistent/spec.json': no such file\n"
    )
  }

  @Test func styleAndSpecAreExclusive() {
    let result = layout("--spec", "a.json", "--style", "grid")
    #expect(result.code == .usage)
    #expect(result.stderr.hasPrefix("error: use either --style or --spec, not both\n"))
  }

  // MARK: --output

  @Test func outputIsWrittenAtomically() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("grid.svg")
    let result = layout(["--format", "svg", "--output", path] + fixedQuery)
    #expect(result.code == .success)
    #expect(result.stdout.isEmpty)
    let written = try String(contentsOfFile: path, encoding: .utf8)
    #expect(written == layout(["--format", "svg"] + fixedQuery).stdout)
  }

  @Test func anUnwritableOutputIsExit73AndWritesNothing() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // A path inside a missing directory, and a path that is a directory.
    let missing = directory.path("missing/out.json")
    let result = layout(["--format", "json", "--output", missing] + fixedQuery)
    #expect(result.code == .cannotCreate)
    #expect(result.stderr.hasPrefix("error: cannot create '\(missing)'"))
    let occupied = directory.path("occupied")
    try FileManager.default.createDirectory(atPath: occupied, withIntermediateDirectories: false)
    try Data("keep".utf8).write(to: URL(fileURLWithPath: occupied + "/inside.txt"))
    let second = layout(["--format", "json", "--output", occupied] + fixedQuery)
    #expect(second.code == .cannotCreate)
    #expect(second.stdout.isEmpty)
    // Nothing half-written: no temporary files, the directory's contents unchanged.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted() == [
        "occupied"
      ]
    )
    #expect(try FileManager.default.contentsOfDirectory(atPath: occupied) == ["inside.txt"])
  }

  // MARK: Preferences

  @Test func rememberedChoicesFollowFlagEnvironmentPreferencesDefault() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let prefs = ["POKEDEX_PREFS_FILE": directory.path("prefs.plist")]
    func source(_ arguments: [String], _ environment: [String: String] = [:]) -> String {
      let result = layout(
        ["--format", "json"] + arguments,
        environment: prefs.merging(environment) { $1 }
      )
      let line = result.stdout.split(separator: "\n").first { $0.contains("\"source\"") }
      return line.map(String.init)?.trimmingCharacters(in: .whitespaces) ?? result.stderr
    }
    #expect(source([]) == #""source": {"preset": "grid", "columns": 4},"#)
    let remember = layout(
      "num<=3",
      "--style",
      "grid",
      "--columns",
      "3",
      "--width",
      "50",
      "--remember",
      environment: prefs
    )
    #expect(remember.code == .success, "\(remember.stderr)")
    // Preferences now give grid, 3 columns, width 50 and the query.
    let remembered = layout("--format", "json", environment: prefs)
    #expect(remembered.stdout.contains(#""query": {"terms": ["num<=3"]"#))
    #expect(remembered.stdout.contains(#""containerSize": {"width": 400,"#))
    #expect(source([]) == #""source": {"preset": "grid", "columns": 3},"#)
    // The environment beats the preferences, the flag beats the environment.
    #expect(
      source([], ["POKEDEX_LAYOUT_COLUMNS": "5"]) == #""source": {"preset": "grid", "columns": 5},"#
    )
    #expect(
      source(["--columns", "6"], ["POKEDEX_LAYOUT_COLUMNS": "5"])
        == #""source": {"preset": "grid", "columns": 6},"#
    )
    #expect(source([], ["POKEDEX_LAYOUT_STYLE": "row"]) == #""source": {"preset": "row"},"#)
    #expect(
      source(["--style", "list"], ["POKEDEX_LAYOUT_STYLE": "row"])
        == #""source": {"preset": "list"},"#
    )
    // --no-prefs falls back to the built-in defaults.
    #expect(source(["--no-prefs"]) == #""source": {"preset": "grid", "columns": 4},"#)
    // A bad environment value names its source.
    let bad = layout(environment: prefs.merging(["POKEDEX_LAYOUT_COLUMNS": "30"]) { $1 })
    #expect(bad.code == .usage)
    #expect(
      bad.stderr.hasPrefix(
        "error: invalid value '30' for environment variable POKEDEX_LAYOUT_COLUMNS: use a whole number from 1 to 24"
      )
    )
  }

  @Test func rememberNeedsThePreferencesFile() {
    let result = layout("num<=3", "--no-prefs", "--remember")
    #expect(result.code == .usage)
    #expect(
      result.stderr.hasPrefix("error: --remember needs the preferences file; drop --no-prefs\n")
    )
  }

  // MARK: Browser

  @Test(
    .enabled(
      if: Chromium.path != nil,
      "no chromium or google-chrome on PATH; install one to check the SVG renders"
    )
  )
  func svgRendersInAHeadlessBrowser() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let svg = directory.path("carousel.svg")
    let png = directory.path("carousel.png")
    let result = layout(
      ["--style", "carousel", "--width", "80", "--format", "svg", "--output", svg] + fixedQuery
    )
    #expect(result.code == .success)
    let screenshot = try Chromium.screenshot(svg: svg, png: png, width: 640, height: 480)
    #expect(screenshot.status == 0, "\(screenshot.output)")
    let bytes = try #require(FileManager.default.contents(atPath: png))
    // A PNG of the requested size, with more than a blank page in it.
    #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    let size = try #require(PNGInfo.size(of: bytes))
    #expect(size == (640, 480))
    #expect(bytes.count > 4_000)
  }
}
