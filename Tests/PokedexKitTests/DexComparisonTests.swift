import DiffableSnapshots
import PokedexKit
import Testing

@Suite struct DexComparisonTests {
  struct FieldCase: Sendable, CustomTestStringConvertible {
    var name: String
    var change: @Sendable (inout Pokemon) -> Void
    var expected: [String]
    var testDescription: String { name }
  }

  static let fieldCases: [FieldCase] = [
    FieldCase(name: "a stat", change: { $0.stats.hp = 40 }, expected: ["stats.hp: 35 -> 40"]),
    FieldCase(
      name: "an ev yield",
      change: { $0.evYield.speed = 3 },
      expected: ["evYield.speed: 2 -> 3"]
    ),
    FieldCase(
      name: "a name",
      change: { $0.names["fr"] = "Pikachou" },
      expected: [#"names.fr: "Pikachu" -> "Pikachou""#]
    ),
    FieldCase(
      name: "a new language",
      change: { $0.names["xx"] = "Pika" },
      expected: [#"names.xx: none -> "Pika""#]
    ),
    FieldCase(
      name: "types",
      change: { $0.types.append("flying") },
      expected: ["types: [electric] -> [electric, flying]"]
    ),
    FieldCase(name: "a measurement", change: { $0.height = 0.5 }, expected: ["height: 0.4 -> 0.5"]),
    FieldCase(
      name: "an optional",
      change: { $0.habitat = nil },
      expected: [#"habitat: "forest" -> none"#]
    ),
    FieldCase(name: "a flag", change: { $0.isBaby = true }, expected: ["isBaby: false -> true"]),
    FieldCase(
      name: "a form",
      change: {
        $0.form = Form(
          slug: "cap",
          names: [:],
          isMega: false,
          isBattleOnly: false,
          isGigantamax: false,
          region: nil
        )
      },
      expected: [#"form: none -> "cap""#]
    ),
    FieldCase(
      name: "a hidden ability",
      change: { $0.abilities.removeLast() },
      expected: [
        "abilities: [static (slot 1), lightning-rod (slot 3, hidden)] -> [static (slot 1)]"
      ]
    ),
    FieldCase(
      name: "a dex number",
      change: { $0.dexNumbers["kanto"] = 26 },
      expected: ["dexNumbers.kanto: none -> 26"]
    ),
    FieldCase(
      name: "several, in key order",
      change: {
        $0.captureRate = 1; $0.slug = "pika"
      },
      expected: [#"slug: "pikachu" -> "pika""#, "captureRate: 190 -> 1"]
    ),
    FieldCase(name: "nothing", change: { _ in }, expected: []),
  ]

  @Test(arguments: fieldCases)
  func fieldChangesHaveReadablePaths(_ fieldCase: FieldCase) throws {
    let pikachu = try #require(DexFixture.pokemon("pikachu"))
    var changed = pikachu
    fieldCase.change(&changed)
    let changes = DexComparison.fieldChanges(from: pikachu, to: changed)
    #expect(changes.map(\.description) == fieldCase.expected)
  }

  @Test func comparesAsGenerationSnapshots() throws {
    let old = DexFixture.pokedex
    var new = old
    new.pokemon.removeAll { $0.slug == "mew" }
    for index in new.pokemon.indices where new.pokemon[index].slug == "pikachu" {
      new.pokemon[index].generation = 2
      new.pokemon[index].stats.speed = 100
    }
    var extra = try #require(DexFixture.pokemon("eevee"))
    extra.id = 20000
    extra.slug = "eevee-test"
    new.pokemon.append(extra)
    new.types[0].names["fr"] = "Normalissime"

    let comparison = try DexComparison(old: old, new: new)
    #expect(!comparison.isIdentical)
    #expect(comparison.oldSnapshot.sectionIdentifiers == [1, 2, 4, 6, 7, 8, 9])
    #expect(comparison.added.map(\.slug) == ["eevee-test"])
    #expect(comparison.removed.map(\.slug) == ["mew"])
    #expect(comparison.moved.map(\.slug) == ["pikachu"])
    #expect(comparison.moved.first?.from.generation == 1)
    #expect(comparison.moved.first?.to == DexComparison.Location(generation: 2, index: 0))
    #expect(comparison.changed.map(\.slug) == ["pikachu"])
    #expect(comparison.changed.first?.fields.map(\.path) == ["stats.speed", "generation"])
    #expect(comparison.newSnapshot.reconfiguredItemIdentifiers == [25])
    #expect(comparison.difference.itemMoves.map(\.id) == [25])
    #expect(
      comparison.tableChanges.map(\.description) == [
        #"types.normal.names.fr: "Normal" -> "Normalissime""#
      ]
    )
  }

  @Test func identicalDexesHaveNoChanges() throws {
    let comparison = try DexComparison(old: DexFixture.pokedex, new: DexFixture.pokedex)
    #expect(comparison.isIdentical)
    #expect(comparison.difference.isEmpty)
    #expect(comparison.oldCount == DexFixture.pokedex.pokemon.count)
  }

  @Test func tableEntriesAddedAndRemovedAreNamed() {
    let old = DexFixture.pokedex
    var new = old
    new.abilities.removeFirst()
    new.schemaVersion = 2
    let changes = DexComparison.tableChanges(from: old, to: new)
    #expect(changes.first?.description == "schemaVersion: 1 -> 2")
    #expect(
      changes.last.map {
        $0.path == "abilities.\(old.abilities[0].identifier)" && $0.new == .absent
      } == true
    )
  }

  @Test func duplicateIDsAreRefused() {
    var twice = DexFixture.pokedex
    twice.pokemon.append(twice.pokemon[0])
    #expect(
      throws: DexComparisonError.duplicatePokemonID(1, side: .old, index: twice.pokemon.count - 1)
    ) {
      try DexComparison(old: twice, new: DexFixture.pokedex)
    }
  }
}
