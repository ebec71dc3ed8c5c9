// MARK: - Building

extension Snapshot {
  /// Creates a snapshot from sections and their items, in order.
  ///
  /// ```swift
  /// let snapshot = try Snapshot(sections: [("Kanto", [1, 4, 7]), ("Johto", [152])])
  /// ```
  ///
  /// - Throws: ``SnapshotError/duplicateSection(_:)`` or
  ///   ``SnapshotError/duplicateItem(_:)``.
  /// - Complexity: O(n) for n sections and items.
  public init(sections: some Sequence<(SectionID, [ItemID])>) throws(SnapshotError<
    SectionID, ItemID
  >) {
    self.init()
    for (section, items) in sections {
      try appendSections([section])
      try appendItems(items, toSection: section)
    }
  }
}

// MARK: - Sections

extension Snapshot {
  /// Adds sections, empty, after the last section.
  ///
  /// ```swift
  /// try snapshot.appendSections(["Kanto", "Johto"])
  /// ```
  ///
  /// - Parameter identifiers: New section identifiers, unique.
  /// - Throws: ``SnapshotError/duplicateSection(_:)`` when one is already in
  ///   the snapshot or appears twice; the snapshot is then unchanged.
  /// - Complexity: O(k) for k new sections.
  public mutating func appendSections(_ identifiers: [SectionID]) throws(SnapshotError<
    SectionID, ItemID
  >) {
    try validateNewSections(identifiers)
    insertValidatedSections(identifiers, at: numberOfSections)
  }

  /// Inserts sections, empty, immediately before an existing section.
  ///
  /// ```swift
  /// try snapshot.insertSections(["Kanto"], beforeSection: "Johto")
  /// ```
  ///
  /// - Throws: ``SnapshotError/sectionNotFound(_:)`` for an unknown anchor,
  ///   ``SnapshotError/duplicateSection(_:)``; the snapshot is then unchanged.
  /// - Complexity: O(k + m), m the items of the sections after the anchor.
  public mutating func insertSections(
    _ identifiers: [SectionID],
    beforeSection anchor: SectionID
  ) throws(SnapshotError<SectionID, ItemID>) {
    guard let index = storage.sectionIndex[anchor] else { throw .sectionNotFound(anchor) }
    try validateNewSections(identifiers)
    insertValidatedSections(identifiers, at: index)
  }

  /// Inserts sections, empty, immediately after an existing section.
  ///
  /// ```swift
  /// try snapshot.insertSections(["Johto"], afterSection: "Kanto")
  /// ```
  ///
  /// - Throws: ``SnapshotError/sectionNotFound(_:)`` for an unknown anchor,
  ///   ``SnapshotError/duplicateSection(_:)``; the snapshot is then unchanged.
  /// - Complexity: O(k + m), m the items of the sections after the anchor.
  public mutating func insertSections(
    _ identifiers: [SectionID],
    afterSection anchor: SectionID
  ) throws(SnapshotError<SectionID, ItemID>) {
    guard let index = storage.sectionIndex[anchor] else { throw .sectionNotFound(anchor) }
    try validateNewSections(identifiers)
    insertValidatedSections(identifiers, at: index + 1)
  }

  /// Deletes sections and all their items. Unknown identifiers are skipped,
  /// as Apple does; the deleted identifiers can be used again.
  ///
  /// ```swift
  /// snapshot.deleteSections(["Johto", "Unknown"])  // Unknown is ignored
  /// ```
  ///
  /// - Complexity: O(k + m), m the items of the deleted sections and of the
  ///   sections after the first deleted one.
  public mutating func deleteSections(_ identifiers: [SectionID]) {
    var doomed = Set<Int>()
    for id in identifiers {
      if let index = storage.sectionIndex[id] { doomed.insert(index) }
    }
    guard let first = doomed.min() else { return }
    for index in doomed.sorted(by: >) {
      for item in storage.sectionItems[index] { storage.itemLocations[item] = nil }
      storage.sectionIndex[storage.sections[index]] = nil
      storage.sections.remove(at: index)
      storage.sectionItems.remove(at: index)
    }
    storage.reindexSections(from: first)
    let sectionIndex = storage.sectionIndex
    storage.reloadedSections.remove { sectionIndex[$0] == nil }
    removeMarksOfDeletedItems()
  }

  /// Deletes every item **and every section**, as Apple's implementation
  /// does (its documentation only mentions the items): after it the snapshot
  /// is empty, so `s.deleteAllItems(); try s.appendSections([...])` starts
  /// afresh.
  ///
  /// - Complexity: O(1), plus releasing the old storage.
  public mutating func deleteAllItems() {
    storage = SnapshotStorage()
  }

