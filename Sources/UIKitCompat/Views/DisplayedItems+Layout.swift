// Showing the cells a layout places on screen, for both headless views.

extension DisplayedItems {
  /// Shows a cell for each of `attributes` (the cells of the layout on screen) in `view`:
  /// the item's cell if it has one, or the one `make` asks the data source for (also for a
  /// reconfigured item, whose cell dequeuing then returns). Cells that left the screen wait
  /// for reuse.
  ///
  /// - Parameters:
  ///   - attributes: The layout attributes of the cells on screen.
  ///   - view: The collection or table view.
  ///   - make: Asks the data source for the cell at an index path.
  ///   - place: Gives a cell its attributes.
  func showCells(
    for attributes: [UICollectionViewLayoutAttributes],
    in view: UIView,
    make: (IndexPath) -> Cell?,
    place: (Cell, UICollectionViewLayoutAttributes) -> Void
  ) {
    let visible = Set(attributes.map { ItemPath($0.indexPath) })
    for path in positionsOnScreen where !visible.contains(path) {
      if let cell = self[path] { cellQueue.enqueue(cell) }
      self[path] = nil
    }
    for attribute in attributes {
      let path = ItemPath(attribute.indexPath)
      var cell = self[path]
      if cell == nil || needsReconfigure.contains(path) {
        reconfiguring = cell.map { (path, $0) }
        let made = make(attribute.indexPath)
        reconfiguring = nil
        if let cell, let made, cell !== made { cellQueue.enqueue(cell) }
        cell = made ?? cell
        self[path] = cell
      }
      guard let cell else { continue }
      place(cell, attribute)
      if cell.superview !== view { view.addSubview(cell) }
    }
    needsReconfigure = []
  }

  /// A cell for `identifier` to show at `path`: while the data source reconfigures the item
  /// there, its own cell; otherwise one waiting for reuse or a new one; `nil` when
  /// `identifier` is not registered.
  func dequeue(_ identifier: String, at path: ItemPath) -> Cell? {
    if let reconfiguring, reconfiguring.path == path,
      reconfiguring.cell.reuseIdentifier == identifier
    {
      return reconfiguring.cell
    }
    return cellQueue.dequeue(identifier)
  }
}
