import Foundation
import PokedexKit
import PokedexTestSupport

@testable import PokedexPipeline

/// The small PokeAPI subset under `Fixtures/csv` (see its README.md).
enum PipelineFixtures {
  /// The fixture tables' directory, found from this file so tests never read `../shared`.
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/csv", isDirectory: true)

  /// The Showdown tables' fixture directory (see its README.md).
  static let showdownDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/showdown", isDirectory: true)

  /// Every data file built from the fixture tables, a partial source.
  static func dataSet() throws -> DataSet {
    try DataSetBuilder(isPartial: true).build(csv: directory, showdown: showdownDirectory)
  }

  /// The dex built from the fixture tables.
  static func dex() throws -> Pokedex {
    try DexBuilder().build(fromDirectory: directory)
  }

  /// A fixture table's bytes.
  static func bytes(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
  }

  /// A temporary copy of the fixture directory that a test may damage.
  static func copy() throws -> TemporaryDirectory {
    let temporary = try TemporaryDirectory(prefix: "pokedex-csv")
    for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
      try FileManager.default.copyItem(
        at: directory.appendingPathComponent(name),
        to: temporary.url.appendingPathComponent(name)
      )
    }
    return temporary
  }
}

extension Pokedex {
  /// The Pokémon with `slug`, for spot checks.
  func pokemon(_ slug: String) -> Pokemon? { pokemon.first { $0.slug == slug } }
}
