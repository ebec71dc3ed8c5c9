extension FetchedResultsController {
  /// The fetched element at a UIKit index path, or `nil` when there is none (where Core
  /// Data's `object(at:)` raises an exception).
  ///
  /// ```swift
  /// guard let note = fetchedResultsController.object(at: indexPath) else { return nil }
  /// ```
  ///
  /// - Complexity: O(1).
  public func object(at indexPath: IndexPath) -> Element? {
    object(at: ItemPath(indexPath))
  }
}
