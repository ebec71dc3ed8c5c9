/// Turns the difference between two frames into the bytes that update a terminal: only
/// the runs of cells that changed are written, with cursor moves between them and style
/// changes only where the style changes.
///
/// ```swift
/// let bytes = ScreenWriter.update(from: previous, to: next)
/// terminal.write(bytes)      // empty when nothing changed
/// previous = next
/// ```
///
/// The output is wrapped in synchronized-update markers (`ESC[?2026h` … `ESC[?2026l`),
/// which terminals that know them use to show the frame at once, and others ignore. It
/// ends with the style reset, so whatever is printed after it starts plain.
public enum ScreenWriter {
  /// Unchanged cells between two changed runs of one row are rewritten rather than
  /// skipped when there are at most this many: a cursor move costs about as much.
  static let gapToBridge = 4

  /// The bytes that turn a terminal showing `old` into one showing `new`; the whole
  /// screen when `old` is `nil` (unknown: after a resize or a resume) or of another size.
  ///
  /// - Complexity: O(rows × columns).
  public static func update(from old: ScreenBuffer?, to new: ScreenBuffer) -> [UInt8] {
    var output = Output()
    guard let old, old.rows == new.rows, old.columns == new.columns else {
      output.append("\u{1B}[0m\u{1B}[2J")
      output.style = .plain
      for row in 0..<new.rows { output.writeRun(of: new, row: row, from: 0, to: new.columns) }
      return output.finished()
    }
    // Both buffers have `rows × columns` cells, row by row.
    let (oldCells, newCells, width) = (old.cells, new.cells, new.columns)
    for row in 0..<new.rows {
      let first = row * width
      var column = 0
      while column < width {
        guard oldCells[first + column] != newCells[first + column] else {
          column += 1
          continue
        }
        // A run of changed cells, bridging short gaps of unchanged ones.
        var end = column + 1
        var lastChange = column
        while end < width, end - lastChange <= gapToBridge {
          if oldCells[first + end] != newCells[first + end] { lastChange = end }
          end += 1
        }
        // A run starts on a whole character: the right half of a wide character changes
        // only with its left half (a buffer keeps the two together).
        output.writeRun(of: new, row: row, from: column, to: lastChange + 1)
        column = lastChange + 1
      }
    }
    return output.isEmpty ? [] : output.finished()
  }

  /// The bytes being built, the cursor and the style the terminal is in.
  struct Output {
    var bytes: [UInt8] = []
    var cursor: (row: Int, column: Int)?
    var style: TextStyle?

    var isEmpty: Bool { bytes.isEmpty }

    mutating func append(_ text: String) { bytes += Array(text.utf8) }

    /// Writes the cells of `row` from `start` to `end` (a wide character that starts
    /// before `end` is written whole).
    mutating func writeRun(of screen: ScreenBuffer, row: Int, from start: Int, to end: Int) {
      var column = start
      while column < end, let cell = screen[row, column] {
        if cell.isContinuation {
          column += 1
          continue
        }
        if cursor?.row != row || cursor?.column != column {
          append("\u{1B}[\(row + 1);\(column + 1)H")
        }
        if style != cell.style {
          append("\u{1B}[\(cell.style.parameters)m")
          style = cell.style
        }
        bytes.append(contentsOf: cell.text.utf8)
        column += cell.isWide ? 2 : 1
        cursor = (row, column)
      }
    }

    /// The bytes, framed as one synchronized update and ending in the plain style.
    mutating func finished() -> [UInt8] {
      if style != .plain { append("\u{1B}[0m") }
      return Array("\u{1B}[?2026h".utf8) + bytes + Array("\u{1B}[?2026l".utf8)
    }
  }
}
