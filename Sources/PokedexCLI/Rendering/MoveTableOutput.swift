import PokedexKit

/// Writes moves in `list`'s output formats (`table`, `json`, `ndjson`, `csv`, `tsv`), for
/// `pokedex moves`.
///
/// ```swift
/// MoveTableOutput(moves: found, format: "csv", data: data).write(to: context)
/// ```
struct MoveTableOutput {
  var moves: [Move]
  var format: String
  var names: NameResolver
  var style: Style

  /// The columns: header, data key, whether numeric, priority, the cell and the data value.
  private struct Column {
    var header: String
    var key: String
    var numeric: Bool
    var priority: TextTable.Priority
    var cell: (Move) -> String
    var data: (Move) -> String
  }

  private var columns: [Column] {
    let name = { (move: Move) in names.pick(move.names, fallback: move.identifier) }
    let number = { (value: Int?) in value.map(String.init) ?? "" }
    return [
      Column(
        header: "Name",
        key: "name",
        numeric: false,
        priority: .name,
        cell: name,
        data: name
      ),
      Column(
        header: "Type",
        key: "type",
        numeric: false,
        priority: .summary,
        cell: { names.typeName($0.type) },
        data: \.type
      ),
      Column(
        header: "Cat.",
        key: "category",
        numeric: false,
        priority: .summary,
        cell: { MoveText.category($0.damageClass) },
        data: \.damageClass
      ),
      Column(
        header: "Power",
        key: "power",
        numeric: true,
        priority: .summary,
        cell: { MoveText.number($0.power) },
        data: { number($0.power) }
      ),
      Column(
        header: "Acc.",
        key: "accuracy",
        numeric: true,
        priority: .detail,
        cell: { MoveText.number($0.accuracy) },
        data: { number($0.accuracy) }
      ),
      Column(
        header: "PP",
        key: "pp",
        numeric: true,
        priority: .detail,
        cell: { MoveText.number($0.pp) },
        data: { number($0.pp) }
      ),
      Column(
        header: "Prio.",
        key: "priority",
        numeric: true,
        priority: .detail,
        cell: { MoveText.priority($0.priority) },
        data: { String($0.priority) }
      ),
      Column(
        header: "Gen",
        key: "generation",
        numeric: true,
        priority: .detail,
        cell: { String($0.generation) },
        data: { String($0.generation) }
      ),
    ]
  }

  /// Writes the moves to standard output; under a table, the count goes to standard error.
  func write(to context: CommandContext, footer: String, footerStyle: Style) {
    switch format {
    case "json":
      let lines = moves.map { "  " + MoveJSON.record($0).compact }
      context.stdout.write(
        lines.isEmpty ? "[]\n" : "[\n" + lines.joined(separator: ",\n") + "\n]\n"
      )
    case "ndjson":
      for move in moves { context.stdout.line(MoveJSON.record(move).compact) }
    case "csv", "tsv":
      let line = format == "csv" ? DelimitedText.csvLine : DelimitedText.tsvLine
      let columns = self.columns
      context.stdout.line(line(["id", "identifier"] + columns.map(\.key)))
      for move in moves {
        context.stdout.line(
          line([String(move.id), move.identifier] + columns.map { $0.data(move) })
        )
      }
    default:
      context.stdout.write(table(width: context.tableWidth))
      context.stderr.line(footerStyle.dim(footer))
    }
  }

  /// The table, fitted to `width` as `list`'s is: the numbers other than power go first,
  /// then type, category and power; the name stays.
  func table(width: Int) -> String {
    let columns = self.columns
    return TextTable(
      headers: columns.map(\.header),
      numeric: columns.map(\.numeric),
      priorities: columns.map(\.priority),
      rows: moves.map { move in columns.map { $0.cell(move) } }
    ).render(width: width, style: style)
  }
}
