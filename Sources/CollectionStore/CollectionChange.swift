import DiffableSnapshots

/// What one commit changed, as a fetched-results controller reports it to a table: rows
/// inserted, deleted, moved and updated, from the snapshot diff of the sections it touched.
///
/// ```swift
/// let commit = try store.perform("sort Sand") { document in ... }
/// for move in commit.change.diff.itemMoves { print(move.from, "->", move.to) }
/// ```
public struct CollectionChange<
  Info: Codable & Hashable & Sendable,
  Value: Codable & Hashable & Sendable
>: Sendable {
  public typealias Section = CollectionSection<Info>
  public typealias Item = CollectionItem<Value>

  /// What the change was called (`add Garchomp to Sand`); for undo, the undone change's.
  public var label: String
  /// The touched sections before and after, in document order.
  public var oldSections: [Section]
  public var newSections: [Section]
  /// The items of the touched sections before and after, by identifier: all of them, but
  /// for a section the change only appended to (or, undone, cut back), only the items
  /// appended (or removed).
  public var oldItems: [Int: Item]
  public var newItems: [Int: Item]
  /// The difference between the snapshot of the touched sections before and after. An item
  /// whose value changed is a reconfigure; a section whose name or info changed, a reload.
  /// Item paths count sections among the touched sections only: use ``oldSections`` and
  /// ``newSections`` to name them.
  public var diff: SnapshotDiff<Int, Int>

  /// Whether nothing changed.
  public var isEmpty: Bool { diff.isEmpty }

  /// An empty change.
  init(label: String) {
    self.label = label
    oldSections = []
    newSections = []
    oldItems = [:]
    newItems = [:]
    diff = SnapshotDiff()
  }

  /// The change of the `touched` sections, whose order went from `oldOrder` to `newOrder`
  /// (sections not touched did not change).
  init(
    label: String,
    touched: [TouchedSection<Info, Value>],
    oldOrder: [Int],
    newOrder: [Int]
  ) {
    self.label = label
    typealias Side = TouchedSection<Info, Value>.Side
    func sorted(_ sides: [Side], by order: [Int]) -> [(section: Section, side: Side)] {
      let rank = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
      return sides.compactMap { side in side.section.map { ($0, side) } }
        .sorted { (rank[$0.section.id] ?? Int.max) < (rank[$1.section.id] ?? Int.max) }
    }
    let before = sorted(touched.map(\.before), by: oldOrder)
    let after = sorted(touched.map(\.after), by: newOrder)
    let oldItems = Dictionary(
      before.flatMap(\.side.items).map { ($0.id, $0) },
      uniquingKeysWith: { a, _ in a }
    )
    let newItems = Dictionary(
      after.flatMap(\.side.items).map { ($0.id, $0) },
      uniquingKeysWith: { a, _ in a }
    )
    let oldSnapshot = Self.snapshot(before)
    var newSnapshot = Self.snapshot(after)
    let changedItems = newItems.filter { id, item in
      oldItems[id].map { $0.value != item.value } ?? false
    }
    let oldByID = Dictionary(
      before.map { ($0.section.id, $0.section) },
      uniquingKeysWith: { a, _ in a }
    )
    let changedSections = after.map(\.section).filter { section in
      oldByID[section.id].map {
        $0.name != section.name || $0.folder != section.folder || $0.info != section.info
      } ?? false
    }
    try? newSnapshot.reconfigureItems(Array(changedItems.keys).sorted())
    try? newSnapshot.reloadSections(changedSections.map(\.id))
    self.oldSections = before.map(\.section)
    self.newSections = after.map(\.section)
    self.oldItems = oldItems
    self.newItems = newItems
    var diff = newSnapshot.difference(from: oldSnapshot)
    // Items listed from an offset (a section only appended to, or cut back) are at their
    // place in the whole section.
    func shift(_ path: ItemPath, _ sides: [(section: Section, side: Side)]) -> ItemPath {
      guard sides.indices.contains(path.section) else { return path }
      return ItemPath(section: path.section, item: path.item + sides[path.section].side.offset)
    }
    diff.itemInsertions = diff.itemInsertions.map { .init(id: $0.id, path: shift($0.path, after)) }
    diff.itemDeletions = diff.itemDeletions.map { .init(id: $0.id, path: shift($0.path, before)) }
    diff.itemMoves = diff.itemMoves.map {
      .init(id: $0.id, from: shift($0.from, before), to: shift($0.to, after))
    }
    diff.itemReconfigures = diff.itemReconfigures.map {
      .init(id: $0.id, oldPath: shift($0.oldPath, before), newPath: shift($0.newPath, after))
    }
    diff.itemReloads = diff.itemReloads.map {
      .init(id: $0.id, oldPath: shift($0.oldPath, before), newPath: shift($0.newPath, after))
    }
    self.diff = diff
  }

  private static func snapshot(
    _ sections: [(section: Section, side: TouchedSection<Info, Value>.Side)]
  ) -> Snapshot<Int, Int> {
    var snapshot = Snapshot<Int, Int>()
    for (section, side) in sections {
      try? snapshot.appendSections([section.id])
      try? snapshot.appendItems(side.items.map(\.id), toSection: section.id)
    }
    return snapshot
  }
}
