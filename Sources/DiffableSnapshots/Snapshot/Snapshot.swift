/// The state of sectioned, identified data at one moment: ordered sections,
/// each holding ordered items, both named by identifiers.
///
/// `Snapshot` is the model side of UIKit's `NSDiffableDataSourceSnapshot`,
/// with the same vocabulary, for any platform. It stores identifiers, not
/// models: look a model up by its identifier when you render it. Item
/// identifiers are unique across the whole snapshot and section identifiers
/// are unique among sections.
///
/// Where Apple traps (a duplicate identifier, an unknown anchor, no sections,
/// a move relative to itself), a `Snapshot` throws a ``SnapshotError`` and
/// stays exactly as it was.
///
/// ```swift
/// var snapshot = Snapshot<String, Int>()
/// try snapshot.appendSections(["Kanto", "Johto"])
/// try snapshot.appendItems([1, 4, 7], toSection: "Kanto")
/// try snapshot.appendItems([152, 155])  // to the last section, Johto
/// snapshot.indexOfItem(152)  // 3, an index into itemIdentifiers
/// snapshot.sectionIdentifier(containingItem: 4)  // "Kanto"
/// ```
///
/// `Snapshot` is a value type with copy-on-write storage: copying is O(1), and
/// the first mutation of a shared copy copies what it changes (the section
/// arrays, the item index) once.
///
/// - Complexity: Membership and index lookups are O(1). Appending `k` items
///   to the last section is O(k), so building a snapshot of `n` items one
///   call at a time is O(n) overall. Inserting, deleting or moving items is
///   O(k + m + s), where `m` is the number of items after the change point in
///   the affected sections and `s` the number of sections.
public struct Snapshot<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
  @usableFromInline var storage: SnapshotStorage<SectionID, ItemID>

  /// Creates an empty snapshot: no sections, no items.
  @inlinable public init() {
    storage = SnapshotStorage()
  }
}

/// The position of an item: the index of its section and its index there,
/// packed in 8 bytes (the index's values are read at random by the diff, so
/// their size matters). Snapshots of more than 2³² items or sections are out
/// of reach of memory anyway.
@usableFromInline struct ItemLocation: Sendable, Equatable {
  @usableFromInline var packedSection: Int32
  @usableFromInline var packedItem: UInt32

  @inlinable init(section: Int, item: Int) {
    packedSection = Int32(truncatingIfNeeded: section)
    packedItem = UInt32(truncatingIfNeeded: item)
  }

  /// The index of the section; -1 marks "no location" in the diff.
  @inlinable var section: Int { Int(packedSection) }
  /// The index of the item within its section.
  @inlinable var item: Int { Int(packedItem) }

  @inlinable init(_ path: ItemPath) {
    self.init(section: path.section, item: path.item)
  }

  @inlinable var path: ItemPath { ItemPath(section: section, item: item) }
}

/// An ordered set of identifiers: the order of first insertion.
@usableFromInline struct OrderedMarks<ID: Hashable & Sendable>: Sendable {
  @usableFromInline var order: [ID] = []
  @usableFromInline var members: Set<ID> = []

  @usableFromInline init() {}

  mutating func insert(_ id: ID) {
    if members.insert(id).inserted { order.append(id) }
  }

  mutating func remove(where shouldRemove: (ID) -> Bool) {
    guard !order.isEmpty else { return }
    order.removeAll(where: shouldRemove)
    members = Set(order)
  }

  @inlinable mutating func removeAll() {
    order = []
    members = []
  }
}

