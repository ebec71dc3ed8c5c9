/// The contents of a list or grid view, kept as a ``Snapshot`` and sent to the view as
/// batch updates: the counterpart of UIKit's `UICollectionViewDiffableDataSource` and
/// `UITableViewDiffableDataSource`, for any view that adopts ``DataSourceHost``.
///
/// Apply a new snapshot and the data source computes the minimal difference from the
/// current one and hands its host one ``BatchUpdate``; the host then reads the new
/// contents back (``numberOfSections``, ``numberOfItems(inSection:)``, ``cell(at:)``).
///
/// ```swift
/// let dataSource = DiffableDataSource<String, Int, TerminalGrid>(host: grid) { grid, path, id in
///   grid.cell(showing: dex[id])
/// }
/// var snapshot = Snapshot<String, Int>()
/// try snapshot.appendSections(["Kanto"])
/// try snapshot.appendItems([1, 4, 7], toSection: "Kanto")
/// dataSource.apply(snapshot)                     // grid gets: insert sections 0
/// dataSource.itemIdentifier(for: ItemPath(section: 0, item: 1))  // 4
/// ```
///
/// Like UIKit's, it is not thread-safe: use it from one actor (a main-actor view's data
/// source lives on the main actor).
public final class DiffableDataSource<
  SectionID: Hashable & Sendable,
  ItemID: Hashable & Sendable,
  Host: DataSourceHost
