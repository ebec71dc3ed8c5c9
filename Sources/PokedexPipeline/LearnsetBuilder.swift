import Foundation
import PokedexKit

/// Builds the learnset of every Pokémon of a dex from Pokémon Showdown's learnsets.
///
/// Showdown's `data/learnsets.ts`, as JSON (`../shared/showdown/learnsets.json`), names
/// Pokémon and moves by Showdown ids; the builder maps them to PokeAPI's identifiers, parses
/// every source code into a ``MoveSource``, and gives each of the dex's Pokémon exactly one
/// ``Learnset``: its own, or its base form's (``Learnset/inherits``). `Guides/Learnsets.md`
/// describes every rule; what the rules cannot place is in the build's
/// ``LearnsetBuild/report``.
///
/// ```swift
/// let dex = try PokedexLoader.load()
/// let moves = try LearnsetBuilder.moveIdentifiers(fromDirectory: URL(fileURLWithPath: "../shared/pokeapi-csv"))
/// let build = try LearnsetBuilder().build(
///   showdownFile: URL(fileURLWithPath: "../shared/showdown/learnsets.json"),
///   dex: dex, moveIdentifiers: moves)
/// build.report.isEmpty                                  // true for the shared data
/// try PokedexEncoder().write(build.learnsets, to: URL(fileURLWithPath: "Data/learnsets.json"))
/// ```
///
/// A file that is not Showdown's learnsets fails with where and what:
///
/// ```swift
/// // {"pikachu": {"learnset": {"thunderbolt": ["9M", "9Q"]}}}
/// // learnsets.json:1:49: pikachu.learnset.thunderbolt[1]: expected a move source such as
/// // "9L20", "8M" or "9S0" (...), found "9Q"
/// ```
///
/// - Complexity: O(*n* log *n*) in the size of the file and the dex.
public struct LearnsetBuilder: Sendable {
  /// The Showdown commit named when the file's directory has no `README.md` naming one.
  public static let defaultCommit = "9fcf262d91c4572289c9e8421936fd0aa25c8e5d"

  /// Whether the dex and moves are a deliberate subset (the test fixtures): a Pokémon may
  /// then be left with none of its moves (see ``LearnsetValidator/allowsEmptyLearnsets``).
  public var isPartial: Bool

  /// Creates a builder; `isPartial` for a deliberately partial source.
  public init(isPartial: Bool = false) {
    self.isPartial = isPartial
  }

  /// Reads Showdown's `learnsets.json` at `showdownFile` and builds a learnset for every
  /// Pokémon of `dex`.
  ///
  /// The source's commit comes from the `README.md` beside the file and its license notice
  /// from the `LICENSE` beside it (``defaultCommit`` and Showdown's MIT notice otherwise).
  ///
  /// - Parameters:
  ///   - showdownFile: Showdown's learnsets as JSON, such as `../shared/showdown/learnsets.json`.
  ///   - dex: The Pokémon to build learnsets for (their slugs, species, forms).
  ///   - moveIdentifiers: PokeAPI's move identifiers (`moves.csv`), see
  ///     ``moveIdentifiers(fromDirectory:)``.
  /// - Returns: The learnsets, sorted by Pokémon id, and the diagnostics of what could not be
  ///   mapped.
  /// - Throws: ``DataPipelineError/fileError(path:reason:)`` when the file cannot be read,
  ///   ``DataPipelineError/missingData(file:message:)`` (`file:line:column: path: what`)
  ///   when it is not well-formed.
  public func build(
    showdownFile: URL,
    dex: Pokedex,
    moveIdentifiers: [String]
  ) throws(DataPipelineError) -> LearnsetBuild {
    let bytes: [UInt8]
    do {
      bytes = try readFileBytes(atPath: showdownFile.path)
    } catch {
      throw .fileError(
        path: showdownFile.path,
        reason: "cannot read Pokémon Showdown's learnsets (\(error)); "
          + "expected a copy of its data/learnsets.ts as JSON, such as ../shared/showdown/learnsets.json"
      )
    }
    return try build(
      showdownJSON: bytes,
      fileName: showdownFile.path,
      source: Self.dataSource(beside: showdownFile),
      dex: dex,
      moveIdentifiers: moveIdentifiers
    )
  }

  /// Builds the learnsets from the bytes of Showdown's `learnsets.json`.
  ///
  /// - Parameters:
  ///   - bytes: The file's bytes.
  ///   - fileName: Names the file in errors.
  ///   - source: The provenance written into the result (the default names
  ///     ``defaultCommit`` and Showdown's MIT notice).
  ///   - dex: The Pokémon to build learnsets for.
  ///   - moveIdentifiers: PokeAPI's move identifiers.
  /// - Throws: ``DataPipelineError/missingData(file:message:)`` when the bytes are not
  ///   well-formed learnsets.
  public func build(
    showdownJSON bytes: [UInt8],
    fileName: String,
    source: DataSource = LearnsetBuilder.dataSource(readme: "", license: ""),
    dex: Pokedex,
    moveIdentifiers: [String]
  ) throws(DataPipelineError) -> LearnsetBuild {
    let file = try ShowdownLearnsets(bytes: bytes, fileName: fileName)
    return build(file, source: source, species: [:], dex: dex, moveIdentifiers: moveIdentifiers)
  }

