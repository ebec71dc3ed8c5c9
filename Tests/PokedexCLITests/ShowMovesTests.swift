import Foundation
import PokedexCLI
import PokedexTestSupport
import Testing

/// `show`'s ability effects and `show --moves`, on the fixture (``MoveFixture``).
@Suite struct ShowMovesTests {
  @Test func abilitiesCarryTheirEffects() {
    let result = pokedexWithMoves("show", "pikachu", width: 80)
    #expect(result.code == .success)
    #expect(result.stderr.isEmpty)
    assertGolden(result.stdout, named: "show-pikachu-effects.txt")
  }

  @Test func movesAddTheLearnset() {
    let result = pokedexWithMoves("show", "raichu", "--moves", width: 80)
    #expect(result.code == .success)
    assertGolden(result.stdout, named: "show-raichu-moves.txt")
    let plain = pokedexWithMoves("show", "raichu", width: 80).stdout
    #expect(result.stdout.hasPrefix(plain))
  }

  @Test func jsonCarriesWhatTheTextShows() throws {
    let result = pokedexWithMoves("show", "raichu", "--moves", "--format", "json")
    let array = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
    )
    let record = try #require(array.first)
    #expect(record["slug"] as? String == "raichu")
    let effects = try #require(record["abilityEffects"] as? [String: Any])
    #expect(
      effects["static"] as? String == "Has a 30% chance of paralyzing attacking Pokémon on contact."
    )
    #expect(effects.keys.sorted() == ["lightning-rod", "static"])
    let learnset = try #require(record["learnset"] as? [String: Any])
    #expect(learnset["generation"] as? Int == 9)
    let plain = pokedexWithMoves("show", "raichu", "--format", "json").stdout
    #expect(!plain.contains("\"learnset\""))
    #expect(plain.contains("\"abilityEffects\""))
  }

  /// `show` reads abilities.json only: with broken move files beside the data it works, and
  /// only `--moves` reads them (and fails on them).
  @Test func showDoesNotLoadTheMoveFiles() {
    let directory = MoveFixture.make(replacing: [
      "moves.json": "{\"broken\": ", "learnsets.json": "{\"broken\": ",
    ])
    let data = ["--data", directory + "/pokemons.json"]
    let show = pokedex(["show", "pikachu"] + data)
    #expect(show.code == .success)
    #expect(show.stderr.isEmpty)
    #expect(show.stdout.contains("Static: Has a 30% chance"))
    #expect(pokedex(["show", "pikachu", "--format", "json"] + data).code == .success)
    let moves = pokedex(["show", "pikachu", "--moves"] + data)
    #expect(moves.code == .data)
    #expect(moves.stderr.contains("learnsets.json") || moves.stderr.contains("moves.json"))
  }

  @Test func unreadableAbilityTextsAreAWarning() {
    let directory = MoveFixture.make(replacing: ["abilities.json": "[]"])
    let result = pokedex(["show", "pikachu"] + ["--data", directory + "/pokemons.json"])
    #expect(result.code == .success)
    #expect(result.stderr.hasPrefix("warning: ability effects left out: "))
    #expect(result.stdout.contains("Abilities   Static, Lightning Rod (hidden)\n"))
  }
}
