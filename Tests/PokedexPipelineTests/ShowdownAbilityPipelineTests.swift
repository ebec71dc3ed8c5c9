import Foundation
import PokedexKit
import PokedexTestSupport
import Testing

@testable import PokedexPipeline

/// Abilities' text and aliases with Showdown's tables beside PokeAPI's
/// (`ShowdownAbilitySupplement`).
@Suite struct ShowdownAbilityPipelineTests {
  static func text(_ identifier: String, in data: DataSet) throws -> AbilityText {
    try #require(data.abilities.abilities.first { $0.identifier == identifier }, "\(identifier)")
  }

  @Test func pokeAPIsTextStaysAndShowdownsAliasesJoin() throws {
    let data = try PipelineFixtures.dataSet()
    let pixilate = try Self.text("pixilate", in: data)
    #expect(pixilate.aliases == ["pixil"])
    #expect(pixilate.shortEffect?.hasPrefix("Turns the bearer's Normal moves") == true)
    #expect(pixilate.fromShowdown == nil)
    #expect(try Self.text("adaptability", in: data).aliases == ["adapt"])
    #expect(data.abilities.showdownSource?.license.contains("data/abilities.ts") == true)
  }

  @Test func anAbilityWithoutPokeAPIsTextGetsShowdowns() throws {
    let data = try PipelineFixtures.dataSet(editing: [
      .csv(
        "ability_prose.csv",
        "182,9,Turns the bearer's Normal moves into Fairy moves",
        "182,7,Turns the bearer's Normal moves into Fairy moves"
      )
    ])
    let pixilate = try Self.text("pixilate", in: data)
    #expect(
      pixilate.shortEffect
        == "This Pokemon's Normal-type moves become Fairy type and have 1.2x power."
    )
    #expect(
      pixilate.effect?.hasPrefix("This Pokemon's Normal-type moves become Fairy-type") == true
    )
    #expect(pixilate.fromShowdown == ShowdownFields(taken: ["shortEffect", "effect"]))
  }

  @Test func entriesThatMapToNoAbilityAreListedWarnings() throws {
    let data = try PipelineFixtures.dataSet(editing: [
      .showdown(
        "abilities.json",
        "\n}",
        ",\n"
          + #""persistent": {"isNonstandard": "CAP", "flags": {}, "name": "Persistent", "num": -4},"#
          + "\n" + #""embodyaspectteal": {"flags": {}, "name": "Pixilate (Teal)", "num": 303}"#
          + "\n}"
      ),
      .showdown("abilities-text.json", "\n}", ",\n" + #""asone": {"name": "As One"}"# + "\n}"),
    ])
    #expect(
      data.report.filter { $0.location.hasPrefix("abilit") }.map(\.description) == [
        "warning: abilities.json:persistent: 'Persistent' (a Create-A-Pokémon ability) matches no PokeAPI ability; left out",
        "warning: abilities-text.json:asone: text of an ability that abilities.json does not have; ignored",
      ]
    )
    // A variant `Ability (Forme)` of one of the dex's abilities is an alias of it.
    #expect(try Self.text("pixilate", in: data).aliases == ["pixil", "embodyaspectteal"])
  }
}