  /// Builds the learnsets from Showdown's tables, read.
  func build(
    showdown tables: ShowdownTables,
    dex: Pokedex,
    moveIdentifiers: [String]
  ) -> LearnsetBuild {
    var species: [String: ShowdownSpeciesEntry] = [:]
    for entry in tables.species where species[entry.id] == nil { species[entry.id] = entry.entry }
    return build(
      tables.learnsets,
      source: tables.source,
      species: species,
      dex: dex,
      moveIdentifiers: moveIdentifiers
    )
  }

  private func build(
    _ file: ShowdownLearnsets,
    source: DataSource,
    species: [String: ShowdownSpeciesEntry],
    dex: Pokedex,
    moveIdentifiers: [String]
  ) -> LearnsetBuild {
    var mapping = LearnsetMapping(
      dex: dex,
      moves: ShowdownMoveIndex(moveIdentifiers: moveIdentifiers)
    )
    mapping.map(file.entries)
    var assembly = LearnsetAssembly(dex: dex, mapping: mapping, species: species)
    let learnsets = LearnsetDex(source: source, learnsets: assembly.learnsets())
    let checks = LearnsetValidator(allowsEmptyLearnsets: isPartial).validate(
      learnsets,
      dex: dex,
      moveIdentifiers: moveIdentifiers
    )
    return LearnsetBuild(
      learnsets: learnsets,
      report: mapping.diagnostics + assembly.diagnostics + checks,
      ignoredEntries: mapping.ignored,
      mergedEntries: mapping.merged
    )
  }

  /// PokeAPI's move identifiers, in `moves.csv` order, from a directory of its CSV tables.
  ///
  /// ```swift
  /// let moves = try LearnsetBuilder.moveIdentifiers(fromDirectory: URL(fileURLWithPath: "../shared/pokeapi-csv"))
  /// moves.first  // "pound"
  /// ```
  ///
  /// - Throws: ``DataPipelineError/missingTable(file:directory:)`` without `moves.csv`, or
  ///   the reader's errors for a malformed one.
  public static func moveIdentifiers(fromDirectory directory: URL) throws(DataPipelineError)
    -> [String]
  {
    let url = directory.appendingPathComponent("moves.csv")
    guard FileManager.default.fileExists(atPath: url.path) else {
      throw .missingTable(file: "moves.csv", directory: directory.path)
    }
    let table = try CSVReader.read(contentsOf: url)
    let identifier = try table.column(named: "identifier")
    return (0..<table.rowCount).map { table[$0, identifier] }
  }

  /// The provenance of learnsets read from `file`: the commit named in the `README.md`
  /// beside it and the copyright line of the `LICENSE` beside it.
  public static func dataSource(beside file: URL) -> DataSource {
    let directory = file.deletingLastPathComponent()
    let text = { (name: String) in
      (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)) ?? ""
    }
    return dataSource(readme: text("README.md"), license: text("LICENSE"))
  }

  /// The provenance from the text of Showdown's `README.md` and `LICENSE` (either may be
  /// empty: ``defaultCommit`` and Showdown's copyright line stand in).
  public static func dataSource(readme: String, license: String) -> DataSource {
    let copyright =
      license.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
      .first { $0.hasPrefix("Copyright") }
      ?? "Copyright (c) 2011-2026 Guangcong Luo and other contributors http://pokemonshowdown.com/"
    return DataSource(
      name: "Pokémon Showdown",
      commit: BuildContext.commit(inReadme: readme) ?? defaultCommit,
      license: copyright
        + ". Learnsets derived from Pokémon Showdown's data/learnsets.ts under the MIT license"
        + " (keep this notice; provided as is, without warranty;"
        + " see https://github.com/smogon/pokemon-showdown/blob/master/LICENSE),"
        + " with moves and Pokémon mapped to PokeAPI's identifiers."
        + " Pokémon and Pokémon character names are trademarks of Nintendo."
    )
  }
}

/// The result of ``LearnsetBuilder``: the learnsets and what could not be mapped.
public struct LearnsetBuild: Hashable, Sendable {
  /// One learnset per Pokémon of the dex, sorted by Pokémon id.
  public var learnsets: LearnsetDex
  /// Showdown entries and moves that map to nothing, Pokémon left without a learnset, and
  /// the findings of ``LearnsetValidator``: errors and warnings, in a stable order. Empty
  /// for the shared data.
  public var report: [DexDiagnostic]
  /// Showdown entries left out as not canon, in the file's order: MissingNo., the
  /// Create-A-Pokémon fakemon and the Pokéstar props (see `Guides/Learnsets.md`).
  public var ignoredEntries: [String]
  /// Showdown entries of forms that PokeAPI keeps as one Pokémon (`vivillonfancy`,
  /// `arceusbug`), each with the Pokémon whose learnset took its moves.
  public var mergedEntries: [String: String]

  public init(
    learnsets: LearnsetDex,
    report: [DexDiagnostic],
    ignoredEntries: [String],
    mergedEntries: [String: String]
  ) {
    self.learnsets = learnsets
    self.report = report
    self.ignoredEntries = ignoredEntries
    self.mergedEntries = mergedEntries
  }
}
