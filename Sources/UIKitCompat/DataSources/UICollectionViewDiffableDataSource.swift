/// The data source of a ``UICollectionView`` whose contents are snapshots: UIKit's class,
/// with UIKit's generic parameters, initializer and methods, built on the engine's
/// `DiffableDataSource`.
///
/// Apply a snapshot and the data source sends the collection view the difference from what
/// it showed, as one batch of index-path changes:
///
/// ```swift
/// let dataSource = UICollectionViewDiffableDataSource<Section, Pokemon.ID>(
///   collectionView: collectionView
/// ) { collectionView, indexPath, id in
///   let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath)
///   cell.contentView.tag = id
///   return cell
/// }
/// var snapshot = NSDiffableDataSourceSnapshot<Section, Pokemon.ID>()
/// snapshot.appendSections([.kanto])
/// snapshot.appendItems([1, 4, 7])
/// dataSource.apply(snapshot, animatingDifferences: false)
/// ```
///
/// Misuse that UIKit raises an exception for (a cell provider that returns `nil`, a section
/// snapshot whose item is shown in another section) is reported to
/// `UIKitCompatFailure.handler`. As in UIKit, the class is `open` and so are the
/// `collectionView(…)` methods the collection view calls, for subclasses to override; the
/// snapshot methods are `public`, and inlinable, so that they run specialized for the
/// caller's identifiers as the engine's do.
@MainActor
open class UICollectionViewDiffableDataSource<
  SectionIdentifierType: Hashable & Sendable,
  ItemIdentifierType: Hashable & Sendable
