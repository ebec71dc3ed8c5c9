import TerminalUI

/// A grid of terminal cells that boxes and text are drawn into.
///
/// Lines are stored as arms (up, right, down, left) per cell and turned into glyphs when the
/// canvas is rendered, so boxes that share an edge merge into `┬`, `┼`, `├` junctions instead
/// of overwriting each other. Text replaces the lines under it; a wide (CJK) character fills
/// two cells. The canvas can be a window of a taller drawing: rows outside
/// `firstRow..<firstRow + rows` are clipped.
package struct TerminalCanvas {
  /// Arms of a line glyph.
  package struct Arms: OptionSet, Sendable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }
    package static let up = Arms(rawValue: 1)
    package static let right = Arms(rawValue: 2)
    package static let down = Arms(rawValue: 4)
    package static let left = Arms(rawValue: 8)
  }

  private enum CellContent: UInt8 {
    case lines, text, continuation
  }

  /// The number of columns.
  package let columns: Int
  /// The number of rows held.
  package let rows: Int
  /// The drawing row of the canvas's first row.
  package let firstRow: Int
  /// Whether to draw with `+ - |` instead of Unicode box drawing.
  package let ascii: Bool
  private var arms: [UInt8]
  private var kinds: [CellContent]
  private var characters: [Character]

  /// A blank canvas of `columns` × `rows` cells showing drawing rows from `firstRow`.
  package init(columns: Int, rows: Int, firstRow: Int = 0, ascii: Bool = false) {
    self.columns = max(0, columns)
    self.rows = max(0, rows)
    self.firstRow = firstRow
    self.ascii = ascii
    let count = self.columns * self.rows
    arms = Array(repeating: 0, count: count)
    kinds = Array(repeating: .lines, count: count)
    characters = Array(repeating: " ", count: count)
  }

  @inline(__always)
  private func offset(row: Int, column: Int) -> Int? {
    let local = row - firstRow
    guard local >= 0, local < rows, column >= 0, column < columns else { return nil }
    return local * columns + column
  }

  /// Adds arms to the cell at (`row`, `column`), in drawing rows.
  package mutating func add(_ newArms: Arms, row: Int, column: Int) {
    guard let index = offset(row: row, column: column) else { return }
    arms[index] |= newArms.rawValue
  }

  /// A horizontal line from `fromColumn` to `toColumn` (inclusive) on `row`.
  package mutating func horizontalLine(row: Int, from fromColumn: Int, to toColumn: Int) {
    guard row >= firstRow, row < firstRow + rows, fromColumn < toColumn else { return }
    let low = max(fromColumn, 0)
    let high = min(toColumn, columns - 1)
    guard low <= high else { return }
    for column in low...high {
      var cell: Arms = []
      if column > fromColumn { cell.insert(.left) }
      if column < toColumn { cell.insert(.right) }
      add(cell, row: row, column: column)
    }
  }

  /// A vertical line from `fromRow` to `toRow` (inclusive) in `column`.
  package mutating func verticalLine(column: Int, from fromRow: Int, to toRow: Int) {
    guard column >= 0, column < columns, fromRow < toRow else { return }
    let low = max(fromRow, firstRow)
    let high = min(toRow, firstRow + rows - 1)
    guard low <= high else { return }
    for row in low...high {
      var cell: Arms = []
      if row > fromRow { cell.insert(.up) }
      if row < toRow { cell.insert(.down) }
      add(cell, row: row, column: column)
    }
  }

  /// The outline of the box with corners (`top`, `left`) and (`bottom`, `right`).
  package mutating func box(top: Int, left: Int, bottom: Int, right: Int) {
    horizontalLine(row: top, from: left, to: right)
    horizontalLine(row: bottom, from: left, to: right)
    verticalLine(column: left, from: top, to: bottom)
    verticalLine(column: right, from: top, to: bottom)
  }

  /// Writes `text` on `row` from `column`, up to and including `lastColumn`; wide characters
  /// take two cells and are dropped rather than split at the end.
  package mutating func text(_ text: String, row: Int, column: Int, lastColumn: Int) {
    guard row >= firstRow, row < firstRow + rows else { return }
    var current = column
    for character in text {
      let width = TextWidth.of(String(character))
      guard width > 0 else { continue }
      if current + width - 1 > min(lastColumn, columns - 1) { break }
      if current >= 0, let index = offset(row: row, column: current) {
        kinds[index] = .text
        characters[index] = character
        if width == 2, let next = offset(row: row, column: current + 1) {
          kinds[next] = .continuation
        }
      }
      current += width
    }
  }

  /// The canvas as lines of text, trailing spaces removed, each ending with a newline.
  ///
  /// - Complexity: O(rows × columns), writing UTF-8 bytes directly.
  package func render() -> String {
    let glyphs = ascii ? Self.asciiBytes : Self.unicodeBytes
    var bytes: [UInt8] = []
    bytes.reserveCapacity(rows * (columns * (ascii ? 1 : 3) + 1))
    for row in 0..<rows {
      var pendingSpaces = 0
      let base = row * columns
      for index in base..<base + columns {
        switch kinds[index] {
        case .continuation:
          continue
        case .text:
          let character = characters[index]
          if character == " " {
            pendingSpaces += 1
            continue
          }
          for _ in 0..<pendingSpaces { bytes.append(0x20) }
          pendingSpaces = 0
          for byte in character.utf8 { bytes.append(byte) }
        case .lines:
          let arms = Int(arms[index] & 0xF)
          if arms == 0 {
            pendingSpaces += 1
            continue
          }
          for _ in 0..<pendingSpaces { bytes.append(0x20) }
          pendingSpaces = 0
          bytes.append(contentsOf: glyphs[arms])
        }
      }
      bytes.append(0x0A)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static let unicodeGlyphs: [Character] = [
    " ", "│", "─", "└", "│", "│", "┌", "├", "─", "┘", "─", "┴", "┐", "┤", "┬", "┼",
  ]
  private static let asciiGlyphs: [Character] = [
    " ", "|", "-", "+", "|", "|", "+", "+", "-", "+", "-", "+", "+", "+", "+", "+",
  ]
  private static let unicodeBytes: [[UInt8]] = unicodeGlyphs.map { Array(String($0).utf8) }
  private static let asciiBytes: [[UInt8]] = asciiGlyphs.map { Array(String($0).utf8) }
}
