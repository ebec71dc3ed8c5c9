import Foundation
import PokedexKit
import Testing

@testable import PokedexPipeline

@Suite struct PipelineCSVReaderTests {
  /// Reads `text` as a CSV file named `t.csv`.
  func table(_ text: String) throws(DataPipelineError) -> CSVTable {
    try CSVReader.read(Array(text.utf8), fileName: "t.csv")
  }

  /// All rows as arrays of strings.
  func rows(_ table: CSVTable) -> [[String]] {
    (0..<table.rowCount).map { row in table.columnNames.indices.map { table[row, $0] } }
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var text: String
    var rows: [[String]]
    var testDescription: String { name }
  }

  static let wellFormed: [Case] = [
    Case(name: "plain", text: "a,b\n1,2\n3,4\n", rows: [["1", "2"], ["3", "4"]]),
    Case(name: "quoted comma", text: "a,b\n\"x, y\",2\n", rows: [["x, y", "2"]]),
    Case(name: "doubled quotes", text: "a,b\n\"say \"\"hi\"\"\",2\n", rows: [["say \"hi\"", "2"]]),
    Case(name: "line break in quotes", text: "a,b\n\"one\ntwo\",2\n", rows: [["one\ntwo", "2"]]),
    Case(name: "CRLF", text: "a,b\r\n1,2\r\n3,4\r\n", rows: [["1", "2"], ["3", "4"]]),
    Case(name: "CRLF in quotes", text: "a,b\r\n\"x\r\ny\",2\r\n", rows: [["x\r\ny", "2"]]),
    Case(name: "empty fields", text: "a,b,c\n,,\n1,,\n", rows: [["", "", ""], ["1", "", ""]]),
    Case(name: "empty quoted field", text: "a,b\n\"\",2\n", rows: [["", "2"]]),
    Case(name: "no final line break", text: "a,b\n1,2", rows: [["1", "2"]]),
    Case(name: "header only", text: "a,b\n", rows: []),
    Case(name: "UTF-8", text: "a,b\nFlabébé,フラベベ\n", rows: [["Flabébé", "フラベベ"]]),
    Case(name: "byte order mark", text: "\u{FEFF}a,b\n1,2\n", rows: [["1", "2"]]),
  ]

  @Test(arguments: wellFormed)
  func readsWellFormedText(_ testCase: Case) throws {
    let table = try table(testCase.text)
    #expect(table.columnNames.count == testCase.rows.first?.count ?? 2)
    #expect(rows(table) == testCase.rows)
  }

  struct ErrorCase: Sendable, CustomTestStringConvertible {
    var name: String
    var text: String
    var message: String
    var testDescription: String { name }
  }

  static let malformed: [ErrorCase] = [
    ErrorCase(
      name: "unterminated quote",
      text: "a,b\n1,\"x\n",
      message:
        "t.csv:2:3: unterminated quoted field; expected a closing '\"' before the end of the file"
    ),
    ErrorCase(
      name: "text after closing quote",
      text: "a,b\n1,\"x\"y\n",
      message: "t.csv:2:6: expected ',' or a line break after the closing quote, found 'y'"
    ),
    ErrorCase(
      name: "quote inside unquoted field",
      text: "a,b\n1,x\"y\n",
      message:
        "t.csv:2:4: unexpected '\"' in an unquoted field; expected the whole field in quotes with '\"' doubled"
    ),
    ErrorCase(
      name: "too many fields",
      text: "a,b\n1,2,3\n",
      message: "t.csv:2:4: expected 2 fields as in the header, found 3"
    ),
    ErrorCase(
      name: "too few fields",
      text: "a,b\n1\n",
      message: "t.csv:2:2: expected 2 fields as in the header, found 1"
    ),
    ErrorCase(
      name: "blank line",
      text: "a,b\n1,2\n\n",
      message: "t.csv:3:1: expected 2 fields as in the header, found 1"
    ),
    ErrorCase(
      name: "bare carriage return",
      text: "a,b\n1,2\r3,4\n",
      message: "t.csv:2:5: expected a line feed after a carriage return"
    ),
    ErrorCase(
      name: "empty file",
      text: "",
      message: "t.csv:1:1: empty file; expected a header line"
    ),
    ErrorCase(
      name: "duplicate column",
      text: "id,name,id\n",
      message: "t.csv:1:9: duplicate column 'id' in the header"
    ),
    ErrorCase(
      name: "columns count scalars",
      text: "a,b\nébé,\"x\"!\n",
      message: "t.csv:2:8: expected ',' or a line break after the closing quote, found '!'"
    ),
  ]

