// Batch updates and reloads: UIKit's methods for telling a table view what changed in its
// data source, checked as UIKit checks them (see `DisplayedItems`).

extension UITableView {
  /// Shows the data source's contents afresh: every count, cell and title is asked for
  /// again.
  public func reloadData() {
    items.reloadData()
  }

  /// Applies the changes `updates` makes as one batch, then calls `completion` with `true`
  /// (before returning, headless). A batch the data source's counts contradict is
  /// reported with UIKit's message (UIKit raises) and the table loads the data source's
  /// contents instead.
  public func performBatchUpdates(
    _ updates: (() -> Void)?,
    completion: ((Bool) -> Void)? = nil
  ) {
    items.performBatchUpdates(updates, animated: true)
    completion?(true)
  }

  /// Starts collecting changes into one batch, applied by the matching ``endUpdates()``.
  public func beginUpdates() {
    items.loadIfNeeded()
    if updatesDepth == 0 { items.pendingBatch = BatchUpdate() }
    updatesDepth += 1
  }

  /// Applies the batch collected since the matching ``beginUpdates()``.
  public func endUpdates() {
    guard updatesDepth > 0 else { return }
    updatesDepth -= 1
    guard updatesDepth == 0 else { return }
    let batch = items.pendingBatch ?? BatchUpdate()
    items.pendingBatch = nil
    items.commit(batch, animated: true)
  }

  /// Inserts rows at `indexPaths` (their positions after the update).
  public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    items.change(animated: animation != .none) { $0.insertedItems += indexPaths.map(ItemPath.init) }
  }

  /// Deletes the rows at `indexPaths` (their positions before the update).
  public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    items.change(animated: animation != .none) { $0.deletedItems += indexPaths.map(ItemPath.init) }
  }

  /// Asks the data source for new cells for the rows at `indexPaths`.
  public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    items.change(animated: animation != .none) { $0.reloadedItems += indexPaths.map(ItemPath.init) }
  }

  /// Has the data source configure the existing cells of the rows at `indexPaths` again
  /// (dequeuing returns the row's own cell).
  public func reconfigureRows(at indexPaths: [IndexPath]) {
    items.change(animated: true) { $0.reconfiguredItems += indexPaths.map(ItemPath.init) }
  }

  /// Moves the row at `indexPath` to `newIndexPath`.
  public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    items.change(animated: true) {
      $0.movedItems.append(BatchUpdate.Move(from: ItemPath(indexPath), to: ItemPath(newIndexPath)))
    }
  }

  /// Inserts sections at `sections` (their indices after the update).
  public func insertSections(_ sections: IndexSet, with animation: RowAnimation) {
    items.change(animated: animation != .none) { $0.insertedSections += sections }
  }

  /// Deletes the sections at `sections` (their indices before the update).
  public func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {
    items.change(animated: animation != .none) { $0.deletedSections += sections }
  }

  /// Reads the sections at `sections` again from the data source.
  public func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
    items.change(animated: animation != .none) { $0.reloadedSections += sections }
  }

  /// Moves the section at `section` to `newSection`.
  public func moveSection(_ section: Int, toSection newSection: Int) {
    items.change(animated: true) {
      $0.movedSections.append(BatchUpdate.Move(from: section, to: newSection))
    }
  }
}
