import Foundation
import PokedexKit
import PokedexTestSupport
import Testing

@testable import PokedexPipeline

/// `ShowdownSpeciesBuilder`: Showdown's names, formes, aliases, tags and tiers on the dex.
@Suite struct ShowdownSpeciesBuilderTests {
  /// The fixture's dex with Showdown's knowledge, and the builder's warnings.
  static func fixture() throws -> (species: [String: ShowdownSpecies], warnings: [DexDiagnostic]) {
    let tables = try ShowdownTables(directory: PipelineFixtures.showdownDirectory)
    var builder = ShowdownSpeciesBuilder(dex: try PipelineFixtures.dex(), tables: tables)
    let species = builder.build()
    return (species, builder.diagnostics)
  }

  @Test func namesMegaEvolutionsAndTheirStones() throws {
    let species = try Self.fixture().species
    let megaX = try #require(species["charizard-mega-x"])
    #expect(megaX.name == "Charizard-Mega-X")
    #expect(megaX.id == "charizardmegax")
    #expect(megaX.requiredItems == ["Charizardite X"])
    #expect(megaX.battleOnly == ["Charizard"])
    #expect(megaX.changesFrom == "Charizard")
    #expect(megaX.generation == 6)
    #expect(megaX.aliases.contains("zardx"))
    #expect(megaX.tiers.map(\.generation) == Array(6...9))
    #expect(species["vulpix-alola"]?.name == "Vulpix-Alola")
    #expect(species["vulpix-alola"]?.generation == 7)
    #expect(species["charizard-gmax"]?.generation == 8)
  }

  /// Florges' colours have no entries of their own: they are cosmetic formes of Florges.
  @Test func cosmeticFormesJoinTheirSpecies() throws {
    let florges = try #require(try Self.fixture().species["florges"])
    #expect(
      florges.formes.map(\.name).sorted() == [
        "Florges-Blue", "Florges-Orange", "Florges-White", "Florges-Yellow",
      ]
    )
    #expect(florges.formes.allSatisfy { $0.isCosmetic && $0.types == nil })
  }

  /// Tiers come from the generation's table, else a newer one; a forme without tiers takes
  /// the forme it comes from in battle.
  @Test func tiersFollowShowdownsInheritance() throws {
    let species = try Self.fixture().species
    let charizard = try #require(species["charizard"])
    #expect(charizard.tiers.count == 9)
    #expect(charizard.tiers(in: 1)?.singles == "NU")
    #expect(charizard.tiers(in: 3)?.singles == "OU")
    // Before generation 5 the table has no doubles tier: it is the singles tier.
    #expect(charizard.tiers(in: 4)?.doubles == "NU")
    #expect(charizard.tiers(in: 9)?.nationalDex == "RU")
    let gmax = try #require(species["charizard-gmax"])
    #expect(gmax.tiers(in: 8)?.singles == "AG")
    #expect(gmax.tiers(in: 9)?.isNonstandard == "Past")
    // Mega Charizard X has tiers from its generation, 6, on.
    #expect(species["charizard-mega-x"]?.tiers(in: 6)?.singles == "OU")
    #expect(species["charizard-mega-x"]?.tiers(in: 8)?.nationalDex == "OU")
  }

  @Test func theFixtureLeavesOnlyItsMissingPokemonUnplaced() throws {
    let warnings = try Self.fixture().warnings
    // The fixture lacks most of Eevee's and Floette's formes' Pokémon, not Showdown's names.
    #expect(warnings.allSatisfy { $0.severity == .warning })
    #expect(!warnings.contains { $0.location.contains("missingno") })
  }

  /// An alias for a species that has no Pokémon, and an entry whose forme family has none,
  /// are warnings that name the entry and its file.
  @Test func whatCannotBePlacedIsAWarningNamingTheEntry() throws {
    var tables = try ShowdownTables(directory: PipelineFixtures.showdownDirectory)
    tables.species.append(
      .init(
        id: "notapokemonforme",
        entry: ShowdownSpeciesEntry(
          num: 9_999,
          name: "Notapokemon-Forme",
          baseSpecies: "Notapokemon"
        )
      )
    )
    tables.species.append(
      .init(id: "notapokemon", entry: ShowdownSpeciesEntry(num: 9_998, name: "Notapokemon"))
    )
    tables.aliases.append(.init(id: "nap", entry: "Notapokemon"))
    var builder = ShowdownSpeciesBuilder(dex: try PipelineFixtures.dex(), tables: tables)
    _ = builder.build()
    let found = builder.diagnostics.map(\.description)
    #expect(
      found.contains(
        "warning: pokedex.json: notapokemonforme: matches no Pokémon, and neither does the forme it comes from; left out"
      )
    )
    #expect(
      found.contains("warning: aliases.json: nap: stands for 'Notapokemon', which has no Pokémon")
    )
  }

  /// A generation outside 1...9 in the file is clamped, never an empty range.
  @Test func aGenerationOutOfRangeIsClamped() throws {
    var tables = try ShowdownTables(directory: PipelineFixtures.showdownDirectory)
    for index in tables.species.indices where tables.species[index].id == "bulbasaur" {
      tables.species[index].entry.gen = 99
    }
    var builder = ShowdownSpeciesBuilder(dex: try PipelineFixtures.dex(), tables: tables)
    #expect(builder.build()["bulbasaur"]?.generation == 9)
  }
}

