import Foundation
import PokedexCLI
import PokedexTestSupport
import Testing

/// `pokedex nature [NAME]` on the fixture's natures (``MoveFixture``).
@Suite struct NatureCommandTests {
  @Test func tableGolden() {
    let result = pokedexWithMoves("nature", width: 80)
    #expect(result.code == .success)
    assertGolden(result.stdout, named: "nature-table.txt")
  }

  @Test func oneNatureInAnyLanguage() {
    for name in ["adamant", "Adamant", "いじっぱり", "Hart"] {
      let result = pokedexWithMoves("nature", name)
      #expect(
        result.stdout
          == "Adamant\nいじっぱり · Hart · Rigide\n\nRaised      Attack (+10%)\nLowered     Sp. Atk (−10%)\n",
        "\(name)"
      )
    }
    #expect(
      pokedexWithMoves("nature", "serious").stdout.hasSuffix(
        "Stats       neutral: raises and lowers no stat\n"
      )
    )
  }

  @Test func jsonHasTwentyFiveNaturesFiveNeutral() throws {
    let result = pokedexWithMoves("nature", "--format", "json")
    let array = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
    )
    #expect(array.count == 25)
    #expect(array.filter { $0["neutral"] as? Bool == true }.count == 5)
    let modest = try #require(array.first { $0["identifier"] as? String == "modest" })
    #expect(modest["increasedStat"] as? String == "special-attack")
    #expect(modest["decreasedStat"] as? String == "attack")
  }

  @Test func csv() {
    let lines = pokedexWithMoves("nature", "--format", "csv").stdout.split(separator: "\n")
    #expect(lines.first == "identifier,name,increased_stat,decreased_stat")
    #expect(lines.contains("hardy,Hardy,,"))
    #expect(lines.contains("timid,Timid,speed,attack"))
    #expect(lines.count == 26)
  }

  @Test func errors() {
    let miss = pokedexWithMoves("nature", "adamnt")
    #expect(miss.code == .failure)
    #expect(miss.stderr.contains("did you mean 'adamant'?"))
    #expect(
      pokedexWithMoves("nature", "qqqqqqqq").stderr
        == "error: no nature matches 'qqqqqqqq'; see 'pokedex nature'\n"
    )
  }
}
