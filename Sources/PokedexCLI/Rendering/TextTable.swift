import TerminalUI

/// Renders rows as an aligned text table that fits a terminal width.
///
/// Numeric columns are right-aligned; widths count East Asian wide characters as two
/// columns. When the table is too wide, columns give way in the order of their
/// ``Priority`` (see ``fit(width:)``); without priorities, the widest text column shrinks
/// (cells end in `…`), then columns are dropped from the right.
package struct TextTable {
  /// How long a column keeps its place when the table is too wide, lowest first.
  package enum Priority: Int, Comparable, Sendable {
    /// Dropped first when numeric (a stat), shrunk first when text.
    case detail
    /// A numeric summary kept after the details (a stat total).
    case summary
    /// What identifies a row besides its name (a number): dropped last.
    case identifier
    /// The name: never dropped, shrunk only when every other column has given way.
    case name

    package static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  package var headers: [String]
  package var numeric: [Bool]
  /// Each column's priority, or `nil` for the plain rule (shrink, then drop from the right).
  package var priorities: [Priority]?
  /// Rows grouped in sections; a section with a title is preceded by it.
  package var sections: [(title: String?, rows: [[String]])]

  package init(
    headers: [String],
    numeric: [Bool],
    priorities: [Priority]? = nil,
    sections: [(title: String?, rows: [[String]])]
  ) {
    self.headers = headers
    self.numeric = numeric
    self.priorities = priorities
    self.sections = sections
  }

  package init(headers: [String], numeric: [Bool], priorities: [Priority]? = nil, rows: [[String]])
  {
    self.init(headers: headers, numeric: numeric, priorities: priorities, sections: [(nil, rows)])
  }

  /// The columns shown and their widths.
  package struct Fit: Equatable {
    /// Indices of the columns shown, in order.
    package var columns: [Int]
    /// The width of every column (dropped ones included).
    package var widths: [Int]

    /// The width of a line: the shown columns and two spaces between each.
    package var total: Int {
      columns.reduce(0) { $0 + widths[$1] } + 2 * max(columns.count - 1, 0)
    }
  }

  /// Which columns to show, how wide, within `width` columns.
  ///
  /// With priorities, until the table fits: (1) numeric `detail` columns are dropped, right
  /// to left; (2) text columns below `name` shrink, widest first, to 8 columns; (3) the
  /// other columns below `identifier` are dropped, `detail` then `summary`, right to left;
  /// (4) `name` columns shrink to 8; (5) `identifier` columns are dropped. After each drop
  /// the columns left are measured again from their full width. A table that still does
  /// not fit is left as it is then.
  ///
  /// - Complexity: O(r·c) to measure r rows of c columns, then O(c³) at most.
  package func fit(width: Int) -> Fit {
    let natural = headers.indices.map { column in
      sections.reduce(TextWidth.of(headers[column])) { widest, section in
        section.rows.reduce(widest) { max($0, TextWidth.of($1[column])) }
      }
    }
    guard let priorities, priorities.count == headers.count else {
      var fit = Fit(columns: Array(headers.indices), widths: natural)
      Self.shrinkThenDrop(&fit, width: width, shrinkable: { !numeric[$0] })
      return fit
    }
    func layout(_ columns: [Int], shrinkingNames: Bool) -> Fit {
      var fit = Fit(columns: columns, widths: natural)
      Self.shrink(&fit, width: width, where: { !numeric[$0] && priorities[$0] < .name })
      if shrinkingNames {
        Self.shrink(&fit, width: width, where: { !numeric[$0] && priorities[$0] == .name })
      }
      return fit
    }
    var fit = Fit(columns: Array(headers.indices), widths: natural)
    Self.drop(&fit, width: width, where: { numeric[$0] && priorities[$0] == .detail }) {
      Fit(columns: $0, widths: natural)
    }
    fit = layout(fit.columns, shrinkingNames: false)
    for rank in [Priority.detail, .summary] {
      Self.drop(&fit, width: width, where: { priorities[$0] == rank }) {
        layout($0, shrinkingNames: false)
      }
    }
    fit = layout(fit.columns, shrinkingNames: true)
    Self.drop(&fit, width: width, where: { priorities[$0] == .identifier }) {
      layout($0, shrinkingNames: true)
    }
    return fit
  }

  /// The plain rule: shrink the widest shrinkable column to 8, else drop the last column.
  private static func shrinkThenDrop(_ fit: inout Fit, width: Int, shrinkable: (Int) -> Bool) {
    while fit.total > width {
      if let widest = fit.columns.filter({ shrinkable($0) && fit.widths[$0] > 8 })
        .max(by: { fit.widths[$0] < fit.widths[$1] })
      {
        fit.widths[widest] = max(8, fit.widths[widest] - (fit.total - width))
      } else if fit.columns.count > 1 {
        fit.columns.removeLast()
      } else {
        break
      }
    }
  }

  /// Shrinks the widest of the columns `chosen` selects, down to 8 each, until the table fits.
  private static func shrink(_ fit: inout Fit, width: Int, where chosen: (Int) -> Bool) {
    while fit.total > width,
      let widest = fit.columns.filter({ chosen($0) && fit.widths[$0] > 8 })
        .max(by: { fit.widths[$0] < fit.widths[$1] })
    {
      fit.widths[widest] = max(8, fit.widths[widest] - (fit.total - width))
    }
  }

  /// Drops the columns `chosen` selects, right to left, until the table fits; `layout`
  /// measures the columns left after each drop.
  private static func drop(
    _ fit: inout Fit,
    width: Int,
    where chosen: (Int) -> Bool,
    layout: ([Int]) -> Fit
  ) {
    while fit.total > width, fit.columns.count > 1, let last = fit.columns.lastIndex(where: chosen)
    {
      var columns = fit.columns
      columns.remove(at: last)
      fit = layout(columns)
    }
  }

  /// The table as lines of at most `width` columns (when it can be made to fit); header
  /// and titles in bold when styled.
  package func render(width: Int, style: Style) -> String {
    let fit = fit(width: width)
    func line(_ cells: [String]) -> String {
      var text = fit.columns.map { column in
        TextWidth.pad(cells[column], to: fit.widths[column], alignRight: numeric[column])
      }.joined(separator: "  ")
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