/// The names the issue and the real teams need, on the shared data.
@Suite(.enabled(if: SharedData.hasShowdown && SharedData.hasCSV, "needs ../shared"))
struct ShowdownSpeciesSharedTests {
  static let built = Result { () throws -> (dex: Pokedex, warnings: [DexDiagnostic]) in
    let data = try DataSetBuilder().build(csv: SharedData.csv, showdown: SharedData.showdown)
    return (data.dex, data.report)
  }

  static func species(_ slug: String) throws -> ShowdownSpecies? {
    try built.get().dex.pokemon.first { $0.slug == slug }?.showdown
  }

  @Test(arguments: [
    ("indeedee-female", "Indeedee-F"), ("meowstic-female", "Meowstic-F"),
    ("basculegion-female", "Basculegion-F"), ("oinkologne-female", "Oinkologne-F"),
    ("necrozma-dusk", "Necrozma-Dusk-Mane"), ("ogerpon-wellspring-mask", "Ogerpon-Wellspring"),
    ("tauros-paldea-aqua-breed", "Tauros-Paldea-Aqua"), ("zygarde-10", "Zygarde-10%"),
    ("pikachu-original-cap", "Pikachu-Original"), ("landorus-therian", "Landorus-Therian"),
    ("greninja-battle-bond", "Greninja-Bond"), ("maushold-family-of-four", "Maushold-Four"),
    ("maushold-family-of-three", "Maushold"), ("minior-red", "Minior"),
    ("darmanitan-galar-standard", "Darmanitan-Galar"),
    ("squawkabilly-yellow-plumage", "Squawkabilly-Yellow"),
  ])
  func everyPokemonHasShowdownsName(slug: String, name: String) throws {
    let species = try #require(try Self.species(slug))
    #expect(species.name == name)
    #expect(species.id == ShowdownID.id(name))
  }

  @Test(
    arguments: [
      ("gastrodon", "Gastrodon-East", nil), ("vivillon", "Vivillon-Ocean", nil),
      ("sawsbuck", "Sawsbuck-Autumn", nil), ("florges", "Florges-Blue", nil),
      ("alcremie", "Alcremie-Ruby-Swirl", nil), ("arceus", "Arceus-Fairy", ["fairy"]),
      ("silvally", "Silvally-Steel", ["steel"]), ("sinistcha", "Sinistcha-Masterpiece", nil),
      ("genesect", "Genesect-Douse", nil), ("pichu", "Pichu-Spiky-eared", nil),
    ] as [(String, String, [String]?)]
  )
  func cosmeticAndItemChosenFormesAreKnownNames(slug: String, forme: String, types: [String]?)
    throws
  {
    let species = try #require(try Self.species(slug))
    let found = try #require(
      species.formes.first { $0.name == forme },
      "\(species.formes.map(\.name))"
    )
    #expect(found.types == types)
  }

  @Test func aliasesJoinTheirPokemon() throws {
    #expect(try Self.species("landorus-incarnate")?.aliases.contains("lando") == true)
    #expect(try Self.species("tapu-koko")?.aliases.contains("koko") == true)
    #expect(try Self.species("tyranitar")?.aliases.contains("ttar") == true)
    #expect(try Self.species("landorus-therian")?.aliases.contains("landot") == true)
  }

  @Test func tiersByGeneration() throws {
    let garchomp = try #require(try Self.species("garchomp"))
    #expect(garchomp.tiers(in: 9)?.singles == "UUBL")
    #expect(garchomp.tiers(in: 9)?.doubles == "DUU")
    #expect(garchomp.tiers(in: 9)?.nationalDex == "OU")
    #expect(garchomp.tiers(in: 4)?.singles == "Uber")
    #expect(garchomp.tiers(in: 3) == nil)
    #expect(try Self.species("koraidon")?.tags == ["Restricted Legendary"])
  }

  /// Only the ride forms, which never battle, have no Showdown name, and nothing is left
  /// unplaced.
  @Test func theSharedDataPlacesEverything() throws {
    let (dex, warnings) = try Self.built.get()
    let without = dex.pokemon.filter { $0.showdown == nil }.map(\.slug)
    #expect(Set(without) == Set(ShowdownID.withoutEntries.keys))
    #expect(
      warnings.filter {
        $0.location.hasPrefix("pokedex.json") || $0.location.hasPrefix("aliases.json")
      } == []
    )
  }
}
