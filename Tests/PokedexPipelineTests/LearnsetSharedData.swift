import Foundation
import PokedexKit
import PokedexTestSupport

@testable import PokedexPipeline

/// The real sources beside the package (`../shared`, present on developers' machines and in
/// CI) and the learnsets built from them once for every test that reads them.
enum LearnsetSharedData {
  /// `../shared`, from the package root.
  static let directory = packageRoot().deletingLastPathComponent()
    .appendingPathComponent("shared", isDirectory: true)
  /// Showdown's learnsets.
  static let showdownFile = directory.appendingPathComponent("showdown/learnsets.json")

  /// Whether Showdown's file is there: the suites that build from it are skipped without it
  /// (a fresh clone need not sit beside `../shared`); the facts they check are also checked
  /// on the bundled `Data/learnsets.json` (`QueryMoveFullDataTests`).
  static let isAvailable = FileManager.default.isReadableFile(atPath: showdownFile.path)

  /// The inputs, read once.
  struct Inputs: Sendable {
    var dex: Pokedex
    var moveIdentifiers: [String]
  }

  private static let loadedInputs = Result { () throws -> Inputs in
    Inputs(
      dex: try PokedexLoader.load(),
      moveIdentifiers: try PokedexLoader.load(MoveDex.self).moves.map(\.identifier)
    )
  }
  private static let built = Result { () throws -> LearnsetBuild in
    let inputs = try loadedInputs.get()
    return LearnsetBuilder().build(
      showdown: try ShowdownTables(directory: showdownFile.deletingLastPathComponent()),
      dex: inputs.dex,
      moveIdentifiers: inputs.moveIdentifiers
    )
  }

  /// The bundled dex and the bundled moves' identifiers (those of PokeAPI's `moves.csv`).
  static func inputs() throws -> Inputs { try loadedInputs.get() }

  /// The learnsets built from `../shared/showdown` (its learnsets, linked by its Pokédex).
  static func build() throws -> LearnsetBuild { try built.get() }

  /// A fresh build, for checking that two builds agree.
  static func buildAgain() throws -> LearnsetBuild {
    let inputs = try inputs()
    return LearnsetBuilder().build(
      showdown: try ShowdownTables(directory: showdownFile.deletingLastPathComponent()),
      dex: inputs.dex,
      moveIdentifiers: inputs.moveIdentifiers
    )
  }
}

extension LearnsetDex {
  /// The learnset of the Pokémon `slug`, for spot checks.
  func learnset(_ slug: String) -> Learnset? { learnsets.first { $0.pokemon == slug } }
}
