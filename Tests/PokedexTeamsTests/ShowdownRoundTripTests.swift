import PokedexKit
import Testing

@testable import PokedexTeams

/// Reading each real paste of `../shared/showdown-teams` as Showdown's importer does and
/// writing it back prints what Showdown's exporter prints, byte for byte.
@Suite(
  .enabled(if: ShowdownTeamsFolder.isAvailable, "needs ../shared/showdown-teams (skipped: absent)")
)
struct ShowdownRoundTripTests {
  /// The sets of a rendered paste, each its lines up to the blank line after it; headers are
  /// not sets.
  static func sets(of text: String) -> [String] {
    text.components(separatedBy: "\n\n").map { $0.hasPrefix("\n") ? String($0.dropFirst()) : $0 }
      .filter { !$0.isEmpty && !$0.hasPrefix("===") }
  }

  @Test func everyPasteExportsAsShowdownDoes() throws {
    let validator = try TeamTestData.validator()
    var exact = 0
    var total = 0
    var differences: [String] = []
    for paste in try ShowdownTeamsFolder.pastes() {
      let reading = ShowdownPaste.read(paste.text)
      let teams = reading.paste.teams.map(validator.normalized)
      let text = ShowdownPaste.render(teams)
      let expected = Self.sets(of: paste.expected)
      let got = Self.sets(of: text)
      total += expected.count
      for (position, set) in expected.enumerated() {
        let mine = got.indices.contains(position) ? got[position] : "(none)"
        if mine == set {
          exact += 1
        } else {
          differences.append("\(paste.name) set \(position + 1):\n\(set)\n--- got ---\n\(mine)")
        }
      }
      if differences.isEmpty {
        #expect(text == paste.expected, "\(paste.name): the text around the sets differs")
      }
    }
    #expect(total == 603)
    #expect(
      differences.isEmpty,
      "\(exact)/\(total) sets export exactly; \(differences.joined(separator: "\n\n"))"
    )
  }

  @Test func aliasesAndSpellingsBecomeShowdownsNames() throws {
    let validator = try TeamTestData.validator()
    let cases = [
      ("Necrozma-Dusk", "Necrozma-Dusk-Mane"), ("Indeedee-Female", "Indeedee-F"),
      ("Zygarde-10", "Zygarde-10%"), ("Ogerpon-Wellspring-Mask", "Ogerpon-Wellspring"),
      ("gastrodon-east", "Gastrodon-East"), ("Pikachu-Original-Cap", "Pikachu-Original"),
    ]
    for (written, showdown) in cases {
      #expect(validator.normalized(TeamMember(species: written)).species == showdown, "\(written)")
    }
  }

  @Test func normalizationFollowsShowdownsImporter() throws {
    let validator = try TeamTestData.validator()
    var set = TeamMember(species: "Garchomp", nickname: "Garchomp", item: "No Item")
    set.nature = "jolly"
    set.moves = ["Hidden Power Ice", "Outrage \u{200B}", "Hidden Power [Fire]"]
    let normalized = validator.normalized(set)
    #expect(normalized.nickname == nil)
    #expect(normalized.item == nil)
    #expect(normalized.nature == "Jolly")
    #expect(normalized.moves == ["Hidden Power [Ice]", "Outrage", "Hidden Power [Fire]"])
  }

  @Test func aFormatWithoutAGenerationIsGenerationSix() throws {
    let validator = try TeamTestData.validator()
    #expect(validator.normalized(ShowdownTeam(format: "ou")).format == "gen6ou")
    #expect(validator.normalized(ShowdownTeam(format: "gen4ou")).format == "gen4ou")
    #expect(validator.normalized(ShowdownTeam()).format == nil)
  }

  @Test func frustrationWithoutHappinessGetsZero() throws {
    let without = try ShowdownPaste.parse("Snorlax\n- Frustration")
    #expect(without.teams[0].members[0].happiness == 0)
    let with = try ShowdownPaste.parse("Snorlax\nHappiness: 3\n- Frustration")
    #expect(with.teams[0].members[0].happiness == 3)
    #expect(ShowdownPaste.render(without.teams, style: .plain).contains("Happiness: 0\n"))
  }

  @Test func readingSkipsAnUnknownStatAndKeepsTheRest() {
    let reading = ShowdownPaste.read("Tapu Koko\nEVs: 252 SAtk / 4 Def / 252 Spe\n- Taunt")
    let set = reading.paste.teams[0].members[0]
    #expect(set.evs == StatSpread(hp: 0, atk: 0, def: 4, spa: 0, spd: 0, spe: 252))
    #expect(set.moves == ["Taunt"])
    #expect(reading.problems.map(\.line) == [2])
    #expect(throws: ShowdownPasteError.self) {
      try ShowdownPaste.parse("Tapu Koko\nEVs: 252 SAtk / 4 Def / 252 Spe\n- Taunt")
    }
  }

  @Test func readingSkipsAnUnreadableLineAndReportsEach() {
    let reading = ShowdownPaste.read("Mew\nLevle: 50\nShiny: Maybe\n- Psychic")
    #expect(reading.paste.teams[0].members[0].moves == ["Psychic"])
    #expect(reading.problems.map(\.line) == [2, 3])
  }
}

