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
      === [ou] Box/Trick Room ===

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
    #expect(exported.stdout == "=== [gen6ou] Box/Trick Room ===\n\n" + sets + "\n")
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
