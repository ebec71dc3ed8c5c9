import Foundation
import PokedexKit
import PokedexTestSupport
import Testing

@testable import PokedexPipeline

/// `AbilityTextBuilder` and `NatureBuilder` on the fixture tables (rows copied unchanged
/// from PokeAPI), and the bundled files they generate from the full tables.
@Suite struct AbilityNaturePipelineTests {
  static func abilities() throws -> AbilityDex {
    try AbilityTextBuilder().build(
      fromDirectory: PipelineFixtures.directory,
      abilities: try PipelineFixtures.dex().abilities
    )
  }

  static func natures() throws -> NatureDex {
    try NatureBuilder().build(fromDirectory: PipelineFixtures.directory)
  }

  @Test func describesEveryAbilityOfTheDex() throws {
    let dex = try PipelineFixtures.dex()
    let texts = try Self.abilities()
    #expect(texts.abilities.map(\.identifier) == dex.abilities.map(\.identifier))
    #expect(texts.abilities.map(\.id) == texts.abilities.map(\.id).sorted())
  }

  @Test func overgrowHasItsEffectsAndTheLatestText() throws {
    let overgrow = try #require(
      try Self.abilities().abilities.first { $0.identifier == "overgrow" }
    )
    #expect(
      overgrow.shortEffect
        == "Strengthens Grass moves to inflict 1.5× damage at 1/3 max HP or less."
    )
    #expect(
      overgrow.effect?.hasPrefix("When this Pokémon has 1/3 or less of its HP remaining") == true
    )
    // Scarlet and Violet (order 27) over Sword and Shield (22), Black and White (15), and
    // Ruby and Sapphire (7), in English.
    #expect(overgrow.flavorText == "Powers up Grass-type moves when the Pokémon's HP is low.")
    #expect(overgrow.flavorTextVersionGroup == "scarlet-violet")
  }

  /// The newest text is chosen by the version group's `order`, not by its id or row, and
  /// is put on one line.
  @Test func theLatestTextIsTheHighestOrder() throws {
    let directory = try PipelineFixtures.copy()
    defer { directory.remove() }
    let url = directory.url.appendingPathComponent("ability_flavor_text.csv")
    let text = try String(contentsOf: url, encoding: .utf8)
    // Legends: Z-A (id 30, order 30) after Red and Green (Japan) (id 28, order 1).
    try Data(
      (text + "65,30,9,\"Newest\ntext,\u{0C}on one line.\"\n65,28,9,Oldest text.\n").utf8
    ).write(to: url)
    let texts = try AbilityTextBuilder().build(
      fromDirectory: directory.url,
      abilities: try PipelineFixtures.dex().abilities
    )
    let overgrow = try #require(texts.abilities.first { $0.identifier == "overgrow" })
    #expect(overgrow.flavorText == "Newest text, on one line.")
    #expect(overgrow.flavorTextVersionGroup == "legends-za")
  }

  /// PokeAPI's `ability_prose.csv` has a space before one quoted field (Power Spot).
  @Test func aSpaceBeforeAQuotedFieldIsForgiven() throws {
    let directory = try PipelineFixtures.copy()
    defer { directory.remove() }
    let url = directory.url.appendingPathComponent("ability_prose.csv")
    let text = try String(contentsOf: url, encoding: .utf8)
    let original = "65,9,Strengthens Grass moves to inflict 1.5× damage at 1/3 max HP or less.,\""
    #expect(text.contains(original))
    try Data(
      text.replacingOccurrences(
        of: original,
        with: "65,9,\"Strengthens Grass moves, a lot.\", \""
      ).utf8
    ).write(to: url)
    let texts = try AbilityTextBuilder().build(
      fromDirectory: directory.url,
      abilities: try PipelineFixtures.dex().abilities
    )
    let overgrow = try #require(texts.abilities.first { $0.identifier == "overgrow" })
    #expect(overgrow.shortEffect == "Strengthens Grass moves, a lot.")
    #expect(overgrow.effect?.hasPrefix("When this Pokémon has 1/3") == true)
  }

  @Test func anUnknownAbilityIsAnError() throws {
    let directory = try PipelineFixtures.copy()
    defer { directory.remove() }
    let url = directory.url.appendingPathComponent("ability_prose.csv")
    let text = try String(contentsOf: url, encoding: .utf8)
    try Data((text + "9999,9,Short.,Long.\n").utf8).write(to: url)
    #expect {
      try AbilityTextBuilder().build(fromDirectory: directory.url, abilities: [])
    } throws: { error in
      (error as? DataPipelineError)?.description
        == "ability_prose.csv:104:1: column 'ability_id' refers to '9999', which is not in abilities.csv"
    }
  }

  @Test func twentyFiveNatures() throws {
    let natures = try Self.natures()
    #expect(natures.natures.count == 25)
    #expect(natures.natures.map(\.id) == Array(1...25))
    #expect(
      natures.natures.filter(\.isNeutral).map(\.identifier) == [
        "hardy", "docile", "bashful", "quirky", "serious",
      ]
    )
  }

  @Test func adamantRaisesAttackAndLowersSpecialAttack() throws {
    let adamant = try #require(try Self.natures().natures.first { $0.identifier == "adamant" })
    #expect(adamant.increasedStat == "attack")
    #expect(adamant.decreasedStat == "special-attack")
    #expect(adamant.names["en"] == "Adamant")
    #expect(adamant.names["fr"] == "Rigide")
    #expect(adamant.names["ja"] == "いじっぱり")
  }

  @Test func hardyIsNeutral() throws {
    let hardy = try #require(try Self.natures().natures.first { $0.identifier == "hardy" })
    #expect(hardy.increasedStat == nil)
    #expect(hardy.decreasedStat == nil)
    #expect(hardy.isNeutral)
  }

  @Test func anUnknownStatIsAnError() throws {
    let directory = try PipelineFixtures.copy()
    defer { directory.remove() }
    let url = directory.url.appendingPathComponent("natures.csv")
    let text = try String(contentsOf: url, encoding: .utf8)
    try Data(text.replacingOccurrences(of: "11,adamant,4,2,", with: "11,adamant,4,42,").utf8)
      .write(to: url)
    #expect(
      throws: DataPipelineError.unknownReference(
        file: "natures.csv",
        line: 12,
        column: 14,
        columnName: "increased_stat_id",
        value: "42",
        table: "stats.csv"
      )
    ) {
      try NatureBuilder().build(fromDirectory: directory.url)
    }
  }

  @Test func aMissingTableNamesTheFile() throws {
    let directory = try PipelineFixtures.copy()
    defer { directory.remove() }
    try FileManager.default.removeItem(at: directory.url.appendingPathComponent("nature_names.csv"))
    #expect(
      throws: DataPipelineError.missingTable(
        file: "nature_names.csv",
        directory: directory.url.path
      )
    ) {
      try NatureBuilder().build(fromDirectory: directory.url)
    }
  }

  @Test func theValidatorFindsBadNatures() throws {
    var natures = try Self.natures()
    natures.natures[1].increasedStat = "hp"
    natures.natures[2].decreasedStat = nil
    let diagnostics = DataFileValidator(dex: try PipelineFixtures.dex()).validate(natures)
    #expect(
      diagnostics.map(\.description) == [
        "error: natures.json:natures[1].increasedStat: unknown stat 'hp'",
        "error: natures.json:natures[2]: a nature raises one stat and lowers another, or neither",
      ]
    )
  }

  // MARK: The bundled files, generated from the full tables

  @Test func theBundledFiles() throws {
    let dex = try PokedexLoader.load()
    let texts = try PokedexLoader.load(AbilityDex.self)
    let levitate = try #require(texts.abilities.first { $0.identifier == "levitate" })
    #expect(levitate.shortEffect == "Evades Ground moves.")
    #expect(levitate.flavorTextVersionGroup == "scarlet-violet")
    #expect(levitate.flavorText?.contains("\n") == false)
    #expect(texts.abilities.count == dex.abilities.count)
    let natures = try PokedexLoader.load(NatureDex.self)
    #expect(natures.natures.count == 25)
    let validator = DataFileValidator(dex: dex)
    #expect(validator.validate(texts, moves: try PokedexLoader.load(MoveDex.self)) == [])
    #expect(validator.validate(natures) == [])
  }
}
