// Batch updates and reloads: UIKit's methods for telling a collection view what changed in
// its data source. Each batch is checked against the data source's new counts, as UIKit
// checks it (see `DisplayedItems`).

extension UICollectionView {
  /// Shows the data source's contents afresh: every count and cell is asked for again.
  public func reloadData() {
    items.reloadData()
  }

  /// Applies the insertions, deletions, moves and reloads that `updates` makes as one batch,
  /// then calls `completion` with `true`.
  ///
  /// As in UIKit, the view reads its counts from the data source first if it has not yet,
  /// then checks the batch against the data source's counts once `updates` has run: a
  /// batch they contradict is reported with UIKit's message (UIKit raises), and the view
  /// loads the data source's contents instead. Headless, `completion` runs before the
  /// method returns.
  public func performBatchUpdates(
    _ updates: (() -> Void)?,
    completion: ((Bool) -> Void)? = nil
  ) {
    items.performBatchUpdates(updates, animated: true)
    completion?(true)
  }

  /// Inserts items at `indexPaths` (their positions after the update).
  public func insertItems(at indexPaths: [IndexPath]) {
    items.change(animated: true) { $0.insertedItems += indexPaths.map(ItemPath.init) }
  }

  /// Deletes the items at `indexPaths` (their positions before the update).
  public func deleteItems(at indexPaths: [IndexPath]) {
    items.change(animated: true) { $0.deletedItems += indexPaths.map(ItemPath.init) }
  }

  /// Asks the data source for new cells for the items at `indexPaths`.
  public func reloadItems(at indexPaths: [IndexPath]) {
    items.change(animated: true) { $0.reloadedItems += indexPaths.map(ItemPath.init) }
  }

  /// Has the data source configure the existing cells of the items at `indexPaths` again
  /// (dequeuing returns the item's own cell).
  public func reconfigureItems(at indexPaths: [IndexPath]) {
    items.change(animated: true) { $0.reconfiguredItems += indexPaths.map(ItemPath.init) }
  }

  /// Moves the item at `indexPath` to `newIndexPath`.
  public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    items.change(animated: true) {
      $0.movedItems.append(BatchUpdate.Move(from: ItemPath(indexPath), to: ItemPath(newIndexPath)))
    }
  }

  /// Inserts sections at `sections` (their indices after the update).
  public func insertSections(_ sections: IndexSet) {
    items.change(animated: true) { $0.insertedSections += sections }
  }

  /// Deletes the sections at `sections` (their indices before the update).
  public func deleteSections(_ sections: IndexSet) {
    items.change(animated: true) { $0.deletedSections += sections }
  }

  /// Reads the sections at `sections` again from the data source.
  public func reloadSections(_ sections: IndexSet) {
    items.change(animated: true) { $0.reloadedSections += sections }
  }

  /// Moves the section at `section` to `newSection`.
  public func moveSection(_ section: Int, toSection newSection: Int) {
    items.change(animated: true) {
      $0.movedSections.append(BatchUpdate.Move(from: section, to: newSection))
    }
  }
}
