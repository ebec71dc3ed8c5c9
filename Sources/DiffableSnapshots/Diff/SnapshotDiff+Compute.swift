extension Snapshot {
  /// The changes that turn `old` into this snapshot, in UIKit's batch-update
  /// semantics with minimal moves (see ``SnapshotDiff``).
  ///
  /// ```swift
  /// var old = Snapshot<String, Int>()
  /// try old.appendSections(["A"])
  /// try old.appendItems([1, 2, 3, 4, 5])
  /// var new = old
  /// try new.moveItem(5, beforeItem: 1)
  /// new.difference(from: old).itemMoves.count  // 1 (DifferenceKit reports 4)
  /// ```
  ///
  /// - Complexity: O(n + k log k) for n items in both snapshots and k items
  ///   staying in their section, with O(1) expected hash lookups: the
  ///   snapshots' own indexes are used, no table is built.
  @inlinable public func difference(from old: Snapshot) -> SnapshotDiff<SectionID, ItemID> {
    SnapshotDiff(from: old, to: self)
  }
}

extension SnapshotDiff {
  /// Computes the changes that turn `old` into `new`; the same as
  /// `new.difference(from: old)`.
  ///
  /// - Complexity: O(n + k log k); see ``Snapshot/difference(from:)``.
  @inlinable
  public init(from old: Snapshot<SectionID, ItemID>, to new: Snapshot<SectionID, ItemID>) {
    self.init(from: old, to: new, skippingUnchangedSections: true)
  }

  /// Computes the changes that turn `old` into `new`, skipping the sections whose items
  /// did not change, or scanning them like any other: the same result either way (the
  /// scan is the slow twin of the skip, for tests and `pokedex-bench engines`).
  @inlinable
  package init(
    from old: Snapshot<SectionID, ItemID>,
    to new: Snapshot<SectionID, ItemID>,
    skippingUnchangedSections: Bool
  ) {
    var computation = DiffComputation(from: old.storage, to: new.storage)
    computation.matchSections()
    computation.matchItems(skippingUnchangedSections: skippingUnchangedSections)
    computation.collectUpdates()
    self = computation.diff
  }
}

