import PokedexKit
import Testing

@testable import PokedexTeams

/// Every problem the validator reports, with its line and suggestion, on the bundled data.
@Suite struct TeamValidatorTests {
  static let problems = """
    === [gen9ou] Problems ===

    Garchomq @ Choice Scarf
    Ability: Rough Skin
    - Earthquake

    Garchomp
    Ability: Levitate
    Level: 101
    EVs: 253 Atk / 8 HP / 252 Spe
    Jolyl Nature
    IVs: 32 Spe
    - Earthquacke
    - Thunderbolt
    - Earthquake
    - Outrage
    - Stone Edge

    Pikachu
    Ability: Staticc
    Happiness: 256
    Hidden Power: Fairy
    Dynamax Level: 11
    Tera Type: Fiyre
    - Hidden Power [Ice]
    - Thunderbolt
    - Thunderbolt

    Tauros (F)

    Magnezone (M)
    Ability: Sturdy
    - Hidden Power [Fairy]
    """

  struct Expected: Hashable, CustomStringConvertible {
    var line: Int?
    var kind: TeamDiagnostic.Kind
    var suggestion: String?
    var description: String { "\(line.map(String.init) ?? "-") \(kind) \(suggestion ?? "-")" }
  }

  @Test func everyProblemWithItsLineAndSuggestion() throws {
    let validator = try TeamTestData.validator()
    let found = validator.validate(try ShowdownPaste.parse(Self.problems))
    let expected: [Expected] = [
      Expected(line: 3, kind: .unknownSpecies, suggestion: "Garchomp"),
      Expected(line: 8, kind: .abilityNotAllowed, suggestion: nil),
      Expected(line: 9, kind: .levelOutOfRange),
      Expected(line: 10, kind: .evOutOfRange),
      Expected(line: 10, kind: .evTotalOutOfRange),
      Expected(line: 12, kind: .ivOutOfRange),
      Expected(line: 11, kind: .unknownNature, suggestion: "Jolly"),
      Expected(line: 17, kind: .tooManyMoves),
      Expected(line: 13, kind: .unknownMove, suggestion: "Earthquake"),
      Expected(line: 14, kind: .moveNotLearnable),
      Expected(line: 20, kind: .unknownAbility, suggestion: "Static"),
      Expected(line: 21, kind: .happinessOutOfRange),
      Expected(line: 23, kind: .dynamaxLevelOutOfRange),
      Expected(line: 24, kind: .unknownType, suggestion: "Fire"),
      Expected(line: 22, kind: .unknownType, suggestion: nil),
      Expected(line: 27, kind: .repeatedMove),
      Expected(line: 29, kind: .genderNotAllowed),
      Expected(line: 29, kind: .noMoves),
      Expected(line: 31, kind: .genderNotAllowed),
      Expected(line: 33, kind: .unknownType, suggestion: nil),
    ]
    let actual = found.map { Expected(line: $0.line, kind: $0.kind, suggestion: $0.suggestion) }
    #expect(actual == expected)
    #expect(found.allSatisfy { $0.team == 0 && $0.member != nil })
    #expect(found.filter { $0.kind == .noMoves }.allSatisfy { $0.severity == .warning })
    #expect(found.filter { $0.kind != .noMoves }.allSatisfy { $0.severity == .error })
  }

