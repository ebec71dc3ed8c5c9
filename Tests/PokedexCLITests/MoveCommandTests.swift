import Foundation
import PokedexTestSupport
import TerminalUI
import Testing

@testable import PokedexCLI

/// `pokedex move NAME` on the fixture's moves (``MoveFixture``).
@Suite struct MoveCommandTests {
  @Test func cardGolden() {
    let result = pokedexWithMoves("move", "thunderbolt", width: 80)
    #expect(result.code == .success)
    #expect(result.stderr.isEmpty)
    assertGolden(result.stdout, named: "move-thunderbolt.txt")
  }

  @Test func trickRoomIsAPsychicStatusMoveWithPriorityMinusSeven() {
    let lines = pokedexWithMoves("move", "Trick Room").stdout.split(separator: "\n")
    #expect(lines.contains("Type        Psychic"))
    #expect(lines.contains("Category    Status"))
    #expect(lines.contains("Priority    -7"))
    #expect(lines.contains("Power       —"))
    #expect(lines.contains("Target      the entire field"))
    #expect(lines.contains("Generation  Generation IV"))
  }

  @Test(arguments: ["thunderbolt", "Thunderbolt", "THUNDERBOLT", "Donnerblitz", "１０まんボルト"])
  func anySpellingFindsTheMove(name: String) {
    let result = pokedexWithMoves("move", name)
    #expect(result.code == .success, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("Thunderbolt\n"))
  }

  @Test func longShowsTheFullEffect() {
    let short = pokedexWithMoves("move", "transform").stdout
    let long = pokedexWithMoves("move", "transform", "--long").stdout
    #expect(short.contains("Effect      User becomes a copy of the target until it leaves battle."))
    #expect(long.contains("Effect      User copies the target’s species, weight, type"))
  }

  @Test func learnedByCountsAndListsTheLearnersWithPrevolutions() throws {
    let card = pokedexWithMoves("move", "volt-tackle").stdout
    let line = try #require(card.split(separator: "\n").first { $0.hasPrefix("Learned by") })
    // Pichu learns it; Pikachu and Raichu through Pichu.
    #expect(line.hasPrefix("Learned by  3 Pokémon in generation 9"))
    #expect(line.hasSuffix("; list them: pokedex list move:volt-tackle"))
    let listed = pokedexWithMoves("move", "volt-tackle", "--list").stdout
    #expect(listed.contains("\nLearned by in generation 9\n  Pikachu, Raichu, Pichu\n"))
    #expect(!listed.contains("list them"))
  }

  @Test func machinesAreNewestFirstEachNumberOnce() throws {
    let card = pokedexWithMoves("move", "thunderbolt").stdout
    let line = try #require(card.split(separator: "\n").first { $0.hasPrefix("Machines") })
    #expect(line.contains("TM126 (The Indigo Disk, Scarlet/Violet) · TR08 (Sword/Shield)"))
    #expect(line.components(separatedBy: "TM24 ").count == 2)
  }

