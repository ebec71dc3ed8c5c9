import CollectionLayout
import PokedexKit
import TerminalUI

/// Drawing a browser: a pure function of its state and contents into a ``ScreenBuffer``.
///
/// ```
/// row 0          title: the count, the layout, the sort and the sections
/// rows 1…n-3     the layout (or the card, or the help)
/// row n-2        the query line
/// row n-1        the keys; under a query that does not compile, a caret and its error
/// ```
extension BrowseApp {
  /// The screen for the current state.
  ///
  /// - Complexity: O(r × c) for the screen's cells, plus O(log n + k) for the k elements
  ///   of the layout on screen.
  package func render() -> ScreenBuffer {
    var screen = ScreenBuffer(rows: state.size.rows, columns: state.size.columns)
    guard !isTooSmall else {
      drawTooSmall(on: &screen)
      return screen
    }
    drawTitle(on: &screen)
    switch state.mode {
    case .detail: drawCard(on: &screen)
    case .browsing, .editingQuery, .help: drawLayout(on: &screen)
    }
    if state.mode == .help { drawHelp(on: &screen) }
    drawQueryLine(on: &screen)
    drawFooter(on: &screen)
    return screen
  }

  // MARK: Styles

  private var titleStyle: TextStyle {
    var style = TextStyle()
    style.inverse = true
    return style
  }

  private var dimStyle: TextStyle {
    var style = TextStyle()
    style.dim = true
    return style
  }

  private var errorStyle: TextStyle {
    var style = state.colors == .monochrome ? TextStyle() : TextStyle(foreground: .ansi(1))
    style.bold = true
    return style
  }

  // MARK: Parts

  private func drawTooSmall(on screen: inout ScreenBuffer) {
    let lines = [
      "Terminal too small: \(state.size.columns)×\(state.size.rows).",
      "Browsing needs \(Self.minimumSize.columns)×\(Self.minimumSize.rows).",
      "Enlarge it, or press q.",
    ]
    let top = max(0, (state.size.rows - lines.count) / 2)
    for (offset, line) in lines.enumerated() {
      let truncated = TextWidth.truncate(line, to: state.size.columns)
      let left = max(0, (state.size.columns - TextWidth.of(truncated)) / 2)
      screen.write(truncated, row: top + offset, column: left)
    }
  }

  private func drawTitle(on screen: inout ScreenBuffer) {
    screen.fill(row: 0, style: titleStyle)
    let count = content.matchCount
    // The selection's place, as fzf counts: `17/81`.
    let place = position
    let left = " Pokédex · \(count) Pokémon · \(place.index)/\(place.count)"
    let sections = state.scene.sectionBy.isEmpty ? "" : " · by \(state.scene.sectionBy)"
    let forms = state.scene.includesForms ? " · forms" : ""
    let right =
      "\(state.scene.layout.rawValue) · sort \(BrowseCycles.sortName(state.scene.sort))\(sections)\(forms) "
    let width = state.size.columns
    screen.write(TextWidth.truncate(left, to: width), row: 0, column: 0, style: titleStyle)
    let rightWidth = TextWidth.of(right)
    if TextWidth.of(left) + rightWidth + 2 <= width {
      screen.write(right, row: 0, column: width - rightWidth, style: titleStyle)
    }
  }

  private func drawLayout(on screen: inout ScreenBuffer) {
    guard let renderer else { return }
    guard content.numberOfSections > 0, content.itemCounts.contains(where: { $0 > 0 }) else {
      let message =
        state.scene.query.isEmpty ? "No Pokémon." : "No Pokémon match '\(state.scene.query)'."
      screen.write(
        TextWidth.truncate(message, to: state.size.columns - 2),
        row: 2,
        column: 2,
        style: dimStyle
      )
      return
    }
    let viewport = ASCIILayoutRenderer.Viewport(row: state.scene.scrollRow, height: viewportHeight)
    guard let drawing = try? renderer.render(viewport: viewport) else { return }
    // Lines split on their bytes (a newline is one byte in UTF-8), without walking
    // characters.
    for (offset, line) in drawing.text.utf8.split(
      separator: UInt8(ascii: "\n"),
      maxSplits: viewportHeight,
      omittingEmptySubsequences: false
    ).prefix(viewportHeight).enumerated() {
      screen.write(Substring(line), row: 1 + offset, column: 0)
    }
    for cell in drawing.cells { style(cell, on: &screen) }
  }