/// Validating each real paste of `../shared/showdown-teams`: every set `VERDICTS.tsv` does
/// not call illegal passes, and every set it calls illegal is refused, but for the known
/// gaps listed here (the data has no abilities of past generations and no `nosketch` flag).
@Suite(
  .enabled(if: ShowdownTeamsFolder.isAvailable, "needs ../shared/showdown-teams (skipped: absent)")
)
struct ShowdownVerdictTests {
  /// Legal sets still refused, by file and set: Gengar had Levitate until generation 6, and
  /// Smeargle sketches any move Showdown does not flag `nosketch`.
  static let knownGaps: Set<String> = [
    "024-pmariglia-gen3-ou-sample.txt set 4", "025-pmariglia-gen3-ou-4ou.txt set 6",
    "065-vgcbench-reg-h-h232.txt set 6", "072-vgcbench-reg-j-featured-j67.txt set 4",
    "077-pkmnps-integration-b.txt set 1",
  ]

  /// Sets refused although `VERDICTS.tsv` does not list them, because they are illegal in
  /// the format `FORMATS.tsv` gives: Magearna (generation 7) in a `gen6ou` team.
  static let verdictDisagreements: Set<String> = ["075-pkmnps-fixtures-team.txt set 6"]

  @Test func legalSetsPassAndIllegalSetsAreRefused() throws {
    let validator = try TeamTestData.validator()
    var passing = 0
    var total = 0
    var wrong: [String] = []
    var tierWarnings = 0
    for paste in try ShowdownTeamsFolder.pastes() {
      let reading = ShowdownPaste.read(paste.text)
      var normalized = reading.paste
      // The format of a paste without a header is the one FORMATS.tsv gives, as
      // `team import --battle-format` would.
      normalized.teams = normalized.teams.map { team in
        var team = validator.normalized(team)
        team.format = team.format ?? paste.format
        return team
      }
      let all = validator.validate(normalized, as: .team)
      tierWarnings += all.filter { $0.kind == .tierBan }.count
      let problems = all.filter { $0.severity == .error }
      var position = 0
      for (teamPosition, team) in normalized.teams.enumerated() {
        for member in team.members.indices {
          position += 1
          total += 1
          let errors = problems.filter { $0.team == teamPosition && $0.member == member }
          let illegal = paste.illegalSets[position] != nil
          if errors.isEmpty { passing += 1 }
          let key = "\(paste.name) set \(position)"
          let excused = Self.knownGaps.contains(key) || Self.verdictDisagreements.contains(key)
          if errors.isEmpty == illegal, !excused {
            let why = errors.map(\.message).joined(separator: "; ")
            wrong.append(
              "\(paste.name) set \(position) (\(paste.format)): \(illegal ? "passes" : why)"
            )
          }
        }
      }
    }
    #expect(
      wrong.isEmpty,
      "\(passing)/\(total) sets pass (\(tierWarnings) tier warnings):\n\(wrong.joined(separator: "\n"))"
    )
  }
}
