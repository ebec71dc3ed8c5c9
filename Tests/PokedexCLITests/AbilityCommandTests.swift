import Foundation
import PokedexCLI
import PokedexTestSupport
import Testing

/// `pokedex ability NAME` on the fixture's ability texts (``MoveFixture``) and the bundled dex.
@Suite struct AbilityCommandTests {
  @Test func cardGolden() {
    let result = pokedexWithMoves("ability", "imposter", width: 80)
    #expect(result.code == .success)
    #expect(result.stderr.isEmpty)
    assertGolden(result.stdout, named: "ability-imposter.txt")
  }

  @Test func normalAndHiddenHolders() throws {
    let lines = pokedexWithMoves("ability", "Static").stdout.split(separator: "\n")
    let normal = try #require(lines.first { $0.hasPrefix("Pokémon ") })
    let hidden = try #require(lines.first { $0.hasPrefix("Hidden ") })
    #expect(normal.contains("Pikachu, Raichu, "))
    #expect(!normal.contains("Zapdos"))
    #expect(hidden.contains("Zapdos"))
    #expect(
      lines.contains("Effect      Has a 30% chance of paralyzing attacking Pokémon on contact.")
    )
  }

  @Test func longAndInGameText() {
    let text = pokedexWithMoves("ability", "static", "--long").stdout
    #expect(text.contains("Effect      Whenever a move makes contact with this Pokémon"))
    #expect(text.contains("In game     The Pokémon is charged with static electricity"))
  }

  @Test func jsonShape() throws {
    let result = pokedexWithMoves("ability", "limber", "--format", "json")
    let array = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
    )
    let ability = try #require(array.first)
    #expect(ability["identifier"] as? String == "limber")
    #expect(ability["shortEffect"] as? String == "Prevents paralysis.")
    #expect((ability["pokemon"] as? [String])?.contains("persian") == true)
    #expect((ability["pokemon"] as? [String])?.contains("ditto") == true)
    #expect((ability["hiddenPokemon"] as? [String])?.contains("buneary") == true)
  }

  @Test func anAbilityWithoutTextStillShows() {
    let result = pokedexWithMoves("ability", "levitate")
    #expect(result.code == .success)
    #expect(result.stdout.contains("Effect      —"))
    #expect(result.stdout.contains("Pokémon     Gastly, Haunter, Koffing"))
  }

  @Test func errors() {
    let miss = pokedexWithMoves("ability", "levitat")
    #expect(miss.code == .failure)
    #expect(
      miss.stderr
        == "error: no ability matches 'levitat'; did you mean 'levitate'? (output is not a terminal: pass --fuzzy to accept it)\n"
    )
    let none = pokedexWithMoves("ability", "qqqqqqqq")
    #expect(none.stderr == "error: no ability matches 'qqqqqqqq'\n")
    #expect(pokedexWithMoves("ability").code == .usage)
  }
}
