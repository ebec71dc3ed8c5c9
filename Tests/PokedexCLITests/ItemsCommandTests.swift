import Foundation
import PokedexCLI
import PokedexTestSupport
import Testing

/// `pokedex items [QUERY]` over the bundled `items.json`.
@Suite struct ItemsCommandTests {
  @Test func tableAndCount() {
    let result = pokedex("items", "category:choice", "--sort", "name", width: 200)
    #expect(result.code == .success)
    #expect(result.stderr == "3 items\n")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.first?.hasPrefix("Name          Category  Gen  Fling  Effect") == true)
    #expect(
      lines.dropFirst().map { $0.prefix(12) } == ["Choice Band ", "Choice Scarf", "Choice Specs"]
    )
  }

  @Test func dataFormats() throws {
    let csv = pokedex("items", "user:charizard", "--format", "csv").stdout
    let rows = csv.split(separator: "\n")
    #expect(
      rows.first == "number,identifier,showdownID,name,category,generation,flingPower,shortEffect"
    )
    #expect(rows.count == 3)
    #expect(rows[1].contains(",charizardite-x,charizarditex,Charizardite X,mega-stones,6,80,"))
    let json = pokedex("items", "lefties", "--format", "json").stdout
    let array = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
    )
    #expect(array.map { $0["identifier"] as? String } == ["leftovers"])
    let ndjson = pokedex("items", "category:choice", "--format", "ndjson").stdout
    #expect(ndjson.split(separator: "\n").count == 3)
  }

  @Test func sortLimitAndOffset() {
    let result = pokedex(
      "items",
      "fling>=100",
      "--sort",
      "-fling,name",
      "--limit",
      "2",
      "--offset",
      "1"
    )
    #expect(result.code == .success)
    // Fling 130 first (Big Nugget, Iron Ball, TR43, ...) by name; the offset skips one.
    let names = result.stdout.split(separator: "\n").dropFirst().map { $0.prefix(10) }
    #expect(names == ["Iron Ball ", "TR43      "])
  }

  @Test func badQueriesPointAtTheTerm() {
    let typo = pokedex("items", "flng>1")
    #expect(typo.code == .usage)
    #expect(
      typo.stderr
        == "error: unknown item property 'flng'\n --> query:1:1\nflng>1\n^^^^\nhelp: did you mean 'fling'?\n"
    )
    let category = pokedex("items", "category:choise")
    #expect(category.code == .usage)
    #expect(category.stderr.hasPrefix("error: unknown item category 'choise'\n"))
    #expect(pokedex("items", "--sort", "weight").code == .usage)
    #expect(pokedex("items", "--limit", "-1").code == .usage)
  }

  @Test func noMatchIsNotAnError() {
    let result = pokedex("items", "name:zzzz*")
    #expect(result.code == .success)
    #expect(result.stderr == "0 items\n")
  }
}
