import Foundation
import PokedexKit
import Testing

@testable import PokedexCLI

/// `list` output meant for scripts: JSON keys from `--fields`, sectioned JSON and NDJSON.
@Suite struct ListOutputTests {
  /// Parses `text` as one JSON value.
  private func parse(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
  }

  @Test func fieldsSelectJSONKeys() throws {
    let result = pokedex(
      "list",
      "num=4",
      "--format",
      "json",
      "--fields",
      "num,name,height,weight,types,abilities"
    )
    #expect(result.code == .success)
    #expect(result.stderr.isEmpty)
    let records = try #require(try parse(result.stdout) as? [[String: Any]])
    let charmander = try #require(records.first)
    #expect(records.count == 1)
    #expect(
      Set(charmander.keys) == ["number", "name", "height_m", "weight_kg", "types", "abilities"]
    )
    #expect(charmander["number"] as? Int == 4)
    #expect(charmander["name"] as? String == "Charmander")
    #expect(charmander["height_m"] as? Double == 0.6)
    #expect(charmander["weight_kg"] as? Double == 8.5)
    #expect(charmander["types"] as? [String] == ["Fire"])
    #expect(charmander["abilities"] as? [String] == ["Blaze", "Solar Power (H)"])
    #expect(result.stdout.contains("{\"number\": 4, \"name\": \"Charmander\", \"height_m\""))
  }

  @Test func everyFieldIsValidJSONAndAgreesWithCSV() throws {
    let keys = PokemonField.all.map(\.key).joined(separator: ",")
    let json = pokedex("list", "gen:1", "--forms", "--format", "json", "--fields", keys)
    let csv = pokedex("list", "gen:1", "--forms", "--format", "tsv", "--fields", keys)
    let records = try #require(try parse(json.stdout) as? [[String: Any]])
    let rows = csv.stdout.split(separator: "\n").map {
      $0.split(separator: "\t", omittingEmptySubsequences: false)
    }
    #expect(records.count == rows.count - 1)
    let header = rows[0].map(String.init)
    for (record, row) in zip(records, rows.dropFirst()) {
      #expect(Set(record.keys) == Set(header))
      for (key, cell) in zip(header, row) {
        switch record[key] {
        case let list as [String]:
          #expect(list.joined(separator: key == "types" ? "/" : ", ") == cell)
        case let text as String: #expect(text == cell)
        case let number as NSNumber: #expect(Double(String(cell)) == number.doubleValue)
        default: Issue.record("\(key) has an unexpected JSON value")
        }
      }
    }
  }

  @Test func ndjsonFieldsAreOneObjectALine() throws {
    let result = pokedex("list", "num<=2", "--format", "ndjson", "--fields", "num,name")
    #expect(
      result.stdout
        == "{\"number\": 1, \"name\": \"Bulbasaur\"}\n{\"number\": 2, \"name\": \"Ivysaur\"}\n"
    )
  }

  @Test func sectionedJSONIsAnArrayOfSections() throws {
    let result = pokedex("list", "num<=9", "--format", "json", "--section-by", "type")
    let sections = try #require(try parse(result.stdout) as? [[String: Any]])
    #expect(sections.map { $0["section"] as? String } == ["fire", "water", "grass"])
    #expect(sections.map { $0["name"] as? String } == ["Fire", "Water", "Grass"])
    let dex = try PokedexLoader.load()
    for section in sections {
      let records = try #require(section["pokemon"] as? [Any])
      #expect(records.count == 3)
      // Whole records, in the data file's schema.
      let data = try JSONSerialization.data(withJSONObject: records)
      let pokemon = try JSONDecoder().decode([Pokemon].self, from: data)
      #expect(pokemon.allSatisfy { dex.pokemon.contains($0) })
    }
  }

  @Test func sectionedJSONWithFieldsAndNDJSON() throws {
    let json = pokedex(
      "list",
      "num<=3",
      "--format",
      "json",
      "--section-by",
      "gen",
      "--fields",
      "name"
    )
    #expect(
      json.stdout == """
        [
          {"section": "generation-i", "name": "Generation I", "pokemon": [
            {"name": "Bulbasaur"},
            {"name": "Ivysaur"},
            {"name": "Venusaur"}
          ]}
        ]

        """
    )
    let lines = pokedex(
      "list",
      "num<=2",
      "--format",
      "ndjson",
      "--section-by",
      "gen",
      "--fields",
      "num"
    )
    #expect(
      lines.stdout
        == "{\"section\": \"generation-i\", \"number\": 1}\n"
        + "{\"section\": \"generation-i\", \"number\": 2}\n"
    )
    let whole = pokedex("list", "num=1", "--format", "ndjson", "--section-by", "gen")
    let record = try #require(try parse(whole.stdout) as? [String: Any])
    #expect(record["section"] as? String == "generation-i")
    #expect(record["slug"] as? String == "bulbasaur")
  }

  @Test func emptyResultsAreEmptyArrays() {
    let none = ["list", "num=1", "fire", "--format", "json"]
    #expect(pokedex(none + ["--fields", "name"]).stdout == "[]\n")
    #expect(pokedex(none + ["--section-by", "type"]).stdout == "[]\n")
    #expect(pokedex(none + ["--format", "ndjson", "--fields", "name"]).stdout.isEmpty)
  }

  @Test func theFieldsPreferenceAndEnvironmentLeaveJSONWhole() throws {
    let result = pokedex(
      ["list", "num=1", "--format", "json"],
      environment: ["POKEDEX_FIELDS": "name"]
    )
    let records = try #require(try parse(result.stdout) as? [[String: Any]])
    #expect(records.first?["slug"] as? String == "bulbasaur")
  }

  @Test func stringsAreEscaped() {
    #expect(ListJSON.string("a\"b\\c\nd\u{1}é") == "\"a\\\"b\\\\c\\nd\\u0001é\"")
  }
}
