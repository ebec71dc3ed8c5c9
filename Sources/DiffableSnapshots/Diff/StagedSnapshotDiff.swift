/// A ``SnapshotDiff`` split into stages that a UI can apply one batch update
/// at a time without the inconsistencies UIKit raises for some combinations
/// in one batch (a delete and a move from the same index path, a reload of a
/// moved item, a section move together with an item moving out of it).
///
/// Each stage holds its changes and the snapshot the data source must serve
/// while, and after, that stage is applied; the last stage's snapshot has the
/// new snapshot's sections and items. Empty stages are left out. The stages:
///
/// 1. ``Stage/Kind-swift.enum/deletions``: section and item deletions (old
///    positions);
/// 2. ``Stage/Kind-swift.enum/sectionInsertionsAndMoves``;
/// 3. ``Stage/Kind-swift.enum/itemInsertionsAndMoves``;
/// 4. ``Stage/Kind-swift.enum/updates``: reloads, reconfigures and section
///    reloads, at the final positions (old and new paths are equal).
///
/// ```swift
/// for stage in StagedSnapshotDiff(from: old, to: new).stages {
///   dataSource.snapshot = stage.snapshot
///   tableView.performBatchUpdates { apply(stage.changes) }
/// }
/// ```
///
/// This is DifferenceKit's `StagedChangeset`, with one stage fewer (updates
/// go last, at final positions, instead of first and last).
public struct StagedSnapshotDiff<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>:
  Equatable, Sendable
{
  /// One batch update and the data to serve with it.
  public struct Stage: Equatable, Sendable {
    /// What a stage contains.
    public enum Kind: Equatable, Sendable {
      /// Section and item deletions.
      case deletions
      /// Section insertions and section moves.
      case sectionInsertionsAndMoves
      /// Item insertions and item moves.
      case itemInsertionsAndMoves
      /// Item reloads and reconfigures, and section reloads.
      case updates
    }

    /// What this stage contains.
    public var kind: Kind
    /// The changes of this stage, relative to the previous stage's snapshot
    /// (the old snapshot for the first stage).
    public var changes: SnapshotDiff<SectionID, ItemID>
    /// The snapshot after this stage.
    public var snapshot: Snapshot<SectionID, ItemID>
  }

  /// The non-empty stages, in the order to apply them.
  public var stages: [Stage]

  /// Splits the changes from `old` to `new` into stages.
  ///
  /// - Complexity: O(n + k log k), a few passes of ``SnapshotDiff/init(from:to:)``.
  public init(from old: Snapshot<SectionID, ItemID>, to new: Snapshot<SectionID, ItemID>) {
    let full = SnapshotDiff(from: old, to: new)
    stages = []
    let start = old.removingMarks()

    // 1. Deletions: drop deleted sections and deleted items.
    let deletedSections = Set(full.sectionDeletions.map(\.index))
    let deletedItems = Set(full.itemDeletions.map(\.path))
    var sections: [SectionID] = []
    var items: [[ItemID]] = []
    for (index, id) in old.storage.sections.enumerated() where !deletedSections.contains(index) {
      sections.append(id)
      items.append(
        deletedItems.isEmpty
          ? old.storage.sectionItems[index]
          : old.storage.sectionItems[index].enumerated()
            .filter { !deletedItems.contains(ItemPath(section: index, item: $0.offset)) }
            .map(\.element)
      )
    }
    let afterDeletions = Snapshot(uncheckedSections: sections, items: items)
    append(.deletions, from: start, to: afterDeletions)

    // 2. Sections in their final order; surviving ones keep their current
    // items, inserted ones come with theirs.
    var current: [SectionID: [ItemID]] = [:]
    for (id, sectionItems) in zip(sections, items) { current[id] = sectionItems }
    let afterSections = Snapshot(
      uncheckedSections: new.storage.sections,
      items: new.storage.sections.enumerated().map { index, id in
        current[id] ?? new.storage.sectionItems[index]
      }
    )
    append(.sectionInsertionsAndMoves, from: afterDeletions, to: afterSections)

    // 3. Items in their final places.
    let end = new.removingMarks()
    append(.itemInsertionsAndMoves, from: afterSections, to: end)

    // 4. Updates at final positions.
    var updates = SnapshotDiff<SectionID, ItemID>()
    func final(_ update: SnapshotDiff<SectionID, ItemID>.ItemUpdate)
      -> SnapshotDiff<SectionID, ItemID>.ItemUpdate
    {
      .init(id: update.id, oldPath: update.newPath, newPath: update.newPath)
    }
    updates.itemReloads = full.itemReloads.map(final).sorted { $0.newPath < $1.newPath }
    updates.itemReconfigures = full.itemReconfigures.map(final).sorted { $0.newPath < $1.newPath }
    updates.sectionReloads = full.sectionReloads
      .map { .init(id: $0.id, oldIndex: $0.newIndex, newIndex: $0.newIndex) }
      .sorted { $0.newIndex < $1.newIndex }
    if !updates.isEmpty {
      stages.append(Stage(kind: .updates, changes: updates, snapshot: new))
    }
  }

  private mutating func append(
    _ kind: Stage.Kind,
    from before: Snapshot<SectionID, ItemID>,
    to after: Snapshot<SectionID, ItemID>
  ) {
    let changes = after.difference(from: before)
    if !changes.isEmpty { stages.append(Stage(kind: kind, changes: changes, snapshot: after)) }
  }
}
