import Foundation
import PokedexKit
import PokedexTestSupport
import Testing

@testable import PokedexPipeline

/// Every data file built from the real sources (`../shared/pokeapi-csv` and
/// `../shared/showdown`): what Showdown adds to moves, abilities and items, and every entry
/// the build could not map, named. Skipped without `../shared`.
@Suite(
  .enabled(
    if: SharedData.hasCSV && SharedData.hasShowdown,
    "needs ../shared/pokeapi-csv and ../shared/showdown"
  )
)
struct ShowdownSharedDataTests {
  private static let built = Result { () throws -> DataSet in
    try DataSetBuilder().build(csv: SharedData.csv, showdown: SharedData.showdown)
  }

  static func data() throws -> DataSet { try built.get() }

  static func move(_ identifier: String) throws -> Move {
    try #require(try data().moves.moves.first { $0.identifier == identifier }, "\(identifier)")
  }

  @Test func whatShowdownGivesTheMoves() throws {
    let report = SourceReport(moves: try Self.data().moves)
    #expect(report.fromPokeAPI == 937)
    #expect(
      report.taken == [
        .init(field: "flags", count: 189), .init(field: "effectChance", count: 37),
        .init(field: "shortEffect", count: 111), .init(field: "effect", count: 111),
      ]
    )
    #expect(
      report.overridden == [
        .init(field: "power", count: 21), .init(field: "accuracy", count: 3),
        .init(field: "shortEffect", count: 103), .init(field: "effect", count: 103),
      ]
    )
    #expect(
      report.added == [
        .init(field: "aliases", count: 156), .init(field: "olderEffects", count: 312),
      ]
    )
  }

  @Test func flagsAndTextForEveryGeneration9Move() throws {
    let moves = try Self.data().moves.moves.filter { $0.generation == 9 }
    #expect(moves.count == 69)
    #expect(
      moves.allSatisfy { $0.effect != nil && $0.fromShowdown?.taken.contains("flags") == true }
    )
    #expect(try Self.move("tachyon-cutter").accuracy == nil)
    #expect(try Self.move("shelter").power == nil)
    #expect(try Self.move("ruination").power == nil)
    // Both of PokeAPI's moves of a type's Z-Move take Showdown's one entry.
    for identifier in ["breakneck-blitz--physical", "breakneck-blitz--special"] {
      let move = try Self.move(identifier)
      #expect(move.shortEffect == "Power is equal to the base move's Z-Power.")
      #expect(move.aliases == ["znormal"])
    }
    #expect(try Self.move("hidden-power").aliases.contains("hiddenpowerfire"))
  }

  @Test func abilitiesAndItems() throws {
    let data = try Self.data()
    let abilities = SourceReport(abilities: data.abilities)
    // PokeAPI has text for every ability of the dex: Showdown's is never taken.
    #expect(abilities.taken == [] && abilities.overridden == [])
    #expect(abilities.added == [.init(field: "aliases", count: 35)])
    let embody = try #require(data.abilities.abilities.first { $0.identifier == "embody-aspect" })
    #expect(embody.aliases.contains("embodyaspectteal"))
    let items = SourceReport(items: data.items)
    #expect(data.items.items.count == 580)
    #expect(items.fromPokeAPI == 566 && items.showdownOnly == 14)
    #expect(
      items.taken == [
        .init(field: "names", count: 45), .init(field: "flingPower", count: 16),
        .init(field: "shortEffect", count: 191), .init(field: "effect", count: 191),
      ]
    )
    #expect(data.items.items.filter { !$0.megaEvolutions.isEmpty }.count == 92)
    #expect(data.items.items.filter { $0.zCrystal != nil }.count == 35)
    #expect(data.items.items.filter { $0.type != nil }.count == 56)
    #expect(data.validate().filter { $0.severity == .error } == [])
  }

  /// Every Showdown entry the build leaves out or keeps alone is a warning naming it.
  @Test func everyUnmappedEntryIsNamed() throws {
    let locations = try Self.data().report.map(\.location)
    #expect(locations.filter { $0.hasPrefix("moves.json:gmax") }.count == 33)
    #expect(
      locations.filter { !$0.hasPrefix("moves.json:gmax") } == [
        "moves.json:nihillight", "moves.json:paleowave", "moves.json:shadowstrike",
        "moves.json:polarflare", "abilities.json:noability", "abilities.json:mountaineer",
        "abilities.json:rebound", "abilities.json:persistent", "abilities-text.json:asone",
        "items.json:crucibellite", "items.json:vilevial", "items.json:roseliberry",
        "items.json:mail", "items.json:berry", "items.json:berserkgene",
        "items.json:bitterberry", "items.json:burntberry", "items.json:goldberry",
        "items.json:iceberry", "items.json:mintberry", "items.json:miracleberry",
        "items.json:mysteryberry", "items.json:pinkbow", "items.json:polkadotbow",
        "items.json:przcureberry", "items.json:psncureberry",
      ]
    )
  }
}