  @Test func messagesReadWell() throws {
    let validator = try TeamTestData.validator()
    let found = validator.validate(try ShowdownPaste.parse(Self.problems)).map(\.description)
    #expect(found.contains(#"error: line 3: unknown species "Garchomq"; did you mean "Garchomp"?"#))
    #expect(
      found.contains(
        "error: line 8: Garchomp cannot have Levitate; its abilities are Sand Veil, Rough Skin"
      )
    )
    #expect(found.contains(#"error: line 11: unknown nature "Jolyl"; did you mean "Jolly"?"#))
    #expect(found.contains("error: line 14: Garchomp cannot learn Thunderbolt"))
    #expect(found.contains("error: line 10: EVs add up to 513, more than 510"))
    #expect(found.contains("error: line 17: a Pokémon knows at most 4 moves; Garchomp has 5"))
    #expect(found.contains("error: line 29: Tauros cannot be female"))
    #expect(found.contains("error: line 31: Magnezone is genderless"))
  }

  /// Without learnsets, moves are checked by name only; without moves, not at all.
  @Test func movesWithoutLearnsetsAreCheckedByNameOnly() throws {
    let paste = try ShowdownPaste.parse(Self.problems)
    let dex = try TeamTestData.dex()
    let named = TeamValidator(dex: dex, moves: try TeamTestData.moves())
    let kinds = named.validate(paste).map(\.kind)
    #expect(kinds.contains(.unknownMove))
    #expect(!kinds.contains(.moveNotLearnable))
    #expect(try TeamTestData.validator().validate(paste).contains { $0.kind == .moveNotLearnable })
    let plain = TeamValidator(dex: dex, learnsets: try TeamTestData.learnsets())
    #expect(
      !plain.validate(paste).contains { [.unknownMove, .moveNotLearnable].contains($0.kind) }
    )
  }

  @Test func lenientCallersDowngradeEveryError() throws {
    let validator = try TeamTestData.validator()
    let found = validator.validate(try ShowdownPaste.parse(Self.problems)).map { $0.downgraded() }
    #expect(!found.isEmpty)
    #expect(found.allSatisfy { $0.severity == .warning })
    #expect(found.first?.description.hasPrefix("warning: line 3: ") == true)
  }

  @Test func aLegalTeamHasNoProblems() throws {
    let paste = try ShowdownPaste.parse(
      """
      Garchomp @ Choice Scarf
      Ability: Rough Skin
      Tera Type: Stellar
      EVs: 4 HP / 252 Atk / 252 Spe
      Jolly Nature
      - Earthquake
      - Outrage
      - Stone Edge
      - Fire Fang

      Rotom-Wash @ Leftovers
      Ability: Levitate
      - Volt Switch
      - Hydro Pump
      - Will-O-Wisp
      - Pain Split

      Tauros-Paldea-Combat (M)
      Ability: Cud Chew
      - Close Combat

      Ninetales-Alola
      Ability: Snow Warning
      - Aurora Veil
      - Freeze-Dry

      Urshifu-Rapid-Strike
      Ability: Unseen Fist
      - Surging Strikes
      - U-turn

      Sparky (Pikachu) (M) @ Light Ball
      Ability: Lightning Rod
      Hidden Power: Ice
      - Hidden Power [Ice]
      - Thunderbolt
      """
    )
    let found = try TeamTestData.validator().validate(paste)
    #expect(found.isEmpty, "\(found)")
  }

  @Test func showdownSpeciesNamesMapToTheDex() throws {
    let validator = try TeamTestData.validator()
    let names = [
      "Ninetales-Alola": "ninetales-alola", "Tauros-Paldea-Combat": "tauros-paldea-combat-breed",
      "Tauros-Paldea-Aqua": "tauros-paldea-aqua-breed",
      "Urshifu-Rapid-Strike": "urshifu-rapid-strike",
      "Urshifu": "urshifu-single-strike", "Indeedee-F": "indeedee-female",
      "Charizard-Mega-X": "charizard-mega-x", "Mr. Mime": "mr-mime", "Farfetch’d": "farfetchd",
      "Greninja-Bond": "greninja-battle-bond", "Rotom-Wash": "rotom-wash",
    ]
    for (name, slug) in names {
      #expect(validator.pokemon(forSpecies: name)?.slug == slug, "\(name)")
    }
  }

  @Test func teamsHaveAtMostSixMembersBoxesAnyNumber() throws {
    let team = ShowdownTeam(
      members: Array(repeating: TeamMember(species: "Mew", moves: ["Pound"]), count: 8)
    )
    let paste = try ShowdownPaste.parse(ShowdownPaste.render(team))
    let validator = try TeamTestData.validator()
    let asTeam = validator.validate(paste)
    #expect(asTeam.map(\.kind) == [.tooManyMembers])
    #expect(asTeam.first?.line == 19)
    #expect(validator.validate(paste, as: .box).isEmpty)
  }

  @Test func withoutMoveDataMovesAreNotChecked() throws {
    let validator = TeamValidator(dex: try TeamTestData.dex())
    let member = TeamMember(species: "Garchomp", moves: ["Not A Move", "Thunderbolt"])
    #expect(validator.validate(member).isEmpty)
    let withMoves = TeamValidator(dex: try TeamTestData.dex(), moves: try TeamTestData.moves())
    #expect(withMoves.validate(member).map(\.kind) == [.unknownMove])
  }
}

/// Showdown's rules for formes: a Mega has its base's abilities too and needs its stone, a
/// Primal its orb; Greninja with Battle Bond is Greninja-Bond; Hackmons checks no legality.
@Suite struct TeamValidatorFormeTests {
  func errors(_ paste: String, format: String? = nil) throws -> [String] {
    let validator = try TeamTestData.validator()
    var team = try ShowdownPaste.parse(paste).teams[0]
    team = validator.normalized(team)
    team.format = format
    return validator.validate(team).filter { $0.severity == .error }.map(\.message)
  }

