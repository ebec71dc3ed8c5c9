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
    let before = old.storage
    let after = new.storage
    let oldSectionCount = before.sections.count
    let newSectionCount = after.sections.count

    // Sections: match by identifier; the survivors that stay put are a
    // longest increasing subsequence of their old indices.
    var newToOld = [Int](repeating: -1, count: newSectionCount)
    var oldToNew = [Int](repeating: -1, count: oldSectionCount)
    for (newIndex, id) in after.sections.enumerated() {
      if let oldIndex = before.sectionIndex[id] {
        newToOld[newIndex] = oldIndex
        oldToNew[oldIndex] = newIndex
      }
    }
    for oldIndex in 0..<oldSectionCount where oldToNew[oldIndex] < 0 {
      sectionDeletions.append(
        SectionDeletion(
          id: before.sections[oldIndex],
          index: oldIndex,
          items: before.sectionItems[oldIndex]
        )
      )
    }
    var survivingOld: [Int] = []
    var survivingNew: [Int] = []
    for newIndex in 0..<newSectionCount {
      let oldIndex = newToOld[newIndex]
      if oldIndex < 0 {
        sectionInsertions.append(
          SectionInsertion(
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
    let sectionsStaying = longestIncreasingSubsequenceMembership(
      survivingOld.map { UInt32(truncatingIfNeeded: $0) }
    )
    for index in survivingOld.indices where !sectionsStaying[index] {
      sectionMoves.append(
        SectionMove(
          id: after.sections[survivingNew[index]],
          from: survivingOld[index],
          to: survivingNew[index]
        )
      )
    }

    // Items of surviving sections: look each new item up in the old index.
    // Local copies (retains, no copying): no class-property access in loops.
    let oldStarts = before.sectionStarts
    let oldLocations = before.itemLocations
    let oldSectionItems = before.sectionItems
    let newSectionItems = after.sectionItems
    // String identifiers: when many items need a lookup (a shuffle), index
    // the old items once with a cheap hash of their ASCII bytes; see
    // `ASCIIStringIndex`. Decided per diff from the lookups so far.
    var asciiIndex: ASCIIStringIndex?
    // The index's answers for the current section's items from
    // `resolvedStart` to `resolvedEnd`, found a batch at a time.
    var resolved: UnsafeMutablePointer<Int32>?
    var scratch: UnsafeMutablePointer<UInt64>?
    var resolvedStart = 0
    var resolvedEnd = 0
    defer {
      asciiIndex?.deallocate()
      resolved?.deallocate()
      scratch?.deallocate()
    }
    // A constant once specialized: other identifier types compile to the
    // plain `Dictionary` lookup.
    let identifiersAreStrings = ItemID.self == String.self
    var mayIndexStrings = identifiersAreStrings
    var lookups = 0
    var processed = 0
    func lookUp(at position: Int, in items: [ItemID]) -> ItemLocation? {
      guard identifiersAreStrings else { return oldLocations[items[position]] }
      if position >= resolvedEnd, mayIndexStrings {
        if let index = asciiIndex, let resolved, let scratch {
          resolvedStart = position
          resolvedEnd = min(position + ASCIIStringIndex.batch, items.count)
          index.resolve(
            unsafeBitCast(items, to: [String].self),
            from: resolvedStart,
            count: resolvedEnd - resolvedStart,
            into: resolved,
            scratch: scratch
          )
        } else {
          lookups &+= 1
          if lookups >= 4096, lookups &* 2 > processed {
            asciiIndex = ASCIIStringIndex(unsafeBitCast(oldSectionItems, to: [[String]].self))
            mayIndexStrings = asciiIndex != nil
            if mayIndexStrings {
              resolved = .allocate(capacity: ASCIIStringIndex.batch)
              scratch = .allocate(capacity: 4 * ASCIIStringIndex.batch)
            }
          }
        }
      }
      // `resolvedStart <= position < resolvedEnd`: positions only grow
      // within a section, and both are reset to 0 at each section.
      if position < resolvedEnd, let resolved {
        let flat = resolved[position &- resolvedStart]
        if flat >= 0 { return Self.location(ofFlatIndex: Int(flat), starts: oldStarts) }
        if flat == ASCIIStringIndex.absent { return nil }
      }
      return oldLocations[items[position]]
    }
    var matched = [Bool](repeating: false, count: oldStarts[oldSectionCount])
    var unchangedSection = [Bool](repeating: false, count: oldSectionCount)
    // Per new item, in order: how it relates to the old snapshot. Staying
    // items' old offsets and other sections' locations are kept apart, in
    // order, so the per-item record is one byte (memory is most of the cost
    // at a million items).
    let insertedKind: UInt8 = 0
    let stayingKind: UInt8 = 1
    let crossingKind: UInt8 = 2
    var kinds: [UInt8] = []
    var stayingOffsets: [UInt32] = []
    var crossing: [ItemLocation] = []
    for newIndex in 0..<newSectionCount where newToOld[newIndex] >= 0 {
      let oldIndex = newToOld[newIndex]
      let items = newSectionItems[newIndex]
      if items == oldSectionItems[oldIndex] {
        unchangedSection[oldIndex] = true
        continue
      }
      kinds.removeAll(keepingCapacity: true)
      stayingOffsets.removeAll(keepingCapacity: true)
      crossing.removeAll(keepingCapacity: true)
      kinds.reserveCapacity(items.count)
      stayingOffsets.reserveCapacity(items.count)
      // While consecutive items come from nearby old positions (few
      // changes, or a reversal), predict the next one's old position and
      // compare instead of hashing.
      let oldItems = oldSectionItems[oldIndex]
      let oldStart = oldStarts[oldIndex]
      var previousOffset = -2
      var direction = 0
      resolvedStart = 0
      resolvedEnd = 0
      // By position: the identifier is read only where it is compared or
      // hashed (no copy, so no retain and release per item).
      for position in items.indices {
        processed &+= 1
        let predicted = previousOffset + direction
        let location: ItemLocation
        if direction != 0, predicted >= 0, predicted < oldItems.count,
          oldItems[predicted] == items[position]
        {
          location = ItemLocation(section: oldIndex, item: predicted)
        } else if let found = lookUp(at: position, in: items), oldToNew[found.section] >= 0 {
          location = found
        } else {
          kinds.append(insertedKind)
          continue
        }
        if location.section == oldIndex {
          matched[oldStart + location.item] = true
          kinds.append(stayingKind)
          stayingOffsets.append(location.packedItem)
          // Keep predicting across small gaps (deleted or moved items).
          let step = location.item - previousOffset
          direction = step > 0 && step <= 16 ? 1 : step < 0 && step >= -16 ? -1 : 0
          previousOffset = location.item
        } else {
          matched[oldStarts[location.section] + location.item] = true
          kinds.append(crossingKind)
          crossing.append(location)
        }
      }
      let staying = longestIncreasingSubsequenceMembership(stayingOffsets)
      var stayingCount = 0
      for member in staying where member { stayingCount += 1 }
      let insertedCount = items.count - stayingOffsets.count - crossing.count
      itemInsertions.reserveCapacity(itemInsertions.count + insertedCount)
      itemMoves.reserveCapacity(
        itemMoves.count + crossing.count + stayingOffsets.count - stayingCount
      )
      var stayingIndex = 0
      var crossingIndex = 0
      for (offset, kind) in kinds.enumerated() {
        let destination = ItemLocation(section: newIndex, item: offset)
        if kind == stayingKind {
          defer { stayingIndex += 1 }
          if staying[stayingIndex] { continue }
          itemMoves.append(
            ItemMove(
              id: items[offset],
              source: ItemLocation(section: oldIndex, item: Int(stayingOffsets[stayingIndex])),
              destination: destination
            )
          )
        } else if kind == crossingKind {
          itemMoves.append(
            ItemMove(id: items[offset], source: crossing[crossingIndex], destination: destination)
          )
          crossingIndex += 1
        } else {
          itemInsertions.append(ItemInsertion(id: items[offset], location: destination))
        }
      }
    }

    // Items of surviving old sections that no surviving new section holds.
    for oldIndex in 0..<oldSectionCount where oldToNew[oldIndex] >= 0 && !unchangedSection[oldIndex]
    {
      let start = oldStarts[oldIndex]
      for (offset, id) in oldSectionItems[oldIndex].enumerated() where !matched[start + offset] {
        itemDeletions.append(
          ItemDeletion(id: id, location: ItemLocation(section: oldIndex, item: offset))
        )
      }
    }

    // Updates: only from the new snapshot's marks, for surviving items.
    func update(_ id: ItemID) -> ItemUpdate? {
      guard let newLocation = after.itemLocations[id], newToOld[newLocation.section] >= 0,
        let oldLocation = before.itemLocations[id], oldToNew[oldLocation.section] >= 0
      else { return nil }
      return ItemUpdate(
        id: id,
        oldPath: ItemPath(section: oldLocation.section, item: oldLocation.item),
        newPath: ItemPath(section: newLocation.section, item: newLocation.item)
      )
    }
    itemReloads = after.reloadedItems.order.compactMap(update).sorted { $0.oldPath < $1.oldPath }
    itemReconfigures = after.reconfiguredItems.order.compactMap(update)
      .sorted { $0.oldPath < $1.oldPath }
    sectionReloads = after.reloadedSections.order.compactMap { id in
      guard let oldIndex = before.sectionIndex[id], let newIndex = after.sectionIndex[id] else {
        return nil
      }
      return SectionUpdate(id: id, oldIndex: oldIndex, newIndex: newIndex)
    }
    .sorted { $0.oldIndex < $1.oldIndex }
  }
}

extension SnapshotDiff {
  /// The location of the item at flat index `flat`, given the sections'
  /// flat starts (the last one is the item count).
  @inlinable static func location(ofFlatIndex flat: Int, starts: [Int]) -> ItemLocation {
    if starts.count == 2 { return ItemLocation(section: 0, item: flat) }
    var low = 0
    var high = starts.count - 1
    while high - low > 1 {
      let middle = (low + high) / 2
      if starts[middle] <= flat { low = middle } else { high = middle }
    }
    return ItemLocation(section: low, item: flat - starts[low])
  }
}
