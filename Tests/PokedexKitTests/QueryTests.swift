import PokedexKit
import Testing

/// A query and the Swift filter that must select the same fixture Pokémon.
struct QueryCase: Sendable, CustomTestStringConvertible {
  var arguments: [String]
  var includingForms = false
  /// Whether a term brings alternate forms in.
  var bringsForms = false
  var expected: @Sendable (Pokemon) -> Bool

  var testDescription: String {
    arguments.joined(separator: " ") + (includingForms ? " --forms" : "")
  }
}

/// The Pokémon's damage factor in percent from `type`, from the raw chart rows.
private func factor(_ type: String, _ pokemon: Pokemon) -> Int {
  let row = DexFixture.pokedex.types.first { $0.identifier == type }?.damageFactors ?? [:]
  return pokemon.types.reduce(100) { $0 * (row[$1] ?? 100) / 100 }
}

@Suite struct QueryTests {
  static let cases: [QueryCase] = [
    QueryCase(arguments: ["fire"]) { $0.types.contains("fire") },
    QueryCase(arguments: ["type:fire"]) { $0.types.contains("fire") },
    QueryCase(arguments: ["Type:FIRE"]) { $0.types.contains("fire") },
    QueryCase(arguments: ["t:Feu"]) { $0.types.contains("fire") },
    QueryCase(arguments: ["fire", "flying"]) {
      $0.types.contains("fire") && $0.types.contains("flying")
    },
    QueryCase(arguments: ["fire,flying"]) {
      $0.types.contains("fire") && $0.types.contains("flying")
    },
    QueryCase(arguments: ["fire, flying"]) {
      $0.types.contains("fire") && $0.types.contains("flying")
    },
    QueryCase(arguments: ["fire|water"]) {
      $0.types.contains("fire") || $0.types.contains("water")
    },
    QueryCase(arguments: ["type:fire|water"]) {
      $0.types.contains("fire") || $0.types.contains("water")
    },
    QueryCase(arguments: ["!water"]) { !$0.types.contains("water") },
    QueryCase(arguments: ["fire|!flying", "!legendary"]) {
      ($0.types.contains("fire") || !$0.types.contains("flying")) && !$0.isLegendary
    },
    QueryCase(arguments: ["gen:1"]) { $0.generation == 1 },
    QueryCase(arguments: ["gen:1-3"]) { (1...3).contains($0.generation) },
    QueryCase(arguments: ["gen1"]) { $0.generation == 1 },
    QueryCase(arguments: ["g1"]) { $0.generation == 1 },
    QueryCase(arguments: ["g2-4"]) { (2...4).contains($0.generation) },
    QueryCase(arguments: ["gen:iv"]) { $0.generation == 4 },
    QueryCase(arguments: ["gen:1|gen:9"]) { $0.generation == 1 || $0.generation == 9 },
    QueryCase(arguments: ["gen:2|9"]) { $0.generation == 2 || $0.generation == 9 },
    QueryCase(arguments: ["hp>100"]) { $0.stats.hp > 100 },
    QueryCase(arguments: ["100<spe"]) { $0.stats.speed > 100 },
    QueryCase(arguments: ["speed >= 100"]) { $0.stats.speed >= 100 },
    QueryCase(arguments: ["atk>spa"]) { $0.stats.attack > $0.stats.specialAttack },
    QueryCase(arguments: ["attack=special-attack"]) { $0.stats.attack == $0.stats.specialAttack },
    QueryCase(arguments: ["def!=spd"]) { $0.stats.defense != $0.stats.specialDefense },
    QueryCase(arguments: ["bst>=600"]) { $0.stats.total >= 600 },
    QueryCase(arguments: ["total<300"]) { $0.stats.total < 300 },
    QueryCase(arguments: ["num<=151"]) { $0.nationalNumber <= 151 },
    QueryCase(arguments: ["weight>100"]) { $0.weight > 100 },
    QueryCase(arguments: ["height<0.5"]) { $0.height < 0.5 },
    QueryCase(arguments: ["spatk>100", "spe>100"]) {
      $0.stats.specialAttack > 100 && $0.stats.speed > 100
    },
    QueryCase(arguments: ["gen<=2", "hp=45"]) { $0.generation <= 2 && $0.stats.hp == 45 },
    QueryCase(arguments: ["ability:levitate"]) {
      $0.abilities.contains { $0.ability == "levitate" }
    },
    QueryCase(arguments: ["ability:Flash Fire"]) {
      $0.abilities.contains { $0.ability == "flash-fire" }
    },
    QueryCase(arguments: ["ability:Schwebe"]) {
      $0.abilities.contains { $0.ability == "levitate" }
    },
    QueryCase(arguments: ["ability:ふゆう"]) { $0.abilities.contains { $0.ability == "levitate" } },
    QueryCase(arguments: ["ability:blaze|overgrow"]) {
      $0.abilities.contains { $0.ability == "blaze" || $0.ability == "overgrow" }
    },
    QueryCase(arguments: ["egg:monster"]) { $0.eggGroups.contains("monster") },
    QueryCase(arguments: ["egg:field"]) { $0.eggGroups.contains("ground") },
    QueryCase(arguments: ["egg:water-2"]) { $0.eggGroups.contains("water2") },
    QueryCase(arguments: ["egg:undiscovered"]) { $0.eggGroups.contains("no-eggs") },
    QueryCase(arguments: ["color:red"]) { $0.color == "red" },
    QueryCase(arguments: ["colour:yellow|blue"]) { $0.color == "yellow" || $0.color == "blue" },
    QueryCase(arguments: ["habitat:cave"]) { $0.habitat == "cave" },
    QueryCase(arguments: ["habitat:Water’s Edge"]) { $0.habitat == "waters-edge" },
    QueryCase(arguments: ["shape:quadruped"]) { $0.shape == "quadruped" },
    QueryCase(arguments: ["weak:ground"]) { factor("ground", $0) > 100 },
    QueryCase(arguments: ["weak:rock", "fire"]) {
      factor("rock", $0) > 100 && $0.types.contains("fire")
    },
    QueryCase(arguments: ["resists:fire"]) { (1..<100).contains(factor("fire", $0)) },
    QueryCase(arguments: ["immune:ghost"]) { factor("ghost", $0) == 0 },
    QueryCase(arguments: ["immune:ground"]) { factor("ground", $0) == 0 },
    QueryCase(arguments: ["!weak:ice"]) { factor("ice", $0) <= 100 },
    QueryCase(arguments: ["legendary"]) { $0.isLegendary },
    QueryCase(arguments: ["mythical"]) { $0.isMythical },
    QueryCase(arguments: ["legendary|mythical"]) { $0.isLegendary || $0.isMythical },
    QueryCase(arguments: ["baby"]) { $0.isBaby },
    QueryCase(arguments: ["evolves"]) { !$0.evolution.to.isEmpty },
    QueryCase(arguments: ["nfe"]) { !$0.evolution.to.isEmpty },
    QueryCase(arguments: ["fe"]) { $0.evolution.to.isEmpty },
    QueryCase(arguments: ["final", "!legendary"]) { $0.evolution.to.isEmpty && !$0.isLegendary },
    QueryCase(arguments: ["mono"]) { $0.types.count == 1 },
    QueryCase(arguments: ["mega"], includingForms: true) { $0.form?.isMega == true },
    QueryCase(arguments: ["mega"], bringsForms: true) { $0.form?.isMega == true },
    QueryCase(arguments: ["gmax"], bringsForms: true) { $0.form?.isGigantamax == true },
    QueryCase(arguments: ["regional"], bringsForms: true) { $0.form?.region != nil },
    QueryCase(arguments: ["alola"], bringsForms: true) { $0.form?.region == "alola" },
    QueryCase(arguments: ["galarian"], bringsForms: true) { $0.form?.region == "galar" },
    QueryCase(arguments: ["hisui"], bringsForms: true) { $0.form?.region == "hisui" },
    QueryCase(arguments: ["paldea"], bringsForms: true) { $0.form?.region == "paldea" },
    QueryCase(arguments: ["form", "fire"], bringsForms: true) {
      !$0.isDefault && $0.types.contains("fire")
    },
    QueryCase(arguments: ["fire"], includingForms: true) { $0.types.contains("fire") },
    QueryCase(arguments: ["mega|legendary"], bringsForms: true) {
      $0.form?.isMega == true || $0.isLegendary
    },
    QueryCase(arguments: ["!mega"]) { $0.form?.isMega != true },
    QueryCase(arguments: ["name:char*"]) { $0.slug.hasPrefix("char") },
    QueryCase(arguments: ["name:*saur"]) { $0.slug.hasSuffix("saur") },
    QueryCase(arguments: ["name:pik?chu"]) { $0.slug == "pikachu" },
    QueryCase(arguments: ["name:Mr. Mime"]) { $0.slug == "mr-mime" },
    QueryCase(arguments: ["name:~pikachoo"]) { $0.slug == "pikachu" },
    QueryCase(arguments: ["name:~gengr|~mew"]) { $0.slug == "gengar" || $0.slug == "mew" },
    QueryCase(arguments: ["name:char*"], includingForms: true) { $0.speciesSlug.hasPrefix("char") },
  ]

