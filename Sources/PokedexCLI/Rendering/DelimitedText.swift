import TerminalUI

/// Writes rows as RFC 4180 CSV (quoted when needed, CRLF-free) or as TSV.
package enum DelimitedText {
  /// One CSV record: fields with commas, quotes or line breaks are quoted, quotes doubled.
  package static func csvLine(_ fields: [String]) -> String {
    fields.map { field in
      field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
        ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
    }.joined(separator: ",")
  }

  /// One TSV record: tabs and line breaks inside fields become spaces.
  package static func tsvLine(_ fields: [String]) -> String {
    fields.map { field in
      String(field.map { $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : $0 })
    }.joined(separator: "\t")
  }
}
