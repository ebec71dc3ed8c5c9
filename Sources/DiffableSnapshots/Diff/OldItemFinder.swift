/// Finds where the new snapshot's items were in the old one, by position in
/// the section being diffed: through the old snapshot's own `Dictionary`,
/// or, for `String` identifiers in a diff that turns out to look up most of
/// its items (a shuffle), through an ``ASCIIIdentifierIndex`` built once and
/// queried a batch at a time.
///
/// For identifier types other than `String`, ``location(at:in:)`` compiles
/// down to the plain `Dictionary` lookup once specialized.
@usableFromInline struct OldItemFinder<ItemID: Hashable & Sendable> {
  /// The old snapshot's index of its items.
  @usableFromInline let locations: [ItemID: ItemLocation]
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

  @inlinable init(
    locations: [ItemID: ItemLocation],
    starts: [Int],
    oldSectionItems: [[ItemID]]
  ) {
    self.locations = locations
    self.starts = starts
    self.oldSectionItems = oldSectionItems
    mayIndex = ItemID.self == String.self
  }

  /// Starts a section of the new snapshot: positions start again at 0.
  @inlinable mutating func startSection(previousCount: Int) {
    processedBefore &+= previousCount
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
