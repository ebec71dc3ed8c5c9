/// The changes that turn one ``Snapshot`` into another, in the semantics of
/// one UIKit batch update (`performBatchUpdates`).
///
/// Deletions and the sources of moves are at *old* positions; insertions and
/// the destinations of moves are at *new* positions. Items are matched by
/// identifier across the whole snapshot, so an item can move between
/// sections. The conventions for whole sections are UIKit's:
///
/// - the items of a deleted section are not reported one by one (they are in
///   ``SectionDeletion/items``); an item that leaves a deleted section for a
///   surviving one is an insertion;
/// - the items of an inserted section are not reported one by one (they are
///   in ``SectionInsertion/items``); an item that enters an inserted section
///   from a surviving one is a deletion there.
///
/// Moves are **minimal**: within a section, the items that stay put are a
/// longest increasing subsequence of their old positions, and the rest move;
/// an item that changes section is one move; the sections that stay put are a
/// longest increasing subsequence of the old indices of the surviving
/// sections. Reloads and reconfigures come only from the marks of the new
/// snapshot (``Snapshot/reloadItems(_:)``, ``Snapshot/reconfigureItems(_:)``,
/// ``Snapshot/reloadSections(_:)``), never from comparing values.
///
/// ```swift
/// // old: A: [1, 2, 3]   new: A: [3, 1, 2, 4]
/// let diff = new.difference(from: old)
/// diff.itemMoves       // [3: [0, 2] -> [0, 0]]
/// diff.itemInsertions  // [4 at [0, 3]]
/// try old.applying(diff) == new  // true
/// ```
///
/// To drive a UI that cannot take every kind of change in one batch, use
/// ``StagedSnapshotDiff``.
public struct SnapshotDiff<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Equatable,
  Sendable
{
  /// A deleted section, at its old index, with the items it held.
  public struct SectionDeletion: Equatable, Sendable {
    /// The section's identifier.
    public var id: SectionID
    /// Its index in the old snapshot.
    public var index: Int
    /// Its items in the old snapshot (not reported as item deletions).
    public var items: [ItemID]

    /// Creates a record with these values.
    public init(id: SectionID, index: Int, items: [ItemID]) {
      self.id = id
      self.index = index
      self.items = items
    }
  }

  /// An inserted section, at its new index, with the items it holds.
  public struct SectionInsertion: Equatable, Sendable {
    /// The section's identifier.
    public var id: SectionID
    /// Its index in the new snapshot.
    public var index: Int
    /// Its items in the new snapshot (not reported as item insertions).
    public var items: [ItemID]

    /// Creates a record with these values.
    public init(id: SectionID, index: Int, items: [ItemID]) {
      self.id = id
      self.index = index
      self.items = items
    }
  }

  /// A section that moved, with its items, from an old to a new index.
  public struct SectionMove: Equatable, Sendable {
    /// The section's identifier.
    public var id: SectionID
    /// Its index in the old snapshot.
    public var from: Int
    /// Its index in the new snapshot.
    public var to: Int

    /// Creates a record with these values.
    public init(id: SectionID, from: Int, to: Int) {
      self.id = id
      self.from = from
      self.to = to
    }
  }

  /// A section marked for reload, at its old and new indices.
  public struct SectionUpdate: Equatable, Sendable {
    /// The section's identifier.
    public var id: SectionID
    /// Its index in the old snapshot (UIKit's batch semantics).
    public var oldIndex: Int
    /// Its index in the new snapshot.
    public var newIndex: Int

    /// Creates a record with these values.
    public init(id: SectionID, oldIndex: Int, newIndex: Int) {
      self.id = id
      self.oldIndex = oldIndex
      self.newIndex = newIndex
    }
  }

  /// A deleted item at its old path.
  public struct ItemDeletion: Equatable, Sendable {
    /// The item's identifier.
    public var id: ItemID
    @usableFromInline var location: ItemLocation

    /// Its path in the old snapshot.
    public var path: ItemPath {
      get { location.path }
      set { location = ItemLocation(newValue) }
    }

    /// Creates a record with these values.
    public init(id: ItemID, path: ItemPath) {
      self.init(id: id, location: ItemLocation(path))
    }

    @inlinable init(id: ItemID, location: ItemLocation) {
      self.id = id
      self.location = location
    }
  }

  /// An inserted item at its new path.
  public struct ItemInsertion: Equatable, Sendable {
    /// The item's identifier.
    public var id: ItemID
    @usableFromInline var location: ItemLocation

    /// Its path in the new snapshot.
    public var path: ItemPath {
      get { location.path }
      set { location = ItemLocation(newValue) }
    }

    /// Creates a record with these values.
    public init(id: ItemID, path: ItemPath) {
      self.init(id: id, location: ItemLocation(path))
    }

    @inlinable init(id: ItemID, location: ItemLocation) {
      self.id = id
      self.location = location
    }
  }

  /// An item that moved from an old path to a new path.
  ///
  /// Positions are stored in 32 bits each, so that a million moves take 24
  /// rather than 40 bytes each with `Int` identifiers.
  public struct ItemMove: Equatable, Sendable {
    /// The item's identifier.
    public var id: ItemID
    @usableFromInline var source: ItemLocation
    @usableFromInline var destination: ItemLocation

    /// Its path in the old snapshot.
    public var from: ItemPath {
      get { source.path }
      set { source = ItemLocation(newValue) }
    }

    /// Its path in the new snapshot.
    public var to: ItemPath {
      get { destination.path }
      set { destination = ItemLocation(newValue) }
    }

    /// Creates a record with these values.
    public init(id: ItemID, from: ItemPath, to: ItemPath) {
      self.init(id: id, source: ItemLocation(from), destination: ItemLocation(to))
    }

    @inlinable init(id: ItemID, source: ItemLocation, destination: ItemLocation) {
      self.id = id
      self.source = source
      self.destination = destination
    }
  }

  /// An item marked for reload or reconfiguration, at its old and new paths.
  public struct ItemUpdate: Equatable, Sendable {
    /// The item's identifier.
    public var id: ItemID
    /// Its path in the old snapshot (UIKit's batch semantics for reloads).
    public var oldPath: ItemPath
    /// Its path in the new snapshot.
    public var newPath: ItemPath

    /// Creates a record with these values.
    public init(id: ItemID, oldPath: ItemPath, newPath: ItemPath) {
      self.id = id
      self.oldPath = oldPath
      self.newPath = newPath
    }
  }

  /// Deleted sections, by increasing old index.
  public var sectionDeletions: [SectionDeletion] = []
  /// Inserted sections, by increasing new index.
  public var sectionInsertions: [SectionInsertion] = []
  /// Moved sections, by increasing new index.
  public var sectionMoves: [SectionMove] = []
  /// Sections marked with `reloadSections`, by increasing old index.
  public var sectionReloads: [SectionUpdate] = []
  /// Deleted items, by increasing old path.
  public var itemDeletions: [ItemDeletion] = []
  /// Inserted items, by increasing new path.
  public var itemInsertions: [ItemInsertion] = []
  /// Moved items, by increasing new path.
  public var itemMoves: [ItemMove] = []
  /// Items marked with `reloadItems`, by increasing old path.
  public var itemReloads: [ItemUpdate] = []
  /// Items marked with `reconfigureItems`, by increasing old path.
  public var itemReconfigures: [ItemUpdate] = []

  /// Creates an empty diff; compute one with ``init(from:to:)``.
  public init() {}

  /// Whether nothing changes.
  public var isEmpty: Bool { changeCount == 0 }

  /// The number of reported changes of every kind (a section or an item
  /// counts once, whatever it holds).
  public var changeCount: Int {
    sectionDeletions.count + sectionInsertions.count + sectionMoves.count
      + sectionReloads.count + itemDeletions.count + itemInsertions.count + itemMoves.count
      + itemReloads.count + itemReconfigures.count
  }
}

