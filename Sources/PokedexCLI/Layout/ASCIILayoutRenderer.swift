import CollectionLayout
import Foundation
import PokedexKit
import TerminalUI

/// Draws a solved layout in terminal cells.
///
/// The scale is fixed: one column is 8 points and one row 16 points, so a layout solved for
/// a container `80 × 8 = 640` points wide fills 80 columns, and a square cell in points looks
/// square on a terminal whose cells are twice as tall as wide. Every edge coordinate is
/// snapped on its own, with the same rounding (`x / 8` and `y / 16` to the nearest, halves
/// away from zero), so two frames that share an edge in points share it in cells and their
/// boxes merge into junctions (`┬`, `┼`) rather than overlapping or tearing.
///
/// ```swift
/// let text = ASCIILayoutRenderer(layout: layout, ascii: false, showsStats: false).render(viewport: nil)
/// ```
///
/// - Complexity: O(log n + k + r · c) for `k` elements in the `r` rows and `c` columns drawn,
///   using the solution's rect query.
package struct ASCIILayoutRenderer {
  /// Points per terminal column.
  package static let pointsPerColumn = 8.0
  /// Points per terminal row.
  package static let pointsPerRow = 16.0

  /// The rows to draw: the first row and how many.
  package struct Viewport: Equatable, Sendable {
    package var row: Int
    package var height: Int
    package init(row: Int, height: Int) {
      self.row = row
      self.height = height
    }
  }

  package var layout: LaidOutLayout
  /// Whether to draw with `+ - |` and `>` instead of Unicode.
  package var ascii: Bool
  /// Whether rows show types and a stat bar (the `row` style).
  package var showsStats: Bool
  /// How far each orthogonal section (by index) has scrolled sideways, in points: its
  /// cells are drawn that much to the leading side, and a `‹` marks content before them.
  package var stripOffsets: [Int: Double] = [:]

  /// The field of the first sort key when a cell shows its value beside the number: a
  /// stat, the total, generation, height or weight (not number or name, which it shows
  /// anyway).
  private let sortField: PokemonField?

  package init(layout: LaidOutLayout, ascii: Bool, showsStats: Bool) {
    self.layout = layout
    self.ascii = ascii
    self.showsStats = showsStats
    sortField = Self.sortField(layout.content?.sort ?? "")
  }

  private static func sortField(_ sort: String) -> PokemonField? {
    guard !sort.isEmpty, let first = try? PokemonSortDescriptor.parse(sort).first else {
      return nil
    }
    switch first.key {
    case .number, .id, .name: return nil
    default: return PokemonField.all.first { $0.key == first.key.rawValue }
    }
  }

  /// The widest drawing, in columns: wider content is clipped on the trailing side.
  package static let maximumColumns = 1_000
  /// The most cells one drawing holds (`columns × rows`): 2,000,000, 25,000 rows at 80
  /// columns, at most about 6 MB of text. Taller content is clipped at the bottom.
  package static let maximumCells = 2_000_000
  /// The most elements one drawing visits: when more overlap the rows drawn (zero-size
  /// items, say), the drawing stops at the band of rows where the budget ran out.
  package static let maximumElements = 20_000
  /// Rows drawn at a time: the canvas holds one band, so memory stays at
  /// `bandRows × columns` cells however tall the drawing.
  static let bandRows = 256

  /// A drawing and what was left out of it.
  package struct Rendering: Equatable, Sendable {
    /// The rows drawn, each ending with a newline.
    package var text: String
    /// One line per limit that clipped the drawing, for stderr; empty when nothing was.
    package var notes: [String]
    /// The cells drawn, with their boxes, in drawing order: what a live view styles and
    /// hit-tests without walking the layout again.
    package var cells: [DrawnCell] = []
  }

  /// The number of columns the layout's content takes, before clipping.
  package var contentColumns: Int {
    max(1, cell(Double(layout.solution.contentSize.width) / Self.pointsPerColumn, .up))
  }

  /// The number of columns drawn: the content's, at most ``maximumColumns``.
  package var columns: Int { min(contentColumns, Self.maximumColumns) }

  /// The number of rows the whole layout takes (its bottom edge included).
  package var totalRows: Int {
    let height = Double(layout.solution.contentSize.height)
    return height > 0 ? row(height) + 1 : 0
  }

  /// `value` rounded by `rule` as an `Int`, clamped to ±2^50 so that no coordinate traps;
  /// NaN is 0.
  @inline(__always)
  private func cell(_ value: Double, _ rule: FloatingPointRoundingRule) -> Int {
    let limit = Double(1 << 50)
    guard !value.isNaN else { return 0 }
    return Int(min(max(value.rounded(rule), -limit), limit))
  }

  @inline(__always)
  private func column(_ x: Double) -> Int {
    min(max(cell(x / Self.pointsPerColumn, .toNearestOrAwayFromZero), 0), columns - 1)
  }

  @inline(__always)
  private func row(_ y: Double) -> Int {
    max(cell(y / Self.pointsPerRow, .toNearestOrAwayFromZero), 0)
  }

  /// The drawing, or the rows of `viewport` only, within the documented limits.
  ///
  /// - Throws: exit 65 when the first band of rows already holds more than
  ///   ``maximumElements`` elements, so nothing sensible can be drawn.
  package func render(viewport: Viewport?) throws(CLIError) -> Rendering {
    let firstRow = viewport?.row ?? 0
    let rowCount = viewport.map { max(0, min($0.height, totalRows - $0.row)) } ?? totalRows
    guard rowCount > 0 else { return Rendering(text: "", notes: []) }
    let drawnRows = min(rowCount, max(1, Self.maximumCells / columns))
    var notes: [String] = []
    if columns < contentColumns {
      notes.append(
        "the drawing shows the first \(columns) of \(contentColumns) columns (at most \(Self.maximumColumns)); use --format json for every frame"
      )
    }
    var text = ""
    var cells: [DrawnCell] = []
    var budget = Self.maximumElements
    var band = firstRow
    while band < firstRow + drawnRows {
      let height = min(Self.bandRows, firstRow + drawnRows - band)
      guard
        let drawn = renderBand(firstRow: band, rows: height, budget: &budget, cells: &cells)
      else {
        guard band > firstRow else {
          throw CLIError.failed(
            .data,
            "\(layout.sourceName): more than \(Self.maximumElements) elements overlap rows \(band) to \(band + height - 1), too many to draw; check the spec for items of zero size"
          )
        }
        notes.append(
          "the drawing stops before row \(band): it draws at most \(Self.maximumElements) elements; draw later rows with --viewport \(band):HEIGHT"
        )
        return Rendering(text: text, notes: notes, cells: cells)
      }
      text += drawn
      band += height
    }
    if drawnRows < rowCount {
      notes.append(
        "the drawing shows rows \(firstRow) to \(firstRow + drawnRows - 1) of \(firstRow + rowCount) (at most \(Self.maximumCells) cells, \(Self.maximumCells / columns) rows at \(columns) columns); draw later rows with --viewport \(firstRow + drawnRows):HEIGHT"
      )
    }
    return Rendering(text: text, notes: notes, cells: cells)
  }

  /// Rows `firstRow ..< firstRow + rows`, or `nil` when the elements overlapping them
  /// exhaust `budget`.
  private func renderBand(
    firstRow: Int,
    rows rowCount: Int,
    budget: inout Int,
    cells: inout [DrawnCell]
  ) -> String? {
    var canvas = TerminalCanvas(columns: columns, rows: rowCount, firstRow: firstRow, ascii: ascii)
    let contentWidth = Double(layout.solution.contentSize.width)
    let strips = stripsBySection
    var exhausted = false
    layout.solution.visitElements(in: queryRect(firstRow: firstRow, rows: rowCount)) {
      attributes in
      guard budget > 0 else {
        exhausted = true
        return false
      }
      budget -= 1
      if let cell = draw(attributes, strips: strips, contentWidth: contentWidth, on: &canvas) {
        cells.append(cell)
      }
      return true
    }
    guard !exhausted else { return nil }
    drawStripMarkers(strips, contentWidth: contentWidth, on: &canvas)
    return canvas.render()
  }

  /// The rect of content that drawing rows `firstRow ..< firstRow + rows` query.
  ///
  /// Row r shows the coordinates [16r - 8, 16r + 8); a point of slack keeps edges that touch
  /// the window (the query ignores mere touching). Scrolled strips show cells from further
  /// along: the query is wider by the largest offset.
  private func queryRect(firstRow: Int, rows rowCount: Int) -> CGRect {
    let drawnWidth = min(
      Double(layout.solution.contentSize.width),
      Double(columns) * Self.pointsPerColumn
    )
    let reach = stripOffsets.values.filter(\.isFinite).max().map { max(0, $0) } ?? 0
    return CGRect(
      x: -1,
      y: Double(firstRow) * Self.pointsPerRow - Self.pointsPerRow / 2 - 1,
      width: drawnWidth + 2 + reach,
      height: Double(max(0, rowCount)) * Self.pointsPerRow + 2
    )
  }

  /// The solution's orthogonal strips by section.
  private var stripsBySection: [Int: OrthogonalSectionGeometry] {
    var strips: [Int: OrthogonalSectionGeometry] = [:]
    for strip in layout.solution.orthogonalSections { strips[strip.section] = strip }
    return strips
  }

  /// Draws an element; returns the cell drawn, if it is one.
  private func draw(
    _ attributes: LayoutAttributes,
    strips: [Int: OrthogonalSectionGeometry],
    contentWidth: Double,
    on canvas: inout TerminalCanvas
  ) -> DrawnCell? {
    switch attributes.representedElementCategory {
    case .cell:
      guard let shown = shownFrame(of: attributes, strips: strips, contentWidth: contentWidth)
      else { return nil }
      let cell = box(of: attributes.indexPath, frame: shown)
      drawCell(cell, on: &canvas)
      return cell
    case .supplementaryView:
      drawRule(attributes, on: &canvas)
    case .decorationView:
      break
    }
    return nil
  }

  /// Where a cell is drawn: its frame, moved by its strip's offset; `nil` when that puts
  /// it outside the strip's visible part, or past the drawing's right edge.
  private func shownFrame(
    of attributes: LayoutAttributes,
    strips: [Int: OrthogonalSectionGeometry],
    contentWidth: Double
  ) -> CGRect? {
    var frame = attributes.frame
    guard let strip = strips[attributes.indexPath.section] else {
      return Double(frame.minX) < contentWidth + 0.5 ? frame : nil
    }
    let offset = stripOffset(strip.section)
    frame.origin.x -= CGFloat(offset)
    let visible = visibleRange(of: strip, contentWidth: contentWidth)
    guard Double(frame.minX) >= visible.lowerBound - 0.5,
      Double(frame.maxX) <= visible.upperBound + 0.5
    else { return nil }
    return frame
  }

  private func stripOffset(_ section: Int) -> Double {
    guard let offset = stripOffsets[section], offset.isFinite else { return 0 }
    return max(0, offset)
  }

  /// A cell drawn on screen: its index path and the box around it, in drawing rows and
  /// columns (the box's lines included).
  package struct DrawnCell: Equatable, Sendable {
    package var indexPath: LayoutIndexPath
    package var top: Int
    package var left: Int
    package var bottom: Int
    package var right: Int
  }

  /// The drawing rows of a frame's top and bottom edges, rounded as cells are drawn.
  package func rows(of frame: CGRect) -> (top: Int, bottom: Int) {
    (row(Double(frame.minY)), row(Double(frame.maxY)))
  }

  /// The box a cell at `frame` is drawn in.
  private func box(of indexPath: LayoutIndexPath, frame: CGRect) -> DrawnCell {
    DrawnCell(
      indexPath: indexPath,
      top: row(Double(frame.minY)),
      left: column(Double(frame.minX)),
      bottom: row(Double(frame.maxY)),
      right: column(Double(frame.maxX))
    )
  }

  private func drawStripMarkers(
    _ strips: [Int: OrthogonalSectionGeometry],
    contentWidth: Double,
    on canvas: inout TerminalCanvas
  ) {
    let rightToLeft = layout.spec.environment.layoutDirection == .rightToLeft
    for strip in strips.values {
      let markerRow = row(Double(strip.stripFrame.midY))
      let visible = visibleRange(of: strip, contentWidth: contentWidth)
      let offset = stripOffset(strip.section)
      let hasMore =
        Double(strip.scrollContentSize.width) > Double(strip.stripFrame.width) + offset + 0.5
      if hasMore {
        let markerColumn = rightToLeft ? column(visible.lowerBound) : column(visible.upperBound)
        let marker = rightToLeft ? (ascii ? "<" : "‹") : (ascii ? ">" : "›")
        canvas.text(marker, row: markerRow, column: markerColumn, lastColumn: markerColumn)
      }
      if offset > 0.5 {
        let markerColumn = rightToLeft ? column(visible.upperBound) : column(visible.lowerBound)
        let marker = rightToLeft ? (ascii ? ">" : "›") : (ascii ? "<" : "‹")
        canvas.text(marker, row: markerRow, column: markerColumn, lastColumn: markerColumn)
      }
    }
  }

  private func visibleRange(of strip: OrthogonalSectionGeometry, contentWidth: Double)
    -> ClosedRange<Double>
  {
    let low = max(0, Double(strip.stripFrame.minX))
    return low...max(low, min(contentWidth, Double(strip.stripFrame.maxX)))
  }

  private func drawCell(_ cell: DrawnCell, on canvas: inout TerminalCanvas) {
    let (top, left, bottom, right) = (cell.top, cell.left, cell.bottom, cell.right)
    canvas.box(top: top, left: left, bottom: bottom, right: right)
    let interiorHeight = bottom - top - 1
    let interiorWidth = right - left - 1
    guard interiorHeight > 0, interiorWidth > 0 else { return }
    let padded = interiorWidth >= 6
    let textLeft = left + (padded ? 2 : 1)
    let textRight = right - (padded ? 2 : 1)
    let width = textRight - textLeft + 1
    for (offset, line) in label(cell.indexPath, rows: interiorHeight, width: width).prefix(
      interiorHeight
    ).enumerated() {
      canvas.text(
        TextWidth.truncate(line, to: width),
        row: top + 1 + offset,
        column: textLeft,
        lastColumn: textRight
      )
    }
  }

  /// The lines inside a cell of `rows` × `width` cells.
  func label(_ indexPath: LayoutIndexPath, rows: Int, width: Int) -> [String] {
    guard let pokemon = layout.pokemon(at: indexPath), let names = layout.content?.names else {
      return [indexPath.description]
    }
    let number = "#" + pad4(pokemon.nationalNumber)
    let member = layout.member(at: indexPath)
    let name = member?.title ?? names.name(of: pokemon)
    let types = pokemon.types.map { names.typeName($0) }.joined(separator: " / ")
    // The sort key's value (`BST 534`, `90.5 kg`), so the order can be read off the cells.
    let sorted = sortField.map { field in
      let value = field.value(pokemon, names)
      return field.key == "height" || field.key == "weight" ? value : field.header + " " + value
    }
    if showsStats {
      let heading =
        number + " " + (member == nil ? TextWidth.pad(name, to: 16) : name) + "  " + types
      let stats = statLine(member?.stats ?? pokemon.stats, bar: member == nil, width: width)
      return rows >= 2 ? [heading, stats] : [heading + "  " + stats]
    }
    switch rows {
    case 1:
      // Wide, the list is a table: every row has the same columns, a stat in each.
      let table =
        number + " " + TextWidth.pad(TextWidth.truncate(name, to: 20), to: 20) + " "
        + TextWidth.pad(TextWidth.truncate(types, to: 18), to: 18) + " "
        + Self.statColumns(member?.stats ?? pokemon.stats)
      if TextWidth.of(table) <= width {
        let statsShown = sortField.map { Self.statKeys.contains($0.key) } ?? false
        return [sorted.map { statsShown ? table : Self.aligned(table, $0, width: width) } ?? table]
      }
      let line =
        width >= 34
        ? number + " " + TextWidth.pad(name, to: 16) + "  " + types : number + " " + name
      return [sorted.map { Self.aligned(line, $0, width: width) } ?? line]
    case 2: return [sorted.map { Self.aligned(number, $0, width: width) } ?? number, name]
    default: return [sorted.map { Self.aligned(number, $0, width: width) } ?? number, name, types]
    }
  }

  /// `text` with `value` at the right of `width` columns, or `text` alone when both do not
  /// fit with two spaces between them.
  private static func aligned(_ text: String, _ value: String, width: Int) -> String {
    let room = width - TextWidth.of(value)
    guard TextWidth.of(text) + 2 <= room else { return text }
    return TextWidth.pad(text, to: room) + value
  }

  /// The keys of the values ``statColumns(_:)`` shows.
  private static let statKeys: Set<String> = ["hp", "atk", "def", "spa", "spd", "spe", "bst"]

  /// The six stats and the total in columns of fixed width: `HP  78 Atk  84 … BST  534`.
  private static func statColumns(_ stats: Stats) -> String {
    let values = [
      ("HP", stats.hp), ("Atk", stats.attack), ("Def", stats.defense), ("SpA", stats.specialAttack),
      ("SpD", stats.specialDefense), ("Spe", stats.speed), ("BST", stats.total),
    ]
    return values.map { $0.0 + " " + TextWidth.pad(String($0.1), to: 4, alignRight: true) }
      .joined(separator: " ")
  }

  /// The six stats and their total; with `bar`, base stats on a bar out of 720.
  ///
  /// With `bar`, each stat takes three digits' room, so that in cells of one width the
  /// bars start in the same column and have the same scale: their lengths compare from
  /// row to row (issue #37).
  private func statLine(_ stats: Stats, bar: Bool, width: Int) -> String {
    let values = [
      ("HP", stats.hp), ("Atk", stats.attack), ("Def", stats.defense), ("SpA", stats.specialAttack),
      ("SpD", stats.specialDefense), ("Spe", stats.speed),
    ]
    let text = values.map {
      $0.0 + " " + (bar ? TextWidth.pad(String($0.1), to: 3, alignRight: true) : String($0.1))
    }.joined(separator: " ")
    let total = "BST " + TextWidth.pad("\(stats.total)", to: 4, alignRight: true) + " "
    let barWidth = min(30, width - TextWidth.of(text) - TextWidth.of(total) - 2)
    guard bar else { return text + "  Total " + String(stats.total) }
    guard barWidth >= 4 else { return total + text }
    return text + "  " + total
      + StatBar.render(value: stats.total, maximum: 720, width: barWidth, ascii: ascii)
  }

  private func drawRule(_ attributes: LayoutAttributes, on canvas: inout TerminalCanvas) {
    let frame = attributes.frame
    let ruleRow = cell(Double(frame.midY) / Self.pointsPerRow, .down)
    let left = column(Double(frame.minX))
    let right = column(Double(frame.maxX))
    canvas.horizontalLine(row: ruleRow, from: left, to: right)
    let kind = attributes.representedElementKind ?? ""
    let section = attributes.indexPath.section
    let title: String
    switch kind {
    case "header": title = layout.sectionTitle(section)
    case "footer": title = "end of " + layout.sectionTitle(section)
    default: title = kind
    }
    let room = right - left - 4
    guard room >= 3 else { return }
    canvas.text(
      " " + TextWidth.truncate(title, to: room - 2) + " ",
      row: ruleRow,
      column: left + 2,
      lastColumn: right - 2
    )
  }
}
