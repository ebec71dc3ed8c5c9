/// A headless view a diffable data source drives: ``UICollectionView`` or ``UITableView``.
@MainActor protocol HeadlessListView: UIView {
  /// The view's cell class.
  associatedtype Cell: ReusableView
  /// What the view shows and how it changes.
  var items: DisplayedItems<Cell> { get }
}

extension UICollectionView: HeadlessListView {}
extension UITableView: HeadlessListView {}

/// The engine data source's host for a UIKit-named data source: it hands each batch and
/// reload to the headless view. The data source keeps it; it does not keep the view alive.
@MainActor final class DataSourceViewHost<View: HeadlessListView> {
  weak var view: View?
  /// Whether batches animate when the caller asks them to (a table data source's
  /// `defaultRowAnimation` of `.none` says no).
  var animates = true

  init(view: View) {
    self.view = view
  }
}

extension DataSourceViewHost: @MainActor DataSourceHost {
  typealias Cell = View.Cell

  func performBatchUpdates(_ update: BatchUpdate, animated: Bool) {
    view?.items.applyFromDataSource(update, animated: animated && animates)
  }

  func reloadData() {
    view?.items.reloadData()
  }
}
