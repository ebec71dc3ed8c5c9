import PokedexCLI
import Testing

/// `team import` keeps a paste as Showdown's importer does and `team export` prints what
/// Showdown's exporter prints; headerless pastes get fresh names; unreadable lines are
/// refused strictly (every one named) and skipped leniently.
@Suite struct TeamRoundTripTests {
  let sandbox: PrefsSandbox
  init() throws { sandbox = try PrefsSandbox() }

  func team(_ arguments: String...) -> CLIResult { sandbox.run(["team"] + arguments) }

  @Test func importKeepsShowdownsNamesAndExportPrintsThem() throws {
    let paste = """
      === [gen9vgc2024regh] Box/Trick Room ===

      Indeedee-Female @ Psychic Seed
      Ability: Psychic Surge
      EVs: 252 HP / 252 SpA
      quiet nature
      - Trick Room
      - Psychic\u{200B}

      Snorlax (Snorlax) @ No Item
      Ability: Thick Fat
      - Frustration
      """
    let file = try sandbox.write(paste, to: "trick.txt")
    #expect(team("import", file, "--quiet").code == .success)
    let exported = team("export", "Trick Room")
    #expect(exported.code == .success)
    let lines = [
      "Indeedee-F @ Psychic Seed", "Ability: Psychic Surge", "EVs: 252 HP / 252 SpA",
      "Quiet Nature", "- Trick Room", "- Psychic", "",
      "Snorlax", "Ability: Thick Fat", "Happiness: 0", "- Frustration", "",
    ]
    let sets = lines.map { $0.isEmpty ? "\n" : $0 + "  \n" }.joined()
    #expect(exported.stdout == "=== [gen9vgc2024regh] Box/Trick Room ===\n\n" + sets + "\n")
  }

  @Test func eachHeaderlessPasteGetsAFreshName() throws {
    let file = try sandbox.write("Mew\n- Psychic\n", to: "mew.txt")
    for _ in 1...3 { #expect(team("import", file, "--quiet").code == .success) }
    let list = team("list").stdout
    for name in ["Imported 1", "Imported 2", "Imported 3"] {
      #expect(list.contains(name), "\(list)")
    }
  }

  @Test func strictImportNamesEveryUnreadableLineAndWritesNothing() throws {
    let file = try sandbox.write(
      "Tapu Koko\nEVs: 252 SAtk / 4 Def / 252 Spe\nShiny: Maybe\n- Taunt\n",
      to: "koko.txt"
    )
    let before = sandbox.contents(sandbox.config + "/teams.jsonl")
    let result = team("import", file)
    #expect(result.code == .data)
    #expect(result.stderr.contains("koko.txt:2:10"), "\(result.stderr)")
    #expect(result.stderr.contains("koko.txt:3:"), "\(result.stderr)")
    #expect(sandbox.contents(sandbox.config + "/teams.jsonl") == before)
  }

  @Test func lenientImportSkipsAnUnreadableEntryAndKeepsTheRest() throws {
    let file = try sandbox.write(
      "Tapu Koko\nAbility: Electric Surge\nEVs: 252 SAtk / 4 Def / 252 Spe\n- Taunt\n",
      to: "koko.txt"
    )
    let result = team("import", file, "--lenient", "--quiet")
    #expect(result.code == .success)
    #expect(result.stderr.contains("koko.txt:3: unknown stat \"SAtk\""), "\(result.stderr)")
    #expect(team("export", "Imported 1").stdout.contains("EVs: 4 Def / 252 Spe  \n"))
  }
}

/// `--battle-format` on `team new` and `team import`, and `team validate`.
@Suite struct TeamBattleFormatTests {
  let sandbox: PrefsSandbox
  init() throws { sandbox = try PrefsSandbox() }

  func team(_ arguments: String...) -> CLIResult { sandbox.run(["team"] + arguments) }

  static let gengar =
    "Gengar\nAbility: Cursed Body\nTera Type: Ghost\n- Scale Shot\n- Shadow Ball\n"

