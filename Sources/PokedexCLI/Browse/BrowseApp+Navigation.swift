import CollectionLayout
import DiffableSnapshots
import Foundation
import PokedexKit

/// Moving the selection and scrolling: by the frames of the solved layout, so that every
/// preset (a grid, a list, a featured cell beside two small ones, a carousel that scrolls
/// sideways) moves the way it looks.
extension BrowseApp {
  /// A direction to move the selection.
  enum Direction { case up, down, left, right }

  /// The first item shown, if any.
  func firstItem() -> PokemonRowID? {
    let snapshot = content.dataSource.snapshot()
    for section in snapshot.sectionIdentifiers {
      if let first = (try? snapshot.itemIdentifiers(inSection: section))?.first { return first }
    }
    return nil
  }

  /// The last item shown, if any.
  func lastItem() -> PokemonRowID? {
    let snapshot = content.dataSource.snapshot()
    for section in snapshot.sectionIdentifiers.reversed() {
      if let last = (try? snapshot.itemIdentifiers(inSection: section))?.last { return last }
    }
    return nil
  }

  /// Selects `item` and scrolls it into view.
  func select(_ item: PokemonRowID?) {
    guard let item else { return }
    state.selected = item
    revealSelection()
  }

  /// The index path of the selection in the layout.
  var selectedPath: LayoutIndexPath? {
    guard let selected = state.selected,
      let path = content.dataSource.snapshot().indexPath(ofItem: selected)
    else { return nil }
    return LayoutIndexPath(section: path.section, item: path.item)
  }

  /// The selection's place among the cells shown, from 1, and how many there are: the
  /// title's `17/81`. A Pokémon listed in two sections counts twice, as it is shown.
  ///
  /// - Complexity: O(s) for s sections.
  var position: (index: Int, count: Int) {
    let counts = content.itemCounts
    let count = counts.reduce(0, +)
    guard let path = selectedPath, path.section < counts.count else { return (0, count) }
    return (counts[..<path.section].reduce(0, +) + path.item + 1, count)
  }

  /// The item at a layout index path.
  func item(at path: LayoutIndexPath) -> PokemonRowID? {
    content.dataSource.itemIdentifier(for: ItemPath(section: path.section, item: path.item))
  }

  /// Moves the selection one step: left and right to the previous and next item (along
  /// a row, a list or a carousel), up and down to the nearest item above or below.
  func move(_ direction: Direction) {
    guard let path = selectedPath, let layout else {
      select(firstItem())
      return
    }
    switch direction {
    case .left: select(neighbour(of: path, step: -1))
    case .right: select(neighbour(of: path, step: 1))
    case .up, .down:
      guard let frame = shownFrame(of: path, in: layout) else { return }
      // Nothing below the last row (or above the first): the selection stays.
      select(nearest(to: frame, below: direction == .down, in: layout))
    }
  }

  /// The item `step` places away in the contents' order, across sections.
  func neighbour(of path: LayoutIndexPath, step: Int) -> PokemonRowID? {
    var section = path.section
    var item = path.item + step
    let sections = content.numberOfSections
    while section >= 0, section < sections {
      let count = content.numberOfItems(inSection: section)
      if item >= 0, item < count {
        return self.item(at: LayoutIndexPath(section: section, item: item))
      }
      section += step
      guard section >= 0, section < sections else { return nil }
      item = step > 0 ? 0 : content.numberOfItems(inSection: section) - 1
    }
    return nil
  }

  /// The frame of an item as drawn: moved by its strip's sideways scroll.
  func shownFrame(of path: LayoutIndexPath, in layout: LaidOutLayout) -> CGRect? {
    guard var frame = layout.solution.frameForItem(at: path) else { return nil }
    frame.origin.x -= CGFloat(state.stripOffsets[path.section] ?? 0)
    return frame
  }

  /// The item nearest to `frame` among those wholly below (or above) it: the closest row
  /// first, then the closest horizontally.
  private func nearest(to frame: CGRect, below: Bool, in layout: LaidOutLayout) -> PokemonRowID? {
    let reach = Double(max(viewportHeight, 8)) * ASCIILayoutRenderer.pointsPerRow * 2
    let rect = CGRect(
      x: -1,
      y: below ? Double(frame.maxY) - 1 : Double(frame.minY) - reach,
      width: Double(layout.solution.contentSize.width) + 2,
      height: reach + 1
    )
    var best: (distance: (Double, Double), path: LayoutIndexPath)?
    for attributes in layout.solution.layoutAttributesForElements(in: rect)
    where attributes.representedElementCategory == .cell {
      guard let candidate = shownFrame(of: attributes.indexPath, in: layout) else { continue }
      let vertical =
        below
        ? Double(candidate.minY) - Double(frame.maxY) : Double(frame.minY) - Double(candidate.maxY)
      guard vertical > -1 else { continue }
      let horizontal = abs(Double(candidate.midX) - Double(frame.midX))
      let distance = (vertical.rounded(), horizontal)
      if best.map({ distance < $0.distance }) ?? true { best = (distance, attributes.indexPath) }
    }
    return best.flatMap { item(at: $0.path) }
  }

