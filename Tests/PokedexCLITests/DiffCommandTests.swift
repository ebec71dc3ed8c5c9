import Foundation
import PokedexCLI
import PokedexKit
import PokedexPipeline
import PokedexTestSupport
import Testing

/// Small data files made from the bundled data: a few Pokémon of generations
/// 1 and 2, and a changed copy.
enum DiffFixture {
  /// The bundled data cut down to 16 Pokémon (generations 1 and 2, one form).
  static let base: Pokedex? = {
    let path = packageRoot().appendingPathComponent("Data/pokemons.json").path
    guard var dex = try? PokedexLoader.load(path: path) else { return nil }
    let kept: Set<Int> = [1, 2, 3, 4, 5, 6, 7, 8, 9, 25, 26, 150, 151, 152, 153, 10034]
    dex.pokemon = dex.pokemon.filter { kept.contains($0.id) }
    dex.source.commit = "fixture"
    return dex
  }()

  /// `base` with one Pokémon removed (151), one added in a new generation,
  /// one moved to generation 2 (25), two changed (1, 6) and a new source commit.
  static func changed(_ base: Pokedex) -> Pokedex {
    var dex = base
    dex.source.commit = "0123456"
    dex.pokemon.removeAll { $0.id == 151 }
    for index in dex.pokemon.indices {
      switch dex.pokemon[index].id {
      case 1:
        dex.pokemon[index].stats.hp = 50
        dex.pokemon[index].names["fr"] = "Bulbi"
        dex.pokemon[index].habitat = nil
      case 6: dex.pokemon[index].types = ["fire"]
      case 25: dex.pokemon[index].generation = 2
      default: break
      }
    }
    if var newcomer = dex.pokemon.first(where: { $0.id == 152 }) {
      newcomer.id = 10999
      newcomer.slug = "chikorita-test"
      newcomer.generation = 9
      dex.pokemon.append(newcomer)
    }
    return dex
  }

  /// Writes `old` and `new` to `old.json` and `new.json` in a fresh directory.
  static func write(_ old: Pokedex, _ new: Pokedex) throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory(prefix: "pokedex-diff")
    try PokedexEncoder().write(old, to: URL(fileURLWithPath: directory.path("old.json")))
    try PokedexEncoder().write(new, to: URL(fileURLWithPath: directory.path("new.json")))
    return directory
  }
}

@Suite struct DiffCommandTests {
  @Test func identicalFilesExitZero() throws {
    let base = try #require(DiffFixture.base)
    let directory = try DiffFixture.write(base, base)
    defer { directory.remove() }
    let result = pokedex("diff", directory.path("old.json"), directory.path("new.json"))
    #expect(result.code == .success)
    #expect(result.stdout == "identical: 16 Pokémon, same tables\n")
    #expect(result.stderr.isEmpty)
    let json = pokedex(
      "diff",
      "old.json",
      "new.json",
      "--format",
      "json",
      currentDirectory: directory.url.path
    )
    #expect(json.code == .success)
    #expect(json.stdout.contains("\"identical\": true,"))
  }

  /// `diff` reads the two files it is given: the global `--data` neither shows in its
  /// help nor is accepted.
  @Test func theDataOptionDoesNotApply() throws {
    let base = try #require(DiffFixture.base)
    let directory = try DiffFixture.write(base, base)
    defer { directory.remove() }
    let result = pokedex(
      "diff",
      directory.path("old.json"),
      directory.path("new.json"),
      "--data",
      directory.path("old.json")
    )
    #expect(result.code == .usage)
    #expect(result.stderr.contains("unknown option '--data'"))
    #expect(!pokedex("diff", "--help").stdout.contains("--data"))
    #expect(pokedex("list", "--help").stdout.contains("--data"))
  }

  @Test func changesAreSummarisedAndExitOne() throws {
    let base = try #require(DiffFixture.base)
    let directory = try DiffFixture.write(base, DiffFixture.changed(base))
    defer { directory.remove() }
    let result = pokedex("diff", directory.path("old.json"), directory.path("new.json"))
    #expect(result.code == .failure)
    #expect(result.stderr.isEmpty)
    assertGolden(result.stdout, named: "diff-changes.txt")
  }

