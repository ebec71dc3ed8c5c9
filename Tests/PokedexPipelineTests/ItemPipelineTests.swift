import Foundation
import PokedexKit
import PokedexTestSupport
import Testing

@testable import PokedexPipeline

/// `items.json`: Showdown's items joined with PokeAPI's item tables (`ItemBuilder`), on the
/// fixtures and on edited copies of them.
@Suite struct ItemPipelineTests {
  static func item(_ showdownID: String, in data: DataSet) throws -> Item {
    try #require(data.items.items.first { $0.showdownID == showdownID }, "\(showdownID)")
  }

  @Test func everyShowdownItemButTheCreateAPokemonOnes() throws {
    let data = try PipelineFixtures.dataSet()
    #expect(
      data.items.items.map(\.identifier) == [
        "berserk-gene", "leftovers", "stick", "life-orb", "choice-scarf", "pixie-plate",
        "venusaurite", "charizardite-x", "charizardite-y", "eevium-z--held", "floettite",
      ]
    )
    #expect(data.items.items.map(\.number) == data.items.items.map(\.number).sorted())
    #expect(data.items.source.name == "PokeAPI")
    #expect(data.items.showdownSource.license.contains("data/items.ts"))
    #expect(DataFileValidator(dex: data.dex).validate(data.items, moves: data.moves) == [])
  }

  @Test func pokeAPIGivesNamesCategoryTextAndFling() throws {
    let leftovers = try Self.item("leftovers", in: try PipelineFixtures.dataSet())
    #expect(leftovers.id == 211)
    #expect(leftovers.names["de"] == "Überreste")
    #expect(leftovers.category == "held-items")
    #expect(leftovers.generation == 2)
    #expect(leftovers.nonstandard == nil && leftovers.isInCurrentGames)
    #expect(leftovers.flingPower == 10)
    #expect(leftovers.shortEffect?.hasPrefix("Held: Restores 1/16") == true)
    #expect(leftovers.aliases == ["lefties"])
    #expect(leftovers.fromShowdown == nil)
  }

  @Test func showdownGivesUsersMegaEvolutionsTypesAndFormes() throws {
    let data = try PipelineFixtures.dataSet()
    let charizarditeX = try Self.item("charizarditex", in: data)
    #expect(
      charizarditeX.megaEvolutions
        == [MegaEvolution(pokemon: "charizard", mega: "charizard-mega-x")]
    )
    #expect(charizarditeX.users == ["charizard"])
    #expect(charizarditeX.category == "mega-stones")
    #expect(charizarditeX.nonstandard == "Past")
    let pixiePlate = try Self.item("pixieplate", in: data)
    #expect(pixiePlate.type == "fairy")
    #expect(pixiePlate.forcedForme == "Arceus-Fairy")
    // PokeAPI has no name for Floettite: Showdown's English name stands in.
    let floettite = try Self.item("floettite", in: data)
    #expect(floettite.names == ["en": "Floettite"])
    #expect(floettite.users == ["floette-eternal"])
    #expect(floettite.fromShowdown == ShowdownFields(taken: ["names", "shortEffect", "effect"]))
  }

  @Test func theRulesThatPlaceAnItemOnPokeAPIs() throws {
    let data = try PipelineFixtures.dataSet()
    // A Z-Crystal is PokeAPI's held item, not the bag one.
    #expect(try Self.item("eeviumz", in: data).identifier == "eevium-z--held")
    // Stick and Leek are one item (number 259): PokeAPI's `stick`, named Leek.
    let stick = try Self.item("stick", in: data)
    #expect(stick.identifier == "stick" && stick.names["en"] == "Leek")
    #expect(stick.aliases == ["leek"])
    #expect(data.items.items.contains { $0.showdownID == "leek" } == false)
    // An item PokeAPI does not have keeps Showdown's data alone.
    let gene = try Self.item("berserkgene", in: data)
    #expect(gene.id == nil && gene.category == nil)
    #expect(gene.names == ["en": "Berserk Gene"])
    #expect(gene.shortEffect?.hasPrefix("(Gen 2) On switch-in") == true)
    #expect(gene.fromShowdown == nil)
    let warnings = data.report.filter { $0.location.hasPrefix("items") }.map(\.description)
    // The fixture has neither Farfetch'd nor Eevee's moves, nor Mega Floette.
    #expect(
      warnings == [
        "warning: items.json:crucibellite: 'Crucibellite' is a Create-A-Pokémon item; left out",
        "warning: items.json:berserkgene: 'Berserk Gene' matches no PokeAPI item; kept with Showdown's data only",
        "warning: items.json:eeviumz: move 'Last Resort' matches no PokeAPI move; left out of the item",
        "warning: items.json:eeviumz: move 'Extreme Evoboost' matches no PokeAPI move; left out of the item",
        "warning: items.json:floettite: Pokémon 'Floette-Mega' matches none of the dex; left out of the item",
        "warning: items.json:stick: Pokémon 'Farfetch’d' matches none of the dex; left out of the item",
      ]
    )
    #expect(try Self.item("eeviumz", in: data).zCrystal == nil)
  }

  /// What `data check` says each source gave.
  @Test func theSourceReportsCountWhatShowdownGave() throws {
    let lines = try PipelineFixtures.dataSet().sourceReports.map(\.description)
    #expect(
      lines == [
        "moves.json: 11 moves from PokeAPI bbef3d9; from Pokémon Showdown 9fcf262: took flags (2), "
          + "effectChance (1), shortEffect (2), effect (2); added aliases (2), olderEffects (3)",
        "abilities.json: 22 abilities from PokeAPI bbef3d9; from Pokémon Showdown 9fcf262: "
          + "added aliases (2)",
        "items.json: 10 items from PokeAPI bbef3d9; from Pokémon Showdown 9fcf262: 1 of its own; "
          + "took names (1), shortEffect (1), effect (1); added aliases (5)",
      ]
    )
  }

  @Test func namesTheDexDoesNotHaveAreLeftOutWithAWarning() throws {
    let data = try PipelineFixtures.dataSet(editing: [
      .showdown("items.json", #""onPlate": "Fairy""#, #""onPlate": "Sound""#),
      .showdown(
        "items-text.json",
        "\n}",
        ",\n" + #""bananasplit": {"name": "Banana Split"}"# + "\n}"
      ),
    ])
    #expect(try Self.item("pixieplate", in: data).type == nil)
    let warnings = data.report.filter { $0.location.hasPrefix("items") }.map(\.description)
    #expect(
      warnings.contains(
        "warning: items.json:pixieplate: type 'Sound' is none of the dex's; left out of the item"
      )
    )
    #expect(
      warnings.last
        == "warning: items-text.json:bananasplit: text of an item that items.json does not have; ignored"
    )
  }

  @Test func aMissingOrBadItemTableFailsTheBuild() throws {
    #expect {
      _ = try PipelineFixtures.dataSet(editing: [
        .csv("items.csv", "211,leftovers,12,", "211,leftovers,99,")
      ])
    } throws: { error in
      (error as? DataPipelineError)?.description
        == "items.csv:5:15: column 'category_id' refers to '99', which is not in item_categories.csv"
    }
    #expect {
      _ = try PipelineFixtures.dataSet(editing: [
        .csv("item_prose.csv", "211,9,Held:", "999,9,Held:")
      ])
    } throws: { error in
      (error as? DataPipelineError)?.description.hasPrefix(
        "item_prose.csv:3:1: column 'item_id' refers to '999', which is not in items.csv"
      ) == true
    }
    #expect {
      _ = try PipelineFixtures.dataSet(editing: [
        .showdown("items.json", #""num": 234, "gen": 2"#, #""num": "234", "gen": 2"#)
      ])
    } throws: { error in
      let text = (error as? DataPipelineError)?.description ?? ""
      return text.hasPrefix("items.json:") && text.contains("leftovers.num")
    }
  }

  @Test func theValidatorFindsBadItems() throws {
    let data = try PipelineFixtures.dataSet()
    var items = data.items
    items.items[1].users = ["pikachu-rock-star"]
    items.items[2].zCrystal = ZCrystal(type: "fire", move: "surf", baseMove: nil)
    items.items[3].fromShowdown = ShowdownFields(taken: ["category"])
    items.items[4].identifier = items.items[5].identifier
    items.items[6].type = "sound"
    #expect(
      DataFileValidator(dex: data.dex).validate(items, moves: data.moves).map(\.description) == [
        "error: items.json:items[1].users[0]: unknown Pokémon 'pikachu-rock-star'",
        "error: items.json:items[2].zCrystal: a Z-Crystal upgrades a type's moves or one move, not both or neither",
        "error: items.json:items[3].fromShowdown.taken: 'category' is no field Showdown gives; expected names, flingPower, shortEffect, effect",
        "error: items.json:items[3].fromShowdown.taken: expected each field once, in the record's key order",
        "error: items.json:items[5].identifier: identifier 'pixie-plate' is empty or repeated",
        "error: items.json:items[6].type: unknown type 'sound'",
      ]
    )
  }
}
