import Foundation
import JSONCore
import PokedexKit

/// The data files `pokedex data build` writes, built from one source directory.
///
/// `learnsets.json` is built from Pokémon Showdown's learnsets, not from PokeAPI's tables,
/// so it is not part of this value: the tool adds it beside these files.
///
/// ```swift
/// let data = try DataSetBuilder().build(fromDirectory: URL(fileURLWithPath: "../shared/pokeapi-csv"))
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

  /// Creates a data set from its files.
  public init(dex: Pokedex, moves: MoveDex, abilities: AbilityDex, natures: NatureDex) {
    self.dex = dex
    self.moves = moves
    self.abilities = abilities
    self.natures = natures
  }

  /// Each file's name (``DexDataFile/resourceName``) and bytes as ``PokedexEncoder`` writes
  /// them, in the order `pokemons.json`, `moves.json`, `abilities.json`, `natures.json`.
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
    ]
  }

  /// `learnsets.json`'s bytes, written from the schema as ``encodedFiles()`` writes the others
  /// (``PokedexEncoder`` writes the same bytes, more slowly).
  package static func encoded(_ learnsets: LearnsetDex) -> [UInt8] {
    DexJSONWriter.document(learnsets)
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

/// Builds every PokeAPI-derived data file from one directory of CSV tables: ``DexBuilder``,
/// then ``MoveBuilder``, ``AbilityTextBuilder`` (for the dex's abilities) and
/// ``NatureBuilder``.
///
/// ```swift
/// let data = try DataSetBuilder().build(fromDirectory: URL(fileURLWithPath: "../shared/pokeapi-csv"))
/// data.moves.moves.count    // 937
/// data.natures.natures.count  // 25
/// ```
///
/// - Complexity: O(*n* log *n*) in the total size of the tables.
public struct DataSetBuilder: Sendable {
  /// Creates a builder.
  public init() {}

  /// Reads the tables in `directory` and builds every file.
  ///
  /// - Throws: ``DataPipelineError`` from the first builder that fails, naming the table,
  ///   line and column.
  public func build(fromDirectory directory: URL) throws(DataPipelineError) -> DataSet {
    // One context: each table is read once for all the builders.
    var context = try BuildContext(directory: directory)
    let dex = try DexBuilder().build(in: &context)
    return DataSet(
      dex: dex,
      moves: try MoveBuilder().build(in: &context),
      abilities: try AbilityTextBuilder().build(in: &context, abilities: dex.abilities),
      natures: try NatureBuilder().build(in: &context)
    )
  }
}
