import Foundation
import PokedexCLI
import PokedexTestSupport
import Testing

/// Completion of move, ability and nature names, and of the move query, from the fixture's
/// files (``MoveFixture``).
@Suite struct MoveCompletionTests {
  static func reply(_ words: String...) -> [String] {
    let result = pokedex(
      ["completions", "--complete", "--", "--data", MoveFixture.directory + "/pokemons.json"]
        + words
    )
    return result.stdout.split(separator: "\n").dropFirst().map(String.init)
  }

  @Test func names() {
    #expect(Self.reply("move", "thunder") == ["thunder-shock", "thunderbolt", "thunder"])
    #expect(Self.reply("move", "surf", "trick") == ["trick-room"])
    #expect(Self.reply("ability", "lightn") == ["lightning-rod"])
    #expect(Self.reply("nature", "ada") == ["adamant"])
    #expect(Self.reply("learnset", "pich") == ["pichu"])
    #expect(Self.reply("learnset", "pichu", "pich") == [])
    #expect(Self.reply("list", "move:trick") == ["move:trick-room"])
    #expect(Self.reply("list", "!move:trick") == ["!move:trick-room"])
  }

  @Test func moveQuery() {
    #expect(Self.reply("moves", "cat").contains("category:"))
    #expect(Self.reply("moves", "pow") == ["power"])
    #expect(Set(Self.reply("moves", "category:s")) == ["category:special", "category:status"])
    #expect(Self.reply("moves", "type:elec") == ["type:electric"])
    #expect(Self.reply("moves", "flag:cont") == ["flag:contact"])
    #expect(Self.reply("moves", "learnedby:pich") == ["learnedby:pichu"])
    #expect(Self.reply("moves", "--sort", "prio") == ["priority", "priority:desc"])
    #expect(Self.reply("moves", "--sort", "name,po") == ["name,power", "name,power:desc"])
  }

  /// Completing a Pokémon's name reads no move file: broken ones do not matter.
  @Test func pokemonNamesNeedNoMoveFile() {
    let directory = MoveFixture.make(replacing: ["moves.json": "{", "learnsets.json": "{"])
    let result = pokedex(
      ["completions", "--complete", "--", "--data", directory + "/pokemons.json", "show", "pich"]
    )
    #expect(result.stdout == ":words\npichu\n")
    let moves = pokedex(
      ["completions", "--complete", "--", "--data", directory + "/pokemons.json", "move", "th"]
    )
    #expect(moves.stdout == ":words\n")
  }
}
