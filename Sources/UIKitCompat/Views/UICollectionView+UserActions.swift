// What a user does to a collection view's items that UIKit has no method for (a finger does
// it), for tests: the headless view's own, named `simulate…`.

extension UICollectionView {
  /// Taps the outline disclosure control of the item at `indexPath`, as the user does in a
  /// list cell with an `.outlineDisclosure()` accessory: a diffable data source expands
  /// the item if it is collapsed and collapses it otherwise, through its
  /// `sectionSnapshotHandlers`.
  ///
  /// - Returns: Whether the item expanded or collapsed (never, for another data source).
  @discardableResult
  public func simulateOutlineDisclosureTap(at indexPath: IndexPath) -> Bool {
    guard let dataSource = dataSource as? any OutlineDisclosing else { return false }
    return dataSource.toggleDisclosure(at: indexPath)
  }
}
