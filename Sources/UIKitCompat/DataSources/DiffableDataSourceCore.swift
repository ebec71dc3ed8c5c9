/// What the collection and table diffable data sources share: the engine's
/// `DiffableDataSource`, driving the headless view through a ``DataSourceViewHost``, behind
/// UIKit's spelling (index paths, `NSDiffableDataSource…` snapshots, reported misuse).
@usableFromInline @MainActor
final class DiffableDataSourceCore<
  SectionIdentifierType: Hashable & Sendable,
  ItemIdentifierType: Hashable & Sendable,
  View: HeadlessListView
> {
  @usableFromInline typealias Engine = DiffableDataSource<
    SectionIdentifierType, ItemIdentifierType, DataSourceViewHost<View>
  >
  @usableFromInline typealias Snapshot = NSDiffableDataSourceSnapshot<
    SectionIdentifierType, ItemIdentifierType
  >
  typealias SectionSnapshot = NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>
  typealias Transaction = NSDiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>

  let host: DataSourceViewHost<View>
  @usableFromInline let engine: Engine
  /// `UICollectionViewDiffableDataSource` or `UITableViewDiffableDataSource`, for messages.
  let typeName: String

  init(
    view: View,
    typeName: String,
    cellProvider: @escaping @MainActor (View, IndexPath, ItemIdentifierType) -> View.Cell?
  ) {
    host = DataSourceViewHost(view: view)
    engine = Engine(host: host) { host, path, item in
      host.view.flatMap { cellProvider($0, IndexPath(path), item) }
    }
    self.typeName = typeName
  }

  // MARK: Snapshots

  /// The sections a section snapshot was applied to.
  @usableFromInline var outlinedSections: Set<SectionIdentifierType> = []

  @inlinable func apply(
    _ snapshot: Snapshot,
    animatingDifferences: Bool,
    completion: (() -> Void)?
  ) {
    keepingOutlines(of: snapshot) {
      engine.apply(snapshot.base, animatingDifferences: animatingDifferences)
    }
    completion?()
  }

  @inlinable func applySnapshotUsingReloadData(_ snapshot: Snapshot, completion: (() -> Void)?) {
    keepingOutlines(of: snapshot) { engine.applySnapshotUsingReloadData(snapshot.base) }
    completion?()
  }

  /// Runs `apply`, which shows `snapshot` and makes the engine forget the section snapshots
  /// applied before, then applies again the hierarchy of each outlined section whose
  /// visible items `snapshot` leaves as they were: re-applying `snapshot()` keeps outlines,
  /// as Apple's sample code expects of UIKit (its List Appearances screen re-applies the
  /// current snapshot and its outlines still expand and collapse).
  ///
  /// - Complexity: O(n) for the apply, and O(n) more for each outlined section kept.
  @inlinable func keepingOutlines(of snapshot: Snapshot, _ apply: () -> Void) {
    let outlines = outlinedSections.map { ($0, engine.snapshot(for: $0)) }
    apply()
    outlinedSections = []
    for (section, outline) in outlines
    where snapshot.base.indexOfSection(section) != nil
      && (try? snapshot.base.itemIdentifiers(inSection: section)) == outline.visibleItems
    {
      try? engine.apply(outline, to: section, animatingDifferences: false)
      outlinedSections.insert(section)
    }
  }

  func snapshot() -> Snapshot { Snapshot(engine.snapshot()) }

  /// Applies `snapshot` to `section`; an item shown in another section is reported with
  /// UIKit's message, and nothing changes.
  func apply(
    _ snapshot: SectionSnapshot,
    to section: SectionIdentifierType,
    animatingDifferences: Bool,
    completion: (() -> Void)?
  ) {
    do {
      try engine.apply(
        snapshot.base,
        to: section,
        animatingDifferences: animatingDifferences,
        completion: completion
      )
      outlinedSections.insert(section)
    } catch {
      UIKitCompatFailure.report(
        UIKitCompatFailure(
          api: "\(typeName).apply(_:to:animatingDifferences:completion:)",
          message: Snapshot.message(for: error, api: "apply(_:to:)")
        )
      )
    }
  }

  func snapshot(for section: SectionIdentifierType) -> SectionSnapshot {
    SectionSnapshot(engine.snapshot(for: section))
  }

  // MARK: Identifiers and index paths

  func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
    engine.itemIdentifier(for: ItemPath(indexPath))
  }

  func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
    engine.indexPath(for: itemIdentifier).map(IndexPath.init)
  }

  func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
    engine.sectionIdentifier(for: index)
  }

  func index(for sectionIdentifier: SectionIdentifierType) -> Int? {
    engine.index(for: sectionIdentifier)
  }

  var numberOfSections: Int { engine.numberOfSections }

  func numberOfItems(inSection section: Int) -> Int { engine.numberOfItems(inSection: section) }

  /// The cell the cell provider makes for `indexPath`; `nil` is reported with UIKit's
  /// message (UIKit raises).
  func cell(at indexPath: IndexPath, noun: String) -> View.Cell? {
    if let cell = engine.cell(at: ItemPath(indexPath)) { return cell }
    UIKitCompatFailure.report(
      UIKitCompatFailure(
        api: "\(typeName).CellProvider",
        message: "\(typeName) returned a nil cell for \(noun) at index path: \(indexPath)"
      )
    )
    return nil
  }

  // MARK: Reordering

  /// Moves the item at `source` to `destination` (its position once it has left), as the
  /// user's drag ends: the transaction goes to `willReorder`, the moved snapshot is
  /// applied, and the transaction goes to `didReorder`.
  func reorder(
    from source: IndexPath,
    to destination: IndexPath,
    willReorder: ((Transaction) -> Void)?,
    didReorder: ((Transaction) -> Void)?
  ) {
    let initial = engine.snapshot()
    var final = initial
    do {
      try final.moveItem(at: ItemPath(source), to: ItemPath(destination))
    } catch {
      UIKitCompatFailure.report(
        UIKitCompatFailure(
          api: "\(typeName).reorder",
          message: Snapshot.message(for: error, api: "moveItem(at:to:)")
        )
      )
      return
    }
    let sections = Set([source.section, destination.section]).sorted().compactMap {
      sectionIdentifier(for: $0)
    }
    let sectionsBefore = sections.map { ($0, snapshot(for: $0)) }
    let transaction = Transaction(
      initialSnapshot: Snapshot(initial),
      finalSnapshot: Snapshot(final),
      sectionsBefore: sectionsBefore
    )
    willReorder?(transaction)
    apply(transaction.finalSnapshot, animatingDifferences: false, completion: nil)
    didReorder?(transaction)
  }
}
