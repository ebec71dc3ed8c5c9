import Foundation
import PokedexKit
import Testing

/// Finding moves, abilities and items by identifier, alias or name (`NameIndex`,
/// `AbilityLookup`, `ItemLookup`), with "did you mean".
@Suite struct NameLookupTests {
  @Test func identifiersComeBeforeAliasesAndAliasesBeforeNames() {
    let index = NameIndex(
      identifiers: ["thunderbolt", "tbolt-move", "thunder"],
      aliases: [["tbolt"], ["thunder"], []],
      names: [["en": "Thunderbolt", "de": "Donnerblitz"], ["en": "Tbolt"], ["en": "Thunder"]]
    )
    #expect(index.row(named: "thunderbolt") == 0)
    #expect(index.row(named: "T-Bolt") == 0)
    // An alias never hides an identifier.
    #expect(index.row(named: "thunder") == 2)
    #expect(index.row(named: "DONNERBLITZ") == 0)
    #expect(index.row(named: "tboltmove") == 1)
    #expect(index.row(named: "") == nil)
    #expect(index.row(named: "blitz") == nil)
    #expect(index.suggestedRow(for: "thunderbolr") == 0)
    #expect(index.row(identifier: "tbolt") == nil)
  }

  @Test func itemsByAnyName() throws {
    let lookup = ItemLookup(items: try PokedexLoader.load(ItemDex.self))
    for name in ["Choice Scarf", "choice-scarf", "choicescarf", "scarf", "Wahlschal", "こだわりスカーフ"] {
      #expect(lookup.item(named: name)?.identifier == "choice-scarf", "\(name)")
    }
    // Showdown's spelling of a name PokeAPI spells otherwise, and an older name.
    #expect(lookup.item(named: "Up-Grade")?.identifier == "up-grade")
    #expect(lookup.item(named: "Stick")?.names["en"] == "Leek")
    #expect(lookup.item(named: "leek")?.identifier == "stick")
    #expect(lookup.item(named: "Banana Split") == nil)
    #expect(lookup.suggestion(for: "Choise Scarf")?.identifier == "choice-scarf")
    #expect(lookup.item(identifier: "leftovers")?.flingPower == 10)
    #expect(
      lookup.items(for: "charizard").map(\.identifier) == ["charizardite-x", "charizardite-y"]
    )
  }

  @Test func abilitiesByAnyName() throws {
    let lookup = AbilityLookup(
      dex: try PokedexLoader.load(),
      texts: try PokedexLoader.load(AbilityDex.self)
    )
    #expect(lookup.ability(named: "intim")?.identifier == "intimidate")
    #expect(lookup.ability(named: "Embody Aspect (Teal)")?.identifier == "embody-aspect")
    #expect(lookup.ability(named: "Schwebe")?.identifier == "levitate")
    #expect(lookup.ability(named: "levitat") == nil)
    #expect(lookup.suggestion(for: "levitat")?.identifier == "levitate")
    let levitate = try #require(lookup.ability(named: "levitate"))
    #expect(lookup.text(of: levitate)?.shortEffect != nil)
    // Without the text file, names still resolve, aliases do not.
    let bare = AbilityLookup(dex: try PokedexLoader.load(), texts: nil)
    #expect(bare.ability(named: "levitate")?.identifier == "levitate")
    #expect(bare.ability(named: "intim") == nil)
  }
}