  /// Scrolls a page and moves the selection by as much.
  func page(down: Bool) {
    let height = max(1, viewportHeight - 1)
    guard let path = selectedPath, let layout, let frame = shownFrame(of: path, in: layout) else {
      return
    }
    state.scene.scrollRow += down ? height : -height
    clampScroll()
    let target = CGRect(
      x: frame.minX,
      y: frame.minY + CGFloat(Double(down ? height : -height) * ASCIILayoutRenderer.pointsPerRow),
      width: frame.width,
      height: frame.height
    )
    let found = nearest(to: target.offsetBy(dx: 0, dy: -1), below: true, in: layout)
    select(found ?? (down ? lastItem() : firstItem()))
  }

  /// Scrolls by `rows` (the wheel) and keeps the selection on screen.
  func scroll(by count: Int) {
    state.scene.scrollRow += count
    clampScroll()
    guard let layout, let path = selectedPath, let frame = shownFrame(of: path, in: layout) else {
      return
    }
    guard let (top, bottom) = renderer?.rows(of: frame) else { return }
    let first = state.scene.scrollRow
    let last = first + viewportHeight - 1
    guard top < first || bottom > last else { return }
    // The selection left the screen: select the item nearest to where it was.
    let inside = cellsOnScreen().filter { $0.top >= first && $0.bottom <= last }
    let pick = top < first ? inside.first : inside.last
    if let pick, let id = item(at: pick.indexPath) { state.selected = id }
  }

  /// The cells on screen, with their boxes in drawing rows and columns.
  func cellsOnScreen() -> [ASCIILayoutRenderer.DrawnCell] {
    let visible = ASCIILayoutRenderer.Viewport(row: state.scene.scrollRow, height: viewportHeight)
    return (try? renderer?.render(viewport: visible).cells) ?? []
  }

  /// Keeps the scroll position within the content.
  func clampScroll() {
    let total = renderer?.totalRows ?? 0
    state.scene.scrollRow = min(max(0, state.scene.scrollRow), max(0, total - viewportHeight))
  }

  /// Scrolls so that the selected cell is wholly on screen (with its section's header when
  /// it is in the section's first row), and its strip so that it is in the strip's view.
  func revealSelection() {
    guard let layout, let path = selectedPath else {
      clampScroll()
      return
    }
    revealInStrip(path, layout: layout)
    guard let frame = shownFrame(of: path, in: layout), let renderer else { return }
    var (top, bottom) = renderer.rows(of: frame)
    if let header = layout.solution.layoutAttributesForSupplementaryElement(
      ofKind: "header",
      at: LayoutIndexPath(section: path.section, item: 0)
    ) {
      let headerTop = renderer.rows(of: header.frame).top
      if top - headerTop <= 3 { top = headerTop }
    }
    if bottom > state.scene.scrollRow + viewportHeight - 1 {
      state.scene.scrollRow = bottom - viewportHeight + 1
    }
    // A cell taller than the screen shows its top.
    if top < state.scene.scrollRow { state.scene.scrollRow = top }
    clampScroll()
  }

  /// Scrolls the strip of `path`'s section sideways, if it has one, so the item is in view.
  private func revealInStrip(_ path: LayoutIndexPath, layout: LaidOutLayout) {
    guard let strip = layout.strip(ofSection: path.section),
      let frame = layout.solution.frameForItem(at: path)
    else { return }
    var offset = state.stripOffsets[path.section] ?? 0
    let start = Double(strip.stripFrame.minX)
    let end = Double(strip.stripFrame.maxX)
    // The strip's content inset: where its first item starts.
    let first = layout.solution.frameForItem(at: LayoutIndexPath(section: path.section, item: 0))
    let inset = first.map { max(0, Double($0.minX) - start) } ?? 0
    if Double(frame.maxX) - offset > end { offset = Double(frame.maxX) - end + inset }
    if Double(frame.minX) - offset < start { offset = Double(frame.minX) - start - inset }
    let widest = Double(strip.scrollContentSize.width) - Double(strip.stripFrame.width)
    offset = min(max(0, offset), max(0, widest))
    state.stripOffsets[path.section] = offset == 0 ? nil : offset
  }

  /// The item drawn at a screen row and column (0-based), if any.
  func item(atScreenRow row: Int, column: Int) -> PokemonRowID? {
    let drawingRow = row - 1 + state.scene.scrollRow
    guard row >= 1, row <= viewportHeight else { return nil }
    let cell = cellsOnScreen().last { cell in
      cell.top <= drawingRow && drawingRow <= cell.bottom && cell.left <= column
        && column <= cell.right
    }
    return cell.flatMap { item(at: $0.indexPath) }
  }
}