  @Test(arguments: cases)
  func matchesTheDirectFilter(_ testCase: QueryCase) throws {
    let forms = testCase.includingForms || testCase.bringsForms
    let expected = slugs(includingForms: forms, where: testCase.expected)
    let actual = try slugs(matching: testCase.arguments, includingForms: testCase.includingForms)
    #expect(actual == expected)
  }

  /// `filter` and `count` test each Pokémon by its row in the array; `evaluate`
  /// tests one value: both ways must agree.
  @Test(arguments: cases)
  func filterAndCountAgreeWithEvaluate(_ testCase: QueryCase) throws {
    let query = try Query(
      testCase.arguments,
      index: DexFixture.index,
      includingForms: testCase.includingForms
    )
    let all = DexFixture.pokedex.pokemon
    let oneByOne = all.filter { query.evaluate($0) }.map(\.slug)
    #expect(query.filter(all).map(\.slug) == oneByOne)
    #expect(query.count(in: all) == oneByOne.count)
    #expect(query.filter([]).isEmpty && query.count(in: []) == 0)
  }

  @Test func everyCaseSelectsSomethingAndNotEverything() throws {
    let total = DexFixture.pokedex.pokemon.count
    for testCase in Self.cases {
      let count = try slugs(matching: testCase.arguments, includingForms: true).count
      #expect(count > 0 && count < total, "\(testCase.testDescription) selects \(count)")
    }
  }

