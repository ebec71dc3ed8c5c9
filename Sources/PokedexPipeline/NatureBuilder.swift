import Foundation
import PokedexKit

/// Builds the ``NatureDex`` from PokeAPI's `natures.csv`, `nature_names.csv` and `stats.csv`.
///
/// Each nature gets its names in every language and the identifiers of the stat it raises
/// and the one it lowers; a neutral nature (PokeAPI gives it the same stat for both:
/// Hardy, Docile, Serious, Bashful, Quirky) has neither.
///
/// ```swift
/// let natures = try NatureBuilder().build(fromDirectory: URL(fileURLWithPath: "../shared/pokeapi-csv"))
/// natures.natures.count                                              // 25
/// natures.natures.first { $0.identifier == "adamant" }?.increasedStat  // "attack"
/// ```
///
/// - Complexity: O(*n*) in the size of the tables.
public struct NatureBuilder: Sendable {
  /// Creates a builder.
  public init() {}

  /// Reads the tables in `directory` and builds the natures, sorted by id.
  ///
  /// - Throws: ``DataPipelineError`` naming the table, line, column and what was expected
  ///   when a table is missing or malformed or refers to an unknown stat.
  public func build(fromDirectory directory: URL) throws(DataPipelineError) -> NatureDex {
    var context = try BuildContext(directory: directory)
    return try build(in: &context)
  }

  /// Builds the natures from the tables of `context`, which keeps them for the next builder.
  func build(in context: inout BuildContext) throws(DataPipelineError) -> NatureDex {
    NatureDex(source: context.dataSource(), natures: try context.natures())
  }
}

extension BuildContext {
  /// Every nature of `natures.csv`, sorted by id.
  mutating func natures() throws(DataPipelineError) -> [Nature] {
    let stats = try identifiers("stats.csv")
    let ids = try identifiers("natures.csv")
    let names = try self.names(
      "nature_names.csv",
      owner: "nature_id",
      owners: ids,
      ownerTable: "natures.csv"
    )
    let table = try self.table("natures.csv")
    let (id, identifier, decreased, increased) = (
      try table.column(named: "id"), try table.column(named: "identifier"),
      try table.column(named: "decreased_stat_id"), try table.column(named: "increased_stat_id")
    )
    var result: [Nature] = []
    for row in 0..<table.rowCount {
      let natureId = try table.int(row: row, column: id)
      let raised = try lookup(stats, table, row: row, column: increased, in: "stats.csv")
      let lowered = try lookup(stats, table, row: row, column: decreased, in: "stats.csv")
      let isNeutral = raised == lowered
      result.append(
        Nature(
          id: natureId,
          identifier: table[row, identifier],
          names: names[natureId] ?? [:],
          increasedStat: isNeutral ? nil : raised,
          decreasedStat: isNeutral ? nil : lowered
        )
      )
    }
    return result.sorted { $0.id < $1.id }
  }
}