/// The storage of a ``Snapshot``: arrays and dictionaries, each copy-on-write,
/// so copying a snapshot is O(1) and the compiler checks that it is
/// `Sendable`.
@usableFromInline
struct SnapshotStorage<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
  /// Section identifiers in order.
  @usableFromInline var sections: [SectionID] = []
  /// The items of each section, parallel to `sections`.
  @usableFromInline var sectionItems: [[ItemID]] = []
  /// `sectionStarts[i]` is the flat index of the first item of section `i`;
  /// the last element is the total item count (length `sections.count + 1`).
  @usableFromInline var sectionStarts: [Int] = [0]
  /// The index of each section.
  @usableFromInline var sectionIndex: [SectionID: Int] = [:]
  /// The location of each item.
  @usableFromInline var itemLocations: [ItemID: ItemLocation] = [:]
  @usableFromInline var reloadedItems = OrderedMarks<ItemID>()
  @usableFromInline var reconfiguredItems = OrderedMarks<ItemID>()
  @usableFromInline var reloadedSections = OrderedMarks<SectionID>()

  @usableFromInline init() {}

  /// Recomputes `sectionStarts` from section `first` on.
  @inlinable mutating func updateStarts(from first: Int) {
    if sectionStarts.count != sections.count + 1 {
      sectionStarts.removeLast(max(0, sectionStarts.count - sections.count - 1))
      while sectionStarts.count < sections.count + 1 { sectionStarts.append(0) }
    }
    var start = first == 0 ? 0 : sectionStarts[first - 1] + sectionItems[first - 1].count
    for index in first..<sections.count {
      sectionStarts[index] = start
      start += sectionItems[index].count
    }
    sectionStarts[sections.count] = start
  }

  /// Re-records the locations of the items of section `section` from `offset` on.
  @inlinable mutating func relocateItems(inSection section: Int, from offset: Int = 0) {
    let items = sectionItems[section]
    for index in offset..<items.count {
      itemLocations[items[index]] = ItemLocation(section: section, item: index)
    }
  }

  /// Re-indexes sections from `first` on after sections were inserted, moved
  /// or deleted: their index, their items' locations and the starts.
  @usableFromInline mutating func reindexSections(from first: Int) {
    for index in first..<sections.count {
      sectionIndex[sections[index]] = index
      relocateItems(inSection: index)
    }
    updateStarts(from: first)
  }
}

// MARK: - Queries

extension Snapshot {
  /// The number of sections.
  ///
  /// - Complexity: O(1).
  public var numberOfSections: Int { storage.sections.count }

  /// The number of items in all sections.
  ///
  /// - Complexity: O(1).
  public var numberOfItems: Int { storage.sectionStarts[storage.sections.count] }

  /// The section identifiers, in order.
  ///
  /// ```swift
  /// snapshot.sectionIdentifiers  // ["Kanto", "Johto"]
  /// ```
  ///
  /// - Complexity: O(1); the array is shared until one of you changes.
  public var sectionIdentifiers: [SectionID] { storage.sections }

  /// All item identifiers: the first section's items in order, then the
  /// second's, and so on.
  ///
  /// ```swift
  /// snapshot.itemIdentifiers  // [1, 4, 7, 152, 155]
  /// ```
  ///
  /// - Complexity: O(1) with one section, O(n) otherwise.
  public var itemIdentifiers: [ItemID] {
    if storage.sectionItems.count == 1, let only = storage.sectionItems.first { return only }
    var all: [ItemID] = []
    all.reserveCapacity(numberOfItems)
    for items in storage.sectionItems { all.append(contentsOf: items) }
    return all
  }

  /// The item identifiers of one section, in order.
  ///
  /// Apple's iOS 14 and later raise for an unknown section (iOS 13 returned
  /// an empty array); this throws.
  ///
  /// ```swift
  /// try snapshot.itemIdentifiers(inSection: "Johto")  // [152, 155]
  /// ```
  ///
  /// - Throws: ``SnapshotError/sectionNotFound(_:)``.
  /// - Complexity: O(1); the array is shared until one of you changes.
  public func itemIdentifiers(inSection section: SectionID) throws(SnapshotError<SectionID, ItemID>)
    -> [ItemID]
  {
    guard let index = storage.sectionIndex[section] else { throw .sectionNotFound(section) }
    return storage.sectionItems[index]
  }

  /// The number of items in one section.
  ///
  /// - Throws: ``SnapshotError/sectionNotFound(_:)``.
  /// - Complexity: O(1).
  public func numberOfItems(inSection section: SectionID) throws(SnapshotError<SectionID, ItemID>)
    -> Int
  {
    guard let index = storage.sectionIndex[section] else { throw .sectionNotFound(section) }
    return storage.sectionItems[index].count
  }

  /// The index of an item in ``itemIdentifiers`` (a flat index across all
  /// sections, as Apple's), or `nil` when it is not in the snapshot.
  ///
  /// ```swift
  /// // [[1, 4, 7], [152, 155]]
  /// snapshot.indexOfItem(152)  // 3, not 0
  /// ```
  ///
  /// - Complexity: O(1).
  public func indexOfItem(_ item: ItemID) -> Int? {
    guard let location = storage.itemLocations[item] else { return nil }
    return storage.sectionStarts[location.section] + location.item
  }

