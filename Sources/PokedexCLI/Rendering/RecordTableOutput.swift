/// Writes records in `list`'s output formats (`table`, `json`, `ndjson`, `csv`, `tsv`), for
/// `pokedex moves` and `pokedex items`: the columns say what a table and CSV hold, `json`
/// what a JSON record holds.
///
/// ```swift
/// RecordTableOutput(records: found, format: "csv", columns: columns, keys: keys, json: json)
///   .write(to: context, footer: "12 moves", footerStyle: style)
/// ```
struct RecordTableOutput<Record> {
  /// A column: its header, its CSV key, whether numeric, its priority, the table cell and
  /// the CSV value.
  struct Column {
    var header: String
    var key: String
    var numeric: Bool
    var priority: TextTable.Priority
    var cell: (Record) -> String
    var data: (Record) -> String
  }

  var records: [Record]
  var format: String
  var style: Style
  var columns: [Column]
  /// The CSV columns that come before ``columns``: their keys, and each record's values.
  var keys: (names: [String], values: (Record) -> [String])
  /// The record as a JSON object.
  var json: (Record) -> OutputJSON

  /// Writes the records to standard output; under a table, `footer` goes to standard error.
  func write(to context: CommandContext, footer: String, footerStyle: Style) {
    switch format {
    case "json":
      let lines = records.map { "  " + json($0).compact }
      context.stdout.write(
        lines.isEmpty ? "[]\n" : "[\n" + lines.joined(separator: ",\n") + "\n]\n"
      )
    case "ndjson":
      for record in records { context.stdout.line(json(record).compact) }
    case "csv", "tsv":
      let line = format == "csv" ? DelimitedText.csvLine : DelimitedText.tsvLine
      context.stdout.line(line(keys.names + columns.map(\.key)))
      for record in records {
        context.stdout.line(line(keys.values(record) + columns.map { $0.data(record) }))
      }
    default:
      context.stdout.write(table(width: context.tableWidth))
      context.stderr.line(footerStyle.dim(footer))
    }
  }

  /// The table, fitted to `width` by the columns' priorities.
  func table(width: Int) -> String {
    TextTable(
      headers: columns.map(\.header),
      numeric: columns.map(\.numeric),
      priorities: columns.map(\.priority),
      rows: records.map { record in columns.map { $0.cell(record) } }
    ).render(width: width, style: style)
  }
}
