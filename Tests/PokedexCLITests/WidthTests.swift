import Foundation
import PokedexKit
import PokedexTestSupport
import TerminalUI
import Testing

@testable import PokedexCLI

/// Issue 17, item 7: the card, the list table, the type chart and the layout grid adapt to
/// the width (the terminal's, or `COLUMNS`); piped output without `COLUMNS` is unchanged.
@Suite struct WidthTests {
  static let widths = [40, 80, 200]

  /// Every line of `text` fits in `width` terminal columns (escape sequences take none).
  static func expectFits(
    _ text: String,
    _ width: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for line in text.split(separator: "\n") {
      #expect(TextWidth.visible(line) <= width, "\(width): \(line)", sourceLocation: sourceLocation)
    }
  }

  // MARK: Wrapping

  @Test func wrapKeepsWordsWholeUnderAHangingIndent() {
    #expect(
      TextWidth.wrap("Pichu, Raichu", width: 14, prefix: "Forms ", indent: 6)
        == ["Forms Pichu,", "      Raichu"]
    )
    // A line that fits is left as it is, double spaces and all.
    #expect(TextWidth.wrap("a  b", width: 10, prefix: "x ", indent: 2) == ["x a  b"])
    // Only a word longer than a whole line is split.
    #expect(
      TextWidth.wrap("ab abcdefghij", width: 6, indent: 1) == ["ab", " abcde", " fghij"]
    )
    // Wide characters count two columns.
    #expect(TextWidth.wrap("ピカチュウ ピカ", width: 10) == ["ピカチュウ", "ピカ"])
    // A character wider than the line overflows on a line of its own; nothing is lost.
    #expect(TextWidth.wrap("ピカ", width: 1) == ["ピ", "カ"])
    #expect(TextWidth.wrap("a ピ b", width: 1) == ["a", "ピ", "b"])
  }

  @Test func escapeSequencesTakeNoRoom() {
    let style = Style(isEnabled: true)
    let text = [style.red("Fire"), style.dim("Water"), style.bold("Grass")].joined(separator: " ")
    #expect(TextWidth.visible(text) == 16)
    let lines = TextWidth.wrap(text, width: 10)
    #expect(lines.count == 2)
    #expect(lines[0] == style.red("Fire") + " " + style.dim("Water"))
    #expect(lines[1] == style.bold("Grass"))
  }

  /// Random words at random widths: no line is wider than the width unless one word is, and
  /// the words come back in order, whole unless longer than a line.
  @Test func wrapPropertyWithASeededGenerator() {
    var random = SplitMix64(seed: 17)
    for _ in 0..<500 {
      let width = Int.random(in: 1...60, using: &random)
      let indent = Int.random(in: 0...min(12, width - 1), using: &random)
      let words = (0..<Int.random(in: 1...30, using: &random)).map { _ in
        String(repeating: "x", count: Int.random(in: 1...20, using: &random))
      }
      let lines = TextWidth.wrap(words.joined(separator: " "), width: width, indent: indent)
      for (index, line) in lines.enumerated() {
        #expect(TextWidth.of(line) <= width, "width \(width): '\(line)'")
        if index > 0 { #expect(line.hasPrefix(String(repeating: " ", count: indent))) }
      }
      let rejoined = lines.map { $0.trimmingCharacters(in: .whitespaces) }
      if words.allSatisfy({ $0.count <= width - indent }) {
        #expect(rejoined.joined(separator: " ") == words.joined(separator: " "))
      } else {
        #expect(rejoined.joined().filter { $0 != " " } == words.joined())
      }
    }
  }

  // MARK: The card

  @Test(arguments: widths)
  func cardWrapsAtTheWidth(width: Int) {
    let result = pokedex("list", "name:pikachu", "--card", environment: ["COLUMNS": "\(width)"])
    #expect(result.code == .success)
    Self.expectFits(result.stdout, width)
    assertGolden(result.stdout, named: "card-pikachu-\(width).txt")
  }

  @Test func cardOnATerminalWrapsAtItsWidth() {
    let result = pokedex("list", "name:pikachu", "--card", terminal: true, width: 50)
    Self.expectFits(result.stdout, 50)
    #expect(
      result.stdout.contains(
        "\nForms       Pikachu Rock Star, Pikachu Belle,\n            Pikachu Pop"
      )
    )
  }

  @Test(arguments: widths)
  func showWrapsAtTheWidth(width: Int) {
    let result = pokedex("show", "pikachu", environment: ["COLUMNS": "\(width)"])
    #expect(result.code == .success)
    Self.expectFits(result.stdout, width)
  }

  @Test func pipedShowKeepsWholeLines() {
    let result = pokedex("show", "pikachu")
    let forms = result.stdout.split(separator: "\n").filter { $0.hasPrefix("Forms ") }
    #expect(forms.count == 1 && TextWidth.visible(forms[0]) > 200)
  }

  @Test func pipedCardKeepsWholeLines() {
    let result = pokedex("list", "name:pikachu", "--card")
    let forms = result.stdout.split(separator: "\n").filter { $0.hasPrefix("Forms ") }
    #expect(forms.count == 1)
    #expect(forms.first?.hasSuffix("Gigantamax Pikachu") == true)
    #expect(TextWidth.of(forms.first ?? "") > 300)
  }

  // MARK: The list table

  @Test(arguments: widths)
  func listKeepsNamesAndDropsStats(width: Int) {
    let result = pokedex(
      "list",
      "name:charizard*",
      "--forms",
      "--fields",
      "num,name,types,abilities,hp,atk,def,spa,spd,spe,bst",
      environment: ["COLUMNS": "\(width)"]
    )
    #expect(result.code == .success)
    Self.expectFits(result.stdout, width)
    // The names are whole at every width: the stats gave way first.
    #expect(result.stdout.contains("Mega Charizard X"))
    assertGolden(result.stdout, named: "list-width-\(width).txt")
  }

  @Test func columnsGiveWayInTheDocumentedOrder() {
    let headers = ["No.", "Name", "Types", "HP", "Atk", "BST", "Abilities"]
    let table = TextTable(
      headers: headers,
      numeric: [true, false, false, true, true, true, false],
      priorities: [.identifier, .name, .detail, .detail, .detail, .summary, .detail],
      rows: [
        [
          "#0001", "Bulbasaur Long Name", "Grass/Poison", "45", "49", "318",
          "Overgrow, Chlorophyll",
        ]
      ]
    )
    func shown(_ width: Int) -> [String] { table.fit(width: width).columns.map { headers[$0] } }
    #expect(shown(200) == headers)
    #expect(shown(77) == headers)
    // 1: numbers other than No. and BST go, right to left.
    #expect(shown(76) == ["No.", "Name", "Types", "HP", "BST", "Abilities"])
    #expect(shown(71) == ["No.", "Name", "Types", "BST", "Abilities"])
    // 2: text columns other than the name shrink (widest first) to 8.
    #expect(table.fit(width: 56).widths[6] == 9)
    // 3: then the other text columns go, right to left (those left are whole again), then BST.
    #expect(shown(50) == ["No.", "Name", "Types", "BST"])
    #expect(table.fit(width: 50).widths[2] == 12)
    #expect(table.fit(width: 41).widths[2] == 8)
    #expect(shown(40) == ["No.", "Name", "BST"])
    #expect(shown(30) == ["No.", "Name"])
    // 4: the name shrinks to 8; 5: the number goes.
    #expect(table.fit(width: 20).widths[1] == 13)
    #expect(shown(15) == ["No.", "Name"])
    #expect(shown(14) == ["Name"])
    #expect(table.fit(width: 14).widths[1] == 14)
  }

  @Test func pipedTablesStayWhole() {
    let piped = pokedex("list", "num<=6")
    #expect(piped.stdout.split(separator: "\n").first?.hasSuffix("Spe  BST") == true)
  }

  // MARK: The type chart

  @Test(arguments: widths)
  func typeChartFitsTheWidth(width: Int) {
    let result = pokedex("types", environment: ["COLUMNS": "\(width)"])
    #expect(result.code == .success)
    Self.expectFits(result.stdout, width)
    // Every defending type heads exactly one column.
    let headers = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated().filter { $0.offset == 0 || $0.element.isEmpty }
    // The first line, and one after each blank line between blocks (and the final newline).
    #expect(headers.count == (width >= 80 ? 1 : 3) + 1)
    let abbreviations = result.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") }
      .flatMap { $0.split(separator: " ") }
    #expect(abbreviations.count == 18)
    #expect(Set(abbreviations).count == 18)
    assertGolden(result.stdout, named: "types-chart-\(width).txt")
  }

  @Test func matchupsWrapAtTheWidth() {
    let result = pokedex("types", "fire", "flying", environment: ["COLUMNS": "40"])
    Self.expectFits(result.stdout, 40)
    #expect(result.stdout.contains("  1x    Normal, Flying, Poison, Ghost,\n        Psychic,"))
  }

  // MARK: The layout grid

  @Test func gridColumnCountComesFromTheWidth() {
    #expect(Self.widths.map(LayoutPreset.gridColumns(forWidth:)) == [2, 4, 10])
    #expect(LayoutPreset.gridColumns(forWidth: 8) == 1)
    #expect(LayoutPreset.gridColumns(forWidth: 1000) == 24)
  }

  /// The count a user set (flag, environment, preference) wins; else the width decides.
  @Test func gridColumnsComeFromTheWidthUnlessSet() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("pokedex-width-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let prefs = directory.appendingPathComponent("prefs.plist").path
    func columns(_ words: [String], _ environment: [String: String] = [:], width: Int) throws
      -> Int
    {
      let context = CommandContext(
        environment: environment.merging(["POKEDEX_PREFS_FILE": prefs]) { $1 }
      )
      let arguments = try ParsedArguments.parse(words, options: LayoutCommand().options)
      let settings = try Settings(arguments.global, context: context)
      return try LayoutPreset.gridColumns(arguments.given(\.columns), settings, width: width)
    }
    #expect(try Self.widths.map { try columns([], width: $0) } == [2, 4, 10])
    #expect(try columns(["--columns", "6"], width: 200) == 6)
    #expect(try columns([], ["POKEDEX_LAYOUT_COLUMNS": "3"], width: 200) == 3)
    #expect(throws: CLIError.self) { try columns([], ["POKEDEX_LAYOUT_COLUMNS": "x"], width: 80) }
    let set = pokedex(
      "prefs",
      "set",
      "layout.columns",
      "5",
      environment: ["POKEDEX_PREFS_FILE": prefs]
    )
    #expect(set.code == .success, "\(set.stderr)")
    #expect(try columns([], width: 200) == 5)
    #expect(try columns(["--no-prefs"], width: 200) == 10)
  }

  @Test(arguments: widths)
  func gridCardsAreNotMostlyBlank(width: Int) throws {
    let columns = LayoutPreset.gridColumns(forWidth: width)
    let result = pokedex(
      "layout",
      "num<=12",
      "--style",
      "grid",
      "--width",
      "\(width)",
      "--columns",
      "\(columns)"
    )
    #expect(result.code == .success)
    Self.expectFits(result.stdout, width)
    let lines = result.stdout.split(separator: "\n")
    let top = try #require(lines.first { $0.hasPrefix("┌") })
    #expect(top.filter { $0 == "┬" }.count == columns - 1)
    // Inside the boxes, at most one row in four is blank.
    let inside = lines.filter { $0.hasPrefix("│") }
    let blank = inside.filter { $0.allSatisfy { $0 == "│" || $0 == " " } }
    #expect(blank.count * 4 <= inside.count, "\(blank.count) blank of \(inside.count)")
    assertGolden(result.stdout, named: "layout-grid-width-\(width).txt")
  }

  /// Without `--columns`, the grid's column count follows the width: one per 20 columns.
  @Test(arguments: [(40, 2), (80, 4), (200, 10)])
  func layoutGridColumnsFollowTheWidth(width: Int, columns: Int) throws {
    let result = pokedex("layout", "num<=12", environment: ["COLUMNS": "\(width)"])
    #expect(result.code == .success)
    let top = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("┌") })
    #expect(top.filter { $0 == "┬" }.count == columns - 1)
  }

  /// The featured preset's rows are a fixed 10 terminal rows, so its large card is not
  /// mostly blank at 80 or 200 columns (at a 0.4-width height it was 16 and 40 rows).
  @Test(arguments: [80, 200])
  func featuredCardsAreNotMostlyBlank(width: Int) {
    let result = pokedex(
      "layout",
      "num<=6",
      "--style",
      "featured",
      environment: ["COLUMNS": "\(width)"]
    )
    #expect(result.code == .success)
    let inside = result.stdout.split(separator: "\n").filter { $0.hasPrefix("│") }
    let blank = inside.filter { $0.allSatisfy { $0 == "│" || $0 == " " || $0 == "├" || $0 == "─" } }
    #expect(inside.count <= 24, "\(inside.count) rows inside the boxes")
    #expect(blank.count * 2 <= inside.count, "\(blank.count) blank of \(inside.count)")
  }
}
