import PokedexKit
import Testing

@testable import PokedexPipeline

@Suite struct PipelineValidatorTests {
  /// Expectations that fit the fixture's few families.
  static let fixtureValidator = DexValidator(
    expectedSpeciesCounts: [1: 9, 3: 3, 4: 1, 6: 4],
    requiresContiguousNationalNumbers: false
  )

  @Test func acceptsTheFixtureDex() throws {
    #expect(Self.fixtureValidator.validate(try PipelineFixtures.dex()) == [])
  }

  @Test func reportsCountsAndGapsAgainstTheFullDataSet() throws {
    let messages = DexValidator().validate(try PipelineFixtures.dex()).map(\.description)
    #expect(
      messages == [
        "error: pokemon: national numbers are not contiguous from 1 to 700: 683 missing (7, 8, 9, 10, 11, 12, 13, 14, 15, 16, ...)",
        "error: pokemon: generation 1 introduces 9 species, expected 151",
        "error: pokemon: generation 2 introduces 0 species, expected 100",
        "error: pokemon: generation 3 introduces 3 species, expected 135",
        "error: pokemon: generation 4 introduces 1 species, expected 107",
        "error: pokemon: generation 5 introduces 0 species, expected 156",
        "error: pokemon: generation 6 introduces 4 species, expected 72",
        "error: pokemon: generation 7 introduces 0 species, expected 88",
        "error: pokemon: generation 8 introduces 0 species, expected 96",
        "error: pokemon: generation 9 introduces 0 species, expected 120",
      ]
    )
  }

  struct Breakage: Sendable, CustomTestStringConvertible {
    var name: String
    var slug: String
    var change: @Sendable (inout Pokemon) -> Void
    var diagnostics: [String]
    var testDescription: String { name }
  }

  static let breakages: [Breakage] = [
    Breakage(
      name: "unknown type",
      slug: "bulbasaur",
      change: { $0.types = ["grass", "fyre"] },
      diagnostics: ["error: pokemon[0].types[1]: unknown type 'fyre'"]
    ),
    Breakage(
      name: "unknown ability",
      slug: "ivysaur",
      change: { $0.abilities[0].ability = "overgrowth" },
      diagnostics: ["error: pokemon[1].abilities[0]: unknown ability 'overgrowth'"]
    ),
    Breakage(
      name: "height not converted",
      slug: "bulbasaur",
      change: { $0.height = 700 },
      diagnostics: [
        "error: pokemon[0].height: height 700.0 m is not a whole number of decimetres in 0.1...100"
      ]
    ),
    Breakage(
      name: "weight not converted",
      slug: "charizard",
      change: { $0.weight = 0.905 },
      diagnostics: [
        "error: pokemon[5].weight: weight 0.905 kg is not a whole number of hectograms in 0...1000"
      ]
    ),
    Breakage(
      name: "second default",
      slug: "charizard-mega-x",
      change: {
        $0.isDefault = true
        $0.form = nil
      },
      diagnostics: [
        "error: pokemon[18]: second default pokemon of species 'charizard' (first: pokemon[5])"
      ]
    ),
    Breakage(
      name: "one-way evolution",
      slug: "ivysaur",
      change: { $0.evolution.to = [] },
      diagnostics: [
        "error: pokemon[2].evolution.from[0]: 'ivysaur' does not list this step among its evolutions"
      ]
    ),
    Breakage(
      name: "form with another evolution",
      slug: "vulpix-alola",
      change: { $0.evolution.chainId = 0 },
      diagnostics: [
        "error: pokemon[21].evolution: differs from the evolution of its species' default pokemon"
      ]
    ),
    Breakage(
      name: "unknown generation",
      slug: "shedinja",
      change: { $0.generation = 10 },
      diagnostics: [
        "error: pokemon[11].generation: unknown generation 10",
        "error: pokemon: generation 3 introduces 2 species, expected 3",
        "error: pokemon: generation 10 introduces 1 species, expected 0",
      ]
    ),
  ]

  @Test(arguments: breakages)
  func reportsBrokenData(_ breakage: Breakage) throws {
    var dex = try PipelineFixtures.dex()
    let index = try #require(dex.pokemon.firstIndex { $0.slug == breakage.slug })
    breakage.change(&dex.pokemon[index])
    #expect(Self.fixtureValidator.validate(dex).map(\.description) == breakage.diagnostics)
  }

  @Test func reportsMisorderedIdsAndBadTypeChart() throws {
    var dex = try PipelineFixtures.dex()
    dex.pokemon.swapAt(0, 1)
    dex.types[0].damageFactors["fairy"] = 75
    let messages = Self.fixtureValidator.validate(dex).map(\.description)
    #expect(
      messages == [
        "error: types[0].damageFactors.fairy: damage factor 75, expected 0, 50, 100 or 200",
        "error: pokemon[1].id: id 1 is not greater than the previous id 2",
      ]
    )
  }
}