  @Test func jsonIsCompleteAndParses() throws {
    let base = try #require(DiffFixture.base)
    let directory = try DiffFixture.write(base, DiffFixture.changed(base))
    defer { directory.remove() }
    let result = pokedex(
      "diff",
      directory.path("old.json"),
      directory.path("new.json"),
      "-f",
      "json"
    )
    #expect(result.code == .failure)
    assertGolden(result.stdout, named: "diff-changes.json")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    )
    let counts = try #require(object["counts"] as? [String: Int])
    #expect(counts == ["added": 1, "removed": 1, "moved": 1, "changed": 3, "tables": 1])
    let changed = try #require(object["changed"] as? [[String: Any]])
    let fields = try #require(changed.first?["fields"] as? [[String: Any]])
    #expect(fields.map { $0["path"] as? String } == ["names.fr", "stats.hp", "habitat"])
    #expect(fields[2]["new"] is NSNull)
  }

  @Test func limitTruncatesLongLists() throws {
    let base = try #require(DiffFixture.base)
    var new = DiffFixture.changed(base)
    for index in new.pokemon.indices { new.pokemon[index].captureRate += 1 }
    let directory = try DiffFixture.write(base, new)
    defer { directory.remove() }
    let result = pokedex(
      "diff",
      directory.path("old.json"),
      directory.path("new.json"),
      "--limit",
      "2"
    )
    #expect(result.code == .failure)
    assertGolden(result.stdout, named: "diff-limit.txt")
    let all = pokedex(
      "diff",
      directory.path("old.json"),
      directory.path("new.json"),
      "--limit",
      "0"
    )
    #expect(!all.stdout.contains("more"))
    #expect(all.stdout.components(separatedBy: "captureRate").count - 1 == 15)
  }

  struct FailureCase: Sendable, CustomTestStringConvertible {
    var name: String
    var arguments: [String]
    var code: ExitCode
    var message: String
    var testDescription: String { name }
  }

  static let failures: [FailureCase] = [
    FailureCase(
      name: "no files",
      arguments: ["diff"],
      code: .usage,
      message: "error: missing OLD and NEW files to compare"
    ),
    FailureCase(
      name: "one file",
      arguments: ["diff", "old.json"],
      code: .usage,
      message: "error: missing NEW file to compare"
    ),
    FailureCase(
      name: "three files",
      arguments: ["diff", "old.json", "new.json", "x.json"],
      code: .usage,
      message: "error: unexpected argument 'x.json'; diff compares exactly two files"
    ),
    FailureCase(
      name: "bad format",
      arguments: ["diff", "old.json", "new.json", "--format", "yaml"],
      code: .usage,
      message: "error: invalid value 'yaml' for --format: expected one of text, json"
    ),
    FailureCase(
      name: "bad limit",
      arguments: ["diff", "old.json", "new.json", "--limit", "-1"],
      code: .usage,
      message: "error: invalid value '-1' for --limit: expected a whole number from 0 to 2147483647"
    ),
    FailureCase(
      name: "missing file",
      arguments: ["diff", "old.json", "missing.json"],
      code: .noInput,
      message: "error: no such file '{dir}/missing.json'"
    ),
    FailureCase(
      name: "malformed file",
      arguments: ["diff", "broken.json", "new.json"],
      code: .data,
      message: "error: {dir}/broken.json:"
    ),
    FailureCase(
      name: "duplicate id",
      arguments: ["diff", "old.json", "twice.json"],
      code: .data,
      message: "error: the new file has two Pokémon with id 1 (the second at pokemon[16])"
    ),
  ]

  @Test(arguments: failures)
  func failuresMapToExitCodes(_ failure: FailureCase) throws {
    let base = try #require(DiffFixture.base)
    let directory = try DiffFixture.write(base, base)
    defer { directory.remove() }
    try Data("{\"schemaVersion\": 1, \"source\": ".utf8).write(
      to: URL(fileURLWithPath: directory.path("broken.json"))
    )
    var twice = base
    twice.pokemon.append(base.pokemon[0])
    try PokedexEncoder().write(twice, to: URL(fileURLWithPath: directory.path("twice.json")))
    let result = pokedex(failure.arguments, currentDirectory: directory.url.path)
    #expect(result.code == failure.code)
    #expect(result.stdout.isEmpty)
    let expected = failure.message.replacingOccurrences(of: "{dir}", with: directory.url.path)
    #expect(result.stderr.hasPrefix(expected), "\(result.stderr)")
    #expect(result.stderr.contains("Usage: pokedex diff") == (failure.code == .usage))
  }

  @Test func builtBinaryReportsChangesEndToEnd() throws {
    let executable = try #require(builtProductPath("pokedex"), "build the pokedex product first")
    let base = try #require(DiffFixture.base)
    let directory = try DiffFixture.write(base, DiffFixture.changed(base))
    defer { directory.remove() }
    let result = try runProcess(
      executable,
      ["diff", "old.json", "new.json"],
      currentDirectory: directory.url.path
    )
    #expect(result.status == 1)
    #expect(result.stderr.isEmpty)
    assertGolden(result.stdout, named: "diff-changes.txt")
    let same = try runProcess(
      executable,
      ["diff", "old.json", "old.json"],
      currentDirectory: directory.url.path
    )
    #expect(same.status == 0)
    #expect(same.stdout == "identical: 16 Pokémon, same tables\n")
  }
}
