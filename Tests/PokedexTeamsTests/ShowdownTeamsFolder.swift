import Foundation
import PokedexTestSupport

/// `../shared/showdown-teams`: 101 real pastes, each with what Showdown's exporter prints for
/// it (`NNN-*.expected.txt`), its format (`FORMATS.tsv`) and the sets that are not legal in
/// it (`VERDICTS.tsv`). Suites that read it are skipped when it is absent (a fresh clone need
/// not sit beside `../shared`).
enum ShowdownTeamsFolder {
  /// `../shared/showdown-teams`, from the package root.
  static let directory = packageRoot().deletingLastPathComponent()
    .appendingPathComponent("shared/showdown-teams", isDirectory: true)

  /// Whether the folder is there.
  static let isAvailable = FileManager.default.isReadableFile(
    atPath: directory.appendingPathComponent("FORMATS.tsv").path
  )

  /// One paste of the folder.
  struct Paste: Sendable, CustomStringConvertible {
    /// `005-pokeenv-believe.txt`.
    var name: String
    var text: String
    var expected: String
    /// Showdown's format id from `FORMATS.tsv`.
    var format: String
    /// The 1-based sets `VERDICTS.tsv` calls illegal (not those only malformed), with why.
    var illegalSets: [Int: String]
    /// The 1-based sets `VERDICTS.tsv` calls malformed.
    var invalidSets: [Int: String]

    var description: String { name }
  }

  /// Every paste, in file order.
  static func pastes() throws -> [Paste] {
    let formats = try table("FORMATS.tsv")
    var illegal: [String: [Int: String]] = [:]
    var invalid: [String: [Int: String]] = [:]
    for row in try table("VERDICTS.tsv") where row.count >= 4 {
      guard let set = Int(row[1]) else { continue }
      if row[2] == "illegal" { illegal[row[0], default: [:]][set] = row[3] }
      if row[2] == "invalid" { invalid[row[0], default: [:]][set] = row[3] }
    }
    return try formats.compactMap { row -> Paste? in
      guard row.count >= 2 else { return nil }
      let name = row[0]
      let expectedName = name.replacingOccurrences(of: ".txt", with: ".expected.txt")
      return Paste(
        name: name,
        text: try read(name),
        expected: try read(expectedName),
        format: String(row[1].split(separator: " ").first ?? ""),
        illegalSets: illegal[name] ?? [:],
        invalidSets: invalid[name] ?? [:]
      )
    }
  }

  private static func read(_ name: String) throws -> String {
    String(decoding: try Data(contentsOf: directory.appendingPathComponent(name)), as: UTF8.self)
  }

  /// The rows of a tab-separated file, without its `#` comments.
  private static func table(_ name: String) throws -> [[String]] {
    try read(name).split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
      $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }
  }
}
