import Foundation
import JSONCore
import PokedexKit

/// The data files `pokedex data build` writes, built from PokeAPI's CSV tables and Pokémon
/// Showdown's tables, with what the build has to say about them.
///
/// ```swift
/// let data = try DataSetBuilder().build(
///   csv: URL(fileURLWithPath: "../shared/pokeapi-csv"),
///   showdown: URL(fileURLWithPath: "../shared/showdown"))
/// for file in try data.encodedFiles() { print(file.name, file.bytes.count) }
/// // pokemons.json 2836385 ...
/// ```
public struct DataSet: Hashable, Sendable {
  /// `pokemons.json`.
  public var dex: Pokedex
  /// `moves.json`.
  public var moves: MoveDex
  /// `abilities.json`.
  public var abilities: AbilityDex
  /// `natures.json`.
  public var natures: NatureDex
  /// `learnsets.json`.
  public var learnsets: LearnsetDex
  /// What the build could not map or chose to leave out, as warnings naming the entry and
  /// its file, in a stable order (errors fail the build instead).
  public var report: [DexDiagnostic]

  /// Creates a data set from its files.
  public init(
    dex: Pokedex,
    moves: MoveDex,
    abilities: AbilityDex,
    natures: NatureDex,
    learnsets: LearnsetDex,
    report: [DexDiagnostic] = []
  ) {
    self.dex = dex
    self.moves = moves
    self.abilities = abilities
    self.natures = natures
    self.learnsets = learnsets
    self.report = report
  }

  /// Each file's name (``DexDataFile/resourceName``) and bytes as ``PokedexEncoder`` writes
  /// them, in the order `pokemons.json`, `moves.json`, `abilities.json`, `natures.json`,
  /// `learnsets.json`.
  ///
  /// The dex goes through ``PokedexEncoder`` (which refuses a non-finite height or weight);
  /// the other files, which hold no floating-point numbers, are written straight from their
  /// schema, in the same bytes (`MoveModelTests` and `MovePipelineTests` check that) in a
  /// fraction of the time.
  ///
  /// - Complexity: O(*n* log *n*) in the size of the data (``PokedexEncoder``).
  /// - Throws: ``DataPipelineError/nonFiniteNumber(path:)`` for a number JSON cannot hold.
  public func encodedFiles() throws(DataPipelineError) -> [(name: String, bytes: [UInt8])] {
    [
      (Pokedex.resourceName, try PokedexEncoder().encode(dex)),
      (MoveDex.resourceName, DexJSONWriter.document(moves)),
      (AbilityDex.resourceName, DexJSONWriter.document(abilities)),
      (NatureDex.resourceName, DexJSONWriter.document(natures)),
      (LearnsetDex.resourceName, DexJSONWriter.document(learnsets)),
    ]
  }

  /// What ``DexValidator`` and ``DataFileValidator`` find in the files, in file order.
  ///
  /// - Complexity: O(*n* log *n*) in the size of the data.
  public func validate(with validator: DexValidator = DexValidator()) -> [DexDiagnostic] {
    let files = DataFileValidator(dex: dex)
    return validator.validate(dex) + files.validate(moves) + files.validate(abilities, moves: moves)
      + files.validate(natures)
  }
}

/// Builds every data file: ``DexBuilder`` from PokeAPI's CSV tables, then ``MoveBuilder``,
/// ``AbilityTextBuilder`` (for the dex's abilities) and ``NatureBuilder``, then the learnsets
/// from Showdown's tables (``LearnsetBuilder``).
///
/// ```swift
/// let data = try DataSetBuilder().build(
///   csv: URL(fileURLWithPath: "../shared/pokeapi-csv"),
///   showdown: URL(fileURLWithPath: "../shared/showdown"))
/// data.moves.moves.count    // 937
/// data.natures.natures.count  // 25
/// ```
///
/// - Complexity: O(*n* log *n*) in the total size of the tables.
public struct DataSetBuilder: Sendable {
  /// Whether the source is deliberately partial (the test fixtures): Pokémon without a
  /// learnset are then no error.
  public var isPartial: Bool

  /// Creates a builder; `isPartial` for a deliberately partial source.
  public init(isPartial: Bool = false) {
    self.isPartial = isPartial
  }

  /// Reads the CSV tables in `csv` and Showdown's tables in `showdown`, and builds every
  /// file.
  ///
  /// - Throws: ``DataPipelineError`` from the first step that fails, naming the table (or
  ///   file), line and column.
  public func build(csv: URL, showdown: URL) throws(DataPipelineError) -> DataSet {
    // One context: each table is read once for all the builders.
    var context = try BuildContext(directory: csv)
    let tables = try ShowdownTables(directory: showdown)
    var dex = try DexBuilder().build(in: &context)
    var species = ShowdownSpeciesBuilder(dex: dex, tables: tables)
    let showdown = species.build()
    for index in dex.pokemon.indices {
      dex.pokemon[index].showdown = showdown[dex.pokemon[index].slug]
    }
    dex.showdownSource = tables.source
    let moves = try MoveBuilder().build(in: &context)
    let learnsets = LearnsetBuilder(isPartial: isPartial).build(
      showdown: tables,
      dex: dex,
      moveIdentifiers: moves.moves.map(\.identifier)
    )
    return DataSet(
      dex: dex,
      moves: moves,
      abilities: try AbilityTextBuilder().build(in: &context, abilities: dex.abilities),
      natures: try NatureBuilder().build(in: &context),
      learnsets: learnsets.learnsets,
      report: species.diagnostics + learnsets.report
    )
  }
}
