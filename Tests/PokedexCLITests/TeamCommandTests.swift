import Foundation
import PokedexCLI
import PokedexKit
import PokedexTeams
import PokedexTestSupport
import Synchronization
import Testing

/// `pokedex team`, in-process against a teams file of its own (and, for concurrency, as real
/// processes).
extension PrefsSandbox {
  /// Runs `pokedex ARGUMENTS` in-process against this sandbox.
  func run(_ arguments: [String]) -> CLIResult {
    pokedex(arguments, environment: environment, currentDirectory: directory.url.path)
  }
}

@Suite struct TeamCommandTests {
  let sandbox: PrefsSandbox
  init() throws { sandbox = try PrefsSandbox() }

  var teams: String { sandbox.config + "/teams.jsonl" }

  /// Runs `pokedex team ARGUMENTS` and requires exit 0.
  @discardableResult
  func team(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) -> CLIResult
  {
    let result = sandbox.run(["team"] + arguments)
    #expect(
      result.code == .success,
      "team \(arguments): \(result.stderr)",
      sourceLocation: sourceLocation
    )
    return result
  }

  func fail(_ arguments: String...) -> CLIResult { sandbox.run(["team"] + arguments) }

  /// A team "Sand" of Garchomp, Tyranitar, Excadrill and an empty box "Box 1".
  func makeSand() {
    team("new", "Sand", "--folder", "Ladder")
    team(
      "add",
      "Sand",
      "garchomp",
      "--level",
      "50",
      "--nature",
      "Jolly",
      "--evs",
      "252 Atk / 4 Def / 252 Spe"
    )
    team("add", "Sand", "Tyranitar", "--ability", "Sand Stream", "--item", "Smooth Rock")
    team("add", "Sand", "excadrill", "--nickname", "Drill")
    team("new", "Box 1", "--box")
  }

  func exported(_ name: String = "--all") -> String { team("export", name).stdout }

  @Test func addStoresShowdownNamesAndPrintsTheInsertion() {
    team("new", "Sand")
    let result = team("add", "Sand", "ninetales-alola", "--tera", "Fairy")
    #expect(result.stdout == "inserted  Sand #1  Ninetales-Alola\n")
    #expect(exported("Sand").contains("Ninetales-Alola  \nTera Type: Fairy"))
  }

  @Test func listShowsKindsFoldersAndCounts() {
    makeSand()
    let list = team("list").stdout
    #expect(list.contains("Sand   team  Ladder      3/6"))
    #expect(list.contains("Box 1  box                 0"))
    let json = team("list", "--format", "json").stdout
    let entries = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
    #expect(entries?.map { $0["name"] as? String } == ["Sand", "Box 1"])
    #expect(entries?.first?["members"] as? Int == 3)
  }

  @Test func unknownNamesAreErrorsWithSuggestionsAndWriteNothing() throws {
    team("new", "Sand")
    let before = sandbox.contents(teams)
    let species = fail("add", "Sand", "garchomq")
    #expect(species.code == .data)
    #expect(species.stderr.contains(#"unknown species "garchomq"; did you mean "Garchomp"?"#))
    let ability = fail("add", "Sand", "garchomp", "--ability", "Levitate")
    #expect(ability.code == .data)
    #expect(ability.stderr.contains("Levitate"))
    let evs = fail("add", "Sand", "garchomp", "--evs", "252 Atk / 252 Def / 252 Spe")
    #expect(evs.code == .data)
    #expect(evs.stderr.contains("510"))
    #expect(fail("add", "Sand", "garchomp", "--evs", "lots").code == .usage)
    #expect(fail("add", "Sand", "garchomp", "--level", "101").code == .usage)
    #expect(fail("add", "Sadn", "garchomp").stderr.contains("did you mean 'Sand'?"))
    #expect(fail("add", "Rain", "garchomp").code == .failure)
    #expect(sandbox.contents(teams) == before)
    let lenient = team("add", "Sand", "garchomq", "--lenient")
    #expect(lenient.stderr.contains("warning: unknown species"))
  }

  @Test func movesWithinAndAcrossTeamsAndUndoRestoresTheExactState() throws {
    makeSand()
    let start = try #require(sandbox.contents(teams))
    let startExport = exported()
    #expect(
      team("move", "Sand", "Drill", "--to", "1").stdout == "moved     Sand #3 -> Sand #1  Drill\n"
    )
    #expect(exported("Sand").hasPrefix("=== Ladder/Sand ===\n\nDrill (Excadrill)"))
    #expect(team("move", "Sand", "1", "--to", "1").stdout == "no change\n")
    #expect(
      team("move", "Sand", "tyranitar", "--to", "Box 1").stdout
        == "moved     Sand #3 -> Box 1 #1  Tyranitar\n"
    )
    #expect(team("undo").stdout.hasPrefix("undid 'move tyranitar in Sand to Box 1'\n"))
    #expect(team("undo").stdout.hasPrefix("undid 'move Drill in Sand to 1'\n"))
    #expect(exported() == startExport)
    let undone = try #require(sandbox.contents(teams))
    // The sections and members are exactly as before (the history and the files of the
    // sections' versions before differ).
    #expect(try sectionEntries(undone) == sectionEntries(start))
    #expect(team("redo").stdout.contains("moved     Sand #3 -> Sand #1  Drill"))
    #expect(fail("redo").stdout.contains("Tyranitar"))
    #expect(fail("redo").code == .failure)
  }

  /// The header's section entries (each section, its count and the checksum of its
  /// members), without the file of each one's version before.
  private func sectionEntries(_ manifest: Data) throws -> NSArray {
    let header = try #require(manifest.split(separator: 0x0A).first)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(header)) as? [String: Any]
    )
    let sections = try #require(object["sections"] as? [[String: Any]])
    return sections.map { $0.filter { $0.key != "previous" } } as NSArray
  }

  @Test func aFullTeamRefusesAMoveAndNothingChanges() throws {
    team("new", "Six")
    for species in ["pikachu", "eevee", "snorlax", "lapras", "gengar", "dragonite"] {
      team("add", "Six", species)
    }
    team("new", "Box", "--box")
    team("add", "Box", "mew")
    let before = sandbox.contents(teams)
    let full = fail("move", "Box", "mew", "--to", "Six:2")
    #expect(full.code == .data)
    #expect(full.stderr.contains("'Six' is full (6 of 6)"))
    #expect(fail("add", "Six", "mewtwo").code == .data)
    #expect(sandbox.contents(teams) == before)
    #expect(
      team("move", "Six", "gengar", "--to", "Box:1").stdout
        == "moved     Six #5 -> Box #1  Gengar\n"
    )
    #expect(fail("move", "Box", "1", "--to", "9").code == .usage)
  }

  @Test func sortOrdersByActualStatsAndIsStable() {
    team("new", "T")
    team("add", "T", "snorlax")
    team("add", "T", "jolteon")
    team("add", "T", "garchomp", "--level", "50")
    team("sort", "T", "--by", "spe", "--reverse")
    #expect(
      team("export", "T").stdout.components(separatedBy: "\n").filter {
        $0.hasSuffix("  ") && !$0.contains(":") && !$0.hasPrefix("-")
      }
      .map { $0.trimmingCharacters(in: .whitespaces) } == ["Jolteon", "Garchomp", "Snorlax"]
    )
    #expect(team("sort", "T", "--by", "num").stdout.contains("moved"))
    #expect(fail("sort", "T").code == .usage)
  }

  @Test func renameCopyDeleteAndQuiet() {
    makeSand()
    #expect(
      team("rename", "Sand", "Sandstorm").stdout
        == "updated   team 'Sandstorm': renamed 'Sand' to 'Sandstorm'\n"
    )
    #expect(fail("rename", "Sandstorm", "box 1").code == .data)
    #expect(team("copy", "Sandstorm", "Sand 2", "--quiet").stdout.isEmpty)
    #expect(team("list").stdout.contains("Sand 2"))
    let refused = fail("delete", "Sand 2")
    #expect(refused.code == .usage)
    #expect(refused.stderr.contains("--yes"))
    #expect(team("delete", "Sand 2", "--yes").stdout == "deleted   team 'Sand 2' (3 members)\n")
    #expect(team("undo").stdout.contains("inserted  team 'Sand 2' (3 members)"))
    #expect(fail("new", "a/b").code == .usage)
    #expect(fail("new", "").code == .usage)
    #expect(fail("frobnicate").stderr.contains("unknown subcommand"))
    #expect(fail("list", "--yes").code == .usage)
  }

  @Test func importAndExportRoundTripEveryField() throws {
    let paste = """
      === [gen9ou] Ladder/Sand ===

      Chompy (Garchomp) (F) @ Choice Scarf
      Ability: Rough Skin
      Level: 50
      Shiny: Yes
      Tera Type: Fire
      EVs: 4 HP / 252 Atk / 252 Spe
      Jolly Nature
      IVs: 0 SpA
      - Earthquake
      - Outrage

      Tyranitar @ Smooth Rock
      Ability: Sand Stream
      - Stone Edge

      === Box of Odds ===

      Ninetales-Alola
      Ability: Snow Warning
      - Blizzard
      """
    let file = try sandbox.write(paste, to: "sand.txt")
    let imported = team("import", file)
    #expect(imported.stdout.contains("inserted  team 'Sand' (2 members)"))
    #expect(imported.stdout.contains("inserted  team 'Box of Odds' (1 member)"))
    let out = team("export", "--all").stdout
    #expect(try ShowdownPaste.parse(out).teams == ShowdownPaste.parse(paste).teams)
    let json = team("export", "Sand", "--format", "json").stdout
    #expect(json.contains(#""species" : "Garchomp""#))
    // Importing again fails on the names, and writes nothing.
    let before = sandbox.contents(teams)
    let again = fail("import", file)
    #expect(again.code == .data)
    #expect(again.stderr.contains("already exists"))
    #expect(sandbox.contents(teams) == before)
  }

  @Test func importErrorsNameTheLineAndWriteNothing() throws {
    let file = try sandbox.write(
      "Garchomq @ Leftovers\nAbility: Rough Skin\nEVs: 300 Atk\n- Earthquake\n",
      to: "bad.txt"
    )
    let result = fail("import", file)
    #expect(result.code == .data)
    #expect(
      result.stderr.contains(#"bad.txt:1: unknown species "Garchomq"; did you mean "Garchomp"?"#)
    )
    #expect(result.stderr.contains("bad.txt:3:"))
    #expect(sandbox.contents(teams) == nil)
    let missing = sandbox.directory.path("missing.txt")
    let noFile = fail("import", missing)
    #expect(noFile.code == .noInput)
    #expect(
      noFile.stderr == "error: cannot read '\(missing)': No such file or directory (errno 2)\n"
    )
    // A file named on the command line past its limit is an input the tool cannot read (66),
    // as for `prefs import` and `layout --spec`; an endless device is refused at 4 MiB.
    let endless = fail("import", "/dev/zero")
    #expect(endless.code == .noInput)
    #expect(
      endless.stderr == "error: cannot read '/dev/zero': the file is larger than \(4 << 20) bytes\n"
    )
    let empty = try sandbox.write("\n\n", to: "empty.txt")
    #expect(fail("import", empty).code == .data)
  }

  /// Moves are checked against the learnsets of the member's evolution line (Raichu learns
  /// Volt Tackle as a Pichu), read for those species only.
  @Test func movesAreCheckedAgainstTheEvolutionLinesLearnsets() throws {
    let legal = try sandbox.write("Raichu\n- Volt Tackle\n- Thunderbolt\n", to: "legal.txt")
    team("import", legal, "--quiet")
    let file = try sandbox.write("Raichu\n- Volt Tackle\n\nPikachu\n- Spore\n", to: "bad.txt")
    let result = fail("import", file)
    #expect(result.code == .data)
    #expect(result.stderr.contains("bad.txt:5: Pikachu cannot learn Spore"), "\(result.stderr)")
    #expect(!result.stderr.contains("Volt Tackle"))
    team("new", "Spark")
    team("add", "Spark", "raichu", "--moves", "Volt Tackle", "--quiet")
    let added = fail("add", "Spark", "pikachu", "--moves", "Thunderbolt,Spore")
    #expect(added.code == .data)
    #expect(added.stderr.contains("Pikachu cannot learn Spore"), "\(added.stderr)")
  }

  /// Moves are checked for forms that inherit their base form's learnset, and by `team
  /// edit` both for new moves and for the moves a member has when its species changes.
  @Test func movesAreCheckedForFormsAndEditsAsWithEveryLearnset() throws {
    let forms = try sandbox.write(
      "Deoxys-Attack\n- Psycho Boost\n\nCharizard-Mega-X @ Charizardite X\n- Dragon Claw\n- Flare Blitz\n",
      to: "forms.txt"
    )
    team("import", forms, "--quiet")
    let bad = try sandbox.write("Deoxys-Speed\n- Psycho Boost\n- Spore\n", to: "bad.txt")
    #expect(fail("import", bad).stderr.contains("bad.txt:3: Deoxys-Speed cannot learn Spore"))
    team("new", "Spark")
    team("add", "Spark", "raichu", "--moves", "Volt Tackle", "--quiet")
    // New moves are checked, against the member's species...
    let moves = fail("edit", "Spark", "1", "--moves", "Volt Tackle,Spore")
    #expect(moves.stderr.contains("Raichu cannot learn Spore"), "\(moves.stderr)")
    // ...and the moves it has against a new species.
    team("edit", "Spark", "1", "--species", "Pikachu", "--quiet")
    let species = fail("edit", "Spark", "1", "--species", "Bulbasaur")
    #expect(species.stderr.contains("Bulbasaur cannot learn Volt Tackle"), "\(species.stderr)")
    #expect(team("export", "Spark").stdout.contains("\nPikachu  \n- Volt Tackle  \n"))
  }

  @Test func showLaysOutMembersWithTheirActualStats() {
    makeSand()
    let shown = sandbox.run("team", "show", "Sand", "--width", "80")
    #expect(shown.code == .success)
    // Level 50 Jolly Garchomp with 252 Spe: 169 Speed.
    #expect(shown.stdout.contains("Garchomp · Lv 50"))
    #expect(shown.stdout.contains("Spe 169"))
    #expect(shown.stdout.contains("Drill (Excadrill) · Lv 100"))
    let json = sandbox.run("team", "show", "Sand", "--format", "json", "--style", "grid")
    #expect(json.code == .success)
    #expect((try? JSONSerialization.jsonObject(with: Data(json.stdout.utf8))) != nil)
    #expect(sandbox.run("team", "show", "Sand", "--format", "svg").stdout.contains("<svg"))
    #expect(fail("show", "Sand", "--format", "text").code == .usage)
  }

  @Test func analyzeGivesTablesAndJSON() throws {
    team("new", "Weak")
    for species in ["charizard", "ninetales", "arcanine"] { team("add", "Weak", species) }
    let text = team("analyze", "Weak").stdout
    #expect(text.contains("3 members are weak to Water"))
    #expect(text.contains("Defense"))
    // The grid: a row per attacking type, a column per member (Charizard, Ninetales, Arcanine).
    let lines = text.split(separator: "\n")
    let grid = try #require(lines.firstIndex { $0.hasPrefix("Matchups") })
    #expect(lines[grid + 1] == "Attack    #1  #2  #3")
    #expect(lines.contains("Rock       4   2   2"))
    #expect(lines.contains("Ground     0   2   2"))
    let json = team("analyze", "Weak", "--format", "json").stdout
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    )
    #expect((object["defense"] as? [Any])?.count == 18)
  }

  @Test func aDamagedFileIsReadFromItsBackupAndQuarantinedByTheNextChange() throws {
    makeSand()
    team("add", "Box 1", "mew")
    var bytes = try #require(sandbox.contents(teams))
    bytes[bytes.count - 3] ^= 0x20
    try bytes.write(to: URL(fileURLWithPath: teams))
    let list = team("list")
    #expect(list.stderr.contains("is damaged"))
    #expect(list.stderr.contains("backup"))
    let next = team("new", "After")
    #expect(next.stderr.contains("moved it to"))
    #expect(sandbox.files().contains { $0.hasPrefix("teams.jsonl.corrupt-") })
    #expect(team("list").stderr.isEmpty)
  }

  /// A damaged team file (one team's members) is an error where the team is read (the
  /// rest works), and the next change to the team recovers its previous version.
  @Test func aDamagedTeamIsAnErrorUntilTheNextChangeToItRecoversIt() throws {
    makeSand()
    let directory = teams + ".d"
    let before = Set(try FileManager.default.contentsOfDirectory(atPath: directory))
    team("add", "Sand", "pikachu")
    let added = Set(try FileManager.default.contentsOfDirectory(atPath: directory))
      .subtracting(before)
    let file = try #require(added.first { $0.hasPrefix("s") })
    try Data("[]".utf8).write(to: URL(fileURLWithPath: directory + "/" + file))

    let show = fail("show", "Sand")
    #expect(show.code == .data)
    #expect(show.stderr.contains("the items of 'Sand'"))
    #expect(show.stderr.contains("the next change to 'Sand' moves the file aside"))
    #expect(team("show", "Box 1").stderr.isEmpty)
    #expect(team("list").stderr.isEmpty)

    let next = team("add", "Sand", "mew")
    #expect(next.stderr.contains("warning: the items of 'Sand' were damaged"))
    #expect(next.stderr.contains("recovered its previous version"))
    let members = team("export", "Sand").stdout
    #expect(members.contains("Garchomp") && members.contains("Mew") && !members.contains("Pikachu"))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory).contains {
        $0.hasPrefix(file + ".corrupt-")
      }
    )
  }

  @Test func theFileFollowsThePreferencesLocationRules() {
    #expect(team("path").stdout == teams + "\n")
    let explicit = sandbox.run("team", "path", environment: ["POKEDEX_TEAMS_FILE": "/x/t.jsonl"])
    #expect(explicit.stdout == "/x/t.jsonl\n")
    let relative = sandbox.run("team", "path", environment: ["POKEDEX_TEAMS_FILE": "t.jsonl"])
    #expect(relative.code == .usage)
    let unwritable = sandbox.run(
      "team",
      "new",
      "X",
      environment: ["POKEDEX_TEAMS_FILE": "/proc/x/teams.jsonl"]
    )
    #expect([.cannotCreate, .ioError].contains(unwritable.code))
  }

  @Test func twoProcessesAddingAtOnceLoseNothing() throws {
    let binary = try #require(builtProductPath("pokedex"), "build the pokedex product first")
    let environment = sandbox.environment.merging(["POKEDEX_TEAMS_DURABILITY": "relaxed"]) { $1 }
    _ = try runProcess(binary, ["team", "new", "Box", "--box"], environment: environment)
    // Two shells at once, each adding ten members one process after the other. (Not one
    // shell with `&` and `wait`: the test runner's blocked SIGCHLD would leave it waiting.)
    let script = (1...10).map { _ in "'\(binary)' team add Box pikachu --quiet || exit 1" }
      .joined(separator: "; ")
    let statuses = Mutex<[Int32]>([])
    DispatchQueue.concurrentPerform(iterations: 2) { _ in
      let status =
        (try? runProcess("/bin/sh", ["-c", script], environment: environment))?.status ?? -1
      statuses.withLock { $0.append(status) }
    }
    #expect(statuses.withLock { $0 } == [0, 0])
    let list = try runProcess(
      binary,
      ["team", "list", "--format", "json"],
      environment: environment
    )
    #expect(list.stdout.contains(#""members" : 20"#))
  }
}
