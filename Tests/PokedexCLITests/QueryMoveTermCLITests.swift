import Foundation
import PokedexKit
import Testing

/// `pokedex list move:...` end to end: the move files are read beside `--data` only for a
/// query with a `move:` term, and a broken one is a data error, not a query error.
@Suite struct QueryMoveTermCLITests {
  /// A directory with the bundled `pokemons.json` and the given move files.
  static func dataDirectory(learnsets: String, moves: String) throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("pokedex-move-terms-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: URL(fileURLWithPath: try PokedexLoader.bundledDataPath()),
      to: directory.appendingPathComponent("pokemons.json")
    )
    try learnsets.write(
      to: directory.appendingPathComponent("learnsets.json"),
      atomically: true,
      encoding: .utf8
    )
    try moves.write(
      to: directory.appendingPathComponent("moves.json"),
      atomically: true,
      encoding: .utf8
    )
    return directory
  }

  static let moves = """
    {"schemaVersion": 1, "source": {"name": "t", "commit": "", "license": ""},
     "versionGroups": [], "moves": [
      {"id": 344, "identifier": "volt-tackle", "names": {"en": "Volt Tackle"}, "generation": 3,
       "type": "electric", "damageClass": "physical", "power": 120, "accuracy": 100, "pp": 15,
       "priority": 0, "target": "selected-pokemon", "flags": ["contact"], "machines": []}
     ]}
    """

  static let learnsets = """
    {"schemaVersion": 1, "source": {"name": "t", "commit": "", "license": ""},
     "learnsets": [{"pokemon": "pichu", "moves": {"volt-tackle": "9E"}},
                   {"pokemon": "pikachu", "prevolution": "pichu", "moves": {"volt-tackle": "8S"}},
                   {"pokemon": "raichu", "prevolution": "pikachu", "moves": {}}]}
    """

  @Test func moveTermsReadTheFilesBesideData() throws {
    let directory = try Self.dataDirectory(learnsets: Self.learnsets, moves: Self.moves)
    defer { try? FileManager.default.removeItem(at: directory) }
    let data = directory.appendingPathComponent("pokemons.json").path
    let result = pokedex(
      "list",
      "move:Volt Tackle",
      "--data",
      data,
      "--format",
      "csv",
      "--fields",
      "name"
    )
    #expect(result.code == .success, "\(result.stderr)")
    #expect(result.stdout == "name\nPikachu\nRaichu\nPichu\n")
    let unknown = pokedex("list", "move:volt-tackel", "--data", data)
    #expect(unknown.code == .usage)
    #expect(unknown.stderr.contains("help: did you mean 'volt-tackle'?"))
  }

  /// A broken learnsets file fails only the queries that need it, with the load error's
  /// status (65) and message.
  @Test func brokenMoveDataIsADataErrorOnlyForMoveTerms() throws {
    let directory = try Self.dataDirectory(learnsets: "{\"schemaVersion\": 1,", moves: Self.moves)
    defer { try? FileManager.default.removeItem(at: directory) }
    let data = directory.appendingPathComponent("pokemons.json").path
    let fire = pokedex("list", "type:fire", "--data", data, "--format", "csv", "--limit", "1")
    #expect(fire.code == .success, "\(fire.stderr)")
    let move = pokedex("list", "move:volt-tackle", "--data", data)
    #expect(move.code == .data)
    #expect(move.stderr.contains("learnsets.json"), "\(move.stderr)")
    #expect(!move.stderr.contains("error: cannot load the move data"))
    #expect(move.stdout.isEmpty)
  }
}