> {
  /// Makes the cell for an item: the host, the item's index path and its identifier.
  public typealias CellProvider = (Host, ItemPath, ItemID) -> Host.Cell?
  /// Makes a supplementary view (a header, a footer…): the host, the element kind and
  /// the index path.
  public typealias SupplementaryViewProvider = (Host, String, ItemPath) -> Host.Cell?

  /// The view the data source updates. The data source does not keep it alive.
  public private(set) weak var host: Host?
  /// Makes the cell for each item.
  public let cellProvider: CellProvider
  /// Makes headers, footers and other supplementary views; `nil` makes none.
  public var supplementaryViewProvider: SupplementaryViewProvider?

  @usableFromInline var current = Snapshot<SectionID, ItemID>()
  /// The hierarchies applied to sections with ``apply(_:to:animatingDifferences:completion:)``.
  @usableFromInline var sectionSnapshots: [SectionID: SectionSnapshot<ItemID>] = [:]

  /// A data source that shows nothing yet, for `host`.
  ///
  /// - Parameters:
  ///   - host: The view to update.
  ///   - cellProvider: Makes the cell for an item.
  public init(host: Host, cellProvider: @escaping CellProvider) {
    self.host = host
    self.cellProvider = cellProvider
  }

  /// Shows `snapshot`: the host gets the difference from the current contents as one
  /// batch (nothing when they are equal), then `completion` runs.
  ///
  /// The reload, reconfigure and section-reload marks of `snapshot` become reloads and
  /// reconfigures of the batch and are consumed: ``snapshot()`` returns the contents
  /// without them. Section snapshots applied before are forgotten.
  ///
  /// - Parameters:
  ///   - snapshot: The new contents.
  ///   - animatingDifferences: Passed on to the host.
  ///   - completion: Runs once the host has the update.
  /// - Complexity: O(n) for `n` items, as UIKit documents for its `apply`.
  @inlinable public func apply(
    _ snapshot: Snapshot<SectionID, ItemID>,
    animatingDifferences: Bool = true,
    completion: (() -> Void)? = nil
  ) {
    sectionSnapshots = [:]
    show(snapshot, animated: animatingDifferences)
    completion?()
  }

  /// Shows `snapshot` without computing a difference: the host reloads everything.
  ///
  /// The counterpart of UIKit's `applySnapshotUsingReloadData(_:completion:)`.
  ///
  /// - Complexity: O(1) here; the host then reads all it shows.
  public func applySnapshotUsingReloadData(
    _ snapshot: Snapshot<SectionID, ItemID>,
    completion: (() -> Void)? = nil
  ) {
    sectionSnapshots = [:]
    current = snapshot.removingMarks()
    host?.reloadData()
    completion?()
  }

  /// The contents shown now, without marks; a copy to edit and apply.
  ///
  /// - Complexity: O(1) (snapshots are copy-on-write).
  public func snapshot() -> Snapshot<SectionID, ItemID> { current }

  /// The number of sections shown.
  public var numberOfSections: Int { current.numberOfSections }

  /// The number of items of the section at `index`, or 0 when there is no such section.
  ///
  /// - Complexity: O(1).
  public func numberOfItems(inSection index: Int) -> Int {
    guard let id = sectionIdentifier(for: index) else { return 0 }
    return (try? current.numberOfItems(inSection: id)) ?? 0
  }

  /// The item at `indexPath`, or `nil` when there is none.
  ///
  /// - Complexity: O(1).
  public func itemIdentifier(for indexPath: ItemPath) -> ItemID? {
    current.itemIdentifier(at: indexPath)
  }

  /// Where `identifier` is shown, or `nil` when it is not.
  ///
  /// - Complexity: O(1).
  public func indexPath(for identifier: ItemID) -> ItemPath? {
    current.indexPath(ofItem: identifier)
  }

  /// The section at `index`, or `nil` when there is none.
  ///
  /// - Complexity: O(1).
  public func sectionIdentifier(for index: Int) -> SectionID? {
    let sections = current.sectionIdentifiers
    return sections.indices.contains(index) ? sections[index] : nil
  }

  /// The index of `identifier`, or `nil` when it is not shown.
  ///
  /// - Complexity: O(1).
  public func index(for identifier: SectionID) -> Int? {
    current.indexOfSection(identifier)
  }

  /// The cell for the item at `indexPath`, made by the cell provider; `nil` when there is
  /// no such item, no host, or the provider makes none.
  public func cell(at indexPath: ItemPath) -> Host.Cell? {
    guard let host, let id = itemIdentifier(for: indexPath) else { return nil }
    return cellProvider(host, indexPath, id)
  }

  /// The supplementary view of `kind` at `indexPath`, made by
  /// ``supplementaryViewProvider``.
  public func supplementaryView(ofKind kind: String, at indexPath: ItemPath) -> Host.Cell? {
    guard let host, let supplementaryViewProvider else { return nil }
    return supplementaryViewProvider(host, kind, indexPath)
  }

  /// Shows the visible items of `sectionSnapshot` as the items of `section` (appending the
  /// section when it is not shown), and remembers the hierarchy for
  /// ``snapshot(for:)``; other sections are unchanged.
  ///
  /// The counterpart of UIKit's `apply(_:to:animatingDifferences:completion:)` for section
  /// snapshots: collapse an item and apply again, and its children are deleted from the
  /// host's rows.
  ///
  /// ```swift
  /// var outline = SectionSnapshot<String>()
  /// try outline.append(["Fire"])
  /// try outline.append(["Charmander", "Vulpix"], to: "Fire")
  /// outline.expand(["Fire"])
  /// try dataSource.apply(outline, to: "Types")   // rows: Fire, Charmander, Vulpix
  /// ```
  ///
  /// - Throws: ``SnapshotError/duplicateItem(_:)`` when an item of `sectionSnapshot` is
  ///   shown in another section; nothing changes then.
  /// - Complexity: O(n) for `n` items shown.
  public func apply(
    _ sectionSnapshot: SectionSnapshot<ItemID>,
    to section: SectionID,
    animatingDifferences: Bool = true,
    completion: (() -> Void)? = nil
  ) throws(SnapshotError<SectionID, ItemID>) {
    var next = current
    if next.indexOfSection(section) == nil {
      try next.appendSections([section])
    } else {
      next.deleteItems(try next.itemIdentifiers(inSection: section))
    }
    try next.appendItems(sectionSnapshot.visibleItems, toSection: section)
    sectionSnapshots[section] = sectionSnapshot
    show(next, animated: animatingDifferences)
    completion?()
  }

  /// The hierarchy of `section`: the one last applied to it, or its items as roots when
  /// none was; empty when the section is not shown.
  ///
  /// - Complexity: O(1) for an applied hierarchy, O(k) for a section of k items otherwise.
  public func snapshot(for section: SectionID) -> SectionSnapshot<ItemID> {
    if let applied = sectionSnapshots[section] { return applied }
    var flat = SectionSnapshot<ItemID>()
    // The items of one section are unique, so appending them as roots cannot fail.
    try? flat.append((try? current.itemIdentifiers(inSection: section)) ?? [])
    return flat
  }

  /// Makes `snapshot` current and sends the host the batch from the previous contents.
  @inlinable func show(_ snapshot: Snapshot<SectionID, ItemID>, animated: Bool) {
    let difference = snapshot.difference(from: current)
    current = snapshot.removingMarks()
    guard !difference.isEmpty else { return }
    host?.performBatchUpdates(BatchUpdate(difference), animated: animated)
  }
}