  @Test func defaultPokemonOnlyWithoutFormsOrAFormKindTerm() throws {
    let query = try Query(["fire"], index: DexFixture.index)
    #expect(!query.includesForms)
    #expect(try Query(["fire"], index: DexFixture.index, includingForms: true).includesForms)
    #expect(try Query(["mega"], index: DexFixture.index).includesForms)
    #expect(try !Query(["!mega"], index: DexFixture.index).includesForms)
    let megaX = try #require(DexFixture.pokemon("charizard-mega-x"))
    #expect(!query.evaluate(megaX))
    #expect(!Query.all().evaluate(megaX))
    #expect(Query.all(includingForms: true).evaluate(megaX))
  }

  @Test func filterKeepsOrder() throws {
    let query = try Query(["gen:1"], index: DexFixture.index)
    let reversed = Array(DexFixture.pokedex.pokemon.reversed())
    #expect(query.filter(reversed).map(\.slug) == slugs { $0.generation == 1 }.reversed())
  }

  @Test func savedFiltersExpandIntoTheirTerms() throws {
    let saved = [
      "fast": ["spe>=100"], "starters": ["ability:blaze|overgrow"], "both": ["@fast", "@starters"],
    ]
    let query = try Query(
      ["@both|legendary"],
      index: DexFixture.index,
      savedFilter: { saved[$0] },
      savedFilterNames: Array(saved.keys)
    )
    let expected = slugs {
      ($0.stats.speed >= 100
        && $0.abilities.contains { ["blaze", "overgrow"].contains($0.ability) })
        || $0.isLegendary
    }
    #expect(DexFixture.pokedex.pokemon.filter(query.evaluate).map(\.slug) == expected)
    let negated = try Query(["!@fast"], index: DexFixture.index, savedFilter: { saved[$0] })
    #expect(
      DexFixture.pokedex.pokemon.filter(negated.evaluate).map(\.slug)
        == slugs { $0.stats.speed < 100 }
    )
    let forms = try Query(
      ["@megas"],
      index: DexFixture.index,
      savedFilter: { $0 == "megas" ? ["mega"] : nil }
    )
    #expect(forms.includesForms)
  }

  @Test func emptyQueryMatchesEveryDefaultPokemon() throws {
    #expect(try slugs(matching: []) == slugs { _ in true })
    #expect(try slugs(matching: ["", "  "]) == slugs { _ in true })
  }
}