  @Test func aMegaMayHaveItsBasesAbility() throws {
    #expect(try errors("Scizor-Mega @ Scizorite\nAbility: Light Metal\n- Bullet Punch") == [])
    #expect(try errors("Scizor-Mega @ Scizorite\nAbility: Levitate\n- Bullet Punch").count == 1)
  }

  @Test func megasAndPrimalsNeedTheirItems() throws {
    #expect(
      try errors("Salamence-Mega @ Life Orb\n- Outrage")
        == ["Salamence-Mega needs Salamencite as its item, not Life Orb"]
    )
    #expect(try errors("Kyogre-Primal\n- Surf") == ["Kyogre-Primal needs Blue Orb as its item"])
    #expect(try errors("Kyogre-Primal @ Blue Orb\n- Surf") == [])
  }

  @Test func abilitiesThatMakeAForme() throws {
    #expect(try errors("Greninja\nAbility: Battle Bond\n- Surf") == [])
    #expect(try errors("Zygarde-10%\nAbility: Power Construct\n- Thousand Arrows") == [])
    #expect(try errors("Zygarde-10%\nAbility: Aura Break\n- Thousand Arrows") == [])
  }

  @Test func cosmeticFormesAreTheirPokemon() throws {
    #expect(try errors("Gastrodon-East\nAbility: Storm Drain\n- Scald") == [])
    #expect(try errors("Vivillon-Ocean\nAbility: Compound Eyes\n- Hurricane") == [])
  }

  @Test func theFormatsGenerationDecides() throws {
    let gen2 = "Snorlax\nEVs: 252 HP / 252 Atk / 252 Def / 252 SpA / 252 SpD / 252 Spe\n- Rest"
    #expect(try errors(gen2, format: "gen2ou") == [])
    #expect(try errors(gen2, format: "gen3ou").count == 1)
    let gen4 = "Gengar\nAbility: Cursed Body\nTera Type: Ghost\n- Scale Shot"
    #expect(
      try errors(gen4, format: "gen4ou") == [
        "Cursed Body does not exist in generation 4 (it comes in 5)",
        "Tera Types exist only in generation 9, not in generation 4",
        "Scale Shot does not exist in generation 4 (it comes in 8)",
      ]
    )
    #expect(try errors("Magearna\n- Fleur Cannon", format: "gen6ou").count == 2)
    #expect(TeamValidator.generation(ofFormat: "gen9vgc2024regh") == 9)
    #expect(TeamValidator.generation(ofFormat: "ou") == nil)
    #expect(TeamValidator.generation(ofFormat: "gen81v1") == 8)
  }

  @Test func speciesClauseAndLittleCupLevels() throws {
    let twins = "Garchomp\n- Earthquake\n\nGarchomp\n- Outrage"
    #expect(
      try errors(twins, format: "gen9ou") == [
        "Species Clause: Garchomp is the species of member #1 too; gen9ou allows one of each"
      ]
    )
    #expect(try errors(twins, format: "gen9anythinggoes") == [])
    #expect(try errors(twins) == [])
    let lc = "Pawniard\nLevel: 5\n- Sucker Punch\n\nMienfoo\n- Fake Out"
    #expect(try errors(lc, format: "gen8lc") == ["gen8lc is Little Cup: level 100 is above 5"])
  }

  @Test func tierBansAreWarningsUnlessAskedToBeErrors() throws {
    var validator = try TeamTestData.validator()
    let team = ShowdownTeam(
      format: "gen9ou",
      members: [TeamMember(species: "Koraidon", moves: ["Flare Blitz"])]
    )
    let problems = validator.validate(team).filter { $0.kind == .tierBan }
    #expect(problems.map(\.severity) == [.warning])
    #expect(problems.first?.message == "Koraidon is Uber in generation 9, above OU: gen9ou bans it")
    validator.tierBanSeverity = .error
    #expect(validator.validate(team).filter { $0.kind == .tierBan }.map(\.severity) == [.error])
    var ubers = team
    ubers.format = "gen9ubers"
    #expect(validator.validate(ubers).filter { $0.kind == .tierBan }.isEmpty)
    #expect(TeamValidator.tierLimit(ofFormat: "gen8doublesuu")?.tier == "DUU")
    #expect(TeamValidator.tierLimit(ofFormat: "gen9nationaldex")?.tier == "OU")
    #expect(TeamValidator.tierLimit(ofFormat: "gen9vgc2024regh") == nil)
    #expect(TeamValidator.tierLimit(ofFormat: "gen7ru")?.column == .singles)
  }

  @Test func hackmonsChecksNoLegality() throws {
    let paste = "Chansey\nAbility: Imposter\n- Whirlwind"
    #expect(try errors(paste).count == 2)
    #expect(try errors(paste, format: "gen7purehackmons") == [])
  }
}