  /// Moves a section, with its items, immediately before another section.
  ///
  /// ```swift
  /// try snapshot.moveSection("Johto", beforeSection: "Kanto")
  /// ```
  ///
  /// - Throws: ``SnapshotError/sectionNotFound(_:)``, or
  ///   ``SnapshotError/invalidMove(_:)`` when the anchor is the section.
  /// - Complexity: O(s + m), m the items of the sections between the two
  ///   positions.
  public mutating func moveSection(
    _ identifier: SectionID,
    beforeSection anchor: SectionID
  ) throws(SnapshotError<SectionID, ItemID>) {
    try moveSection(identifier, relativeTo: anchor, after: false)
  }

  /// Moves a section, with its items, immediately after another section.
  ///
  /// ```swift
  /// try snapshot.moveSection("Kanto", afterSection: "Johto")
  /// ```
  ///
  /// - Throws: ``SnapshotError/sectionNotFound(_:)``, or
  ///   ``SnapshotError/invalidMove(_:)`` when the anchor is the section.
  /// - Complexity: O(s + m), m the items of the sections between the two
  ///   positions.
  public mutating func moveSection(
    _ identifier: SectionID,
    afterSection anchor: SectionID
  ) throws(SnapshotError<SectionID, ItemID>) {
    try moveSection(identifier, relativeTo: anchor, after: true)
  }

  /// Marks sections to be reloaded when the snapshot is applied: they are
  /// reported by ``difference(from:)`` as section reloads.
  ///
  /// - Throws: ``SnapshotError/sectionNotFound(_:)`` (Apple traps); nothing
  ///   is marked then.
  /// - Complexity: O(k).
  public mutating func reloadSections(_ identifiers: [SectionID]) throws(SnapshotError<
    SectionID, ItemID
  >) {
    for id in identifiers where storage.sectionIndex[id] == nil { throw .sectionNotFound(id) }
    for id in identifiers { storage.reloadedSections.insert(id) }
  }

  private func validateNewSections(_ identifiers: [SectionID]) throws(SnapshotError<
    SectionID, ItemID
  >) {
    var seen = Set<SectionID>(minimumCapacity: identifiers.count)
    for id in identifiers {
      if storage.sectionIndex[id] != nil || !seen.insert(id).inserted {
        throw .duplicateSection(id)
      }
    }
  }

  private mutating func insertValidatedSections(_ identifiers: [SectionID], at index: Int) {
    guard !identifiers.isEmpty else { return }
    storage.sections.insert(contentsOf: identifiers, at: index)
    storage.sectionItems.insert(
      contentsOf: repeatElement([], count: identifiers.count),
      at: index
    )
    storage.reindexSections(from: index)
  }

  private mutating func moveSection(
    _ identifier: SectionID,
    relativeTo anchor: SectionID,
    after: Bool
  ) throws(SnapshotError<SectionID, ItemID>) {
    guard let source = storage.sectionIndex[identifier] else {
      throw .sectionNotFound(identifier)
    }
    guard storage.sectionIndex[anchor] != nil else { throw .sectionNotFound(anchor) }
    guard identifier != anchor else { throw .invalidMove(.sectionRelativeToItself(identifier)) }
    storage.sections.remove(at: source)
    let items = storage.sectionItems.remove(at: source)
    let anchorIndex = storage.sections.firstIndex(of: anchor) ?? storage.sections.count
    let destination = after ? anchorIndex + 1 : anchorIndex
    storage.sections.insert(identifier, at: destination)
    storage.sectionItems.insert(items, at: destination)
    storage.reindexSections(from: min(source, destination))
  }
}

// MARK: - Items

extension Snapshot {
  /// Adds items at the end of a section, or of the last section when
  /// `section` is `nil`.
  ///
  /// ```swift
  /// try snapshot.appendItems([1, 4, 7], toSection: "Kanto")
  /// try snapshot.appendItems([152])  // to the last section
  /// ```
  ///
  /// - Throws: ``SnapshotError/noSections`` when `section` is `nil` and there
  ///   are no sections, ``SnapshotError/sectionNotFound(_:)``, or
  ///   ``SnapshotError/duplicateItem(_:)`` (Apple moves an existing item into
  ///   place with a warning; this library refuses); the snapshot is then
  ///   unchanged.
  /// - Complexity: O(k + s) for k items, s the sections after the target.
  @inlinable public mutating func appendItems(
    _ identifiers: [ItemID],
    toSection section: SectionID? = nil
  ) throws(SnapshotError<SectionID, ItemID>) {
    let index: Int
    if let section {
      guard let found = storage.sectionIndex[section] else { throw .sectionNotFound(section) }
      index = found
    } else {
      guard numberOfSections > 0 else { throw .noSections }
      index = numberOfSections - 1
    }
    guard !identifiers.isEmpty else { return }
    let offset = storage.sectionItems[index].count
    try claim(identifiers, section: index, offset: offset)
    storage.sectionItems[index].append(contentsOf: identifiers)
    storage.updateStarts(from: index + 1)
  }

