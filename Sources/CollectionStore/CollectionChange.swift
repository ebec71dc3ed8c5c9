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
  /// The items of the touched sections before and after, by identifier.
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

  /// The change between the states of an entry (sections the entry does not name did not
  /// change).
  init(
    label: String,
    from old: HistoryEntry<Info, Value>.State,
    to new: HistoryEntry<Info, Value>.State,
    oldOrder: [Int],
    newOrder: [Int]
  ) {
    self.label = label
    func sorted(_ state: HistoryEntry<Info, Value>.State, by order: [Int]) -> [(Section, [Item])] {
      let rank = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
      return state.sections
        .compactMap { state in state.section.map { ($0, state.items ?? []) } }
        .sorted { (rank[$0.0.id] ?? Int.max) < (rank[$1.0.id] ?? Int.max) }
    }
    let before = sorted(old, by: oldOrder)
    let after = sorted(new, by: newOrder)
    let oldItems = Dictionary(
      before.flatMap(\.1).map { ($0.id, $0) },
      uniquingKeysWith: { a, _ in a }
    )
    let newItems = Dictionary(
      after.flatMap(\.1).map { ($0.id, $0) },
      uniquingKeysWith: { a, _ in a }
    )
    let oldSnapshot = Self.snapshot(before)
    var newSnapshot = Self.snapshot(after)
    let changedItems = newItems.filter { id, item in
      oldItems[id].map { $0.value != item.value } ?? false
    }
    let oldByID = Dictionary(before.map { ($0.0.id, $0.0) }, uniquingKeysWith: { a, _ in a })
    let changedSections = after.map(\.0).filter { section in
      oldByID[section.id].map {
        $0.name != section.name || $0.folder != section.folder || $0.info != section.info
      } ?? false
    }
    try? newSnapshot.reconfigureItems(Array(changedItems.keys).sorted())
    try? newSnapshot.reloadSections(changedSections.map(\.id))
    self.oldSections = before.map(\.0)
    self.newSections = after.map(\.0)
    self.oldItems = oldItems
    self.newItems = newItems
    diff = newSnapshot.difference(from: oldSnapshot)
  }

  private static func snapshot(_ sections: [(Section, [Item])]) -> Snapshot<Int, Int> {
    var snapshot = Snapshot<Int, Int>()
    for (section, items) in sections {
      try? snapshot.appendSections([section.id])
      try? snapshot.appendItems(items.map(\.id), toSection: section.id)
    }
    return snapshot
  }
}