  /// Colours a cell's types and shows the selection in inverse video.
  private func style(_ cell: ASCIILayoutRenderer.DrawnCell, on screen: inout ScreenBuffer) {
    let firstRow = state.scene.scrollRow
    let top = cell.top + 1 - firstRow
    let bottom = cell.bottom + 1 - firstRow
    let isSelected = item(at: cell.indexPath).map { $0 == state.selected } ?? false
    // Screen rows of the cell's interior and of its whole box, within the viewport.
    let interior = span(max(1, top + 1), min(viewportHeight, bottom - 1) + 1)
    let box = span(max(1, top), min(viewportHeight, bottom) + 1)
    if state.colors != .monochrome,
      let pokemon = item(at: cell.indexPath).flatMap(content.pokemon(for:))
    {
      colorTypes(of: pokemon, rows: interior, columns: span(cell.left + 1, cell.right), on: &screen)
    }
    guard isSelected else { return }
    let columns = span(max(0, cell.left), min(state.size.columns, cell.right + 1))
    for row in box {
      screen.restyle(row: row, columns: columns) { $0.bold = true }
      if row != top && row != bottom {
        screen.restyle(row: row, columns: span(cell.left + 1, cell.right)) {
          $0.inverse = true
        }
      }
    }
  }

  /// The integers from `lower` up to `upper`, empty when `upper` is not above `lower`
  /// (where `lower..<upper` would trap).
  private func span(_ lower: Int, _ upper: Int) -> Range<Int> { lower..<max(lower, upper) }

  /// Colours the type names in the cell's rows: the `Fire / Flying` text, where it is.
  private func colorTypes(
    of pokemon: Pokemon,
    rows: Range<Int>,
    columns: Range<Int>,
    on screen: inout ScreenBuffer
  ) {
    let names = pokemon.types.map { (name: content.names.typeName($0), identifier: $0) }
    let joined = Array(names.map(\.name).joined(separator: " / "))
    guard !joined.isEmpty, !columns.isEmpty else { return }
    for row in rows {
      // The row's characters, each with its column (the right halves of wide ones skipped).
      let characters: [(character: Character, column: Int)] = columns.compactMap { column in
        guard let text = screen[row, column]?.text, let first = text.first else { return nil }
        return (first, column)
      }
      guard joined.count <= characters.count,
        let start = (0...(characters.count - joined.count)).first(where: { start in
          (0..<joined.count).allSatisfy { characters[start + $0].character == joined[$0] }
        })
      else { continue }
      var offset = start
      for (index, type) in names.enumerated() {
        let count = type.name.count
        let first = characters[offset].column
        let last = characters[offset + count - 1].column
        let wide = TextWidth.of(type.name) > count ? 1 : 0
        // The palette `show` and `types` use, at the terminal's depth.
        let color = Style(depth: state.colors).textColor(
          hex: TypePalette.color(of: type.identifier)
        )
        screen.restyle(row: row, columns: span(first, last + 1 + wide)) {
          $0.foreground = color ?? .default
        }
        offset += count + (index < names.count - 1 ? 3 : 0)
      }
      return
    }
  }

  private func drawCard(on screen: inout ScreenBuffer) {
    let lines = cardLines()
    let height = cardHeight
    let scroll = min(max(0, state.detailScroll), max(0, lines.count - height))
    let width = state.size.columns
    let boxTop = 1
    let boxBottom = viewportHeight
    drawBox(top: boxTop, bottom: boxBottom, left: 0, right: width - 1, on: &screen)
    let title =
      lines.count > height
      ? " lines \(scroll + 1)–\(min(lines.count, scroll + height)) of \(lines.count) " : ""
    screen.write(
      title,
      row: boxTop,
      column: max(2, width - TextWidth.of(title) - 2),
      style: dimStyle
    )
    for (offset, line) in lines.dropFirst(scroll).prefix(height).enumerated() {
      screen.write(line, row: boxTop + 1 + offset, column: 2, limit: width - 2)
    }
  }

