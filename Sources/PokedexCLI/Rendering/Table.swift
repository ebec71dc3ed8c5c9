/// Renders rows as an aligned text table that fits a terminal width.
///
/// Numeric columns are right-aligned. When the table is too wide, the widest
/// text column shrinks (cells end in `…`), then columns are dropped from the
/// right; widths count East Asian wide characters as two columns.
package struct TextTable {
  package var headers: [String]
  package var numeric: [Bool]
  /// Rows grouped in sections; a section with a title is preceded by it.
  package var sections: [(title: String?, rows: [[String]])]

  package init(headers: [String], numeric: [Bool], sections: [(title: String?, rows: [[String]])]) {
    self.headers = headers
    self.numeric = numeric
    self.sections = sections
  }

  package init(headers: [String], numeric: [Bool], rows: [[String]]) {
    self.init(headers: headers, numeric: numeric, sections: [(nil, rows)])
  }

  /// The table as lines of at most `width` columns; header and titles in bold when styled.
  package func render(width: Int, style: Style) -> String {
    var widths = headers.indices.map { column in
      sections.reduce(TextWidth.of(headers[column])) { widest, section in
        section.rows.reduce(widest) { max($0, TextWidth.of($1[column])) }
      }
    }
    var columns = headers.count
    func total() -> Int { widths.prefix(columns).reduce(0, +) + 2 * max(columns - 1, 0) }
    while total() > width {
      // Shrink the widest text column down to 8, then drop the last column.
      if let widest = widths.prefix(columns).indices.filter({ !numeric[$0] && widths[$0] > 8 })
        .max(by: { widths[$0] < widths[$1] })
      {
        widths[widest] = max(8, widths[widest] - (total() - width))
      } else if columns > 1 {
        columns -= 1
      } else {
        break
      }
    }
    func line(_ cells: [String]) -> String {
      var parts: [String] = []
      for column in 0..<columns {
        parts.append(TextWidth.pad(cells[column], to: widths[column], alignRight: numeric[column]))
      }
      var text = parts.joined(separator: "  ")
      while text.last == " " { text.removeLast() }
      return text
    }
    var output = style.bold(line(headers)) + "\n"
    for (index, section) in sections.enumerated() {
      if let title = section.title {
        if index > 0 { output += "\n" }
        output += style.bold(TextWidth.truncate(title, to: width)) + "\n"
      }
      for row in section.rows { output += line(row) + "\n" }
    }
    return output
  }
}

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
