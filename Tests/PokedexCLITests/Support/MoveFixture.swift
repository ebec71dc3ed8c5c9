import Foundation
import PokedexTestSupport

/// A data directory for the tests of the move commands: the bundled `pokemons.json` (linked)
/// with small `moves.json`, `learnsets.json`, `abilities.json` and `natures.json` beside it
/// (``MoveFixtureFiles``), made once per test process, as ``FilterFixture`` is.
enum MoveFixture {
  /// The directory, with `pokemons.json` and the four fixture files.
  static let directory: String = make(replacing: [:])

  /// `--data` pointing at the fixture's `pokemons.json`.
  static var data: [String] { ["--data", directory + "/pokemons.json"] }

  /// A fresh directory like ``directory`` in which each file of `replacing` has the given
  /// contents, and each file mapped to `nil` is missing.
  static func make(replacing: [String: String?]) -> String {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("pokedex-moves-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    try? FileManager.default.createSymbolicLink(
      atPath: url.appendingPathComponent("pokemons.json").path,
      withDestinationPath: packageRoot().appendingPathComponent("Data/pokemons.json").path
    )
    for (name, contents) in MoveFixtureFiles.files {
      let text = replacing[name] ?? contents
      guard let text else { continue }
      try? Data(text.utf8).write(to: url.appendingPathComponent(name))
    }
    return url.path
  }
}

/// Runs `pokedex ARGUMENTS --data FIXTURE` in-process (see ``pokedex(_:environment:terminal:width:currentDirectory:)``).
func pokedexWithMoves(
  _ arguments: String...,
  environment: [String: String] = [:],
  terminal: Bool = false,
  width: Int? = nil
) -> CLIResult {
  pokedex(arguments + MoveFixture.data, environment: environment, terminal: terminal, width: width)
}
