extension Snapshot {
  /// One snapshot operation that performs a table-view style move.
  ///
  /// Returned by ``moveOperation(from:to:)``; ``moveItem(at:to:)`` performs it.
  public enum MoveOperation: Equatable, Sendable {
    /// The item is already in place: nothing to do.
    case none
    /// `moveItem(item, beforeItem: anchor)`.
    case moveBefore(ItemID, anchor: ItemID)
    /// `moveItem(item, afterItem: anchor)`.
    case moveAfter(ItemID, anchor: ItemID)
    /// Move the item into a section that is empty once the item has left:
    /// Apple has no single call for it (apps delete the item and append it);
    /// this keeps the item's reload and reconfigure marks.
    case moveToSection(ItemID, section: SectionID)
  }

  /// Translates a table-view style move, as `tableView(_:moveRowAt:to:)`
  /// reports it, into a snapshot operation.
  ///
  /// `destination` is where the item ends up: an index in the destination
  /// section counted *after* the item has been removed from its source, from
  /// 0 up to that section's item count (the end of the section). The four
  /// cases:
  ///
  /// ```swift
  /// // A: [a, b, c, d]   B: []
  /// try s.moveOperation(from: [0, 1], to: [0, 1])  // .none (same place)
  /// try s.moveOperation(from: [0, 0], to: [0, 2])  // .moveAfter(a, anchor: c) (down, after a later item)
  /// try s.moveOperation(from: [0, 3], to: [0, 0])  // .moveBefore(d, anchor: a) (up, before an item)
  /// try s.moveOperation(from: [0, 3], to: [1, 0])  // .moveToSection(d, section: B) (into an empty section)
  /// try s.moveOperation(from: [0, 0], to: [0, 3])  // .moveAfter(a, anchor: d) (to the end)
  /// ```
  /// (paths written `[section, item]` for `ItemPath(section:item:)`).
  ///
  /// - Throws: ``SnapshotError/invalidMove(_:)`` when `source` is not the
  ///   path of an item, or `destination` names no section or lies past the
  ///   end of its section.
  /// - Complexity: O(1).
  public func moveOperation(
    from source: ItemPath,
    to destination: ItemPath
  ) throws(SnapshotError<SectionID, ItemID>) -> MoveOperation {
    guard let item = itemIdentifier(at: source) else {
      throw .invalidMove(.sourceOutOfRange(source))
    }
    guard storage.sectionItems.indices.contains(destination.section), destination.item >= 0
    else { throw .invalidMove(.destinationOutOfRange(destination)) }
    let sameSection = source.section == destination.section
    let target = storage.sectionItems[destination.section]
    // The count of the destination section once the item has left it.
    let remaining = sameSection ? target.count - 1 : target.count
    guard destination.item <= remaining else {
      throw .invalidMove(.destinationOutOfRange(destination))
    }
    if sameSection && destination.item == source.item { return .none }
    if remaining == 0 {
      return .moveToSection(item, section: storage.sections[destination.section])
    }
    // Index into `target` (which still contains the item when `sameSection`)
    // of the item that will end up just before or after the moved one.
    if sameSection && destination.item > source.item {
      return .moveAfter(item, anchor: target[destination.item])
    }
    if destination.item == remaining {
      let last = target[target.count - 1]
      return .moveAfter(item, anchor: last)
    }
    return .moveBefore(item, anchor: target[destination.item])
  }

  /// Performs a table-view style move: the item at `source` ends up at
  /// `destination`, counted after its removal (see
  /// ``moveOperation(from:to:)``).
  ///
  /// ```swift
  /// // A: [a, b, c]
  /// try snapshot.moveItem(at: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 2))
  /// // A: [b, c, a]
  /// ```
  ///
  /// - Returns: The operation performed.
  /// - Throws: ``SnapshotError/invalidMove(_:)``; the snapshot is then
  ///   unchanged.
  /// - Complexity: O(m + s), m the items after the two positions in their
  ///   sections.
  @discardableResult
  public mutating func moveItem(
    at source: ItemPath,
    to destination: ItemPath
  ) throws(SnapshotError<SectionID, ItemID>) -> MoveOperation {
    let operation = try moveOperation(from: source, to: destination)
    try perform(operation)
    return operation
  }

  /// Performs a ``MoveOperation``.
  ///
  /// - Throws: What the corresponding `moveItem` call throws.
  public mutating func perform(_ operation: MoveOperation) throws(SnapshotError<
    SectionID, ItemID
  >) {
    switch operation {
    case .none:
      return
    case .moveBefore(let item, let anchor):
      try moveItem(item, beforeItem: anchor)
    case .moveAfter(let item, let anchor):
      try moveItem(item, afterItem: anchor)
    case .moveToSection(let item, let section):
      try moveItem(item, toEndOf: section)
    }
  }

  /// Moves an item to the end of a section.
  private mutating func moveItem(
    _ identifier: ItemID,
    toEndOf section: SectionID
  ) throws(SnapshotError<SectionID, ItemID>) {
    guard let source = storage.itemLocations[identifier] else {
      throw .itemNotFound(identifier)
    }
    guard let target = storage.sectionIndex[section] else { throw .sectionNotFound(section) }
    storage.sectionItems[source.section].remove(at: source.item)
    storage.relocateItems(inSection: source.section, from: source.item)
    storage.sectionItems[target].append(identifier)
    storage.relocateItems(inSection: target, from: storage.sectionItems[target].count - 1)
    storage.updateStarts(from: min(source.section, target))
  }
}
