import Foundation
import PokedexKit
import PokedexTestSupport

/// The real sources beside the package (`../shared`, present on developers' machines and in
/// CI) and the learnsets built from them once for every test that reads them.
enum LearnsetSharedData {
  /// `../shared`, from the package root.
  static let directory = packageRoot().deletingLastPathComponent()
    .appendingPathComponent("shared", isDirectory: true)
  /// Showdown's learnsets.
  static let showdownFile = directory.appendingPathComponent("showdown/learnsets.json")
  /// PokeAPI's CSV tables.
  static let csvDirectory = directory.appendingPathComponent("pokeapi-csv", isDirectory: true)

  /// The inputs, read once.
  struct Inputs: Sendable {
    var dex: Pokedex
    var moveIdentifiers: [String]
  }

  private static let loadedInputs = Result { () throws -> Inputs in
    Inputs(
      dex: try PokedexLoader.load(),
      moveIdentifiers: try LearnsetBuilder.moveIdentifiers(fromDirectory: csvDirectory)
    )
  }
  private static let built = Result { () throws -> LearnsetBuild in
    let inputs = try loadedInputs.get()
    return try LearnsetBuilder().build(
      showdownFile: showdownFile,
      dex: inputs.dex,
      moveIdentifiers: inputs.moveIdentifiers
    )
  }

  /// The bundled dex and the move identifiers of `../shared/pokeapi-csv/moves.csv`.
  static func inputs() throws -> Inputs { try loadedInputs.get() }

  /// The learnsets built from `../shared/showdown/learnsets.json`.
  static func build() throws -> LearnsetBuild { try built.get() }

  /// A fresh build, for checking that two builds agree.
  static func buildAgain() throws -> LearnsetBuild {
    let inputs = try inputs()
    return try LearnsetBuilder().build(
      showdownFile: showdownFile,
      dex: inputs.dex,
      moveIdentifiers: inputs.moveIdentifiers
    )
  }
}

extension LearnsetDex {
  /// The learnset of the Pokémon `slug`, for spot checks.
  func learnset(_ slug: String) -> Learnset? { learnsets.first { $0.pokemon == slug } }
}
