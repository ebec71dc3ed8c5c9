import PokedexTestSupport
import Testing

@testable import PokedexKit

/// Queries over the bundled data (1,351 Pokémon), each checked against the same
/// condition written as a plain Swift filter.
@Suite struct QueryFullDataTests {
  static let index: PokedexIndex? = (try? PokedexLoader.load()).map(PokedexIndex.init)

  struct Case: Sendable, CustomTestStringConvertible {
    var terms: [String]
    var forms = false
    var expected: @Sendable (Pokemon, TypeChart) -> Bool
    var testDescription: String { terms.joined(separator: " ") + (forms ? " --forms" : "") }
  }

  /// The Pokémon's tier of `column` in generation 9.
  static func tier(_ p: Pokemon, _ column: ShowdownTier.Column = .singles) -> String? {
    p.showdown?.tiers(in: 9).map(column.tier)
  }

  static let cases: [Case] = [
    Case(terms: ["fire"]) { p, _ in p.isDefault && p.types.contains("fire") },
    // Showdown's tiers: a tier term lists every forme in the tier, as `/ds ou` does.
    Case(terms: ["tier:ou", "water"]) { p, _ in tier(p) == "OU" && p.types.contains("water") },
    Case(terms: ["tier:pu"]) { p, _ in tier(p) == "PU" || tier(p) == "(PU)" },
    Case(terms: ["tier<=uu", "dragon"]) { p, _ in
      p.types.contains("dragon")
        && (tier(p).flatMap { ShowdownTier.rank(of: $0, in: .singles) } ?? -1) >= 4
    },
    Case(terms: ["tier>uu"]) { p, _ in
      (tier(p).flatMap { ShowdownTier.rank(of: $0, in: .singles) } ?? 99) < 4
    },
    Case(terms: ["doubles:dou"]) { p, _ in tier(p, .doubles) == "DOU" },
    Case(terms: ["natdex:ou", "steel"]) { p, _ in
      tier(p, .nationalDex) == "OU" && p.types.contains("steel")
    },
    Case(terms: ["tier:uber@4"]) { p, _ in p.showdown?.tiers(in: 4)?.singles == "Uber" },
    Case(terms: ["restricted"]) { p, _ in
      p.isDefault && p.showdown?.tags.contains("Restricted Legendary") == true
    },
    Case(terms: ["paradox", "type:fighting|dragon"]) { p, _ in
      p.isDefault && p.showdown?.tags.contains("Paradox") == true
        && (p.types.contains("fighting") || p.types.contains("dragon"))
    },
    Case(terms: ["ultrabeast"]) { p, _ in
      p.isDefault && p.showdown?.tags.contains("Ultra Beast") == true
    },
    Case(terms: ["type:water|grass", "gen:1-3"]) { p, _ in
      p.isDefault && (p.types.contains("water") || p.types.contains("grass"))
        && (1...3).contains(p.generation)
    },
    Case(terms: ["spe>100", "atk>spa"]) { p, _ in
      p.isDefault && p.stats.speed > 100 && p.stats.attack > p.stats.specialAttack
    },
    Case(terms: ["bst>=600", "!legendary", "!mythical"]) { p, _ in
      p.isDefault && p.stats.total >= 600 && !p.isLegendary && !p.isMythical
    },
    Case(terms: ["weight>500"]) { p, _ in p.isDefault && p.weight > 500 },
    Case(terms: ["height<0.3"]) { p, _ in p.isDefault && p.height < 0.3 },
    Case(terms: ["weak:ground", "gen1"]) { p, chart in
      p.isDefault && p.generation == 1 && chart.multiplier(of: "ground", against: p.types) > 1
    },
    Case(terms: ["immune:ghost"]) { p, chart in
      p.isDefault && chart.multiplier(of: "ghost", against: p.types) == 0
    },
    Case(terms: ["resists:fire", "dragon"]) { p, chart in
      let m = chart.multiplier(of: "fire", against: p.types)
      return p.isDefault && p.types.contains("dragon") && m < 1 && m > 0
    },
    Case(terms: ["mega"]) { p, _ in p.form?.isMega == true },
    Case(terms: ["alola"]) { p, _ in p.form?.region == "alola" },
    Case(terms: ["gmax"]) { p, _ in p.form?.isGigantamax == true },
    Case(terms: ["egg:dragon", "color:green"]) { p, _ in
      p.isDefault && p.eggGroups.contains("dragon") && p.color == "green"
    },
    Case(terms: ["habitat:cave"]) { p, _ in p.isDefault && p.habitat == "cave" },
    Case(terms: ["ability:levitate"]) { p, _ in
      p.isDefault && p.abilities.contains { $0.ability == "levitate" }
    },
    Case(terms: ["baby"]) { p, _ in p.isDefault && p.isBaby },
    Case(terms: ["num<=151", "fe"]) { p, _ in
      p.isDefault && p.nationalNumber <= 151 && p.evolution.to.isEmpty
    },
    // Names match in every language: Medicham is "Charmina" in German and French.
    Case(terms: ["name:char*"]) { p, _ in
      p.isDefault
        && ([p.slug] + p.names.values).contains { NameNormalizer.key($0).hasPrefix("char") }
    },
    Case(terms: ["fire"], forms: true) { p, _ in p.types.contains("fire") },
  ]

  @Test(arguments: cases)
  func matchesThePlainFilter(_ test: Case) throws {
    let index = try #require(Self.index)
    let query = try Query(test.terms, index: index, includingForms: test.forms)
    let expected = index.pokedex.pokemon.filter { test.expected($0, index.typeChart) }.map(\.id)
    let actual = query.filter(index.pokedex.pokemon).map(\.id)
    #expect(!expected.isEmpty)
    #expect(actual == expected)
  }

  @Test func spotFacts() throws {
    let index = try #require(Self.index)
    let bulbasaur = try #require(index.pokemon(nationalNumber: 1))
    #expect(bulbasaur.types == ["grass", "poison"])
    #expect(bulbasaur.stats.total == 318)
    #expect(index.pokemon(nationalNumber: 6)?.stats.total == 534)
    #expect(index.search("mega charizard x").pokemon.first?.types == ["fire", "dragon"])
    #expect(index.search("alolan vulpix").pokemon.first?.types == ["ice"])
    #expect(index.pokemon(nationalNumber: 292)?.stats.hp == 1)
    #expect(index.pokemon(nationalNumber: 669)?.names["en"] == "Flabébé")
    #expect(index.pokedex.pokemon.count == 1351)
    #expect(index.pokedex.pokemon.filter(\.isDefault).count == 1025)
  }
}
