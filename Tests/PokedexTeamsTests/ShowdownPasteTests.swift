import PokedexKit
import Testing

@testable import PokedexTeams

/// Reading and writing Showdown pastes: canonical text round-trips byte for byte, fields
/// land where they belong, and every malformed line is an error with its line and column.
@Suite struct ShowdownPasteTests {
  struct Sample: Sendable, CustomTestStringConvertible {
    var name: String
    /// Canonical text in the plain style (no trailing spaces).
    var text: String
    var testDescription: String { name }
  }

  static let samples: [Sample] = [
    Sample(
      name: "one set without a header",
      text: """
        Garchomp @ Choice Scarf
        Ability: Rough Skin
        EVs: 252 Atk / 4 SpD / 252 Spe
        Jolly Nature
        - Earthquake
        - Outrage
        - Stone Edge
        - Fire Fang


        """
    ),
    Sample(
      name: "the guide's set: nickname, gender, level, shiny, tera, IVs",
      text: """
        Sparky (Pikachu-Alola) (F) @ Light Ball
        Ability: Static
        Level: 50
        Shiny: Yes
        Tera Type: Electric
        EVs: 4 HP / 252 SpA / 252 Spe
        Timid Nature
        IVs: 0 Atk
        - Thunderbolt
        - Volt Switch


        """
    ),
    Sample(
      name: "every field",
      text: """
        Mr. (Big) Bird (Corviknight) (M) @ Rocky Helmet
        Ability: Mirror Armor
        Level: 77
        Shiny: Yes
        Happiness: 0
        Pokeball: Dream Ball
        Hidden Power: Fire
        Dynamax Level: 3
        Gigantamax: Yes
        Tera Type: Dragon
        EVs: 248 HP / 8 Def / 252 SpD
        Impish Nature
        IVs: 30 HP / 0 Atk / 30 Def / 29 SpA / 1 SpD / 0 Spe
        - Hidden Power [Fire]
        - Body Press
        - Roost
        - U-turn


        """
    ),
    Sample(
      name: "six members, forms, a set with only a species",
      text: """
        === [gen9ou] Sand/Sand Offense ===

        Tyranitar @ Smooth Rock
        Ability: Sand Stream
        Tera Type: Ghost
        EVs: 252 HP / 4 Atk / 252 SpD
        Careful Nature
        - Stealth Rock
        - Knock Off
        - Rock Slide
        - Earthquake

        Excadrill @ Air Balloon
        Ability: Sand Rush
        EVs: 252 Atk / 4 SpD / 252 Spe
        Adamant Nature
        - Swords Dance
        - Earthquake
        - Iron Head
        - Rapid Spin

        Ninetales-Alola @ Light Clay
        Ability: Snow Warning
        EVs: 252 SpA / 4 SpD / 252 Spe
        Timid Nature
        IVs: 0 Atk
        - Aurora Veil
        - Blizzard
        - Moonblast
        - Freeze-Dry

        Urshifu-Rapid-Strike (M) @ Choice Band
        Ability: Unseen Fist
        EVs: 252 Atk / 4 SpD / 252 Spe
        Jolly Nature
        - Surging Strikes
        - Close Combat
        - Aqua Jet
        - U-turn

        Tauros-Paldea-Combat
        Ability: Intimidate
        - Bulk Up

        Magnezone


        === [gen8] Boxes/Box 1 ===

        Charizard @ Heavy-Duty Boots
        Ability: Solar Power
        Gigantamax: Yes
        EVs: 252 SpA / 4 SpD / 252 Spe
        Timid Nature
        - Fire Blast


        === Unfiled ===

        Mew
        Level: 5
        Happiness: 70
        - Pound



        """
    ),
    Sample(
      name: "a header only: format, folder, name each optional",
      text: """
        === [gen9ou] ===


        === Folder/ ===


        === ===


        === [gen9ubers] Name ===

        Koraidon
        - Collision Course



        """
    ),
  ]

  @Test(arguments: samples)
  func canonicalTextRoundTrips(_ sample: Sample) throws {
    let paste = try ShowdownPaste.parse(sample.text)
    #expect(ShowdownPaste.render(paste.teams, style: .plain) == sample.text)
    #expect(try ShowdownPaste.parse(ShowdownPaste.render(paste.teams)).teams == paste.teams)

    let showdown = Self.showdownStyle(sample.text)
    #expect(ShowdownPaste.render(paste.teams) == showdown)
    #expect(try ShowdownPaste.parse(showdown).teams == paste.teams)
  }