  @Test func jsonHoldsTheRecordAndTheLearners() throws {
    let result = pokedexWithMoves("move", "volt-tackle", "--format", "json")
    #expect(result.code == .success)
    let array = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
    )
    let move = try #require(array.first)
    #expect(move["identifier"] as? String == "volt-tackle")
    #expect(move["type"] as? String == "electric")
    #expect(move["damageClass"] as? String == "physical")
    #expect(move["power"] as? Int == 120)
    #expect(move["priority"] as? Int == 0)
    #expect((move["flags"] as? [String])?.contains("contact") == true)
    #expect(move["shortEffect"] is String)
    let learnedBy = try #require(move["learnedBy"] as? [String: Any])
    #expect(learnedBy["generation"] as? Int == 9)
    #expect(learnedBy["count"] as? Int == 3)
    let pokemon = try #require(learnedBy["pokemon"] as? [String])
    #expect(Array(pokemon.prefix(3)) == ["pikachu", "raichu", "pichu"])
  }

  @Test func aMisspellingIsAMissWhenPiped() {
    let result = pokedexWithMoves("move", "thunderbolr")
    #expect(result.code == .failure)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "error: no move matches 'thunderbolr'; did you mean 'thunderbolt'? (output is not a terminal: pass --fuzzy to accept it)\n"
    )
  }

  @Test func aMisspellingShowsTheClosestOnATerminal() {
    let result = pokedexWithMoves(
      "move",
      "thunderbolr",
      environment: ["NO_COLOR": "1"],
      terminal: true
    )
    #expect(result.code == .success)
    #expect(result.stdout.hasPrefix("Thunderbolt\n"))
    #expect(
      result.stderr
        == "note: no exact match for 'thunderbolr'; showing the closest, 'thunderbolt'\n"
    )
    #expect(pokedexWithMoves("move", "thunderbolr", "--fuzzy").code == .success)
    #expect(
      pokedexWithMoves("move", "thunderbolr", "--exact", terminal: true).code == .failure
    )
  }

  @Test func nothingCloseSaysWhereToLook() {
    let result = pokedexWithMoves("move", "qqqqqqqq", "thunderbolt")
    #expect(result.code == .failure)
    #expect(result.stderr == "error: no move matches 'qqqqqqqq'; see 'pokedex moves'\n")
    #expect(result.stdout.hasPrefix("Thunderbolt\n"))
  }

  @Test func usageErrors() {
    #expect(pokedexWithMoves("move").code == .usage)
    #expect(pokedexWithMoves("move", "surf", "--exact", "--fuzzy").code == .usage)
    #expect(pokedexWithMoves("move", "surf", "--format", "table").code == .usage)
  }

  /// The dex and the moves are read side by side, then the learnsets the command needs;
  /// when several files are broken, the error is the first in that order, every time.
  @Test(arguments: [["move", "surf"], ["learnset", "pikachu"], ["show", "pikachu", "--moves"]])
  func brokenFilesReportTheFirstInOrder(command: [String]) {
    let directory = MoveFixture.make(replacing: ["moves.json": "{", "learnsets.json": "["])
    for _ in 0..<3 {
      let result = pokedex(command + ["--data", directory + "/pokemons.json"])
      #expect(result.code == .data)
      #expect(result.stderr.contains("moves.json"))
      #expect(!result.stderr.contains("learnsets.json"))
    }
    let brokenLearnsets = MoveFixture.make(replacing: ["learnsets.json": "["])
    let result = pokedex(command + ["--data", brokenLearnsets + "/pokemons.json"])
    #expect(result.code == .data)
    #expect(result.stderr.contains("learnsets.json"))
  }

  @Test func aMissingMoveFileBesideTheDataMeansTheBundledOne() {
    let missing = MoveFixture.make(replacing: ["moves.json": nil])
    let bundled = pokedex("move", "surf", "--data", missing + "/pokemons.json")
    // Without moves.json beside the data, the bundled one is read.
    #expect(bundled.code == .success)
    #expect(bundled.stdout.hasPrefix("Surf\n"))
  }

  @Test func brokenMoveFileIsADataError() {
    let directory = MoveFixture.make(replacing: ["moves.json": "{"])
    let result = pokedex("move", "surf", "--data", directory + "/pokemons.json")
    #expect(result.code == .data)
    #expect(result.stderr.contains("moves.json"))
  }

  /// A long effect's paragraphs each start a line under the value, wrapped or not.
  @Test func longEffectsKeepTheirParagraphsUnderTheValue() {
    let text = "Immune to Ground moves.\n\nDisabled by Gravity.  Not by Roost."
    #expect(
      TextWidth.field("Effect", text, width: .max)
        == "Effect      Immune to Ground moves.\n            Disabled by Gravity.  Not by Roost."
    )
    #expect(
      TextWidth.field("Effect", text, width: 30)
        == "Effect      Immune to Ground\n            moves.\n            Disabled by\n            Gravity. Not by\n            Roost."
    )
  }
}
