/// A view that shows a ``DiffableDataSource``'s contents: the counterpart of the
/// `UICollectionView` or `UITableView` that a UIKit diffable data source drives.
///
/// The data source tells its host about every change in one of two ways, as UIKit does:
/// a batch of index-path updates (``performBatchUpdates(_:animated:)``, UIKit's
/// `performBatchUpdates(_:completion:)` with `deleteSections`, `insertItems(at:)`,
/// `moveItem(at:to:)`, … inside), or ``reloadData()``. When either is called, the data
/// source already answers with the new contents, so the host reads counts and cells from
/// it (``DiffableDataSource/numberOfItems(inSection:)``,
/// ``DiffableDataSource/cell(at:)``).
///
/// A main-actor view conforms with an isolated conformance, and then uses the data source
/// on the main actor only:
///
/// ```swift
/// @MainActor final class ListView: DataSourceHost { … }     // or
/// extension GridView: @MainActor DataSourceHost { … }
/// ```
public protocol DataSourceHost: AnyObject {
  /// What the data source's cell provider makes for an item (a view, a line of text…).
  associatedtype Cell

  /// Applies one batch of updates, in UIKit's batch semantics (see ``BatchUpdate``).
  ///
  /// - Parameters:
  ///   - update: The changes from the contents shown so far to the data source's new
  ///     contents; never empty.
  ///   - animated: Whether the caller asked to animate the differences.
  func performBatchUpdates(_ update: BatchUpdate, animated: Bool)

  /// Drops whatever is shown and shows the data source's contents afresh.
  func reloadData()
}

/// The index-path changes of one batch update, as a `UICollectionView` takes them in
/// `performBatchUpdates(_:completion:)`.
///
/// Deletions, reloads and the sources of moves are at *old* positions; insertions,
/// reconfigures and the destinations of moves at *new* positions. Replaying a batch on
/// the old contents (``BatchUpdate/applied(to:)``) gives the new ones.
///
/// ```swift
/// // old: [[A, B, C]]   new: [[C, A, D]]
/// update.deletedItems   // [[0, 1]]       (B)
/// update.movedItems     // [[0, 2] -> [0, 0]]  (C)
/// update.insertedItems  // [[0, 2]]       (D)
/// ```
public struct BatchUpdate: Equatable, Sendable, CustomStringConvertible {
  /// A section or an item that moved, from its old position to its new one.
  public struct Move<Position: Hashable & Sendable>: Hashable, Sendable {
    /// The old position.
    public var from: Position
    /// The new position.
    public var to: Position

    /// A move from `from` to `to`.
    @inlinable public init(from: Position, to: Position) {
      self.from = from
      self.to = to
    }
  }

  /// Deleted sections, by old index, ascending.
  public var deletedSections: [Int] = []
  /// Inserted sections, by new index, ascending.
  public var insertedSections: [Int] = []
  /// Sections that moved.
  public var movedSections: [Move<Int>] = []
  /// Sections to reload, by old index.
  public var reloadedSections: [Int] = []
  /// Deleted items, at old index paths, in order.
  public var deletedItems: [ItemPath] = []
  /// Inserted items, at new index paths, in order.
  public var insertedItems: [ItemPath] = []
  /// Items that moved.
  public var movedItems: [Move<ItemPath>] = []
  /// Items to reload (a new cell), at old index paths.
  public var reloadedItems: [ItemPath] = []
  /// Items to reconfigure (the same cell, updated), at new index paths.
  public var reconfiguredItems: [ItemPath] = []

  /// An empty batch.
  public init() {}

  /// The index-path form of a snapshot difference.
  ///
  /// - Complexity: O(c), c the number of changes.
  @inlinable public init<SectionID, ItemID>(_ difference: SnapshotDiff<SectionID, ItemID>) {
    deletedSections = difference.sectionDeletions.map { $0.index }
    insertedSections = difference.sectionInsertions.map { $0.index }
    movedSections = difference.sectionMoves.map { Move(from: $0.from, to: $0.to) }
    reloadedSections = difference.sectionReloads.map { $0.oldIndex }
    deletedItems = difference.itemDeletions.map { $0.path }
    insertedItems = difference.itemInsertions.map { $0.path }
    movedItems = difference.itemMoves.map { Move(from: $0.from, to: $0.to) }
    reloadedItems = difference.itemReloads.map { $0.oldPath }
    reconfiguredItems = difference.itemReconfigures.map { $0.newPath }
  }

  /// Whether the batch changes nothing.
  public var isEmpty: Bool {
    deletedSections.isEmpty && insertedSections.isEmpty && movedSections.isEmpty
      && reloadedSections.isEmpty && deletedItems.isEmpty && insertedItems.isEmpty
      && movedItems.isEmpty && reloadedItems.isEmpty && reconfiguredItems.isEmpty
  }

