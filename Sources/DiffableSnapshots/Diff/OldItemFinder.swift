/// Finds where the new snapshot's items were in the old one, by position in
/// the section being diffed: through the old snapshot's own `Dictionary`,
/// or, for `String` identifiers in a diff that turns out to look up most of
/// its items (a shuffle), through an ``ASCIIIdentifierIndex`` built once and
/// queried a batch at a time.
///
/// For identifier types other than `String`, ``location(at:in:)`` compiles
/// down to the plain `Dictionary` lookup once specialized.
///
/// When the old snapshot has no index (a fetch's snapshot, see
/// ``SnapshotStorage/isIndexed``) and the new one has one, or is the smaller of the two,
/// the finder works the other way round: each old item is looked up once in the new
/// snapshot's index (built here if it has none), and the old location of every new item
/// is kept by its flat index. When neither has an index, only the smaller one's is built.
@usableFromInline struct OldItemFinder<ItemID: Hashable & Sendable> {
  /// The old snapshot's index of its items (empty when `oldLocationsByNewIndex` is used).
  @usableFromInline let locations: [ItemID: ItemLocation]
  /// Without an old index: the old location of each new item by its flat index in the
  /// new snapshot, section -1 for the new items the old snapshot does not have.
  @usableFromInline let oldLocationsByNewIndex: [ItemLocation]
  /// Whether `oldLocationsByNewIndex` answers (the old snapshot has no index).
  @usableFromInline let isReversed: Bool
  /// The flat index in the new snapshot of the current section's first item.
  @usableFromInline var newStart = 0
  /// The old sections' flat starts (the last one is the item count).
  @usableFromInline let starts: [Int]
  /// The old sections' items, indexed when lookups turn out to dominate.
  @usableFromInline let oldSectionItems: [[ItemID]]
  @usableFromInline var index: ASCIIIdentifierIndex<ItemID>?
  /// The index's answers for the current section's positions
  /// `batch.start ..< batch.end` (empty until the index is built).
  @usableFromInline var batch = ASCIIIdentifierIndex<ItemID>.Batch(capacity: 0)
  /// Whether the index may still be built (or is built).
  @usableFromInline var mayIndex: Bool
  /// Lookups so far, and items diffed before the current section.
  @usableFromInline var lookups = 0
  @usableFromInline var processedBefore = 0

  /// The minimum number of lookups before an index is built (smaller diffs
  /// are cheaper with the `Dictionary`).
  @inlinable static var indexThreshold: Int { 4096 }

  /// A finder of the items of `after` in `before`.
  ///
  /// - Complexity: O(1) when `before` has its index. Otherwise the index of the smaller
  ///   snapshot without one is built, O(min(*m*, *n*)) for *m* old and *n* new items, and
  ///   the other way round takes O(*m*) lookups.
  @inlinable init<SectionID: Hashable & Sendable>(
    before: SnapshotStorage<SectionID, ItemID>,
    after: SnapshotStorage<SectionID, ItemID>
  ) {
    starts = before.sectionStarts
    oldSectionItems = before.sectionItems
    let oldCount = before.sectionStarts[before.sections.count]
    let newCount = after.sectionStarts[after.sections.count]
    // The index of the old snapshot when it has one, else the new one's when it has one,
    // else the smaller's, built here.
    isReversed =
      !before.isIndexed && (after.isIndexed || newCount < oldCount)
    guard isReversed else {
      var indexed = before
      indexed.indexItems()
      locations = indexed.itemLocations
      oldLocationsByNewIndex = []
      mayIndex = ItemID.self == String.self && DiffableSnapshotsTuning.stringIndex
      return
    }
    locations = [:]
    mayIndex = false
    var indexed = after
    indexed.indexItems()
    let newLocations = indexed.itemLocations
    let newStarts = after.sectionStarts
    var found = [ItemLocation](
      repeating: ItemLocation(section: -1, item: 0),
      count: newStarts[after.sections.count]
    )
    for (section, items) in before.sectionItems.enumerated() {
      for item in items.indices {
        guard let new = newLocations[items[item]] else { continue }
        found[newStarts[new.section] &+ new.item] = ItemLocation(section: section, item: item)
      }
    }
    oldLocationsByNewIndex = found
  }

  /// Starts a section of the new snapshot, whose first item is at flat index `newStart`
  /// there: positions start again at 0.
  @inlinable mutating func startSection(previousCount: Int, newStart: Int) {
    processedBefore &+= previousCount
    self.newStart = newStart
    batch.reset()
  }

  /// The old location of `items[position]`, or `nil` when the old snapshot
  /// does not have it. Positions only grow within a section.
  ///
  /// Only mutating and static calls here: a call to a non-mutating method
  /// would copy the finder (a retain and release of each of its arrays) on
  /// every lookup.
  ///
  /// - Complexity: O(1) expected.
  @inlinable mutating func location(at position: Int, in items: [ItemID]) -> ItemLocation? {
    if isReversed {
      let found = oldLocationsByNewIndex[newStart &+ position]
      return found.section < 0 ? nil : found
    }
    // A constant once specialized.
    guard ItemID.self == String.self, mayIndex else { return locations[items[position]] }
    if position >= batch.end {
      guard index != nil else {
        countLookup(at: position)
        return locations[items[position]]
      }
      index?.resolve(
        items,
        from: position,
        count: min(batch.results.count, items.count &- position),
        into: &batch
      )
    }
    assert(position >= batch.start && position < batch.end)
    let result = batch.results[position &- batch.start]
    if result >= 0 { return Self.location(ofFlatIndex: Int(result), starts: starts) }
    if result == ASCIIIdentifierIndex<ItemID>.absent { return nil }
    return locations[items[position]]
  }

  /// Counts a `Dictionary` lookup; builds the index once lookups are at
  /// least ``indexThreshold`` and more than half of the items so far.
  @inlinable mutating func countLookup(at position: Int) {
    lookups &+= 1
    guard lookups >= Self.indexThreshold, lookups &* 2 > processedBefore &+ position &+ 1 else {
      return
    }
    index = ASCIIIdentifierIndex(oldSectionItems)
    mayIndex = index != nil
    if mayIndex {
      batch = ASCIIIdentifierIndex<ItemID>.Batch(capacity: ASCIIIdentifierIndex<ItemID>.batchSize)
    }
  }

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
