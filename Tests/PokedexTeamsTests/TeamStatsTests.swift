import PokedexKit
import Testing

@testable import PokedexTeams

/// The games' stat formulas, checked on values players know by heart.
@Suite struct TeamStatsTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var slug: String
    var member: TeamMember
    var expected: Stats
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    // The guide's example: Speed 169; the rest follows the same formula.
    Case(
      name: "level 50 Jolly Garchomp, 252 Spe",
      slug: "garchomp",
      member: TeamMember(
        species: "Garchomp",
        level: 50,
        evs: StatSpread(hp: 0, atk: 0, def: 0, spa: 0, spd: 0, spe: 252),
        nature: "Jolly"
      ),
      expected: Stats(
        hp: 183,
        attack: 150,
        defense: 115,
        specialAttack: 90,
        specialDefense: 105,
        speed: 169
      )
    ),
    // Level 100, 252 Atk / 4 HP / 252 Spe Jolly: the familiar 358 / 359 / 333.
    Case(
      name: "level 100 Jolly Garchomp, 4 HP / 252 Atk / 252 Spe",
      slug: "garchomp",
      member: TeamMember(
        species: "Garchomp",
        evs: StatSpread(hp: 4, atk: 252, def: 0, spa: 0, spd: 0, spe: 252),
        nature: "Jolly"
      ),
      expected: Stats(
        hp: 358,
        attack: 359,
        defense: 226,
        specialAttack: 176,
        specialDefense: 206,
        speed: 333
      )
    ),
    // Minimum Speed for Trick Room: 0 IVs, no EVs, a Speed-lowering nature.
    Case(
      name: "level 100 Brave Garchomp, 0 Spe IVs",
      slug: "garchomp",
      member: TeamMember(
        species: "Garchomp",
        nature: "Brave",
        ivs: StatSpread(hp: 31, atk: 31, def: 31, spa: 31, spd: 31, spe: 0)
      ),
      expected: Stats(
        hp: 357,
        attack: 325,
        defense: 226,
        specialAttack: 196,
        specialDefense: 206,
        speed: 188
      )
    ),
    Case(
      name: "level 100 Modest Gengar, 252 SpA",
      slug: "gengar",
      member: TeamMember(
        species: "Gengar",
        evs: StatSpread(hp: 0, atk: 0, def: 0, spa: 252, spd: 0, spe: 0),
        nature: "Modest"
      ),
      expected: Stats(
        hp: 261,
        attack: 149,
        defense: 156,
        specialAttack: 394,
        specialDefense: 186,
        speed: 256
      )
    ),
    Case(
      name: "level 100 Bold Blissey, 252 HP / 252 Def",
      slug: "blissey",
      member: TeamMember(
        species: "Blissey",
        evs: StatSpread(hp: 252, atk: 0, def: 252, spa: 0, spd: 4, spe: 0),
        nature: "Bold"
      ),
      expected: Stats(
        hp: 714,
        attack: 50,
        defense: 130,
        specialAttack: 186,
        specialDefense: 307,
        speed: 146
      )
    ),
    Case(
      name: "Shedinja's HP is always 1",
      slug: "shedinja",
      member: TeamMember(
        species: "Shedinja",
        evs: StatSpread(hp: 252, atk: 0, def: 0, spa: 0, spd: 0, spe: 0),
        nature: "Adamant"
      ),
      expected: Stats(
        hp: 1,
        attack: 237,
        defense: 126,
        specialAttack: 86,
        specialDefense: 96,
        speed: 116
      )
    ),
    Case(
      name: "level 1, no nature",
      slug: "pikachu",
      member: TeamMember(species: "Pikachu", level: 1),
      expected: Stats(hp: 12, attack: 6, defense: 6, specialAttack: 6, specialDefense: 6, speed: 7)
    ),
  ]

  @Test(arguments: cases)
  func knownValues(_ test: Case) throws {
    let pokemon = try #require(try TeamTestData.pokemon(test.slug))
    #expect(test.member.stats(of: pokemon) == test.expected)
  }

  @Test func formulaOnItsOwn() {
    #expect(
      StatFormula.value(of: .speed, base: 102, iv: 31, ev: 252, level: 50, naturePercent: 110)
        == 169
    )
    #expect(
      StatFormula.value(of: .hp, base: 108, iv: 31, ev: 0, level: 100, naturePercent: 90) == 357
    )
    // Out-of-range inputs are clamped, never overflow.
    #expect(
      StatFormula.value(
        of: .attack,
        base: .max,
        iv: .max,
        ev: .max,
        level: .max,
        naturePercent: .max
      ) > 0
    )
    #expect(
      StatFormula.value(
        of: .attack,
        base: .min,
        iv: .min,
        ev: .min,
        level: .min,
        naturePercent: .min
      ) == 0
    )
  }

  /// The built-in nature table agrees with `Data/natures.json`: each nature raises and
  /// lowers the stats the data says.
  @Test func naturesMatchTheData() throws {
    let natures = try TeamTestData.natures().natures
    #expect(natures.count == 25)
    let base = Stats(
      hp: 100,
      attack: 100,
      defense: 100,
      specialAttack: 100,
      specialDefense: 100,
      speed: 100
    )
    for nature in natures {
      let name = try #require(nature.names["en"])
      let stats = TeamMember(species: "Mew", nature: name).stats(base: base)
      let neutral = TeamMember(species: "Mew").stats(base: base)
      for stat in StatSpread.Stat.allCases where stat != .hp {
        let value = Self.value(stats, stat)
        let expected =
          nature.increasedStat == nature.decreasedStat
          ? Self.value(neutral, stat)
          : stat.identifier == nature.increasedStat
            ? Self.value(neutral, stat) * 110 / 100
            : stat.identifier == nature.decreasedStat
              ? Self.value(neutral, stat) * 90 / 100 : Self.value(neutral, stat)
        #expect(value == expected, "\(name) \(stat)")
      }
    }
  }

  static func value(_ stats: Stats, _ stat: StatSpread.Stat) -> Int {
    switch stat {
    case .hp: stats.hp
    case .attack: stats.attack
    case .defense: stats.defense
    case .specialAttack: stats.specialAttack
    case .specialDefense: stats.specialDefense
    case .speed: stats.speed
    }
  }
}
