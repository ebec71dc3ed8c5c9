/// One cell of a ``ScreenBuffer``: the text it shows and its style.
public struct ScreenCell: Hashable, Sendable {
  /// One character (a grapheme cluster) of width 1 or 2; `""` for the right half of a
  /// wide character, which the character to its left covers.
  public var text: String
  /// How the text is drawn.
  public var style: TextStyle

  /// A cell showing `text` in `style`.
  public init(_ text: String, style: TextStyle = .plain) {
    self.text = text
    self.style = style
  }

  /// An empty cell: a space in the default style.
  public static let blank = ScreenCell(" ")

  /// Whether this cell is the right half of a wide character.
  public var isContinuation: Bool { text.isEmpty }

  /// Whether this cell shows a wide character (two columns).
  var isWide: Bool { TextWidth.of(text) == 2 }
}

/// A screen's worth of cells, rows by columns: what a full-screen app draws into before
/// ``ScreenWriter`` turns the difference from the previous frame into escape sequences.
///
/// Writing never goes outside the buffer: text is cut at the right edge, and a wide
/// character (two columns: CJK, fullwidth forms, most emoji) that would be split there is
/// replaced by a space. Overwriting half of a wide character blanks its other half.
///
/// ```swift
/// var screen = ScreenBuffer(rows: 24, columns: 80)
/// screen.write("#025 Pikachu ピカチュウ", row: 0, column: 0)
/// screen.line(0)   // "#025 Pikachu ピカチュウ"
/// ```
public struct ScreenBuffer: Hashable, Sendable {
  /// The number of rows.
  public let rows: Int
  /// The number of columns.
  public let columns: Int
  /// The cells, row by row.
  public private(set) var cells: [ScreenCell]

  /// A blank buffer of `rows` by `columns` (negative sizes count as 0).
  public init(rows: Int, columns: Int) {
    self.rows = max(0, rows)
    self.columns = max(0, columns)
    cells = Array(repeating: .blank, count: self.rows * self.columns)
  }

  /// The cell at `row`, `column`, or `nil` outside the buffer.
  public subscript(row: Int, column: Int) -> ScreenCell? {
    guard let index = index(row, column) else { return nil }
    return cells[index]
  }

  private func index(_ row: Int, _ column: Int) -> Int? {
    guard row >= 0, row < rows, column >= 0, column < columns else { return nil }
    return row * columns + column
  }

  /// Writes `text` from `row`, `column` in `style`, one character per cell (two for a
  /// wide one), and stops before `limit` (default: the right edge). Control characters
  /// are shown as `�`; characters of width 0 join the character before them.
  ///
  /// - Returns: The column after the last character written.
  /// - Complexity: O(k) for k characters written.
  @discardableResult
  public mutating func write(
    _ text: some StringProtocol,
    row: Int,
    column: Int,
    style: TextStyle = .plain,
    limit: Int? = nil
  ) -> Int {
    let end = min(limit ?? columns, columns)
    var column = column
    guard row >= 0, row < rows else { return column }
    for character in text {
      var shown = String(character)
      var width = TextWidth.of(shown)
      if character.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
        shown = "\u{FFFD}"
        width = 1
      }
      if width == 0 {
        // A combining mark or other zero-width character: part of the cell before.
        if let previous = index(row, column - 1), !cells[previous].isContinuation {
          cells[previous].text += shown
        }
        continue
      }
      guard column + width <= end else {
        // A wide character that does not fit before the edge: a space instead.
        if width == 2, column < end { put(ScreenCell(" ", style: style), row: row, column: column) }
        column = end
        break
      }
      if column >= 0 {
        put(ScreenCell(shown, style: style), row: row, column: column)
        if width == 2 { put(ScreenCell("", style: style), row: row, column: column + 1) }
      }
      column += width
    }
    return column
  }

  /// Fills `row` from `column` up to (not including) `end` with spaces in `style`.
  public mutating func fill(
    row: Int,
    from column: Int = 0,
    to end: Int? = nil,
    style: TextStyle = .plain
  ) {
    let end = min(end ?? columns, columns)
    for column in max(0, column)..<max(max(0, column), end) {
      put(ScreenCell(" ", style: style), row: row, column: column)
    }
  }

  /// Changes the style of the cells of `row` in `columns` (clipped to the buffer), keeping
  /// their text.
  ///
  /// ```swift
  /// screen.restyle(row: 3, columns: 10..<20) { $0.inverse = true }   // a selection
  /// ```
  public mutating func restyle(
    row: Int,
    columns: Range<Int>,
    _ change: (inout TextStyle) -> Void
  ) {
    guard row >= 0, row < rows else { return }
    for column in max(
      0,
      columns.lowerBound
    )..<max(max(0, columns.lowerBound), min(columns.upperBound, self.columns)) {
      change(&cells[row * self.columns + column].style)
    }
  }

  /// Blanks every cell.
  public mutating func clear() {
    cells = Array(repeating: .blank, count: rows * columns)
  }

  /// Sets one cell, blanking the other half of any wide character it cuts.
  private mutating func put(_ cell: ScreenCell, row: Int, column: Int) {
    guard let index = index(row, column) else { return }
    let old = cells[index]
    if old.isContinuation, !cell.isContinuation, let left = self.index(row, column - 1) {
      cells[left] = ScreenCell(" ", style: cells[left].style)
    }
    // The right half of a wide character being replaced, unless a wide character takes
    // its place (whose own right half is written next).
    if old.isWide, !cell.isWide, let right = self.index(row, column + 1) {
      cells[right] = ScreenCell(" ", style: cells[right].style)
    }
    cells[index] = cell
  }

  /// The text of `row`, without styles and without trailing spaces.
  public func line(_ row: Int) -> String {
    guard row >= 0, row < rows else { return "" }
    var text = ""
    for column in 0..<columns { text += cells[row * columns + column].text }
    while text.last == " " { text.removeLast() }
    return text
  }

  /// Every row's ``line(_:)``, joined by newlines: the form golden screens are kept in.
  public var text: String {
    (0..<rows).map(line).joined(separator: "\n")
  }
}
