import PokedexKit
import Testing

@Suite struct TypeChartTests {
  let chart = DexFixture.index.typeChart

  @Test(arguments: [
    ("fire", ["grass"], 2.0), ("water", ["fire"], 2.0), ("fire", ["water"], 0.5),
    ("normal", ["ghost"], 0.0), ("ground", ["fire", "flying"], 0.0),
    ("rock", ["fire", "flying"], 4.0), ("fire", ["water", "dragon"], 0.25),
    ("electric", ["water", "flying"], 4.0), ("ice", ["dragon", "ground"], 4.0),
    ("fighting", ["normal"], 2.0), ("dragon", ["fairy"], 0.0), ("fire", ["fire", "water"], 0.25),
    ("psychic", ["normal"], 1.0), ("grass", ["poison", "grass"], 0.25),
  ])
  func multiplies(_ attacking: String, _ defending: [String], _ expected: Double) {
    #expect(chart.multiplier(of: attacking, against: defending) == expected)
    #expect(chart.damageFactor(of: attacking, against: defending) == Int(expected * 100))
  }

  @Test func unknownTypesAreNeutral() {
    #expect(chart.multiplier(of: "shadow", against: ["fire"]) == 1)
    #expect(chart.multiplier(of: "fire", against: ["stellar", "grass"]) == 2)
    #expect(chart.typeIdentifiers.count == 18)
  }

  @Test func aRepeatedTypeCountsOnce() {
    let twice = chart.matchups(defending: ["fire", "fire"])
    let once = chart.matchups(defending: ["fire"])
    #expect(twice == once)
    #expect(twice.types(for: .quadruple).isEmpty)
  }

  /// An attacking type's coverage is the chart's row: each defending type in the bucket of
  /// its factor, every type once.
  @Test func coverageIsTheAttackingRow() {
    #expect(chart.coverage(of: "fairy")[.double] == ["fighting", "dragon", "dark"])
    #expect(chart.coverage(of: "ground")[.immune] == ["flying"])
    for attacking in chart.typeIdentifiers {
      let coverage = chart.coverage(of: attacking)
      #expect(coverage.values.flatMap { $0 }.sorted() == chart.typeIdentifiers.sorted())
      for (effectiveness, types) in coverage {
        for defending in types {
          #expect(chart.damageFactor(of: attacking, against: [defending]) == effectiveness.rawValue)
        }
      }
    }
  }

  @Test func charizardTable() throws {
    let charizard = try #require(DexFixture.pokemon("charizard"))
    let table = chart.matchups(for: charizard)
    #expect(table.types(for: .quadruple) == ["rock"])
    #expect(table.types(for: .double) == ["water", "electric"])
    #expect(table.types(for: .quarter) == ["bug", "grass"])
    #expect(table.types(for: .half) == ["fighting", "steel", "fire", "fairy"])
    #expect(table.immunities == ["ground"])
    #expect(table.weaknesses == ["rock", "water", "electric"])
    #expect(table.resistances == ["fighting", "steel", "fire", "fairy", "bug", "grass"])
  }

  @Test func bucketsPartitionTheChartAndAgreeWithTheRawRows() {
    for first in chart.typeIdentifiers {
      for second in chart.typeIdentifiers + [""] where second != first {
        let defending = second.isEmpty ? [first] : [first, second]
        let table = chart.matchups(defending: defending)
        let all = Effectiveness.allCases.flatMap { table.types(for: $0) }
        #expect(all.sorted() == chart.typeIdentifiers.sorted())
        for effectiveness in Effectiveness.allCases {
          for attacking in table.types(for: effectiveness) {
            let row = chart.types.first { $0.identifier == attacking }?.damageFactors ?? [:]
            let factor = defending.reduce(100) { $0 * (row[$1] ?? 100) / 100 }
            #expect(factor == effectiveness.rawValue)
          }
        }
      }
    }
  }

  @Test func labels() {
    #expect(Effectiveness.allCases.map(\.label) == ["4x", "2x", "1x", "1/2x", "1/4x", "0x"])
    #expect(Effectiveness(percent: 400) == .quadruple)
    #expect(Effectiveness(percent: 0) == .immune)
    #expect(Effectiveness.quarter < Effectiveness.half)
  }

  @Test func typesByName() throws {
    #expect(try chart.type(named: "Feuer").identifier == "fire")
    #expect(try chart.type(named: "ほのお").identifier == "fire")
    #expect(try chart.type(named: "FIRE").identifier == "fire")
    #expect(throws: TypeChartError.unknownType("firre", suggestion: "fire")) {
      try chart.type(named: "firre")
    }
    #expect(
      TypeChartError.unknownType("firre", suggestion: "fire").description
        == "unknown type 'firre'; did you mean 'fire'?"
    )
  }
}
