/// The data source of a ``UITableView`` whose rows are snapshots: UIKit's class, with
/// UIKit's generic parameters, initializer and methods, built on the engine's
/// `DiffableDataSource`.
///
/// View controllers subclass it to give sections titles and to let rows be deleted and
/// reordered, overriding the `tableView(…)` methods as they do in UIKit:
///
/// ```swift
/// class ShoppingListDataSource: UITableViewDiffableDataSource<Aisle, Item> {
///   override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
///     sectionIdentifier(for: section)?.title
///   }
///   override func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
///     true
///   }
/// }
/// ```
///
/// Misuse that UIKit raises an exception for is reported to `UIKitCompatFailure.handler`.
/// As in UIKit, the `tableView(…)` methods are `open` and the snapshot methods `public`.
@MainActor
open class UITableViewDiffableDataSource<
  SectionIdentifierType: Hashable & Sendable,
  ItemIdentifierType: Hashable & Sendable
>: UITableViewDataSource {
  /// Makes the cell for a row: the table view, the row's index path and its item.
  public typealias CellProvider =
    @MainActor (UITableView, IndexPath, ItemIdentifierType) -> UITableViewCell?

  @usableFromInline let core:
    DiffableDataSourceCore<SectionIdentifierType, ItemIdentifierType, UITableView>

  /// How applied differences animate rows (`.automatic` by default). Headless, only
  /// whether they animate is kept: `.none` makes every update unanimated.
  public var defaultRowAnimation = UITableView.RowAnimation.automatic {
    didSet { core.host.animates = defaultRowAnimation != .none }
  }

  /// A data source for `tableView` that makes cells with `cellProvider`; it becomes the
  /// table view's data source.
  public init(tableView: UITableView, cellProvider: @escaping CellProvider) {
    core = DiffableDataSourceCore(
      view: tableView,
      typeName: "UITableViewDiffableDataSource",
      cellProvider: cellProvider
    )
    tableView.dataSource = self
  }

  // MARK: Snapshots

  /// Shows `snapshot`: the table view gets the difference from what it shows as one batch
  /// (nothing when they are equal), then `completion` runs. A table view that has not
  /// loaded yet loads the snapshot instead.
  ///
  /// - Complexity: O(n) for n items, as UIKit documents.
  @inlinable public final func apply(
    _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    animatingDifferences: Bool = true,
    completion: (() -> Void)? = nil
  ) {
    core.apply(snapshot, animatingDifferences: animatingDifferences, completion: completion)
  }

  /// Shows `snapshot`, returning once the table view has the update.
  @inlinable public final func apply(
    _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    animatingDifferences: Bool = true
  ) async {
    core.apply(snapshot, animatingDifferences: animatingDifferences, completion: nil)
  }

  /// Shows `snapshot` without computing a difference: the table view reloads.
  @inlinable public final func applySnapshotUsingReloadData(
    _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    completion: (() -> Void)? = nil
  ) {
    core.applySnapshotUsingReloadData(snapshot, completion: completion)
  }

  /// Shows `snapshot` with a reload, returning once the table view has it.
  @inlinable public final func applySnapshotUsingReloadData(
    _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  ) async {
    core.applySnapshotUsingReloadData(snapshot, completion: nil)
  }

  /// The rows shown: a copy to change and apply.
  ///
  /// - Complexity: O(1).
  public final func snapshot() -> NSDiffableDataSourceSnapshot<
    SectionIdentifierType, ItemIdentifierType
  > {
    core.snapshot()
  }

  // MARK: Identifiers and index paths

  /// The item shown at `indexPath`, or `nil`.
  public final func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
    core.itemIdentifier(for: indexPath)
  }

  /// Where `itemIdentifier` is shown, or `nil`.
  public final func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
    core.indexPath(for: itemIdentifier)
  }

  /// The section shown at `index`, or `nil`.
  public final func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
    core.sectionIdentifier(for: index)
  }

  /// The index of `sectionIdentifier`, or `nil` when it is not shown.
  public final func index(for sectionIdentifier: SectionIdentifierType) -> Int? {
    core.index(for: sectionIdentifier)
  }

  // MARK: UITableViewDataSource

  /// The number of sections of the current snapshot.
  open func numberOfSections(in tableView: UITableView) -> Int {
    core.numberOfSections
  }

  /// The number of rows of `section` in the current snapshot.
  open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    core.numberOfItems(inSection: section)
  }

  /// The cell the cell provider makes; `nil` is reported (UIKit raises) and a default
  /// cell stands in.
  open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
    -> UITableViewCell
  {
    core.cell(at: indexPath, noun: "row") ?? UITableViewCell(style: .default, reuseIdentifier: nil)
  }

  /// No title; override to give sections headers.
  open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
    nil
  }

  /// No title; override to give sections footers.
  open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
    nil
  }

  /// `false`: no row can be edited unless a subclass says so, as in UIKit.
  open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
    false
  }

  /// `false`: no row can be moved unless a subclass says so, as in UIKit.
  open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
    false
  }

  /// Does nothing; override to delete the row from the snapshot and apply it.
  open func tableView(
    _ tableView: UITableView,
    commit editingStyle: UITableViewCell.EditingStyle,
    forRowAt indexPath: IndexPath
  ) {}

  /// Moves the row in the data source's snapshot as the user moved it. A subclass that
  /// overrides it applies its own snapshot instead.
  open func tableView(
    _ tableView: UITableView,
    moveRowAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  ) {
    core.reorder(from: sourceIndexPath, to: destinationIndexPath, willReorder: nil, didReorder: nil)
  }
}