  /// The plain text with two spaces ending each set line, as Showdown's exporter writes.
  static func showdownStyle(_ plain: String) -> String {
    plain.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty || $0.hasPrefix("===") ? String($0) : $0 + "  " }
      .joined(separator: "\n")
  }

  @Test func fieldsLandWhereTheyBelong() throws {
    let paste = try ShowdownPaste.parse(Self.samples[2].text)
    let bird = try #require(paste.teams.first?.members.first)
    #expect(
      bird
        == TeamMember(
          species: "Corviknight",
          nickname: "Mr. (Big) Bird",
          gender: .male,
          item: "Rocky Helmet",
          ability: "Mirror Armor",
          level: 77,
          isShiny: true,
          happiness: 0,
          pokeball: "Dream Ball",
          hiddenPowerType: "Fire",
          dynamaxLevel: 3,
          isGigantamax: true,
          teraType: "Dragon",
          evs: StatSpread(hp: 248, atk: 0, def: 8, spa: 0, spd: 252, spe: 0),
          nature: "Impish",
          ivs: StatSpread(hp: 30, atk: 0, def: 30, spa: 29, spd: 1, spe: 0),
          moves: ["Hidden Power [Fire]", "Body Press", "Roost", "U-turn"]
        )
    )
    let location = try #require(paste.locations.first?.members.first)
    #expect(location.line == 1)
    #expect(location.line(of: .ability) == 2)
    #expect(location.line(of: .evs) == 11)
    #expect(location.line(of: .nature) == 12)
    #expect(location.moveLines == [14, 15, 16, 17])
    #expect(paste.locations.first?.headerLine == nil)
  }

  @Test func teamsFoldersAndLines() throws {
    let paste = try ShowdownPaste.parse(Self.samples[3].text)
    #expect(paste.teams.map(\.format) == ["gen9ou", "gen8", nil])
    #expect(paste.teams.map(\.folder) == ["Sand", "Boxes", nil])
    #expect(paste.teams.map(\.name) == ["Sand Offense", "Box 1", "Unfiled"])
    #expect(paste.teams.map(\.members.count) == [6, 1, 1])
    #expect(paste.locations.map(\.headerLine) == [1, 48, 58])
    #expect(paste.locations[0].members.map(\.line) == [3, 13, 22, 32, 41, 45])
    #expect(paste.teams[0].members[3].gender == .male)
    #expect(paste.teams[0].members[5] == TeamMember(species: "Magnezone"))
    #expect(paste.teams[1].members[0].isGigantamax)
  }

  /// What Showdown's importer accepts beyond the canonical form.
  @Test func lenientSpellings() throws {
    let text = """
      Bob (M) (Pikachu)   \r
        Trait: Static
      shiny: yes
      EVs: 252 spa / 4 Speed / 252 Sp. Def
      timid nature
      ~ Thunderbolt
      -Volt Switch
      ---
      Raichu
      Nature: Bold
      """
    let members = try ShowdownPaste.parse(text).teams[0].members
    #expect(members.count == 2)
    #expect(members[0].nickname == "Bob (M)")
    #expect(members[0].species == "Pikachu")
    #expect(members[0].gender == nil)
    #expect(members[0].ability == "Static")
    #expect(members[0].isShiny)
    #expect(members[0].evs == StatSpread(hp: 0, atk: 0, def: 0, spa: 252, spd: 252, spe: 4))
    #expect(members[0].nature == "timid")
    #expect(members[0].moves == ["Thunderbolt", "Volt Switch"])
    #expect(members[1].nature == "Bold")
  }

  @Test func renderingOneMember() {
    #expect(
      ShowdownPaste.render(TeamMember(species: "Mew", level: 50), style: .plain)
        == "Mew\nLevel: 50\n"
    )
    #expect(ShowdownPaste.render(TeamMember(species: "Mew")) == "Mew  \n")
    #expect(ShowdownPaste.header(of: ShowdownTeam(name: "Box 1")) == "=== Box 1 ===")
    #expect(ShowdownPaste.header(of: ShowdownTeam()) == "=== ===")
    #expect(ShowdownPaste.render([ShowdownTeam]()) == "")
  }

  @Test func emptyAndBlankPastesHaveNoTeams() throws {
    #expect(try ShowdownPaste.parse("").teams.isEmpty)
    #expect(try ShowdownPaste.parse("\n \n\t\n---\n").teams.isEmpty)
  }

  // MARK: Errors

  struct Failure: Sendable, CustomTestStringConvertible {
    var text: String
    var description: String
    var column: Int?
    var testDescription: String { description }
  }

  static let failures: [Failure] = [
    Failure(
      text: "Garchomp\nAbility: Rough Skin\nLevel: 50\nEVs: 252 Atq",
      description: #"line 4: "EVs: 252 Atq" — unknown stat "Atq"; did you mean "Atk"?"#,
      column: 10
    ),
    Failure(
      text: "Garchomp\nAbilty: Rough Skin",
      description:
        #"line 2: "Abilty: Rough Skin" — unknown field "Abilty"; did you mean "Ability"?"#,
      column: 1
    ),
    Failure(
      text: "Garchomp\n  Level: fifty",
      description: #"line 2: "Level: fifty" — "Level" must be a whole number, found "fifty""#,
      column: 10
    ),
    Failure(
      text: "Garchomp\nEVs: 1000000000000000000000000000000 HP",
      description:
        #"line 2: "EVs: 1000000000000000000000000000000 HP" — "EVs" "1000000000000000000000000000000" is too large"#,
      column: 6
    ),
    Failure(
      text: "Garchomp\nShiny: Maybe",
      description: #"line 2: "Shiny: Maybe" — "Shiny" must be "Yes" or "No", found "Maybe""#,
      column: 8
    ),
    Failure(
      text: "Garchomp\nJolly",
      description:
        #"line 2: "Jolly" — expected "Field: value", "NATURE Nature" or "- Move"; did you mean "Jolly Nature"?"#,
      column: nil
    ),
    Failure(
      text: "Garchomp\nAbility: Rough Skin\nAbility: Sand Veil",
      description:
        #"line 3: "Ability: Sand Veil" — "Ability" is given twice in one set (first on line 2)"#,
      column: 1
    ),
    Failure(
      text: "Garchomp\nJolly Nature\nAdamant Nature",
      description:
        #"line 3: "Adamant Nature" — "Nature" is given twice in one set (first on line 2)"#,
      column: 1
    ),
    Failure(
      text: "=== [gen9ou] Team",
      description:
        #"line 1: "=== [gen9ou] Team" — expected a team header such as "=== [gen9ou] Folder/Name ===""#,
      column: nil
    ),
    Failure(
      text: "Garchomp\nEVs: 252 Atk / 4 Attack",
      description: #"line 2: "EVs: 252 Atk / 4 Attack" — stat "Atk" is given twice"#,
      column: 18
    ),
    Failure(
      text: "Garchomp\nIVs: 0",
      description:
        #"line 2: "IVs: 0" — expected a number and a stat such as "252 Atk", found "0""#,
      column: 6
    ),
    Failure(
      text: "Garchomp\nEVs: -4 HP",
      description: #"line 2: "EVs: -4 HP" — "EVs" must be a whole number, found "-4""#,
      column: 6
    ),
    Failure(
      text: "Garchomp\nEVs:",
      description: #"line 2: "EVs:" — "EVs" has no value"#,
      column: nil
    ),
    Failure(
      text: "Garchomp\n- ",
      description: #"line 2: "-" — "Move" has no value"#,
      column: nil
    ),
    Failure(
      text: "\n\nGarchomp @",
      description: #"line 3: "Garchomp @" — "Item" has no value"#,
      column: 10
    ),
    Failure(
      text: "Bob ()",
      description: #"line 1: "Bob ()" — the set names no species"#,
      column: nil
    ),
  ]

  @Test(arguments: failures)
  func malformedLinesAreErrors(_ failure: Failure) {
    #expect {
      _ = try ShowdownPaste.parse(failure.text)
    } throws: { error in
      guard let error = error as? ShowdownPasteError else { return false }
      #expect(error.description == failure.description)
      #expect(error.column == failure.column)
      return true
    }
  }

  @Test func errorRendersLikeACompiler() throws {
    let error = try #require(
      #expect(throws: ShowdownPasteError.self) {
        try ShowdownPaste.parse("Garchomp\nAbility: Rough Skin\nLevel: 50\nEVs: 252 Atq")
      }
    )
    #expect(
      error.rendered(fileName: "team.txt") == """
        error: unknown stat "Atq"; did you mean "Atk"?
         --> team.txt:4:10
          |
        4 | EVs: 252 Atq
          |          ^

        """
    )
    #expect(
      error.reason == .unknownStat("Atq", suggestion: "Atk")
    )
  }
}
