extension Snapshot {
  /// Replays a diff computed from this snapshot: deletions and move sources
  /// at old positions, insertions and move destinations at new positions, as
  /// UIKit applies a batch update. The result has no marks but the diff's
  /// reloads, reconfigures and section reloads.
  ///
  /// ```swift
  /// let diff = new.difference(from: old)
  /// try old.applying(diff) == new  // true when new's marks are all on surviving items
  /// ```
  ///
  /// - Throws: ``SnapshotError/inapplicableDiff(_:)`` when a position or an
  ///   identifier of the diff does not match this snapshot, or
  ///   ``SnapshotError/duplicateItem(_:)`` when the result would hold an item
  ///   twice.
  /// - Complexity: O(n + c log c), c the number of changes.
  public func applying(_ diff: SnapshotDiff<SectionID, ItemID>) throws(SnapshotError<
    SectionID, ItemID
  >) -> Snapshot {
    var replay = DiffReplay(diff: diff, old: storage)
    try replay.placeSections()
    try replay.collectItemChanges()
    var result = Snapshot()
    for newIndex in replay.newIDs.indices {
      try replay.appendSection(at: newIndex, to: &result)
    }
    try result.reloadItems(diff.itemReloads.map(\.id))
    try result.reconfigureItems(diff.itemReconfigures.map(\.id))
    try result.reloadSections(diff.sectionReloads.map(\.id))
    return result
  }

  /// Replays a diff computed from this snapshot in place; see
  /// ``applying(_:)``.
  ///
  /// - Throws: As ``applying(_:)``; the snapshot is then unchanged.
  public mutating func apply(_ diff: SnapshotDiff<SectionID, ItemID>) throws(SnapshotError<
    SectionID, ItemID
  >) {
    self = try applying(diff)
  }
}

/// Replays `diff` on `snapshot`, the snapshot it was computed from: the
/// free-function spelling of ``Snapshot/applying(_:)``.
///
/// ```swift
/// let diff = new.difference(from: old)
/// try apply(diff, to: old) == new  // true
/// ```
///
/// - Throws: As ``Snapshot/applying(_:)``.
/// - Complexity: O(n + c log c), c the number of changes.
public func apply<SectionID, ItemID>(
  _ diff: SnapshotDiff<SectionID, ItemID>,
  to snapshot: Snapshot<SectionID, ItemID>
) throws(SnapshotError<SectionID, ItemID>) -> Snapshot<SectionID, ItemID> {
  try snapshot.applying(diff)
}

