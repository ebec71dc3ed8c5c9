/// One change a headless collection or table view applied to what it shows, as its
/// ``UICollectionView/recordedUpdates`` or ``UITableView/recordedUpdates`` list them: a
/// test asks what the data source sent.
///
/// ```swift
/// dataSource.apply(snapshot)
/// collectionView.recordedUpdates.last?.description
/// // "delete items [0, 1]; insert items [0, 3] (animated)"
/// ```
public enum RecordedUpdate: Equatable, Sendable, CustomStringConvertible {
  /// Everything was read again from the data source (`reloadData()`, the first load, or
  /// the recovery from an update the data source's counts contradict).
  case reloadData
  /// A batch of index-path changes in UIKit's batch semantics, and whether it was animated.
  case batch(BatchUpdate, animated: Bool)

  /// `reload data`, or the batch and `animated`/`not animated`.
  public var description: String {
    switch self {
    case .reloadData: return "reload data"
    case .batch(let update, let animated):
      return "\(update) (\(animated ? "animated" : "not animated"))"
    }
  }
}