  /// Inserts items immediately before an existing item, in that item's
  /// section.
  ///
  /// ```swift
  /// try snapshot.insertItems([2, 3], beforeItem: 4)
  /// ```
  ///
  /// - Throws: ``SnapshotError/itemNotFound(_:)`` for an unknown anchor,
  ///   ``SnapshotError/duplicateItem(_:)``; the snapshot is then unchanged.
  /// - Complexity: O(k + m + s), m the items after the anchor in its section.
  public mutating func insertItems(
    _ identifiers: [ItemID],
    beforeItem anchor: ItemID
  ) throws(SnapshotError<SectionID, ItemID>) {
    guard let location = storage.itemLocations[anchor] else { throw .itemNotFound(anchor) }
    try insertValidatedAnchor(identifiers, at: location)
  }

  /// Inserts items immediately after an existing item, in that item's
  /// section (after the last item of a section, they stay in that section).
  ///
  /// ```swift
  /// try snapshot.insertItems([8, 9], afterItem: 7)
  /// ```
  ///
  /// - Throws: ``SnapshotError/itemNotFound(_:)`` for an unknown anchor,
  ///   ``SnapshotError/duplicateItem(_:)``; the snapshot is then unchanged.
  /// - Complexity: O(k + m + s), m the items after the anchor in its section.
  public mutating func insertItems(
    _ identifiers: [ItemID],
    afterItem anchor: ItemID
  ) throws(SnapshotError<SectionID, ItemID>) {
    guard let location = storage.itemLocations[anchor] else { throw .itemNotFound(anchor) }
    try insertValidatedAnchor(
      identifiers,
      at: ItemLocation(section: location.section, item: location.item + 1)
    )
  }

  /// Deletes items. Their sections stay, even when emptied. Unknown
  /// identifiers are skipped, as Apple does.
  ///
  /// ```swift
  /// snapshot.deleteItems([4, 999])  // 999 is ignored
  /// ```
  ///
  /// - Complexity: O(k + m + s), m the items of the affected sections.
  public mutating func deleteItems(_ identifiers: [ItemID]) {
    let locations = storage.itemLocations
    guard identifiers.contains(where: { locations[$0] != nil }) else { return }
    var offsetsBySection: [Int: [Int]] = [:]
    for id in identifiers {
      if let location = storage.itemLocations.removeValue(forKey: id) {
        offsetsBySection[location.section, default: []].append(location.item)
      }
    }
    for (section, offsets) in offsetsBySection {
      let doomed = Set(offsets)
      let first = offsets.min() ?? 0
      var kept = Array(storage.sectionItems[section][..<first])
      for (offset, item) in storage.sectionItems[section].enumerated().dropFirst(first)
      where !doomed.contains(offset) {
        kept.append(item)
      }
      storage.sectionItems[section] = kept
      storage.relocateItems(inSection: section, from: first)
    }
    storage.updateStarts(from: offsetsBySection.keys.min() ?? 0)
    removeMarksOfDeletedItems()
  }

  /// Moves an item immediately before another item, possibly into another
  /// section: the item is removed first, then the anchor is located.
  ///
  /// ```swift
  /// // Kanto: [1, 4, 7]
  /// try snapshot.moveItem(7, beforeItem: 1)  // Kanto: [7, 1, 4]
  /// ```
  ///
  /// - Throws: ``SnapshotError/itemNotFound(_:)``, or
  ///   ``SnapshotError/invalidMove(_:)`` when the anchor is the item (Apple
  ///   traps: "destination for item move is the same as the source").
  /// - Complexity: O(m + s), m the items after the two positions in their
  ///   sections.
  public mutating func moveItem(
    _ identifier: ItemID,
    beforeItem anchor: ItemID
  ) throws(SnapshotError<SectionID, ItemID>) {
    try moveItem(identifier, relativeTo: anchor, after: false)
  }

  /// Moves an item immediately after another item, possibly into another
  /// section: the item is removed first, then the anchor is located.
  ///
  /// ```swift
  /// // Kanto: [1, 4, 7]
  /// try snapshot.moveItem(1, afterItem: 7)  // Kanto: [4, 7, 1]
  /// ```
  ///
  /// - Throws: ``SnapshotError/itemNotFound(_:)``, or
  ///   ``SnapshotError/invalidMove(_:)`` when the anchor is the item.
  /// - Complexity: O(m + s), m the items after the two positions in their
  ///   sections.
  public mutating func moveItem(
    _ identifier: ItemID,
    afterItem anchor: ItemID
  ) throws(SnapshotError<SectionID, ItemID>) {
    try moveItem(identifier, relativeTo: anchor, after: true)
  }