/// The steps of ``SnapshotDiff/init(from:to:)``, in order: match the
/// sections, match the items of the surviving sections, collect the marks.
@usableFromInline
struct DiffComputation<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
  @usableFromInline let before: SnapshotStorage<SectionID, ItemID>
  @usableFromInline let after: SnapshotStorage<SectionID, ItemID>
  /// For each new section, its old index (-1 when inserted), and back.
  @usableFromInline var newToOld: [Int]
  @usableFromInline var oldToNew: [Int]
  /// The result, filled step by step.
  @usableFromInline var diff = SnapshotDiff<SectionID, ItemID>()

  @inlinable init(
    from before: SnapshotStorage<SectionID, ItemID>,
    to after: SnapshotStorage<SectionID, ItemID>
  ) {
    self.before = before
    self.after = after
    newToOld = [Int](repeating: -1, count: after.sections.count)
    oldToNew = [Int](repeating: -1, count: before.sections.count)
  }

  /// Step 1: sections, matched by identifier; the survivors that stay put are
  /// a longest increasing subsequence of their old indices.
  @inlinable mutating func matchSections() {
    for (newIndex, id) in after.sections.enumerated() {
      if let oldIndex = before.sectionIndex[id] {
        newToOld[newIndex] = oldIndex
        oldToNew[oldIndex] = newIndex
      }
    }
    for oldIndex in before.sections.indices where oldToNew[oldIndex] < 0 {
      diff.sectionDeletions.append(
        SnapshotDiff.SectionDeletion(
          id: before.sections[oldIndex],
          index: oldIndex,
          items: before.sectionItems[oldIndex]
        )
      )
    }
    var survivingOld: [Int] = []
    var survivingNew: [Int] = []
    for newIndex in after.sections.indices {
      let oldIndex = newToOld[newIndex]
      if oldIndex < 0 {
        diff.sectionInsertions.append(
          SnapshotDiff.SectionInsertion(
            id: after.sections[newIndex],
            index: newIndex,
            items: after.sectionItems[newIndex]
          )
        )
      } else {
        survivingOld.append(oldIndex)
        survivingNew.append(newIndex)
      }
    }
    let staying = longestIncreasingSubsequenceMembership(
      survivingOld.map { UInt32(truncatingIfNeeded: $0) }
    )
    for index in survivingOld.indices where !staying[index] {
      diff.sectionMoves.append(
        SnapshotDiff.SectionMove(
          id: after.sections[survivingNew[index]],
          from: survivingOld[index],
          to: survivingNew[index]
        )
      )
    }
  }

  /// Step 2: the items of surviving sections. Each new item is looked up in
  /// the old snapshot's index (``SectionItemScan``), the items staying in
  /// their section keep a longest increasing subsequence of their old
  /// positions, and the old items no surviving section holds are deleted. A
  /// section whose items did not change is skipped.
  @inlinable mutating func matchItems(skippingUnchangedSections: Bool) {
    // Local copies of the arrays (retains, no copying).
    let oldStarts = before.sectionStarts
    let oldSectionItems = before.sectionItems
    let newSectionItems = after.sectionItems
    var scan = SectionItemScan<ItemID>()
    var matched = [Bool](repeating: false, count: oldStarts[oldSectionItems.count])
    var unchangedSection = [Bool](repeating: false, count: oldSectionItems.count)
    for newIndex in newSectionItems.indices where newToOld[newIndex] >= 0 {
      let oldIndex = newToOld[newIndex]
      let items = newSectionItems[newIndex]
      if skippingUnchangedSections, items == oldSectionItems[oldIndex] {
        unchangedSection[oldIndex] = true
        continue
      }
      scan.classify(
        items,
        oldSection: oldIndex,
        oldLocations: before.itemLocations,
        oldStarts: oldStarts,
        oldToNew: oldToNew,
        matched: &matched
      )
      appendItemChanges(of: scan, items: items, newSection: newIndex, oldSection: oldIndex)
    }
    appendItemDeletions(matched: matched, unchangedSection: unchangedSection)
  }

  /// The insertions and moves of one new section, in new order, from its
  /// scan.
  @inlinable mutating func appendItemChanges(
    of scan: SectionItemScan<ItemID>,
    items: [ItemID],
    newSection newIndex: Int,
    oldSection oldIndex: Int
  ) {
    let staying = longestIncreasingSubsequenceMembership(scan.stayingOffsets)
    var stayingCount = 0
    for member in staying where member { stayingCount += 1 }
    let insertedCount = items.count - scan.stayingOffsets.count - scan.crossing.count
    diff.itemInsertions.reserveCapacity(diff.itemInsertions.count + insertedCount)
    diff.itemMoves.reserveCapacity(
      diff.itemMoves.count + scan.crossing.count + scan.stayingOffsets.count - stayingCount
    )
    var stayingIndex = 0
    var crossingIndex = 0
    for (offset, kind) in scan.kinds.enumerated() {
      let destination = ItemLocation(section: newIndex, item: offset)
      switch kind {
      case SectionItemScan<ItemID>.staying:
        defer { stayingIndex += 1 }
        if staying[stayingIndex] { continue }
        let source = ItemLocation(section: oldIndex, item: Int(scan.stayingOffsets[stayingIndex]))
        diff.itemMoves.append(
          SnapshotDiff.ItemMove(id: items[offset], source: source, destination: destination)
        )
      case SectionItemScan<ItemID>.crossing:
        let source = scan.crossing[crossingIndex]
        diff.itemMoves.append(
          SnapshotDiff.ItemMove(id: items[offset], source: source, destination: destination)
        )
        crossingIndex += 1
      default:
        diff.itemInsertions.append(
          SnapshotDiff.ItemInsertion(id: items[offset], location: destination)
        )
      }
    }
  }

  /// The items of surviving old sections that no surviving new section
  /// holds.
  @inlinable mutating func appendItemDeletions(matched: [Bool], unchangedSection: [Bool]) {
    let oldStarts = before.sectionStarts
    for (oldIndex, items) in before.sectionItems.enumerated()
    where oldToNew[oldIndex] >= 0 && !unchangedSection[oldIndex] {
      let start = oldStarts[oldIndex]
      // By position: only the deleted identifiers are copied.
      for offset in items.indices where !matched[start + offset] {
        diff.itemDeletions.append(
          SnapshotDiff.ItemDeletion(
            id: items[offset],
            location: ItemLocation(section: oldIndex, item: offset)
          )
        )
      }
    }
  }

  /// Step 3: reloads and reconfigures, only from the new snapshot's marks,
  /// for surviving items and sections.
  @inlinable mutating func collectUpdates() {
    diff.itemReloads = after.reloadedItems.order.compactMap(update)
      .sorted { $0.oldPath < $1.oldPath }
    diff.itemReconfigures = after.reconfiguredItems.order.compactMap(update)
      .sorted { $0.oldPath < $1.oldPath }
    diff.sectionReloads = after.reloadedSections.order.compactMap { id in
      guard let oldIndex = before.sectionIndex[id], let newIndex = after.sectionIndex[id] else {
        return nil
      }
      return SnapshotDiff.SectionUpdate(id: id, oldIndex: oldIndex, newIndex: newIndex)
    }
    .sorted { $0.oldIndex < $1.oldIndex }
  }

  /// The update of a marked item, when it survives in a surviving section.
  @inlinable func update(_ id: ItemID) -> SnapshotDiff<SectionID, ItemID>.ItemUpdate? {
    guard let newLocation = after.itemLocations[id], newToOld[newLocation.section] >= 0,
      let oldLocation = before.itemLocations[id], oldToNew[oldLocation.section] >= 0
    else { return nil }
    return SnapshotDiff.ItemUpdate(
      id: id,
      oldPath: ItemPath(section: oldLocation.section, item: oldLocation.item),
      newPath: ItemPath(section: newLocation.section, item: newLocation.item)
    )
  }
}

