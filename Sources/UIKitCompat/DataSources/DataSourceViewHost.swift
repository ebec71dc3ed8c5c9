/// A headless view a diffable data source drives: ``UICollectionView`` or ``UITableView``.
@usableFromInline @MainActor protocol HeadlessListView: UIView {
  /// The view's cell class.
  associatedtype Cell: ReusableView
  /// What the view shows and how it changes.
  var items: DisplayedItems<Cell> { get }
}

extension UICollectionView: HeadlessListView {}
extension UITableView: HeadlessListView {}

/// The engine data source's host for a UIKit-named data source: it hands each batch and
/// reload to the headless view. The data source keeps it; it does not keep the view alive.
@usableFromInline @MainActor final class DataSourceViewHost<View: HeadlessListView> {
  weak var view: View?
  /// Whether batches animate when the caller asks them to (a table data source's
  /// `defaultRowAnimation` of `.none` says no).
  var animates = true

  init(view: View) {
    self.view = view
  }
}

extension DataSourceViewHost: @MainActor DataSourceHost {
  @usableFromInline typealias Cell = View.Cell

  @usableFromInline func performBatchUpdates(_ update: BatchUpdate, animated: Bool) {
    view?.items.applyFromDataSource(update, animated: animated && animates)
  }

  @usableFromInline func reloadData() {
    view?.items.reloadData()
  }
}
