import Foundation
import PokedexCLI
import PokedexTestSupport
import TerminalUI
import Testing

/// `pokedex moves [QUERY]` on the fixture's moves (``MoveFixture``).
@Suite struct MovesCommandTests {
  @Test func tableGolden() {
    let result = pokedexWithMoves("moves", "type:electric", width: 80)
    #expect(result.code == .success)
    #expect(result.stderr == "6 moves\n")
    assertGolden(result.stdout, named: "moves-electric.txt")
  }

  @Test func narrowTableKeepsNameTypeAndCategory() {
    let result = pokedexWithMoves("moves", "type:electric", environment: ["COLUMNS": "40"])
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.first == "Name           Type      Cat.      Power")
    #expect(lines.allSatisfy { TextWidth.of($0) <= 40 })
    let narrow = pokedexWithMoves("moves", "type:electric", environment: ["COLUMNS": "20"])
    #expect(narrow.stdout.hasPrefix("Name\nThunder Shock\nThunderbolt\n"))
  }

  @Test func sortAndLimit() {
    let result = pokedexWithMoves(
      "moves",
      "type:electric",
      "--sort",
      "power:desc",
      "--limit",
      "2",
      "--format",
      "csv"
    )
    #expect(
      result.stdout == """
        id,identifier,name,type,category,power,accuracy,pp,priority,generation
        344,volt-tackle,Volt Tackle,electric,physical,120,100,15,0,3
        87,thunder,Thunder,electric,special,110,70,10,0,1

        """
    )
    #expect(result.stderr.isEmpty)
  }

  @Test func tsvNdjsonAndJsonHoldTheSameMoves() throws {
    let tsv = pokedexWithMoves("moves", "category:status", "--format", "tsv").stdout
    let rows = tsv.split(separator: "\n").dropFirst().map { $0.split(separator: "\t")[1] }
    let ndjson = pokedexWithMoves("moves", "category:status", "--format", "ndjson").stdout
    let lines = try ndjson.split(separator: "\n").map { line in
      try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      )
    }
    let json = pokedexWithMoves("moves", "category:status", "--format", "json").stdout
    let array = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
    )
    #expect(rows.map(String.init) == lines.map { $0["identifier"] as? String ?? "" })
    #expect(array.map { $0["identifier"] as? String } == lines.map { $0["identifier"] as? String })
    #expect(rows.contains("trick-room"))
    #expect(lines.allSatisfy { $0["damageClass"] as? String == "status" })
    #expect(array.first?.keys.contains("machines") == true)
  }

  @Test func learnedByReadsTheLearnsets() {
    let result = pokedexWithMoves("moves", "learnedby:ditto", "--format", "csv")
    #expect(
      result.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",")[1] } == [
        "transform"
      ]
    )
  }

  @Test func theLearnsetsAreReadOnlyForLearnedBy() {
    let directory = MoveFixture.make(replacing: ["learnsets.json": "not json"])
    let data = ["--data", directory + "/pokemons.json"]
    #expect(pokedex(["moves", "type:fire"] + data).code == .success)
    let result = pokedex(["moves", "learnedby:pikachu"] + data)
    #expect(result.code == .data)
    #expect(result.stderr.contains("learnsets.json"))
  }

  @Test func badTermIsAUsageErrorWithACaret() {
    let result = pokedexWithMoves("moves", "powr>90")
    #expect(result.code == .usage)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("error: unknown move property 'powr'\n --> query:1:1\n"))
    #expect(result.stderr.contains("did you mean 'power'?"))
    #expect(pokedexWithMoves("moves", "--sort", "powr").code == .usage)
    #expect(pokedexWithMoves("moves", "--limit", "-1").code == .usage)
  }
}
