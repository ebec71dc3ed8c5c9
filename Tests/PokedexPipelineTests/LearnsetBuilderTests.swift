import Foundation
import JSONCore
import PokedexTestSupport
import Testing

@testable import PokedexKit
@testable import PokedexPipeline

/// The learnsets built from the real sources in `../shared`, checked against facts of the
/// games and against the Showdown file read independently.
@Suite(.enabled(if: LearnsetSharedData.isAvailable, "needs ../shared/showdown/learnsets.json"))
struct LearnsetBuilderTests {
  func learnset(_ slug: String) throws -> Learnset {
    try #require(try LearnsetSharedData.build().learnsets.learnset(slug), "no learnset for \(slug)")
  }

  func sources(_ codes: [String]) -> [MoveSource] { codes.compactMap(MoveSource.init) }

  @Test func pikachuLearnsThunderboltByTMInGeneration9() throws {
    let thunderbolt = try #require(try learnset("pikachu").moves["thunderbolt"])
    #expect(thunderbolt.first == MoveSource(generation: 9, method: .machine))
    // Showdown's list with each event's index dropped and the repeats removed, in order.
    #expect(
      thunderbolt
        == sources([
          "9M", "9L36", "9S", "8M", "8L36", "8V", "8S", "7M", "7L42", "7V", "7S", "6M", "6L29",
          "6S", "5M", "5L29", "5S", "4M", "4L26", "4S", "3M", "3L26", "3S",
        ])
    )
  }

  @Test func dittoLearnsOnlyTransform() throws {
    let ditto = try learnset("ditto")
    #expect(ditto.inherits == nil)
    #expect(ditto.moves.map(\.move) == ["transform"])
    #expect(
      ditto.moves["transform"]?.contains(MoveSource(generation: 9, method: .levelUp(1))) == true
    )
  }

  @Test func smeargleLearnsSketchByLevelUpAndItsEventMoves() throws {
    let smeargle = try learnset("smeargle")
    // The 13 moves of Showdown's entry: Sketch and the moves of event Smeargle.
    #expect(smeargle.moves.count == 13)
    #expect(
      smeargle.moves["sketch"]
        == sources(["9L1", "7L1", "7V", "6L1", "6S", "5L1", "5D", "4L1", "3L1", "3S"])
    )
  }

  @Test func raichuAlolaHasItsOwnLearnsetAndMegaCharizardXInheritsCharizards() throws {
    let alola = try learnset("raichu-alola")
    #expect(alola.inherits == nil)
    #expect(alola.moves.count == 102)
    #expect(alola.moves["psychic"] != nil)
    #expect(try learnset("raichu").moves["psychic"] == nil)

    let megaX = try learnset("charizard-mega-x")
    #expect(megaX.inherits == "charizard")
    #expect(megaX.moves.isEmpty)
    #expect(try learnset("charizard").moves["flamethrower"] != nil)
  }

  @Test func formsInheritTheirClosestBaseForm() throws {
    #expect(try learnset("toxtricity-low-key-gmax").inherits == "toxtricity-low-key")
    #expect(try learnset("darmanitan-galar-zen").inherits == "darmanitan-galar-standard")
    #expect(try learnset("deoxys-attack").inherits == "deoxys-normal")
    #expect(try learnset("ogerpon-wellspring-mask").inherits == "ogerpon")
    #expect(try learnset("mimikyu-totem-busted").inherits == "mimikyu-totem-disguised")
  }

  @Test func rotomWashLearnsHydroPumpByFormChangeAndRotomsMoves() throws {
    let wash = try learnset("rotom-wash")
    #expect(wash.inherits == nil)
    #expect(wash.moves["hydro-pump"]?.first == MoveSource(generation: 9, method: .restricted))
    // Showdown's entry lists only Hydro Pump; the rest is Rotom's (its `changesFrom`).
    let rotom = try learnset("rotom")
    #expect(rotom.moves["hydro-pump"] == nil)
    #expect(wash.extends == "rotom")
    #expect(wash.moves.map(\.move) == ["hydro-pump"])
  }

  @Test func showdownOnlyFormsJoinThePokemonPokeAPIKeepsThemIn() throws {
    let build = try LearnsetSharedData.build()
    #expect(build.mergedEntries["vivillonfancy"] == "vivillon")
    #expect(build.mergedEntries["sinisteaantique"] == "sinistea")
    // Fancy Vivillon's event Hold Hands, which no other Vivillon has.
    #expect(try learnset("vivillon").moves["hold-hands"] == sources(["6S"]))
    // A spelling PokeAPI keeps: Showdown's "visegrip".
    #expect(try learnset("krabby").moves["vice-grip"]?.first == MoveSource("8V"))
  }

  @Test func everyPokemonHasExactlyOneLearnsetInIdOrder() throws {
    let inputs = try LearnsetSharedData.inputs()
    let learnsets = try LearnsetSharedData.build().learnsets.learnsets
    #expect(learnsets.count == 1351)
    #expect(learnsets.map(\.pokemon) == inputs.dex.pokemon.sorted { $0.id < $1.id }.map(\.slug))
    let inheriting = learnsets.filter { $0.inherits != nil }
    #expect(inheriting.count == 207)
    #expect(learnsets.allSatisfy { ($0.inherits == nil) != $0.moves.isEmpty })
  }

  @Test func everyInheritedLearnsetHasMovesOfItsOwn() throws {
    let learnsets = try LearnsetSharedData.build().learnsets
    for learnset in learnsets.learnsets {
      guard let target = learnset.inherits else { continue }
      let base = try #require(learnsets.learnset(target), "\(learnset.pokemon) -> \(target)")
      #expect(base.inherits == nil, "\(learnset.pokemon) -> \(target)")
      #expect(!base.moves.isEmpty, "\(learnset.pokemon) -> \(target)")
      #expect(target != learnset.pokemon)
    }
  }

  @Test func theReportIsEmptyAndTheIgnoredEntriesAreCounted() throws {
    let build = try LearnsetSharedData.build()
    #expect(build.report == [])
    // MissingNo., 79 Create-A-Pokémon fakemon (Syclar ... Obliteryx), 19 Pokéstar props.
    #expect(build.ignoredEntries.count == 99)
    #expect(build.ignoredEntries.first == "missingno")
    #expect(build.ignoredEntries.filter { $0.hasPrefix("pokestar") }.count == 19)
    #expect(build.ignoredEntries[1...79].first == "syclar")
    #expect(build.ignoredEntries[1...79].last == "obliteryx")
    // 8 cosmetic forms with moves, 17 Arceus types and 4 Genesect drives without.
    #expect(build.mergedEntries.count == 29)
  }

  @Test func twoBuildsAreEqualByteForByte() throws {
    let first = try LearnsetSharedData.build()
    let second = try LearnsetSharedData.buildAgain()
    #expect(first == second)
    #expect(
      try PokedexEncoder().encode(first.learnsets) == PokedexEncoder().encode(second.learnsets)
    )
  }

  @Test func theWrittenFileIsReadBackByTheFastPath() throws {
    let learnsets = try LearnsetSharedData.build().learnsets
    let bytes = try PokedexEncoder().encode(learnsets)
    #expect(PokedexLoader.read(bytes, as: LearnsetDex.self) == learnsets)
    #expect(try FastJSONDecoder().decode(LearnsetDex.self, from: bytes) == learnsets)
    #expect(learnsets.source.name == "Pokémon Showdown")
    #expect(learnsets.source.commit == "9fcf262d91c4572289c9e8421936fd0aa25c8e5d")
    #expect(learnsets.source.license.hasPrefix("Copyright (c) 2011-2026 Guangcong Luo"))
  }

  /// The slow twin: Foundation's JSONSerialization reads the Showdown file, and every entry
  /// whose id is a Pokémon's slug without hyphens has exactly the sources built for it.
  @Test func directlyMatchedEntriesAgreeWithJSONSerialization() throws {
    let data = try Data(contentsOf: LearnsetSharedData.showdownFile)
    let file = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let build = try LearnsetSharedData.build()
    var compared = 0
    for learnset in build.learnsets.learnsets where learnset.inherits == nil {
      let id = learnset.pokemon.filter { $0 != "-" }
      guard let entry = file[id] as? [String: Any],
        let moves = entry["learnset"] as? [String: [String]],
        !build.mergedEntries.values.contains(learnset.pokemon),
        moves.values.contains(where: { $0.contains { !$0.dropFirst().hasPrefix("R") } })
      else { continue }
      compared += 1
      var expected: [String: [MoveSource]] = [:]
      for (move, codes) in moves {
        var list: [MoveSource] = []
        for code in codes where !code.dropFirst().hasPrefix("C") {
          let trimmed = code.dropFirst().hasPrefix("S") ? String(code.prefix(2)) : code
          let source = try #require(MoveSource(trimmed), "\(id).\(move): \(code)")
          if !list.contains(source) { list.append(source) }
        }
        // The one move PokeAPI spells differently.
        expected[move == "visegrip" ? "vicegrip" : move] = list
      }
      let built = Dictionary(
        uniqueKeysWithValues: learnset.moves.map {
          ($0.move.filter { $0.isLetter || $0.isNumber }, $0.sources)
        }
      )
      #expect(built == expected, "\(learnset.pokemon)")
    }
    #expect(compared > 1_000)
  }
}