// MARK: - Identity-level summaries

extension SnapshotDiff {
  /// The items of the new snapshot that are not in the old one at all,
  /// including those of inserted sections, by new path.
  ///
  /// Unlike ``itemInsertions``, this leaves out an item that is reported as
  /// inserted only because its section was inserted or deleted (see
  /// ``relocatedItemIdentifiers``).
  ///
  /// - Complexity: O(c log c), c the items of the reported changes.
  public var addedItemIdentifiers: [ItemID] {
    let old = Set(removedCandidates.map(\.1))
    return addedCandidates.filter { !old.contains($0.1) }.map(\.1)
  }

  /// The items of the old snapshot that are not in the new one at all,
  /// including those of deleted sections, by old path.
  ///
  /// - Complexity: O(c log c), c the items of the reported changes.
  public var removedItemIdentifiers: [ItemID] {
    let new = Set(addedCandidates.map(\.1))
    return removedCandidates.filter { !new.contains($0.1) }.map(\.1)
  }

  /// The items that are in both snapshots and change place in a way the
  /// diff reports, by new path: the moved items, and the items that go into
  /// an inserted section or out of a deleted one (reported as a deletion and
  /// an insertion). Items that only travel with a moved section, or shift
  /// because others were inserted or deleted, are not included.
  ///
  /// - Complexity: O(c log c), c the items of the reported changes.
  public var relocatedItemIdentifiers: [ItemID] {
    let old = Set(removedCandidates.map(\.1))
    var relocated = addedCandidates.filter { old.contains($0.1) }
    relocated.append(contentsOf: itemMoves.map { ($0.to, $0.id) })
    relocated.sort { $0.0 < $1.0 }
    return relocated.map(\.1)
  }

  /// Inserted items, those of inserted sections included, by new path.
  private var addedCandidates: [(ItemPath, ItemID)] {
    var ids: [(ItemPath, ItemID)] = []
    for section in sectionInsertions {
      for (offset, id) in section.items.enumerated() {
        ids.append((ItemPath(section: section.index, item: offset), id))
      }
    }
    ids.append(contentsOf: itemInsertions.map { ($0.path, $0.id) })
    ids.sort { $0.0 < $1.0 }
    return ids
  }

  /// Deleted items, those of deleted sections included, by old path.
  private var removedCandidates: [(ItemPath, ItemID)] {
    var ids: [(ItemPath, ItemID)] = []
    for section in sectionDeletions {
      for (offset, id) in section.items.enumerated() {
        ids.append((ItemPath(section: section.index, item: offset), id))
      }
    }
    ids.append(contentsOf: itemDeletions.map { ($0.path, $0.id) })
    ids.sort { $0.0 < $1.0 }
    return ids
  }
}