  /// Marks items to be reloaded (their cells replaced) when the snapshot is
  /// applied. Only the identity counts: the value passed is not stored, so
  /// re-read the model by its identifier.
  ///
  /// - Throws: ``SnapshotError/itemNotFound(_:)`` (Apple traps); nothing is
  ///   marked then.
  /// - Complexity: O(k).
  public mutating func reloadItems(_ identifiers: [ItemID]) throws(SnapshotError<
    SectionID, ItemID
  >) {
    for id in identifiers where storage.itemLocations[id] == nil { throw .itemNotFound(id) }
    for id in identifiers { storage.reloadedItems.insert(id) }
  }

  /// Marks items to be reconfigured (their existing cells updated in place)
  /// when the snapshot is applied. Prefer it to ``reloadItems(_:)``, as
  /// Apple advises, unless the cell itself must be replaced.
  ///
  /// - Throws: ``SnapshotError/itemNotFound(_:)`` (Apple traps); nothing is
  ///   marked then.
  /// - Complexity: O(k).
  public mutating func reconfigureItems(_ identifiers: [ItemID]) throws(SnapshotError<
    SectionID, ItemID
  >) {
    for id in identifiers where storage.itemLocations[id] == nil { throw .itemNotFound(id) }
    for id in identifiers { storage.reconfiguredItems.insert(id) }
  }

  /// Marks the items of `identifiers` that are in the snapshot as
  /// reconfigured, skipping the others.
  mutating func markReconfigured(_ identifiers: [ItemID]) {
    guard !identifiers.isEmpty else { return }
    for id in identifiers where storage.itemLocations[id] != nil {
      storage.reconfiguredItems.insert(id)
    }
  }

  private mutating func insertValidatedAnchor(
    _ identifiers: [ItemID],
    at location: ItemLocation
  ) throws(SnapshotError<SectionID, ItemID>) {
    guard !identifiers.isEmpty else { return }
    try claim(identifiers, section: location.section, offset: location.item)
    storage.sectionItems[location.section].insert(contentsOf: identifiers, at: location.item)
    storage.relocateItems(inSection: location.section, from: location.item + identifiers.count)
    storage.updateStarts(from: location.section + 1)
  }

  /// Records the locations of new items `identifiers` at `offset...` in
  /// `section`, or throws `duplicateItem` having restored every location.
  @inlinable mutating func claim(
    _ identifiers: [ItemID],
    section: Int,
    offset: Int
  ) throws(SnapshotError<SectionID, ItemID>) {
    // Work on a local dictionary: no exclusivity check per element.
    var locations: [ItemID: ItemLocation] = [:]
    swap(&locations, &storage.itemLocations)
    defer { swap(&locations, &storage.itemLocations) }
    if identifiers.count > 16 {
      locations.reserveCapacity(locations.count + identifiers.count)
    }
    var item = offset
    for id in identifiers {
      guard
        let previous = locations.updateValue(ItemLocation(section: section, item: item), forKey: id)
      else {
        item += 1
        continue
      }
      let claimed = identifiers[..<(item - offset)]
      let repeatedInCall = claimed.contains(id)
      for earlier in claimed { locations[earlier] = nil }
      if !repeatedInCall { locations[id] = previous }
      throw .duplicateItem(id)
    }
  }

  private mutating func moveItem(
    _ identifier: ItemID,
    relativeTo anchor: ItemID,
    after: Bool
  ) throws(SnapshotError<SectionID, ItemID>) {
    guard let source = storage.itemLocations[identifier] else {
      throw .itemNotFound(identifier)
    }
    guard storage.itemLocations[anchor] != nil else { throw .itemNotFound(anchor) }
    guard identifier != anchor else { throw .invalidMove(.itemRelativeToItself(identifier)) }
    storage.sectionItems[source.section].remove(at: source.item)
    storage.relocateItems(inSection: source.section, from: source.item)
    guard let target = storage.itemLocations[anchor] else { return }
    let destination = after ? target.item + 1 : target.item
    storage.sectionItems[target.section].insert(identifier, at: destination)
    storage.relocateItems(inSection: target.section, from: destination)
    storage.updateStarts(from: min(source.section, target.section))
  }

  private mutating func removeMarksOfDeletedItems() {
    let locations = storage.itemLocations
    storage.reloadedItems.remove { locations[$0] == nil }
    storage.reconfiguredItems.remove { locations[$0] == nil }
  }
}