  /// The index of a section, or `nil` when it is not in the snapshot.
  ///
  /// - Complexity: O(1).
  public func indexOfSection(_ section: SectionID) -> Int? {
    storage.sectionIndex[section]
  }

  /// The section that contains an item, or `nil` when the item is not in the
  /// snapshot.
  ///
  /// - Complexity: O(1).
  public func sectionIdentifier(containingItem item: ItemID) -> SectionID? {
    guard let location = storage.itemLocations[item] else { return nil }
    return storage.sections[location.section]
  }

  /// The path (section index, item index within the section) of an item, or
  /// `nil` when it is not in the snapshot.
  ///
  /// ```swift
  /// // [[1, 4, 7], [152, 155]]
  /// snapshot.indexPath(ofItem: 152)  // [1, 0]
  /// ```
  ///
  /// - Complexity: O(1).
  public func indexPath(ofItem item: ItemID) -> ItemPath? {
    guard let location = storage.itemLocations[item] else { return nil }
    return ItemPath(section: location.section, item: location.item)
  }

  /// The identifier of the item at a path, or `nil` when there is none.
  ///
  /// - Complexity: O(1).
  public func itemIdentifier(at path: ItemPath) -> ItemID? {
    guard storage.sectionItems.indices.contains(path.section) else { return nil }
    let items = storage.sectionItems[path.section]
    return items.indices.contains(path.item) ? items[path.item] : nil
  }

  /// The items marked with ``reloadItems(_:)``, in the order they were first
  /// marked.
  ///
  /// - Complexity: O(1).
  public var reloadedItemIdentifiers: [ItemID] { storage.reloadedItems.order }

  /// The items marked with ``reconfigureItems(_:)``, in the order they were
  /// first marked.
  ///
  /// - Complexity: O(1).
  public var reconfiguredItemIdentifiers: [ItemID] { storage.reconfiguredItems.order }

  /// The sections marked with ``reloadSections(_:)``, in the order they were
  /// first marked.
  ///
  /// - Complexity: O(1).
  public var reloadedSectionIdentifiers: [SectionID] { storage.reloadedSections.order }
}

// MARK: - Equality

extension Snapshot: Equatable {
  /// Two snapshots are equal when they have the same sections with the same
  /// items in the same order, and the same sets of reloaded, reconfigured and
  /// reloaded-section marks (regardless of the order they were marked in).
  ///
  /// - Complexity: O(n).
  public static func == (lhs: Snapshot, rhs: Snapshot) -> Bool {
    return lhs.storage.sections == rhs.storage.sections
      && lhs.storage.sectionItems == rhs.storage.sectionItems
      && lhs.storage.reloadedItems.members == rhs.storage.reloadedItems.members
      && lhs.storage.reconfiguredItems.members == rhs.storage.reconfiguredItems.members
      && lhs.storage.reloadedSections.members == rhs.storage.reloadedSections.members
  }
}

extension Snapshot: CustomStringConvertible {
  /// The sections and their items, `Kanto: [1, 4, 7]; Johto: [152, 155]`.
  public var description: String {
    zip(storage.sections, storage.sectionItems)
      .map { "\($0.0): [\($0.1.map { "\($0)" }.joined(separator: ", "))]" }
      .joined(separator: "; ")
  }
}

// MARK: - Trusted construction

extension Snapshot {
  /// Builds a snapshot from sections and items known to be unique (the
  /// library's own intermediate states), without validation or marks.
  ///
  @inlinable init(uncheckedSections sections: [SectionID], items: [[ItemID]]) {
    var storage = SnapshotStorage<SectionID, ItemID>()
    storage.sections = sections
    storage.sectionItems = items
    storage.sectionIndex.reserveCapacity(sections.count)
    for index in sections.indices { storage.sectionIndex[sections[index]] = index }
    storage.updateStarts(from: 0)
    storage.itemLocations.reserveCapacity(storage.sectionStarts[sections.count])
    for section in sections.indices { storage.relocateItems(inSection: section) }
    self.storage = storage
  }
}

extension Snapshot {
  /// The same sections and items without reload or reconfigure marks.
  ///
  /// - Complexity: O(m) for `m` marks.
  @inlinable func removingMarks() -> Snapshot {
    var copy = self
    copy.storage.reloadedItems.removeAll()
    copy.storage.reconfiguredItems.removeAll()
    copy.storage.reloadedSections.removeAll()
    return copy
  }
}