  @Test(arguments: malformed)
  func rejectsMalformedText(_ testCase: ErrorCase) {
    do {
      let table = try table(testCase.text)
      Issue.record("expected an error, read \(table.rowCount) rows")
    } catch {
      #expect(error.description == testCase.message)
    }
  }

  @Test func rejectsInvalidUTF8WithItsPosition() {
    let bytes = Array("a,b\né,".utf8) + [0xFF] + Array("\n".utf8)
    #expect(
      throws: DataPipelineError.malformedCSV(
        file: "t.csv",
        line: 2,
        column: 3,
        message: "invalid UTF-8 byte 0xFF; expected UTF-8 text"
      )
    ) {
      try CSVReader.read(bytes, fileName: "t.csv")
    }
    let truncated = Array("a\n".utf8) + [0xE3, 0x83]
    #expect(
      throws: DataPipelineError.malformedCSV(
        file: "t.csv",
        line: 2,
        column: 1,
        message: "truncated UTF-8 sequence; expected UTF-8 text"
      )
    ) {
      try CSVReader.read(truncated, fileName: "t.csv")
    }
  }

  @Test func typedFieldsNameTheirPosition() throws {
    let table = try table("id,name,flag\n1,bulbasaur,1\n\"multi\nline\",x,2\n")
    let id = try table.column(named: "id")
    let flag = try table.column(named: "flag")
    #expect(try table.int(row: 0, column: id) == 1)
    #expect(try table.bool(row: 0, column: flag))
    #expect(table.position(row: 1, column: 1) == (line: 4, column: 7))
    #expect(table.line(ofRow: 1) == 3)
    #expect(throws: DataPipelineError.self) { try table.int(row: 1, column: id) }
    do {
      _ = try table.bool(row: 1, column: flag)
    } catch {
      #expect(error.description == "t.csv:4:9: expected 0 or 1 in column 'flag', found '2'")
    }
    do {
      _ = try table.column(named: "height")
    } catch {
      #expect(error.description == "t.csv:1: missing column 'height' in the header")
    }
  }

  @Test func readsFixtureQuirks() throws {
    let prose = try CSVReader.read(
      PipelineFixtures.bytes("pokedex_prose.csv"),
      fileName: "pokedex_prose.csv"
    )
    let description = try prose.column(named: "description")
    let texts = (0..<prose.rowCount).map { prose[$0, description] }
    #expect(texts.contains("Gold/Silver/Crystal Johto dex—called the \"New\" Pokédex in-game"))

    let rates = try CSVReader.read(
      PipelineFixtures.bytes("growth_rates.csv"),
      fileName: "growth_rates.csv"
    )
    #expect(rates.rowCount == 6)
    let formula = try rates.column(named: "formula")
    #expect(rates[4, formula].hasPrefix("\\begin{cases}\n"))
    #expect(rates.line(ofRow: 5) > rates.line(ofRow: 4) + 1)

    let ratesProse = try CSVReader.read(
      PipelineFixtures.bytes("growth_rate_prose.csv"),
      fileName: "growth_rate_prose.csv"
    )
    let name = try ratesProse.column(named: "name")
    #expect(
      (0..<ratesProse.rowCount).contains { ratesProse[$0, name] == "langsam, dann sehr schnell" }
    )

    let abilitiesBytes = try PipelineFixtures.bytes("pokemon_abilities.csv")
    #expect(abilitiesBytes.contains(0x0D))
    let abilities = try CSVReader.read(abilitiesBytes, fileName: "pokemon_abilities.csv")
    #expect(abilities.columnNames == ["pokemon_id", "ability_id", "is_hidden", "slot"])
    #expect(abilities[0, 3] == "1")
    let lines = abilitiesBytes.split(separator: 0x0A).count
    #expect(abilities.rowCount == lines - 1)
  }
}
