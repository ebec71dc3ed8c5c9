import Foundation
import PokedexCLI
import PokedexKit
import PokedexTestSupport
import TerminalUI
import Testing

@Suite struct ListCommandTests {
  /// `name:` matches every language's names; the table says which name matched when it is
  /// not the one shown, and has no such column otherwise.
  @Test func aNameTermSaysWhichNameMatched() {
    let result = pokedex("list", "name:char*", "--color", "never")
    #expect(result.code == .success)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasSuffix("Matched name") == true)
    #expect(lines.contains { $0.contains("Beautifly") && $0.hasSuffix("Charmillon (fr)") })
    #expect(lines.contains { $0.contains("Charmander") && $0.hasSuffix("309") })
    #expect(!pokedex("list", "fire", "--color", "never").stdout.contains("Matched name"))
    #expect(!pokedex("list", "name:charmander", "--color", "never").stdout.contains("Matched"))
  }

  @Test(arguments: [
    ("table", ["gen:1", "num<=12"]),
    ("sections", ["num<=9", "--section-by", "type"]),
    ("sorted", ["fire", "spe>100", "--sort", "spe:desc,name", "--limit", "5"]),
    ("forms", ["name:charizard*", "--forms"]),
    ("fields", ["legendary", "gen:1", "--fields", "num,name,bst,height,weight,abilities"]),
    ("japanese", ["num<=4", "--lang", "ja"]),
  ])
  func tables(name: String, arguments: [String]) {
    let result = pokedex(["list"] + arguments, width: 80)
    #expect(result.code == .success)
    #expect(result.stderr.contains(" Pokémon"))
    assertGolden(result.stdout, named: "list-\(name).txt")
  }

  @Test func pipedTablesKeepEveryCellWhole() {
    let piped = pokedex("list", "name:tauros", "--forms")
    #expect(piped.stdout.contains("Paldean Tauros (Aqua Breed)"))
    #expect(!piped.stdout.contains("…"))
    let terminal = pokedex(
      ["list", "name:tauros", "--forms", "--color", "never"],
      terminal: true,
      width: 30
    )
    for line in terminal.stdout.split(separator: "\n") { #expect(TextWidth.of(line) <= 30) }
  }

  @Test func countsGoToStderrSoPipedOutputIsDataOnly() {
    let result = pokedex("list", "gen:1", "--limit", "3", "--fields", "name")
    #expect(result.stdout == "Name\nBulbasaur\nIvysaur\nVenusaur\n")
    #expect(result.stderr == "151 Pokémon, 3 shown\n")
  }

  @Test func tablesFitNarrowTerminals() {
    let result = pokedex(["list", "num<=4", "--lang", "ja"], environment: ["COLUMNS": "40"])
    for line in result.stdout.split(separator: "\n") { #expect(TextWidth.of(line) <= 40) }
    assertGolden(result.stdout, named: "list-narrow.txt")
  }

  @Test(arguments: ["json", "ndjson", "csv", "tsv"])
  func formats(format: String) {
    let result = pokedex("list", "num<=3", "--format", format)
    #expect(result.code == .success)
    assertGolden(result.stdout, named: "list-num3.\(format)")
  }

  @Test func jsonIsTheDataFileSchema() throws {
    let result = pokedex("list", "type:fire", "--format", "json")
    let records = try JSONDecoder().decode([Pokemon].self, from: Data(result.stdout.utf8))
    let dex = try PokedexLoader.load()
    let expected = dex.pokemon.filter { $0.isDefault && $0.types.contains("fire") }
    #expect(records == expected)
  }

  @Test func csvQuotesFieldsWithCommas() {
    let result = pokedex("list", "num=1", "--format", "csv", "--fields", "name,abilities")
    #expect(result.stdout == "name,abilities\nBulbasaur,\"Overgrow, Chlorophyll (H)\"\n")
  }

  @Test(arguments: [("csv", ","), ("tsv", "\t")])
  func delimitedDataIsPlainNumbersWithUnitsInTheHeader(format: String, separator: String) {
    let result = pokedex(
      "list",
      "num=4",
      "--format",
      format,
      "--fields",
      "num,name,height,weight,types"
    )
    let header = ["number", "name", "height_m", "weight_kg", "types"]
    let row = ["4", "Charmander", "0.6", "8.5", "Fire"]
    #expect(
      result.stdout
        == header.joined(separator: separator) + "\n" + row.joined(separator: separator) + "\n"
    )
    #expect(result.stderr.isEmpty)
  }

  @Test func cardForExactlyOneResult() {
    #expect(pokedex("list", "num=25", "--card").stdout == pokedex("show", "pikachu").stdout)
    let many = pokedex("list", "fire", "--card")
    #expect(many.code == .usage)
    #expect(many.stderr.hasPrefix("error: --card needs exactly one result; the query matched"))
  }

  @Test func colourOnlyWhenAsked() {
    #expect(!pokedex("list", "num=1", terminal: false).stdout.contains("\u{1B}["))
    #expect(pokedex("list", "num=1", terminal: true).stdout.contains("\u{1B}["))
    #expect(
      !pokedex(["list", "num=1"], environment: ["NO_COLOR": "1"], terminal: true).stdout.contains(
        "\u{1B}["
      )
    )
    let always = pokedex("list", "num=1", "--color", "always")
    #expect(always.stdout.contains("\u{1B}[1m"))
    #expect(always.stderr.hasSuffix("\u{1B}[0m\n"))
  }

