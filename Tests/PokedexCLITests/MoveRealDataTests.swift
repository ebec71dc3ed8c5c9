import Foundation
import PokedexCLI
import PokedexTestSupport
import Testing

/// The move commands on the bundled data: facts checked against PokeAPI's CSVs
/// (`moves.csv`: Trick Room is move 433, type 14 psychic, damage class 1 status, priority -7,
/// PP 5, generation 4; `natures.csv`; `ability_prose.csv`), and golden files of the text.
@Suite struct MoveRealDataTests {
  @Test(arguments: [
    ("move-trick-room-real.txt", ["move", "trick-room", "--long"]),
    ("moves-priority-real.txt", ["moves", "priority>3", "--sort", "priority:desc,name"]),
    ("ability-levitate-real.txt", ["ability", "levitate"]),
    ("nature-real.txt", ["nature"]),
  ])
  func goldens(name: String, arguments: [String]) {
    let result = pokedex(arguments, environment: ["COLUMNS": "100"])
    #expect(result.code == .success)
    assertGolden(result.stdout, named: name)
  }

  /// `--gen N`: Showdown's older text where it has one (Crunch lowered Sp. Def through
  /// generation 3), the current text where it does not, and a note before the move existed.
  @Test func anOlderGenerationsEffect() throws {
    let old = pokedex("move", "crunch", "--gen", "3").stdout
    #expect(
      old.contains("Effect      In generation 3: 20% chance to lower the target's Sp. Def by 1.")
    )
    let current = pokedex("move", "crunch", "--gen", "9").stdout
    #expect(current.contains("Effect      In generation 9: Has a 20% chance to lower the target"))
    let early = pokedex("move", "flower-trick", "--gen", "3").stdout
    #expect(early.contains("Effect      not in generation 3: introduced in generation 9"))
    let json = pokedex("move", "crunch", "--gen", "3", "--format", "json").stdout
    let array = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
    )
    let text = try #require(array.first?["effectInGeneration"] as? [String: Any])
    #expect(text["generation"] as? Int == 3)
    #expect(text["shortEffect"] as? String == "20% chance to lower the target's Sp. Def by 1.")
    let beyond = pokedex("move", "crunch", "--gen", "10")
    #expect(beyond.code == .usage)
    #expect(
      beyond.stderr.hasPrefix(
        "error: invalid value '10' for --gen: expected a whole number from 1 to 9\n"
      )
    )
  }

  @Test func trickRoomIsAPsychicStatusMoveWithPriorityMinusSeven() throws {
    let lines = pokedex("move", "Trick Room").stdout.split(separator: "\n")
    #expect(lines.contains("Type        Psychic"))
    #expect(lines.contains("Category    Status"))
    #expect(lines.contains("Priority    -7"))
    #expect(lines.contains("PP          5"))
    #expect(lines.contains("Generation  Generation IV"))
    let json = pokedex("move", "trickroom", "--format", "json").stdout
    let move = try #require(
      (try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])?.first
    )
    #expect(move["id"] as? Int == 433)
    #expect(move["priority"] as? Int == -7)
    #expect(move["damageClass"] as? String == "status")
  }

  @Test func thunderboltIsTM126InScarletAndViolet() throws {
    let card = pokedex("move", "thunderbolt").stdout
    let machines = try #require(card.split(separator: "\n").first { $0.hasPrefix("Machines") })
    #expect(machines.contains("TM126 (The Indigo Disk, Scarlet/Violet)"))
    #expect(card.contains("Power       90\n"))
  }

  @Test func everyPriorityMoveAboveThreeIsListed() {
    let csv = pokedex("moves", "priority>3", "--format", "csv").stdout
    let names = csv.split(separator: "\n").dropFirst().map { $0.split(separator: ",")[1] }
    #expect(names.contains("helping-hand"))
    #expect(names.contains("protect"))
    #expect(!names.contains("quick-attack"))
  }

  @Test func adamantRaisesAttackAndLowersSpecialAttack() {
    #expect(
      pokedex("nature", "adamant").stdout
        == "Adamant\nいじっぱり · Hart · Rigide\n\nRaised      Attack (+10%)\nLowered     Sp. Atk (−10%)\n"
    )
    let json = pokedex("nature", "--format", "json").stdout
    #expect(json.components(separatedBy: "\"neutral\": true").count == 6)
  }

  @Test func levitateIsHeldByGastlyNotAsAHiddenAbility() throws {
    let lines = pokedex("ability", "levitate").stdout.split(separator: "\n")
    let holders = try #require(lines.first { $0.hasPrefix("Pokémon ") })
    #expect(holders.contains("Gastly"))
    #expect(lines.contains("Effect      Evades Ground moves."))
  }
}
