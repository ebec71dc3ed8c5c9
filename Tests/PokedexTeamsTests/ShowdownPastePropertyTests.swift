import PokedexKit
import PokedexTestSupport
import Testing

@testable import PokedexTeams

/// `parse(render(teams)) == teams` for generated teams with valid text fields, in both
/// rendering styles, and rendering is stable (`render(parse(render(x))) == render(x)`).
@Suite struct ShowdownPastePropertyTests {
  @Test(arguments: [ShowdownPaste.RenderStyle.showdown, .plain])
  func renderThenParseIsIdentity(_ style: ShowdownPaste.RenderStyle) throws {
    var generator = SplitMix64(seed: 16)
    for _ in 0..<300 {
      let teams = Self.teams(using: &generator)
      let text = ShowdownPaste.render(teams, style: style)
      let parsed = try ShowdownPaste.parse(text)
      #expect(parsed.teams == teams, "\(text)")
      #expect(ShowdownPaste.render(parsed.teams, style: style) == text)
      #expect(parsed.locations.count == teams.count)
      #expect(parsed.locations.map(\.members.count) == teams.map(\.members.count))
    }
  }

  @Test func membersRoundTripOneByOne() throws {
    var generator = SplitMix64(seed: 7)
    for _ in 0..<500 {
      let member = Self.member(using: &generator)
      let parsed = try ShowdownPaste.parse(ShowdownPaste.render(member))
      #expect(parsed.teams == [ShowdownTeam(members: [member])])
    }
  }

  // MARK: Generators

  static func teams(using generator: inout SplitMix64) -> [ShowdownTeam] {
    // Zero to three teams; a single unnamed team is written without a header.
    (0..<Int(RandomPick.number(below: 4, using: &generator))).map { _ in
      ShowdownTeam(
        format: pick([nil, "gen9ou", "gen9vgc2024regh", "gen8", "gen1ou"], &generator),
        folder: pick([nil, "Sand", "Ladder/Old", "VGC 2024", "Ωmega"], &generator),
        name: pick([nil, "Box 1", "Sand Offense", "Untitled 1", "[Rain] Team", "a=b"], &generator),
        members: (0..<Int(RandomPick.number(below: 8, using: &generator))).map { _ in
          member(using: &generator)
        }
      )
    }
    .filter { team in team.format != nil || !(team.folder ?? team.name ?? "").hasPrefix("[") }
  }

  static func member(using generator: inout SplitMix64) -> TeamMember {
    let moves = [
      "Earthquake", "Hidden Power [Fire]", "U-turn", "Will-O-Wisp", "King's Shield",
      "10,000,000 Volt Thunderbolt", "Double-Edge", "Baby-Doll Eyes", "Trick Room", "Moonblast",
    ]
    func number(_ bound: UInt64) -> Int { Int(RandomPick.number(below: bound, using: &generator)) }
    return TeamMember(
      species: pick(
        [
          "Garchomp", "Ninetales-Alola", "Urshifu-Rapid-Strike", "Mr. Mime", "Farfetch’d",
          "Porygon-Z", "Flabébé",
        ],
        &generator
      ),
      nickname: pick(
        [nil, "Sparky", "Mr. (Big) Bird", "Bob (M)", "(F)", "ピカ", "Garchomp", "a @b"],
        &generator
      ),
      gender: pick([nil, .male, .female], &generator),
      item: pick(
        [nil, "Leftovers", "Choice Scarf", "Heavy-Duty Boots", "King's Rock (old)"],
        &generator
      ),
      ability: pick([nil, "Rough Skin", "Levitate", "Well-Baked Body"], &generator),
      level: number(3) == 0 ? number(101) : 100,
      isShiny: number(2) == 0,
      happiness: number(3) == 0 ? number(256) : 255,
      pokeball: pick([nil, "Dream Ball", "Poké Ball"], &generator),
      hiddenPowerType: pick([nil, "Ice", "Fire"], &generator),
      dynamaxLevel: number(4) == 0 ? number(11) : 10,
      isGigantamax: number(4) == 0,
      teraType: pick([nil, "Stellar", "Fairy", "Ground"], &generator),
      evs: number(2) == 0 ? .zeroEVs : spread(upTo: 300, zeroChance: 2, &generator),
      nature: pick([nil, "Jolly", "Adamant", "Quirky", "jolly"], &generator),
      ivs: number(2) == 0 ? .perfectIVs : spread(upTo: 32, zeroChance: 4, &generator),
      moves: (0..<number(7)).map { _ in moves[number(UInt64(moves.count))] }
    )
  }

  static func spread(upTo bound: UInt64, zeroChance: UInt64, _ generator: inout SplitMix64)
    -> StatSpread
  {
    var spread = StatSpread(all: 0)
    for stat in StatSpread.Stat.allCases {
      let value = RandomPick.number(below: bound, using: &generator)
      spread[stat] = RandomPick.number(below: zeroChance, using: &generator) == 0 ? 0 : Int(value)
    }
    return spread
  }

  static func pick<T>(_ choices: [T], _ generator: inout SplitMix64) -> T {
    choices[Int(RandomPick.number(below: UInt64(choices.count), using: &generator))]
  }
}