  @Test func importChecksByTheBattleFormatsGenerationAndWritesNothing() throws {
    let file = try sandbox.write(Self.gengar, to: "gengar.txt")
    let result = team("import", file, "--battle-format", "gen4ou")
    #expect(result.code == .data)
    #expect(result.stderr.contains("gengar.txt:2: Cursed Body does not exist in generation 4"))
    #expect(result.stderr.contains("gengar.txt:3: Tera Types exist only in generation 9"))
    #expect(result.stderr.contains("gengar.txt:4: Scale Shot does not exist in generation 4"))
    #expect(sandbox.contents(sandbox.config + "/teams.jsonl") == nil)
    let header = try sandbox.write("=== [gen4ou] Ghosts ===\n\n" + Self.gengar, to: "ghosts.txt")
    #expect(team("import", header).code == .data)
    let legal = try sandbox.write("Gengar\nAbility: Levitate\n- Shadow Ball\n", to: "ok.txt")
    #expect(team("import", legal, "--battle-format", "gen9ou", "--quiet").code == .data)
  }

  @Test func theFormatIsStoredExportedAndValidated() throws {
    #expect(team("new", "Old", "--battle-format", "gen2ou", "--quiet").code == .success)
    #expect(team("export", "Old").stdout == "=== [gen2ou] Old ===\n\n\n")
    let file = try sandbox.write(Self.gengar, to: "gengar.txt")
    #expect(team("import", file, "--lenient", "--quiet").code == .success)
    #expect(team("validate", "Old").stdout == "Old [gen2ou]: no problems\n")
    #expect(team("validate", "Old").code == .success)
    let gen4 = team("validate", "Imported 1", "--battle-format", "gen4ou")
    #expect(gen4.code == .failure)
    #expect(gen4.stdout.hasPrefix("Imported 1 [gen4ou]: 3 problems\n"), "\(gen4.stdout)")
    #expect(gen4.stdout.contains("  error: #1 Gengar: Scale Shot does not exist in generation 4"))
    let json = team("validate", "--all", "--format", "json", "--battle-format", "gen4ou")
    #expect(json.code == .failure)
    #expect(json.stdout.contains(#""kind" : "notInGeneration""#), "\(json.stdout)")
  }

  @Test func addAndEditCheckByTheTeamsFormat() throws {
    #expect(team("new", "Old", "--battle-format", "gen4ou", "--quiet").code == .success)
    let tera = team("add", "Old", "gengar", "--tera", "Ghost")
    #expect(tera.code == .data)
    #expect(tera.stderr.contains("Tera Types exist only in generation 9"), "\(tera.stderr)")
    #expect(team("add", "Old", "gengar", "--moves", "Shadow Ball", "--quiet").code == .success)
    #expect(team("edit", "Old", "--battle-format", "gen9ou", "--quiet").code == .success)
    #expect(team("export", "Old").stdout.hasPrefix("=== [gen9ou] Old ==="))
    #expect(team("edit", "Old", "gengar", "--tera", "Ghost", "--quiet").code == .success)
    // Back to generation 4, Gengar's Tera Type is refused and nothing is written.
    let before = sandbox.contents(sandbox.config + "/teams.jsonl")
    let back = team("edit", "Old", "--battle-format", "gen4ou")
    #expect(back.code == .data)
    #expect(back.stderr.contains("Tera Types exist only in generation 9"), "\(back.stderr)")
    #expect(sandbox.contents(sandbox.config + "/teams.jsonl") == before)
    #expect(team("edit", "Old").code == .usage)
    #expect(team("edit", "Old", "--level", "50").code == .usage)
  }

  @Test func aTierBanWarnsOnImportAndFailsValidation() throws {
    let file = try sandbox.write(
      "=== [gen9ou] Legends ===\n\nKoraidon\n- Flare Blitz\n",
      to: "legends.txt"
    )
    let imported = team("import", file, "--quiet")
    #expect(imported.code == .success)
    #expect(imported.stderr.contains("legends.txt:3: Koraidon is Uber in generation 9, above OU"))
    let validated = team("validate", "Legends")
    #expect(validated.code == .failure)
    #expect(validated.stdout.contains("  error: #1 Koraidon: Koraidon is Uber in generation 9"))
    #expect(team("validate", "Legends", "--battle-format", "gen9ubers").code == .success)
  }

  @Test func aBattleFormatIsShowdownsId() {
    #expect(team("new", "One", "--battle-format", "gen8-1v1", "--quiet").code == .success)
    #expect(team("export", "One").stdout.hasPrefix("=== [gen81v1] One ==="))
    let result = team("new", "X", "--battle-format", "!!")
    #expect(result.code == .usage)
    #expect(result.stderr.contains("'!!' is not a battle format"), "\(result.stderr)")
  }
}
