import Foundation
import PokedexCLI
import PokedexKit
import PokedexPipeline
import PokedexTestSupport

/// A preferences directory of its own for one test, and `pokedex` runs pointed at it.
struct PrefsSandbox {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory(prefix: "pokedex-prefs") }

  /// The configuration directory (`POKEDEX_CONFIG_HOME`), created by the first commit.
  var config: String { directory.path("config") }
  /// The preferences file.
  var file: String { config + "/prefs.plist" }
  /// `POKEDEX_CONFIG_HOME`, and `POKEDEX_DATA` once ``installSmallDex()`` ran.
  var environment: [String: String] {
    let data = directory.path("dex.json")
    return FileManager.default.fileExists(atPath: data)
      ? ["POKEDEX_CONFIG_HOME": config, "POKEDEX_DATA": data] : ["POKEDEX_CONFIG_HOME": config]
  }

  /// The first 151 Pokémon of the bundled dex, encoded once per test run: `filter save`
  /// loads the data to check its query, and a small file keeps those tests fast.
  static let smallDex: Result<[UInt8], any Error> = Result {
    var dex = try PokedexLoader.load()
    dex.pokemon = dex.pokemon.filter { $0.nationalNumber <= 151 }
    return try PokedexEncoder().encode(dex)
  }

  /// Writes ``smallDex`` into the sandbox; from then on ``environment`` selects it
  /// with `POKEDEX_DATA`.
  func installSmallDex() throws {
    try Data(Self.smallDex.get()).write(to: URL(fileURLWithPath: directory.path("dex.json")))
  }

  /// Runs `pokedex ARGUMENTS` in-process against this sandbox's preferences.
  func run(
    _ arguments: String...,
    environment extra: [String: String] = [:],
    terminal: Bool = false
  ) -> CLIResult {
    pokedex(
      arguments,
      environment: environment.merging(extra) { $1 },
      terminal: terminal,
      currentDirectory: directory.url.path
    )
  }

  /// The file's bytes, or `nil` when it does not exist.
  func contents(_ path: String? = nil) -> Data? {
    FileManager.default.contents(atPath: path ?? file)
  }

  /// Writes `text` to `name` inside the sandbox and returns the path.
  @discardableResult
  func write(_ text: String, to name: String) throws -> String {
    let path = name.hasPrefix("/") ? name : directory.path(name)
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent,
      withIntermediateDirectories: true
    )
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// The names of the files in the configuration directory, sorted.
  func files() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: config)) ?? []).sorted()
  }

  /// `text` with the sandbox's path replaced by `$TMP` and quarantine timestamps by `<UTC>`,
  /// so golden files do not depend on the run.
  func normalized(_ text: String) -> String {
    text.replacingOccurrences(of: directory.url.path, with: "$TMP")
      .replacingOccurrences(
        of: #"\.corrupt-[0-9]{8}T[0-9]{6}Z(-[0-9]+)?"#,
        with: ".corrupt-<UTC>",
        options: .regularExpression
      )
  }

  func remove() { directory.remove() }
}
