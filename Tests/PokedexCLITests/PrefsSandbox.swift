import Foundation
import PokedexTestSupport

@testable import PokedexCLI

/// A preferences directory of its own for one test, and `pokedex` runs pointed at it.
struct PrefsSandbox {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory(prefix: "pokedex-prefs") }

  /// The configuration directory (`POKEDEX_CONFIG_HOME`), created by the first commit.
  var config: String { directory.path("config") }
  /// The preferences file.
  var file: String { config + "/prefs.plist" }
  var environment: [String: String] { ["POKEDEX_CONFIG_HOME": config] }

  /// Runs `pokedex ARGUMENTS` in-process against this sandbox's preferences.
  func run(
    _ arguments: String..., environment extra: [String: String] = [:], terminal: Bool = false
  ) -> CLIResult {
    pokedex(
      arguments, environment: environment.merging(extra) { $1 }, terminal: terminal,
      currentDirectory: directory.url.path)
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
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
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
        of: #"\.corrupt-[0-9]{8}T[0-9]{6}Z(-[0-9]+)?"#, with: ".corrupt-<UTC>", options: .regularExpression)
  }

  func remove() { directory.remove() }
}
