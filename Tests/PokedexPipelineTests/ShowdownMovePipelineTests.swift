import Foundation
import PokedexKit
import PokedexTestSupport
import Testing

@testable import PokedexPipeline

/// Moves built from PokeAPI's tables and Showdown's together (`ShowdownMoveSupplement`), on
/// the fixtures and on edited copies of them.
@Suite struct ShowdownMovePipelineTests {
  static func move(_ identifier: String, in data: DataSet) throws -> Move {
    try #require(data.moves.moves.first { $0.identifier == identifier }, "\(identifier)")
  }

  static func warnings(_ data: DataSet, at prefix: String) -> [String] {
    data.report.filter { $0.location.hasPrefix(prefix) }.map(\.description)
  }

  @Test func showdownFillsWhatPokeAPILacks() throws {
    let data = try PipelineFixtures.dataSet()
    // PokeAPI has no flags, effect, chance or text for Dire Claw.
    let direClaw = try Self.move("dire-claw", in: data)
    #expect(direClaw.flags == ["contact", "protect", "mirror"])
    #expect(direClaw.effectChance == 50)
    #expect(direClaw.shortEffect == "50% chance to sleep, poison, or paralyze target.")
    #expect(direClaw.effect?.hasPrefix("Has a 50% chance to cause the target") == true)
    #expect(
      direClaw.fromShowdown
        == ShowdownFields(taken: ["flags", "effectChance", "shortEffect", "effect"])
    )
    // Rage Fist: flags (Showdown's `punch` is PokeAPI's too) and text.
    let rageFist = try Self.move("rage-fist", in: data)
    #expect(rageFist.flags == ["contact", "protect", "mirror", "punch"])
    #expect(rageFist.power == 50)
    // A move PokeAPI describes keeps PokeAPI's, and gets Showdown's aliases.
    let thunderbolt = try Self.move("thunderbolt", in: data)
    #expect(thunderbolt.fromShowdown == nil)
    #expect(thunderbolt.shortEffect == "Has a 10% chance to paralyze the target.")
    #expect(thunderbolt.aliases == ["tbolt"])
    #expect(try Self.move("trick-room", in: data).aliases == ["tr", "troom"])
    // Showdown's flag names are PokeAPI's: nonsky is non-sky-battle (Surf has PokeAPI's own).
    #expect(try Self.move("surf", in: data).flags.contains("non-sky-battle"))
    // Shadow moves are not Showdown's: nothing changes.
    #expect(try Self.move("shadow-rush", in: data).fromShowdown == nil)
    #expect(data.moves.showdownSource?.name == "Pokémon Showdown")
    #expect(data.moves.showdownSource?.license.contains("MIT license") == true)
  }

  @Test func olderGenerationsTextIsKeptNewestFirst() throws {
    let surf = try Self.move("surf", in: try PipelineFixtures.dataSet())
    #expect(surf.olderEffects.map(\.generation) == [4, 3, 2])
    #expect(surf.olderEffects.first?.effect == "Power doubles if the target is using Dive.")
    // Generation 3 has only a short text: its full text is generation 4's.
    let third = surf.effectText(inGeneration: 3)
    #expect(third.effect == "Power doubles if the target is using Dive.")
    #expect(third.shortEffect == surf.olderEffects[1].shortEffect)
    #expect(surf.effectText(inGeneration: 1).shortEffect == "No additional effect.")
    #expect(surf.effectText(inGeneration: 9).shortEffect == surf.shortEffect)
  }

  @Test func noFixedPowerAndNeverMissingAreNull() throws {
    let data = try PipelineFixtures.dataSet(editing: [
      .showdown(
        "moves.json",
        #""ragefist": {"num": 889, "accuracy": 100, "basePower": 50"#,
        #""ragefist": {"num": 889, "accuracy": true, "basePower": 0"#
      )
    ])
    let rageFist = try Self.move("rage-fist", in: data)
    #expect(rageFist.power == nil)
    #expect(rageFist.powerKind == .varies)
    #expect(rageFist.accuracy == nil)
    #expect(rageFist.fromShowdown?.overridden == ["power", "accuracy"])
  }

  @Test func aStatusMoveHasNoPowerEvenWhenPokeAPIWritesZero() throws {
    // PokeAPI writes power 0 for 16 of the newest status moves.
    let data = try PipelineFixtures.dataSet(editing: [
      .csv("moves.csv", "433,trick-room,4,14,,", "433,trick-room,4,14,0,")
    ])
    let trickRoom = try Self.move("trick-room", in: data)
    #expect(trickRoom.power == nil)
    #expect(trickRoom.powerKind == .none)
    #expect(trickRoom.fromShowdown == nil)
  }

  @Test func showdownReplacesPokeAPIsTextOfNoAdditionalEffect() throws {
    let data = try PipelineFixtures.dataSet(editing: [
      .showdown(
        "moves-text.json",
        #""pound": {"name": "Pound", "shortDesc": "No additional effect."}"#,
        #""pound": {"name": "Pound", "shortDesc": "Hits twice."}"#
      )
    ])
    let pound = try Self.move("pound", in: data)
    #expect(pound.shortEffect == "Hits twice.")
    #expect(pound.effect == "Hits twice.")
    #expect(pound.fromShowdown == ShowdownFields(overridden: ["shortEffect", "effect"]))
    // Unedited, Showdown says no more than PokeAPI, whose text stays.
    let unedited = try Self.move("pound", in: try PipelineFixtures.dataSet())
    #expect(unedited.shortEffect == "Inflicts regular damage with no additional effect.")
    #expect(unedited.fromShowdown == nil)
  }

  @Test func entriesThatMapToNoMoveAreListedWarnings() throws {
    let data = try PipelineFixtures.dataSet(editing: [
      .showdown(
        "moves.json",
        "\n}",
        ",\n"
          + #""gmaxwildfire": {"num": 1000, "accuracy": true, "basePower": 10, "category": "Physical", "#
          + #""name": "G-Max Wildfire", "pp": 10, "priority": 0, "flags": {}, "isMax": "Charizard", "#
          + #""target": "adjacentFoe", "type": "Fire"},"# + "\n"
          + #""hiddenpowerfire": {"num": 237, "accuracy": 100, "basePower": 60, "#
          + #""category": "Special", "placeholderFor": "Hidden Power", "name": "Hidden Power Fire", "#
          + #""pp": 15, "priority": 0, "flags": {}, "target": "normal", "type": "Fire"}"# + "\n}"
      ),
      .showdown("moves-text.json", "\n}", ",\n" + #""struggle": {"name": "Struggle"}"# + "\n}"),
      .showdown(
        "aliases.json",
        "\n}",
        ",\n" + #""wildfire": "G-Max Wildfire","# + "\n" + #""bananasplit": "Banana Split","#
          + "\n" + #""ou": "[Gen 9] OU""# + "\n}"
      ),
    ])
    #expect(
      Self.warnings(data, at: "moves") == [
        "warning: moves.json:gmaxwildfire: 'G-Max Wildfire' (a G-Max Move) matches no PokeAPI move; left out, with its aliases wildfire",
        "warning: moves.json:hiddenpowerfire: 'Hidden Power Fire' (a placeholder for 'Hidden Power') matches no PokeAPI move; left out",
        "warning: moves-text.json:struggle: text of a move that moves.json does not have; ignored",
      ]
    )
    #expect(data.moves.moves.count == 11)
    // An alias naming nothing of any table is a warning; a format's alias is not read.
    #expect(
      Self.warnings(data, at: "aliases") == [
        "warning: aliases.json:bananasplit: alias of 'Banana Split', which is no Pokémon, move, ability or item of Showdown's tables; ignored"
      ]
    )
  }

  @Test func aMalformedMoveEntryFailsTheBuildWithWhere() throws {
    #expect {
      _ = try PipelineFixtures.dataSet(editing: [
        .showdown(
          "moves.json",
          #""flags": {"contact": 1, "protect": 1, "mirror": 1, "punch": 1}"#,
          #""flags": ["contact"]"#
        )
      ])
    } throws: { error in
      let text = (error as? DataPipelineError)?.description ?? ""
      return text.hasPrefix("moves.json:") && text.contains("ragefist.flags")
    }
  }
}