  private func drawBox(top: Int, bottom: Int, left: Int, right: Int, on screen: inout ScreenBuffer)
  {
    guard bottom > top, right > left else { return }
    for row in top...bottom {
      screen.fill(row: row, from: left, to: right + 1)
    }
    let horizontal = String(repeating: "─", count: right - left - 1)
    screen.write("┌" + horizontal + "┐", row: top, column: left)
    screen.write("└" + horizontal + "┘", row: bottom, column: left)
    for row in top + 1..<bottom {
      screen.write("│", row: row, column: left)
      screen.write("│", row: row, column: right)
    }
  }

  private func drawHelp(on screen: inout ScreenBuffer) {
    let lines = BrowseKeys.help
    let width = min(state.size.columns - 2, (lines.map(TextWidth.of).max() ?? 0) + 4)
    let height = min(viewportHeight, lines.count + 2)
    let left = max(0, (state.size.columns - width) / 2)
    let top = 1 + max(0, (viewportHeight - height) / 2)
    drawBox(top: top, bottom: top + height - 1, left: left, right: left + width - 1, on: &screen)
    screen.write(" Keys ", row: top, column: left + 2, style: titleStyle)
    for (offset, line) in lines.prefix(height - 2).enumerated() {
      screen.write(line, row: top + 1 + offset, column: left + 2, limit: left + width - 1)
    }
  }

  private func drawQueryLine(on screen: inout ScreenBuffer) {
    let row = state.size.rows - 2
    let width = state.size.columns
    guard state.mode == .editingQuery else {
      if state.scene.query.isEmpty {
        screen.write(
          TextWidth.truncate("/ type a name or a query: char, fire spe>100, gen:1 …", to: width),
          row: row,
          column: 0,
          style: dimStyle
        )
      } else {
        screen.write("/ ", row: row, column: 0, style: dimStyle)
        screen.write(TextWidth.truncate(state.scene.query, to: width - 2), row: row, column: 2)
      }
      return
    }
    let characters = Array(state.draft)
    let start = queryLineStart
    screen.write("/ ", row: row, column: 0, style: errorOrPlain)
    var column = 2
    for (index, character) in characters.enumerated().dropFirst(start) {
      guard column < width else { break }
      var style = TextStyle()
      style.inverse = index == state.cursor
      column = screen.write(String(character), row: row, column: column, style: style)
    }
    if state.cursor >= characters.count, column < width {
      var cursor = TextStyle()
      cursor.inverse = true
      screen.write(" ", row: row, column: column, style: cursor)
    }
  }

  /// The first character of the query line shown: the line scrolls so the cursor stays in
  /// view.
  private var queryLineStart: Int {
    max(0, state.cursor - max(1, state.size.columns - 3) + 1)
  }

  /// The screen column under the query line's character at `offset`.
  private func queryColumn(of offset: Int) -> Int {
    let characters = Array(state.draft)
    let start = queryLineStart
    let end = min(characters.count, max(start, offset))
    return 2 + characters[start..<end].reduce(0) { $0 + TextWidth.of(String($1)) }
  }

  private var errorOrPlain: TextStyle { state.problem == nil ? TextStyle() : errorStyle }

  private func drawFooter(on screen: inout ScreenBuffer) {
    let row = state.size.rows - 1
    let width = state.size.columns
    if state.mode == .editingQuery, let problem = state.problem {
      let caretColumn = min(queryColumn(of: problem.column), width - 1)
      let carets = String(repeating: "^", count: max(1, min(problem.length, width - caretColumn)))
      screen.write(carets, row: row, column: caretColumn, style: errorStyle)
      let message = " " + problem.message
      let after = caretColumn + carets.count
      if after + 12 <= width {
        screen.write(
          TextWidth.truncate(message, to: width - after),
          row: row,
          column: after,
          style: errorStyle
        )
      } else {
        screen.write(
          TextWidth.truncate(problem.message, to: max(1, caretColumn - 1)),
          row: row,
          column: 0,
          style: errorStyle
        )
      }
      return
    }
    if let note = state.note {
      screen.write(TextWidth.truncate(note, to: width), row: row, column: 0, style: errorStyle)
      return
    }
    let keys = BrowseKeys.footer(for: state.mode, width: width)
    screen.write(keys, row: row, column: 0, style: dimStyle)
  }
}