/// How each item of one new section relates to the old snapshot, in new
/// order. The per-item record is one byte; staying items' old offsets and
/// other sections' locations are kept apart, in order. Reused from section
/// to section.
@usableFromInline struct SectionItemScan<ItemID: Hashable & Sendable> {
  @inlinable static var inserted: UInt8 { 0 }
  @inlinable static var staying: UInt8 { 1 }
  @inlinable static var crossing: UInt8 { 2 }

  /// Per new item: ``inserted``, ``staying`` or ``crossing``.
  @usableFromInline var kinds: [UInt8] = []
  /// The old offsets of the staying items, in new order.
  @usableFromInline var stayingOffsets: [UInt32] = []
  /// The old locations of the items coming from other sections, in order.
  @usableFromInline var crossing: [ItemLocation] = []

  @inlinable init() {}

  /// Classifies `items`, the new items of the section that was section
  /// `oldSection` of the old snapshot, and marks the old items found in
  /// `matched` (by flat index).
  ///
  /// - Complexity: O(k) expected for k items: one lookup in `oldLocations` each.
  @inlinable mutating func classify(
    _ items: [ItemID],
    oldSection oldIndex: Int,
    oldLocations: [ItemID: ItemLocation],
    oldStarts: [Int],
    oldToNew: [Int],
    matched: inout [Bool]
  ) {
    kinds.removeAll(keepingCapacity: true)
    stayingOffsets.removeAll(keepingCapacity: true)
    crossing.removeAll(keepingCapacity: true)
    kinds.reserveCapacity(items.count)
    stayingOffsets.reserveCapacity(items.count)
    for item in items {
      guard let location = oldLocations[item], oldToNew[location.section] >= 0 else {
        kinds.append(Self.inserted)
        continue
      }
      matched[oldStarts[location.section] + location.item] = true
      if location.section == oldIndex {
        kinds.append(Self.staying)
        stayingOffsets.append(location.packedItem)
      } else {
        kinds.append(Self.crossing)
        crossing.append(location)
      }
    }
  }
}
