// What a user does to a table's rows, for tests: UIKit has no methods for these (a finger
// does them), so these are the headless view's own, named `simulate…`. Each asks the data
// source what UIKit asks it, then calls what UIKit calls.

extension UITableView {
  /// Drags the row at `source` to `destination` (its position once it has left `source`),
  /// as the user does with a reorder control: only in editing mode, and only for a row the
  /// data source allows to move (`tableView(_:canMoveRowAt:)`). The table moves the row,
  /// then calls the data source's `tableView(_:moveRowAt:to:)`.
  ///
  /// A data source that applies a snapshot or a batch from that method is answered from
  /// what the table showed before the drag, as the data source knew it.
  ///
  /// - Returns: Whether the row moved.
  @discardableResult
  public func simulateMoveRow(at source: IndexPath, to destination: IndexPath) -> Bool {
    items.loadIfNeeded()
    guard isEditing, items.contains(ItemPath(source)),
      dataSource?.tableView(self, canMoveRowAt: source) == true
    else { return false }
    return items.performUserMove(from: ItemPath(source), to: ItemPath(destination)) {
      dataSource?.tableView(self, moveRowAt: source, to: destination)
    }
  }

  /// Swipes the row at `indexPath` and taps its delete (or insert) button, as the user
  /// does: only for a row the data source allows to edit (`tableView(_:canEditRowAt:)`).
  /// The table calls the data source's `tableView(_:commit:forRowAt:)`, which updates the
  /// rows.
  ///
  /// - Returns: Whether the data source was asked to commit the edit.
  @discardableResult
  public func simulateCommit(
    _ editingStyle: UITableViewCell.EditingStyle,
    forRowAt indexPath: IndexPath
  ) -> Bool {
    items.loadIfNeeded()
    guard editingStyle != .none, items.contains(ItemPath(indexPath)), let dataSource,
      dataSource.tableView(self, canEditRowAt: indexPath)
    else { return false }
    dataSource.tableView(self, commit: editingStyle, forRowAt: indexPath)
    return true
  }
}
