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

  /// One edit of a fixture file: in the CSV tables or Showdown's, replace `text` (which must
  /// be there) with `replacement`.
  struct Edit: Sendable {
    enum Directory: Sendable { case csv, showdown }
    var directory: Directory
    var file: String
    var text: String
    var replacement: String

    static func csv(_ file: String, _ text: String, _ replacement: String) -> Edit {
      Edit(directory: .csv, file: file, text: text, replacement: replacement)
    }

    static func showdown(_ file: String, _ text: String, _ replacement: String) -> Edit {
      Edit(directory: .showdown, file: file, text: text, replacement: replacement)
    }
  }

  /// An edit whose text is not in its file.
  struct EditNotFound: Error {
    var file: String
    var text: String
  }

  /// Every data file built from copies of both fixtures with `edits` applied.
  ///
  /// - Throws: when an edit's text is not in its file (so a test cannot pass by editing
  ///   nothing), and what the build throws.
  static func dataSet(editing edits: [Edit]) throws -> DataSet {
    let csv = try copy()
    defer { csv.remove() }
    let showdown = try TemporaryDirectory(prefix: "pokedex-showdown")
    defer { showdown.remove() }
    for name in try FileManager.default.contentsOfDirectory(atPath: showdownDirectory.path) {
      try FileManager.default.copyItem(
        at: showdownDirectory.appendingPathComponent(name),
        to: showdown.url.appendingPathComponent(name)
      )
    }
    for edit in edits {
      let directory = edit.directory == .csv ? csv.url : showdown.url
      let url = directory.appendingPathComponent(edit.file)
      let text = try String(contentsOf: url, encoding: .utf8)
      guard text.contains(edit.text) else { throw EditNotFound(file: edit.file, text: edit.text) }
      try Data(text.replacingOccurrences(of: edit.text, with: edit.replacement).utf8).write(to: url)
    }
    return try DataSetBuilder(isPartial: true).build(csv: csv.url, showdown: showdown.url)
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