/// The steps of ``Snapshot/applying(_:)``: place the sections, collect the
/// item changes, then build each new section.
struct DiffReplay<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
  typealias Failure = SnapshotError<SectionID, ItemID>

  let diff: SnapshotDiff<SectionID, ItemID>
  let old: SnapshotStorage<SectionID, ItemID>
  /// For each new section: the old index it comes from (-1 when inserted).
  var source: [Int?] = []
  /// For each new section: its identifier.
  var newIDs: [SectionID?] = []
  /// The items of each inserted section, by new index.
  var insertedItems: [Int: [ItemID]] = [:]
  /// The positions of the items that leave each old section.
  var itemLeaves: [Int: Set<Int>] = [:]
  /// The items that arrive in each new section, with their new positions.
  var arriving: [Int: [(offset: Int, id: ItemID)]] = [:]

  init(diff: SnapshotDiff<SectionID, ItemID>, old: SnapshotStorage<SectionID, ItemID>) {
    self.diff = diff
    self.old = old
  }

  /// Sections: the deleted and moved ones leave; the rest keep their order
  /// and fill the slots that insertions and move destinations leave free.
  mutating func placeSections() throws(Failure) {
    let oldCount = old.sections.count
    var leaves = [Bool](repeating: false, count: oldCount)
    func checkSection(_ id: SectionID, at index: Int) throws(Failure) {
      guard old.sections.indices.contains(index), old.sections[index] == id, !leaves[index] else {
        throw .inapplicableDiff("section '\(id)' is not at old index \(index) or changes twice")
      }
      leaves[index] = true
    }
    for deletion in diff.sectionDeletions { try checkSection(deletion.id, at: deletion.index) }
    for move in diff.sectionMoves { try checkSection(move.id, at: move.from) }
    let newCount = oldCount - diff.sectionDeletions.count + diff.sectionInsertions.count
    source = [Int?](repeating: nil, count: max(0, newCount))
    newIDs = [SectionID?](repeating: nil, count: max(0, newCount))
    for insertion in diff.sectionInsertions {
      try place(insertion.id, at: insertion.index, from: -1)
      insertedItems[insertion.index] = insertion.items
    }
    for move in diff.sectionMoves { try place(move.id, at: move.to, from: move.from) }
    var staying = (0..<oldCount).filter { !leaves[$0] }.makeIterator()
    for index in source.indices where source[index] == nil {
      guard let oldIndex = staying.next() else {
        throw .inapplicableDiff("the section changes do not add up to \(newCount) sections")
      }
      source[index] = oldIndex
      newIDs[index] = old.sections[oldIndex]
    }
  }

  /// Records that section `id` goes to new index `index`, from old index
  /// `oldIndex` (-1 when inserted).
  mutating func place(_ id: SectionID, at index: Int, from oldIndex: Int) throws(Failure) {
    guard source.indices.contains(index), source[index] == nil else {
      throw .inapplicableDiff(
        "section '\(id)' goes to new index \(index), which is taken or out of range"
      )
    }
    source[index] = oldIndex
    newIDs[index] = id
  }

  /// Items: the deleted and moved ones leave their old section; the rest
  /// keep their order and fill the free slots of the new section.
  mutating func collectItemChanges() throws(Failure) {
    for deletion in diff.itemDeletions { try checkItem(deletion.id, at: deletion.path) }
    for move in diff.itemMoves { try checkItem(move.id, at: move.from) }
    for insertion in diff.itemInsertions {
      arriving[insertion.path.section, default: []].append((insertion.path.item, insertion.id))
    }
    for move in diff.itemMoves {
      arriving[move.to.section, default: []].append((move.to.item, move.id))
    }
  }

  /// Records that the item at old `path` leaves it; it must be `id`, once.
  mutating func checkItem(_ id: ItemID, at path: ItemPath) throws(Failure) {
    // By position, so that no index of `old` is needed (identifiers are unique).
    guard old.sectionItems.indices.contains(path.section),
      old.sectionItems[path.section].indices.contains(path.item),
      old.sectionItems[path.section][path.item] == id,
      itemLeaves[path.section, default: []].insert(path.item).inserted
    else {
      throw .inapplicableDiff("item '\(id)' is not at old path \(path) or changes twice")
    }
  }

  /// Appends the new section at `newIndex`, with its items, to `result`.
  func appendSection(at newIndex: Int, to result: inout Snapshot<SectionID, ItemID>) throws(Failure)
  {
    guard let id = newIDs[newIndex], let oldIndex = source[newIndex] else {
      throw .inapplicableDiff("section at new index \(newIndex) is missing")
    }
    try result.appendSections([id])
    let newcomers = (arriving[newIndex] ?? []).sorted { $0.offset < $1.offset }
    if oldIndex < 0 {
      guard newcomers.isEmpty else {
        throw .inapplicableDiff("items are inserted or moved into inserted section '\(id)'")
      }
      try result.appendItems(insertedItems[newIndex] ?? [], toSection: id)
      return
    }
    let items = try mergeItems(of: id, oldIndex: oldIndex, newcomers: newcomers)
    try result.appendItems(items, toSection: id)
  }

  /// The items of surviving section `id`: its old items that stay, in
  /// order, with `newcomers` at their positions.
  func mergeItems(
    of id: SectionID,
    oldIndex: Int,
    newcomers: [(offset: Int, id: ItemID)]
  ) throws(Failure) -> [ItemID] {
    let leaving = itemLeaves[oldIndex] ?? []
    var remaining = old.sectionItems[oldIndex].enumerated()
      .lazy.filter { !leaving.contains($0.offset) }.map(\.element).makeIterator()
    let total = old.sectionItems[oldIndex].count - leaving.count + newcomers.count
    var items: [ItemID] = []
    items.reserveCapacity(max(0, total))
    var next = newcomers.makeIterator()
    var newcomer = next.next()
    for offset in 0..<max(0, total) {
      if let arrival = newcomer, arrival.offset == offset {
        items.append(arrival.id)
        newcomer = next.next()
      } else if let item = remaining.next() {
        items.append(item)
      } else {
        throw .inapplicableDiff("section '\(id)' gets an item at index \(offset) from nowhere")
      }
    }
    guard newcomer == nil, remaining.next() == nil else {
      throw .inapplicableDiff("the item changes of section '\(id)' do not add up")
    }
    return items
  }
}