  /// One line per kind of change, `delete items [0, 1]; move items [0, 2]->[0, 0]`.
  public var description: String {
    var parts: [String] = []
    func add<T>(_ name: String, _ values: [T]) {
      if !values.isEmpty {
        parts.append("\(name) \(values.map { "\($0)" }.joined(separator: " "))")
      }
    }
    add("delete sections", deletedSections)
    add("insert sections", insertedSections)
    add("move sections", movedSections.map { "\($0.from)->\($0.to)" })
    add("reload sections", reloadedSections)
    add("delete items", deletedItems)
    add("insert items", insertedItems)
    add("move items", movedItems.map { "\($0.from)->\($0.to)" })
    add("reload items", reloadedItems)
    add("reconfigure items", reconfiguredItems)
    return parts.isEmpty ? "no changes" : parts.joined(separator: "; ")
  }
}

extension BatchUpdate {
  /// Replays the batch on contents laid out as `old` (one array of values per section),
  /// the way a collection view updates what it shows: deletions and move sources leave
  /// at their old positions, then insertions and move destinations land at their new
  /// positions. Only what a collection view asks its data source for comes from
  /// `newContents`: an inserted item's value, and an inserted section's item count and
  /// values. Reloaded and reconfigured items keep their old values here (a host re-reads
  /// them).
  ///
  /// A host, or a test of one, checks a batch with it: replaying it on what was shown
  /// must give, item for item, what the data source now holds.
  ///
  /// ```swift
  /// let replayed = update.applied(
  ///   to: shown,
  ///   itemCount: { dataSource.numberOfItems(inSection: $0) },
  ///   value: { dataSource.itemIdentifier(for: $0) })
  /// ```
  ///
  /// - Parameters:
  ///   - old: The contents before the batch, one array per section.
  ///   - itemCount: The number of items of an inserted section, by new index.
  ///   - value: The new value at an inserted path.
  /// - Returns: The new contents, or `nil` when a position of the batch does not exist.
  /// - Complexity: O(n + c log c) for `n` values and `c` changes.
  public func applied<Value>(
    to old: [[Value]],
    itemCount: (Int) -> Int,
    value placeholder: (ItemPath) -> Value
  ) -> [[Value]]? {
    // Sections: survivors keep their contents and land at their new index.
    let deleted = Set(deletedSections)
    let movedFrom = Dictionary(
      movedSections.map { ($0.from, $0.to) },
      uniquingKeysWith: { first, _ in first }
    )
    guard deleted.allSatisfy({ old.indices.contains($0) }),
      movedFrom.keys.allSatisfy({ old.indices.contains($0) })
    else { return nil }
    let newCount = old.count - deleted.count + insertedSections.count
    var sections = [[Value]?](repeating: nil, count: newCount)
    var movedItemsByOld: [ItemPath: Value] = [:]
    for move in movedItems {
      guard old.indices.contains(move.from.section),
        old[move.from.section].indices.contains(move.from.item)
      else { return nil }
      movedItemsByOld[move.from] = old[move.from.section][move.from.item]
    }
    let leaving = Set(deletedItems).union(movedItems.map(\.from))
    guard
      leaving.allSatisfy({
        old.indices.contains($0.section) && old[$0.section].indices.contains($0.item)
      })
    else { return nil }
    var inserted = Set(insertedSections)
    for section in movedFrom.values { inserted.insert(section) }
    for index in insertedSections {
      guard sections.indices.contains(index) else { return nil }
      sections[index] = (0..<max(0, itemCount(index))).map {
        placeholder(ItemPath(section: index, item: $0))
      }
    }
    // Unmoved surviving sections fill the free new indices in their old order.
    var free = sections.indices.filter { !inserted.contains($0) }.makeIterator()
    for index in old.indices where !deleted.contains(index) {
      let target: Int
      if let to = movedFrom[index] {
        target = to
      } else {
        guard let next = free.next() else { return nil }
        target = next
      }
      guard sections.indices.contains(target) else { return nil }
      var kept: [Value] = []
      for offset in old[index].indices
      where !leaving.contains(ItemPath(section: index, item: offset)) {
        kept.append(old[index][offset])
      }
      sections[target] = kept
    }
    var result: [[Value]] = []
    for section in sections {
      guard let section else { return nil }
      result.append(section)
    }
    // Items arrive at their new paths in ascending order.
    var arrivals = insertedItems.map { ($0, placeholder($0)) }
    for move in movedItems {
      guard let value = movedItemsByOld[move.from] else { return nil }
      arrivals.append((move.to, value))
    }
    arrivals.sort { $0.0 < $1.0 }
    for (path, value) in arrivals {
      guard result.indices.contains(path.section),
        path.item >= 0, path.item <= result[path.section].count
      else { return nil }
      result[path.section].insert(value, at: path.item)
    }
    return result
  }
}