>: UICollectionViewDataSource {
  /// Makes the cell for an item: the collection view, the item's index path and its
  /// identifier.
  public typealias CellProvider =
    @MainActor (UICollectionView, IndexPath, ItemIdentifierType) -> UICollectionViewCell?
  /// Makes a supplementary view: the collection view, the element kind and the index path.
  public typealias SupplementaryViewProvider =
    @MainActor (UICollectionView, String, IndexPath) -> UICollectionReusableView?

  @usableFromInline let core:
    DiffableDataSourceCore<SectionIdentifierType, ItemIdentifierType, UICollectionView>

  /// Makes headers, footers and other supplementary views the layout places.
  public var supplementaryViewProvider: SupplementaryViewProvider?
  /// What happens when the user reorders items (none can be reordered by default).
  public var reorderingHandlers = ReorderingHandlers()
  /// What happens when the user expands or collapses an item of a section snapshot.
  public var sectionSnapshotHandlers = SectionSnapshotHandlers<ItemIdentifierType>()

  /// A data source for `collectionView` that makes cells with `cellProvider`; it becomes
  /// the collection view's data source.
  public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {
    core = DiffableDataSourceCore(
      view: collectionView,
      typeName: "UICollectionViewDiffableDataSource",
      cellProvider: cellProvider
    )
    collectionView.dataSource = self
  }

  // MARK: Snapshots

  /// Shows `snapshot`: the collection view gets the difference from what it shows as one
  /// batch (nothing when they are equal), then `completion` runs. A collection view that
  /// has not loaded yet loads the snapshot instead.
  ///
  /// - Complexity: O(n) for n items, as UIKit documents.
  @inlinable public final func apply(
    _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    animatingDifferences: Bool = true,
    completion: (() -> Void)? = nil
  ) {
    core.apply(snapshot, animatingDifferences: animatingDifferences, completion: completion)
  }

  /// Shows `snapshot`, returning once the collection view has the update.
  @inlinable public final func apply(
    _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    animatingDifferences: Bool = true
  ) async {
    core.apply(snapshot, animatingDifferences: animatingDifferences, completion: nil)
  }

  /// Shows `snapshot` without computing a difference: the collection view reloads.
  @inlinable public final func applySnapshotUsingReloadData(
    _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    completion: (() -> Void)? = nil
  ) {
    core.applySnapshotUsingReloadData(snapshot, completion: completion)
  }

  /// Shows `snapshot` with a reload, returning once the collection view has it.
  @inlinable public final func applySnapshotUsingReloadData(
    _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  ) async {
    core.applySnapshotUsingReloadData(snapshot, completion: nil)
  }

  /// The contents shown: a copy to change and apply.
  ///
  /// - Complexity: O(1).
  public final func snapshot() -> NSDiffableDataSourceSnapshot<
    SectionIdentifierType, ItemIdentifierType
  > {
    core.snapshot()
  }

  /// Shows the visible items of `snapshot` as the items of `section` (appending the section
  /// when it is not shown), keeping its hierarchy for ``snapshot(for:)``. An item that is
  /// shown in another section is reported (UIKit raises), and nothing changes.
  public final func apply(
    _ snapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>,
    to section: SectionIdentifierType,
    animatingDifferences: Bool = true,
    completion: (() -> Void)? = nil
  ) {
    core.apply(
      snapshot,
      to: section,
      animatingDifferences: animatingDifferences,
      completion: completion
    )
  }

  /// Shows `snapshot` as the items of `section`, returning once the collection view has it.
  public final func apply(
    _ snapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>,
    to section: SectionIdentifierType,
    animatingDifferences: Bool = true
  ) async {
    core.apply(snapshot, to: section, animatingDifferences: animatingDifferences, completion: nil)
  }

  /// The hierarchy of `section`: the section snapshot last applied to it, or its items as
  /// roots.
  public final func snapshot(for section: SectionIdentifierType)
    -> NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>
  {
    core.snapshot(for: section)
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

  // MARK: UICollectionViewDataSource

  /// The number of sections of the current snapshot.
  open func numberOfSections(in collectionView: UICollectionView) -> Int {
    core.numberOfSections
  }

  /// The number of items of `section` in the current snapshot.
  open func collectionView(
    _ collectionView: UICollectionView,
    numberOfItemsInSection section: Int
  ) -> Int {
    core.numberOfItems(inSection: section)
  }

  /// The cell the cell provider makes; `nil` is reported (UIKit raises) and a plain cell
  /// stands in.
  open func collectionView(
    _ collectionView: UICollectionView,
    cellForItemAt indexPath: IndexPath
  ) -> UICollectionViewCell {
    if let cell = core.cell(at: indexPath, noun: "item") { return cell }
    let standIn = UICollectionViewCell(frame: .zero)
    standIn.reuseIdentifier = "UIKitCompat.nilCell"  // reported once, as a nil cell
    return standIn
  }

  /// The view the supplementary view provider makes; no provider, or a `nil` view, is
  /// reported (UIKit raises) and a plain view stands in.
  open func collectionView(
    _ collectionView: UICollectionView,
    viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> UICollectionReusableView {
    if let view = supplementaryViewProvider?(collectionView, kind, indexPath) { return view }
    UIKitCompatFailure.report(
      UIKitCompatFailure(
        api: "UICollectionViewDiffableDataSource.supplementaryViewProvider",
        message:
          "the view returned from -collectionView:viewForSupplementaryElementOfKind:atIndexPath: "
          + "(\(kind), \(indexPath)) was not retrieved by calling "
          + "-dequeueReusableSupplementaryViewOfKind:withReuseIdentifier:forIndexPath: or is nil"
      )
    )
    return UICollectionReusableView(frame: .zero)
  }

  /// Whether `reorderingHandlers.canReorderItem` allows the item at `indexPath` to move
  /// (`false` when there is no such handler).
  open func collectionView(
    _ collectionView: UICollectionView,
    canMoveItemAt indexPath: IndexPath
  ) -> Bool {
    guard let canReorderItem = reorderingHandlers.canReorderItem,
      let item = itemIdentifier(for: indexPath)
    else { return false }
    return canReorderItem(item)
  }

  /// Moves the item in the data source's snapshot as the user moved it, between calls to
  /// `reorderingHandlers.willReorder` and `didReorder` with the transaction.
  open func collectionView(
    _ collectionView: UICollectionView,
    moveItemAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  ) {
    core.reorder(
      from: sourceIndexPath,
      to: destinationIndexPath,
      willReorder: reorderingHandlers.willReorder,
      didReorder: reorderingHandlers.didReorder
    )
  }
}