  struct ErrorCase: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var golden: String
    var testDescription: String { golden }
  }

  @Test(arguments: [
    ErrorCase(arguments: ["firre"], golden: "unknown-term"),
    ErrorCase(arguments: ["fire", "!fire"], golden: "contradiction"),
    ErrorCase(arguments: ["spe>100", "spe<50"], golden: "empty-range"),
    ErrorCase(arguments: ["hp>abc"], golden: "bad-number"),
    ErrorCase(arguments: ["type:fyre"], golden: "unknown-type"),
    ErrorCase(arguments: ["@starters"], golden: "unknown-filter"),
    ErrorCase(arguments: ["fire", "--sort", "speeed"], golden: "bad-sort"),
    ErrorCase(arguments: ["fire", "--section-by", "colour-ish"], golden: "bad-section"),
    ErrorCase(arguments: ["fire", "--limit", "-3"], golden: "bad-limit"),
    ErrorCase(arguments: ["fire", "--fields", "num,nmae"], golden: "bad-field"),
    ErrorCase(arguments: ["fire", "--lang", "klingon"], golden: "bad-language"),
    ErrorCase(arguments: ["fire", "--format", "yaml"], golden: "bad-format"),
  ])
  func usageErrorsAreRenderedAndExit64(_ test: ErrorCase) {
    let result = pokedex(["list"] + test.arguments)
    #expect(result.code == .usage)
    #expect(result.stdout.isEmpty)
    assertGolden(result.stderr, named: "list-error-\(test.golden).txt")
  }

  /// The caret sits under the bad term however wide the text before it is on a terminal:
  /// `ﾋﾟ` (halfwidth katakana and its semi-voiced mark) is one character in two columns,
  /// `ピ` one character in two columns, `⚡` an emoji in two.
  @Test(arguments: [
    ("name:ﾋﾟｶﾁｭｳ", 12),
    ("name:ピカチュウ", 16),
    ("name:ピカ⚡", 12),
  ])
  func caretSitsUnderTheBadTermAfterWideText(term: String, columns: Int) {
    let result = pokedex("list", term, "firre")
    #expect(result.code == .usage)
    let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count > 3)
    guard lines.count > 3 else { return }
    #expect(lines[2] == "\(term) firre")
    #expect(TextWidth.of(lines[2].prefix { $0 != "f" }) == columns)
    #expect(lines[3] == String(repeating: " ", count: columns) + "^^^^^")
  }

  @Test func settingsComeFromTheEnvironment() {
    let result = pokedex(
      ["list", "num<=3"],
      environment: ["POKEDEX_FORMAT": "csv", "POKEDEX_FIELDS": "name", "POKEDEX_SORT": "name:desc"]
    )
    #expect(result.stdout == "name\nVenusaur\nIvysaur\nBulbasaur\n")
    let flagWins = pokedex(
      ["list", "num<=3", "--format", "tsv"],
      environment: ["POKEDEX_FORMAT": "csv", "POKEDEX_FIELDS": "num"]
    )
    #expect(flagWins.stdout == "number\n1\n2\n3\n")
    let bad = pokedex(["list", "num<=3"], environment: ["POKEDEX_FORMAT": "xml"])
    #expect(bad.code == .usage)
    #expect(
      bad.stderr.hasPrefix(
        "error: invalid value 'xml' for environment variable POKEDEX_FORMAT: 'xml' is not allowed"
      )
    )
  }

  @Test func dataFileErrors() throws {
    let missing = pokedex("list", "--data", "/nonexistent/dex.json")
    #expect(missing.code == .noInput)
    #expect(missing.stderr.hasPrefix("error: no such file '/nonexistent/dex.json'\n"))
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("broken.json")
    try Data("{\"schemaVersion\": 1,\n \"source\": 3}".utf8).write(to: URL(fileURLWithPath: path))
    let broken = pokedex(["list"], environment: ["POKEDEX_DATA": path])
    #expect(broken.code == .data)
    #expect(
      broken.stderr
        == "error: \(path):2:12: source: expected an object, found 3\nregenerate it with 'pokedex data build' or fix the file\n"
    )
  }
}
