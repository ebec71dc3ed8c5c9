import Foundation
import PokedexKit
import PokedexTestSupport
import Testing

@testable import PokedexPipeline

@Suite struct PipelineBuilderTests {
  @Test func buildsEveryFixturePokemonSortedById() throws {
    let dex = try PipelineFixtures.dex()
    #expect(dex.pokemon.count == 25)
    #expect(dex.pokemon.filter(\.isDefault).count == 17)
    #expect(dex.pokemon.map(\.id) == dex.pokemon.map(\.id).sorted())
    #expect(dex.schemaVersion == Pokedex.currentSchemaVersion)
    #expect(dex.languages.count == 14)
    #expect(dex.languages.first?.identifier == "ja-hrkt")
    #expect(
      dex.generations.map(\.region) == [
        "kanto", "johto", "hoenn", "sinnoh", "unova", "kalos", "alola", "galar", "paldea",
      ]
    )
    #expect(dex.types.count == 21)
  }

  struct SpotFact: Sendable, CustomTestStringConvertible {
    var slug: String
    var name: String
    var types: [String]
    var total: Int
    var hp: Int
    var height: Double
    var weight: Double
    var generation: Int
    var testDescription: String { slug }
  }

  static let spotFacts: [SpotFact] = [
    SpotFact(
      slug: "bulbasaur",
      name: "Bulbasaur",
      types: ["grass", "poison"],
      total: 318,
      hp: 45,
      height: 0.7,
      weight: 6.9,
      generation: 1
    ),
    SpotFact(
      slug: "charizard",
      name: "Charizard",
      types: ["fire", "flying"],
      total: 534,
      hp: 78,
      height: 1.7,
      weight: 90.5,
      generation: 1
    ),
    SpotFact(
      slug: "charizard-mega-x",
      name: "Mega Charizard X",
      types: ["fire", "dragon"],
      total: 634,
      hp: 78,
      height: 1.7,
      weight: 110.5,
      generation: 6
    ),
    SpotFact(
      slug: "charizard-gmax",
      name: "Gigantamax Charizard",
      types: ["fire", "flying"],
      total: 534,
      hp: 78,
      height: 28,
      weight: 1000,
      generation: 8
    ),
    SpotFact(
      slug: "vulpix-alola",
      name: "Alolan Vulpix",
      types: ["ice"],
      total: 299,
      hp: 38,
      height: 0.6,
      weight: 9.9,
      generation: 7
    ),
    SpotFact(
      slug: "shedinja",
      name: "Shedinja",
      types: ["bug", "ghost"],
      total: 236,
      hp: 1,
      height: 0.8,
      weight: 1.2,
      generation: 3
    ),
    SpotFact(
      slug: "flabebe",
      name: "Flabébé",
      types: ["fairy"],
      total: 303,
      hp: 44,
      height: 0.1,
      weight: 0.1,
      generation: 6
    ),
    SpotFact(
      slug: "leafeon",
      name: "Leafeon",
      types: ["grass"],
      total: 525,
      hp: 65,
      height: 1,
      weight: 25.5,
      generation: 4
    ),
  ]

  @Test(arguments: spotFacts)
  func spotFactsHold(_ fact: SpotFact) throws {
    let pokemon = try #require(try PipelineFixtures.dex().pokemon(fact.slug))
    #expect(pokemon.names["en"] == fact.name)
    #expect(pokemon.types == fact.types)
    #expect(pokemon.stats.total == fact.total)
    #expect(pokemon.stats.hp == fact.hp)
    #expect(pokemon.height == fact.height)
    #expect(pokemon.weight == fact.weight)
    #expect(pokemon.generation == fact.generation)
  }

  @Test func keepsSpeciesDataNamesAndUTF8() throws {
    let dex = try PipelineFixtures.dex()
    let flabebe = try #require(dex.pokemon("flabebe"))
    #expect(flabebe.names["en"] == "Flabébé")
    #expect(flabebe.names["ja-hrkt"] == "フラベベ")
    #expect(flabebe.genus["en"] == "Single Bloom Pokémon")
    #expect(flabebe.form == nil)
    let bulbasaur = try #require(dex.pokemon("bulbasaur"))
    #expect(bulbasaur.nationalNumber == 1)
    #expect(bulbasaur.names["ja-roma"] == "Fushigidane")
    #expect(bulbasaur.genus["ja-roma"] == nil)
    #expect(bulbasaur.eggGroups == ["monster", "plant"])
    #expect(
      bulbasaur.abilities == [
        AbilitySlot(ability: "overgrow", slot: 1, isHidden: false),
        AbilitySlot(ability: "chlorophyll", slot: 3, isHidden: true),
      ]
    )
    #expect(
      bulbasaur.evYield
        == Stats(hp: 0, attack: 0, defense: 0, specialAttack: 1, specialDefense: 0, speed: 0)
    )
    #expect(bulbasaur.color == "green")
    #expect(bulbasaur.shape == "quadruped")
    #expect(bulbasaur.habitat == "grassland")
    #expect(bulbasaur.genderRate == 1)
    #expect(bulbasaur.captureRate == 45)
    #expect(bulbasaur.baseHappiness == 70)
    #expect(bulbasaur.hatchCounter == 20)
    #expect(bulbasaur.growthRate == "medium-slow")
    #expect(bulbasaur.baseExperience == 64)
    #expect(bulbasaur.dexNumbers["kanto"] == 1)
    #expect(bulbasaur.dexNumbers["national"] == 1)
    let shedinja = try #require(dex.pokemon("shedinja"))
    #expect(shedinja.genderRate == -1)
    #expect(shedinja.habitat == "forest")
    #expect(flabebe.habitat == nil)
    #expect(flabebe.evolution.from.isEmpty)
    #expect(!shedinja.isLegendary && !shedinja.isMythical && !shedinja.isBaby)
  }

  @Test func derivesFormsAndTheirFlags() throws {
    let dex = try PipelineFixtures.dex()
    let megaX = try #require(dex.pokemon("charizard-mega-x")?.form)
    #expect(
      megaX
        == Form(
          slug: "mega-x",
          names: megaX.names,
          isMega: true,
          isBattleOnly: true,
          isGigantamax: false,
          region: nil
        )
    )
    #expect(megaX.names["en"] == "Mega Charizard X")
    let gmax = try #require(dex.pokemon("charizard-gmax")?.form)
    #expect(gmax.isGigantamax && gmax.isBattleOnly && !gmax.isMega && !gmax.isRegional)
    let alolan = try #require(dex.pokemon("vulpix-alola"))
    #expect(alolan.form?.region == "alola")
    #expect(alolan.form?.names["en"] == "Alolan Form")
    #expect(alolan.names["fr"] == "Goupix d’Alola")
    #expect(alolan.names["ja-hrkt"] == "ロコン")
    #expect(alolan.nationalNumber == 37)
    #expect(alolan.speciesSlug == "vulpix")
    #expect(alolan.genus == dex.pokemon("vulpix")?.genus)
    let eternal = try #require(dex.pokemon("floette-eternal")?.form)
    #expect(eternal.slug == "eternal" && eternal.region == nil && !eternal.isMega)
  }

  @Test func rendersEvolutionSteps() throws {
    let dex = try PipelineFixtures.dex()
    let ivysaur = try #require(dex.pokemon("ivysaur"))
    #expect(
      ivysaur.evolution.from == [
        EvolutionStep(
          from: "bulbasaur",
          to: "ivysaur",
          trigger: "level-up",
          conditions: ["level 16"]
        )
      ]
    )
    #expect(ivysaur.evolution.to.map(\.summary) == ["level 32"])
    #expect(ivysaur.evolution.chainId == 1)
    let leafeon = try #require(dex.pokemon("leafeon"))
    #expect(
      leafeon.evolution.from.map(\.summary) == [
        "use Leaf Stone", "level up, near a special rock",
      ]
    )
    let sylveon = try #require(dex.pokemon("sylveon"))
    #expect(
      sylveon.evolution.from.map(\.conditions) == [
        ["level up", "knowing a Fairy-type move", "high friendship"],
        ["level up", "knowing a Fairy-type move", "affection 2 or more"],
      ]
    )
    let eevee = try #require(dex.pokemon("eevee"))
    #expect(eevee.evolution.to.map(\.to) == ["leafeon", "leafeon", "sylveon", "sylveon"])
    let vulpix = try #require(dex.pokemon("vulpix"))
    #expect(
      vulpix.evolution.to.map(\.summary) == [
        "use Fire Stone", "use Ice Stone, from Alolan Vulpix, into Alolan Ninetales",
      ]
    )
    #expect(dex.pokemon("vulpix-alola")?.evolution == vulpix.evolution)
    let shedinja = try #require(dex.pokemon("shedinja"))
    #expect(shedinja.evolution.from.map(\.trigger) == ["shed"])
    #expect(shedinja.evolution.from.map(\.summary) == ["shed"])
  }

  @Test func readsTopLevelTablesAndSource() throws {
    let dex = try PipelineFixtures.dex()
    let fire = try #require(dex.types.first { $0.identifier == "fire" })
    #expect(fire.damageFactors["grass"] == 200)
    #expect(fire.damageFactors["water"] == 50)
    #expect(fire.damageFactors.count == 18)
    #expect(fire.names["de"] == "Feuer")
    #expect(dex.types.first { $0.identifier == "stellar" }?.damageFactors == [:])
    #expect(dex.abilities.map(\.identifier).contains("overgrow"))
    #expect(dex.abilities.first { $0.identifier == "overgrow" }?.names["en"] == "Overgrow")
    #expect(dex.generations.first?.names["en"] == "Generation I")
    #expect(dex.languages.first { $0.identifier == "en" }?.names["fr"] == "Anglais")
    #expect(dex.source.name == "PokeAPI")
    #expect(dex.source.commit == "bbef3d99ddfa8277f726414c89b471267aef8a8e")
    #expect(
      dex.source.license.hasPrefix(
        "Copyright (c) © 2013–2023 Paul Hallett and PokéAPI contributors"
      )
    )
    #expect(dex.source.license.contains("trademarks of Nintendo"))
  }

  @Test func buildsTheSameBytesTwice() throws {
    let first = try PokedexEncoder().encode(try PipelineFixtures.dex())
    let second = try PokedexEncoder().encode(try PipelineFixtures.dex())
    #expect(first == second)
  }

  struct Damage: Sendable, CustomTestStringConvertible {
    var name: String
    var file: String
    var replace: String
    var with: String?
    var message: String
    var testDescription: String { name }
  }

  static let damages: [Damage] = [
    Damage(
      name: "missing table",
      file: "types.csv",
      replace: "",
      with: nil,
      message:
        "missing table 'types.csv' in '<dir>'; point the source at a copy of PokeAPI's data/v2/csv"
    ),
    Damage(
      name: "missing column",
      file: "pokemon.csv",
      replace: ",height,",
      with: ",tallness,",
      message: "pokemon.csv:1: missing column 'height' in the header"
    ),
    Damage(
      name: "invalid integer",
      file: "pokemon.csv",
      replace: "1,bulbasaur,1,7,",
      with: "1,bulbasaur,1,x7,",
      message: "pokemon.csv:2:15: expected an integer in column 'height', found 'x7'"
    ),
    Damage(
      name: "invalid boolean",
      file: "pokemon_abilities.csv",
      replace: "1,65,0,1\r\n",
      with: "1,65,2,1\r\n",
      message: "pokemon_abilities.csv:2:6: expected 0 or 1 in column 'is_hidden', found '2'"
    ),
    Damage(
      name: "unknown type",
      file: "pokemon_types.csv",
      replace: "1,12,1\n",
      with: "1,99,1\n",
      message: "pokemon_types.csv:2:3: column 'type_id' refers to '99', which is not in types.csv"
    ),
    Damage(
      name: "unknown species",
      file: "pokemon.csv",
      replace: "2,ivysaur,2,",
      with: "2,ivysaur,2000,",
      message:
        "pokemon.csv:3:11: column 'species_id' refers to '2000', which is not in pokemon_species.csv"
    ),
    Damage(
      name: "malformed csv",
      file: "pokemon_stats.csv",
      replace: "1,1,45,0\n",
      with: "1,1,\"45\"0\n",
      message:
        "pokemon_stats.csv:2:9: expected ',' or a line break after the closing quote, found '0'"
    ),
  ]

  @Test(arguments: damages)
  func reportsDamagedTables(_ damage: Damage) throws {
    let directory = try PipelineFixtures.copy()
    defer { directory.remove() }
    let url = directory.url.appendingPathComponent(damage.file)
    if let replacement = damage.with {
      let text = try String(contentsOf: url, encoding: .utf8)
      #expect(text.contains(damage.replace))
      try Data(text.replacingOccurrences(of: damage.replace, with: replacement).utf8).write(to: url)
    } else {
      try FileManager.default.removeItem(at: url)
    }
    do {
      let dex = try DexBuilder().build(fromDirectory: directory.url)
      Issue.record("expected an error, built \(dex.pokemon.count) pokemon")
    } catch {
      #expect(
        error.description
          == damage.message.replacingOccurrences(of: "<dir>", with: directory.url.path)
      )
    }
  }

  @Test func reportsAMissingDirectory() {
    #expect(
      throws: DataPipelineError.fileError(
        path: "/nonexistent/csv",
        reason: "no such directory of CSV tables"
      )
    ) {
      try DexBuilder().build(fromDirectory: URL(fileURLWithPath: "/nonexistent/csv"))
    }
  }
}
