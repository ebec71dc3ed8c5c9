import PokedexKit
import PokedexTestSupport
import Testing

@testable import PokedexTeams

/// Input no player writes: parsing, validating, computing stats and analysing never trap;
/// they give teams, errors or diagnostics.
@Suite struct ShowdownPasteHostileTests {
  @Test func binaryGarbageNeverTraps() throws {
    var generator = SplitMix64(seed: 1)
    let dex = try TeamTestData.dex()
    let validator = TeamValidator(dex: dex)
    for _ in 0..<300 {
      let count = Int(RandomPick.number(below: 600, using: &generator))
      // Mostly bytes that matter to the parser, some anything at all.
      let alphabet = Array("=[]/ ()@:-~\n\r\t0123456789AaEeVsNature".utf8)
      let bytes = (0..<count).map { _ -> UInt8 in
        RandomPick.number(below: 3, using: &generator) == 0
          ? UInt8(truncatingIfNeeded: generator.next())
          : alphabet[Int(RandomPick.number(below: UInt64(alphabet.count), using: &generator))]
      }
      guard let paste = try? ShowdownPaste.parse(String(decoding: bytes, as: UTF8.self)) else {
        continue
      }
      _ = validator.validate(paste)
      for team in paste.teams {
        _ = TeamAnalysis(team: team, dex: dex)
        for member in team.members {
          _ = member.stats(
            base: Stats(hp: 1, attack: 2, defense: 3, specialAttack: 4, specialDefense: 5, speed: 6)
          )
        }
      }
    }
  }

  @Test func hugeNumbersAreErrors() {
    for line in [
      "EVs: 1000000000000000000000000000000 Atk", "Level: 99999999999999999999999",
      "Happiness: 18446744073709551616", "IVs: 9223372036854775808 Spe",
    ] {
      #expect {
        _ = try ShowdownPaste.parse("Garchomp\n\(line)")
      } throws: { error in
        guard case .numberTooLarge = (error as? ShowdownPasteError)?.reason else { return false }
        return true
      }
    }
  }

  @Test func numbersThatFitButAreAbsurdAreDiagnostics() throws {
    let text =
      "Garchomp\nLevel: 9223372036854775807\nEVs: 9223372036854775807 HP / 9223372036854775807 Atk"
    let member = try #require(ShowdownPaste.parse(text).teams.first?.members.first)
    let stats = member.stats(
      base: Stats(
        hp: 108,
        attack: 130,
        defense: 95,
        specialAttack: 80,
        specialDefense: 85,
        speed: 102
      )
    )
    #expect(stats.hp > 0)
    #expect(member.evs.total == Int.max)
    let problems = TeamValidator(dex: try TeamTestData.dex()).validate(
      try ShowdownPaste.parse(text)
    )
    let kinds = Set(problems.map(\.kind))
    #expect(kinds.isSuperset(of: [.levelOutOfRange, .evOutOfRange, .evTotalOutOfRange]))
  }

  @Test func tenThousandMoves() throws {
    let text = "Garchomp\n" + (0..<10_000).map { "- Move \($0)" }.joined(separator: "\n")
    let paste = try ShowdownPaste.parse(text)
    #expect(paste.teams[0].members[0].moves.count == 10_000)
    let problems = TeamValidator(dex: try TeamTestData.dex()).validate(paste)
    #expect(problems.map(\.kind) == [.tooManyMoves])
    #expect(problems.first?.line == 6)
    let rendered = ShowdownPaste.render(paste.teams)
    #expect(try ShowdownPaste.parse(rendered).teams == paste.teams)
  }

  @Test func veryLongLines() throws {
    let long = String(repeating: "Garchomp (", count: 100_000)
    let paste = try ShowdownPaste.parse(
      long + "\nAbility: " + String(repeating: "x", count: 1_000_000)
    )
    #expect(paste.teams[0].members[0].species == long)
    let problems = TeamValidator(dex: try TeamTestData.dex()).validate(paste)
    #expect(problems.contains { $0.kind == .unknownSpecies })

    let error = #expect(throws: ShowdownPasteError.self) {
      try ShowdownPaste.parse("Garchomp\nEVs: 4 " + String(repeating: "Q", count: 500_000))
    }
    #expect((error?.description.count ?? .max) < 200)
  }

  @Test func headerEdgeCases() throws {
    #expect(throws: ShowdownPasteError.self) { try ShowdownPaste.parse("===") }
    #expect(throws: ShowdownPasteError.self) { try ShowdownPaste.parse("=====") }
    #expect(try ShowdownPaste.parse("======").teams == [ShowdownTeam()])
    #expect(try ShowdownPaste.parse("=== [ ===").teams == [ShowdownTeam(name: "[")])
    #expect(try ShowdownPaste.parse("=== [] / ===").teams == [ShowdownTeam()])
    #expect(try ShowdownPaste.parse("=== ] [x ===").teams == [ShowdownTeam(name: "] [x")])
  }

  @Test func oddFirstLines() throws {
    let cases: [(String, TeamMember)] = [
      ("@ Leftovers", TeamMember(species: "@ Leftovers")),
      ("(M)", TeamMember(species: "(M)")),
      ("x (M)", TeamMember(species: "x", gender: .male)),
      ("a (b) (c) (F) @ d @ e", TeamMember(species: "a (b) (c) (F) @ d", item: "e")),
      (
        "a (b) (c) (F) @ d", TeamMember(species: "c", nickname: "a (b)", gender: .female, item: "d")
      ),
      (")", TeamMember(species: ")")),
      (" (", TeamMember(species: "(")),
    ]
    for (line, expected) in cases {
      #expect(try ShowdownPaste.parse(line).teams.first?.members.first == expected, "\(line)")
    }
    // Combining marks glue onto the spaces and parentheses around them: no trap.
    _ = try? ShowdownPaste.parse(
      "é\u{301} (\u{301}) @ \u{301}\n\u{301}- \u{301}\nEVs:\u{301} 4\u{301} HP"
    )
  }
}
