import Foundation
import PokedexKit
import Testing

@testable import PokedexTeams

/// The defensive table (abilities included), offensive coverage, speed tiers and warnings.
@Suite struct TeamAnalysisTests {
  static let paste = """
    Gengar @ Life Orb
    Ability: Levitate
    EVs: 252 SpA / 4 SpD / 252 Spe
    Timid Nature
    - Shadow Ball
    - Sludge Wave

    Rotom-Wash
    - Hydro Pump
    - Volt Switch

    Heatran
    Ability: Flash Fire
    EVs: 252 HP
    - Magma Storm

    Pikachu
    Level: 50
    - Thunderbolt

    Raichu
    - Thunderbolt

    Jolteon
    Ability: Volt Absorb
    - Thunderbolt
    """

  static func analysis() throws -> TeamAnalysis {
    let team = try #require(try ShowdownPaste.parse(paste).teams.first)
    return TeamAnalysis(team: team, dex: try TeamTestData.dex(), moves: try TeamTestData.moves())
  }

  static func row(_ type: String, _ analysis: TeamAnalysis) throws -> TeamAnalysis.DefensiveMatchup
  {
    try #require(analysis.defense.first { $0.attackingType == type })
  }

  @Test func levitateCountsAsGroundImmunity() throws {
    let analysis = try Self.analysis()
    let ground = try Self.row("ground", analysis)
    // Gengar (Levitate written) and Rotom-Wash (its only ability) are immune; Heatran 4x.
    #expect(ground.immune == [0, 1])
    #expect(ground.quadrupleWeak == [2])
    #expect(ground.doubleWeak == [3, 4, 5])
    #expect(
      ground.throughAbility == [
        TeamAnalysis.AbilityEffect(member: 0, ability: "levitate", fromPercent: 200, toPercent: 0),
        TeamAnalysis.AbilityEffect(member: 1, ability: "levitate", fromPercent: 200, toPercent: 0),
      ]
    )
    #expect(analysis.members[1].ability == "levitate")
  }

  /// The grid: each member's factor against each type, abilities counted, agreeing with the
  /// row's buckets.
  @Test func eachMembersFactorAgreesWithTheBuckets() throws {
    let analysis = try Self.analysis()
    let ground = try Self.row("ground", analysis)
    #expect(ground.factors == [0, 0, 400, 200, 200, 200])
    #expect(try Self.row("electric", analysis).factors[5] == 0)  // Volt Absorb
    for row in analysis.defense {
      #expect(row.factors.count == analysis.members.count)
      for (position, factor) in row.factors.enumerated() {
        let bucket: [Int]
        switch factor.map({ Effectiveness(percent: $0) }) {
        case .quadruple?: bucket = row.quadrupleWeak
        case .double?: bucket = row.doubleWeak
        case .half?, .quarter?: bucket = row.resists
        case .immune?: bucket = row.immune
        case .neutral?, nil: continue
        }
        #expect(bucket.contains(position), "\(row.attackingType), member \(position)")
      }
    }
  }

  @Test func absorbingAbilities() throws {
    let analysis = try Self.analysis()
    let fire = try Self.row("fire", analysis)
    #expect(fire.immune == [2])  // Flash Fire Heatran; its types alone give 1x.
    #expect(fire.throughAbility.map(\.member) == [2])
    let electric = try Self.row("electric", analysis)
    // Jolteon by Volt Absorb; Pikachu and Raichu resist; Rotom-Wash's 1x stays.
    #expect(electric.immune == [5])
    #expect(electric.resists == [3, 4])
  }

  @Test func warnings() throws {
    let messages = try Self.analysis().warnings.map(\.message)
    #expect(messages.contains("4 members are weak to Ground"))
    #expect(messages.contains("no member resists Dark"))
    #expect(messages.contains("no move hits Normal super-effectively"))
    #expect(!messages.contains { $0.contains("weak to Electric") })
  }

  @Test func offensiveCoverage() throws {
    let offense = try #require(try Self.analysis().offense)
    let water = try #require(offense.rows.first { $0.defendingType == "water" })
    #expect(Set(water.superEffective.map(\.move)) == ["Thunderbolt", "Volt Switch"])
    #expect(offense.uncovered.contains("normal"))
    #expect(!offense.uncovered.contains("psychic"))  // Shadow Ball
    #expect(!offense.uncovered.contains("steel"))  // Magma Storm
  }

  @Test func speedTiers() throws {
    let tiers = try Self.analysis().speedTiers
    // Timid 252 Gengar 350, Jolteon 296, Raichu 256, Rotom-Wash 208, Heatran 190,
    // level 50 Pikachu 110.
    #expect(
      tiers.map(\.name) == ["Gengar", "Jolteon", "Raichu", "Rotom-Wash", "Heatran", "Pikachu"]
    )
    #expect(tiers.first?.speed == 350)
  }

  @Test func unknownSpeciesAreLeftOutWithAWarning() throws {
    let team = ShowdownTeam(members: [TeamMember(species: "Missingno"), TeamMember(species: "Mew")])
    let analysis = TeamAnalysis(team: team, dex: try TeamTestData.dex())
    #expect(analysis.offense == nil)
    #expect(analysis.warnings.first?.kind == .unknownSpecies)
    #expect(analysis.speedTiers.map(\.member) == [1])
  }

  @Test func encodesAsJSON() throws {
    let analysis = try Self.analysis()
    let data = try JSONEncoder().encode(analysis)
    #expect(try JSONDecoder().decode(TeamAnalysis.self, from: data) == analysis)
  }
}
