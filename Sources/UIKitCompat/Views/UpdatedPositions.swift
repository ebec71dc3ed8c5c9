/// Where the items of a view end up after a batch update, one item at a time: what a
/// headless view needs for the few cells it shows, without replaying the update on every
/// item.
///
/// It answers as ``BatchUpdate/applied(to:itemCount:value:)`` places values (and is tested
/// against it): deleted and reloaded items are gone; a moved item goes where its move says;
/// another item keeps its rank among the items that stay in its section, and the items
/// that arrive (insertions and moves in, in ascending order) push it along.
///
/// ```swift
/// // old: [[a, b, c]]; delete [0, 0], insert [0, 0] and [0, 1]
/// let positions = UpdatedPositions(update, oldSectionCount: 1, newSectionCount: 1)
/// positions.newPosition(of: ItemPath(section: 0, item: 2))  // [0, 3]: c, after the two new items and b
/// ```
package struct UpdatedPositions {
  /// The new index of each old section; `nil` for a deleted one.
  package let newSections: [Int?]
  private let reloadedSections: Set<Int>
  private let gone: Set<ItemPath>
  private let movedTo: [ItemPath: ItemPath]
  /// The items that leave each old section (deleted or moved away), ascending.
  private let leaving: [Int: [Int]]
  /// The items that arrive in each new section (inserted or moved in), ascending.
  private let arriving: [Int: [Int]]

  /// The positions after `update` of a view that had `oldSectionCount` sections and will
  /// have `newSectionCount`.
  ///
  /// - Complexity: O(s + c log c) for s sections and c changes.
  package init(_ update: BatchUpdate, oldSectionCount: Int, newSectionCount: Int) {
    let deletedSections = Set(update.deletedSections)
    let movedSections = Dictionary(
      update.movedSections.map { ($0.from, $0.to) },
      uniquingKeysWith: { first, _ in first }
    )
    let taken = Set(update.insertedSections).union(movedSections.values)
    var free = (0..<max(0, newSectionCount)).lazy.filter { !taken.contains($0) }.makeIterator()
    newSections = (0..<max(0, oldSectionCount)).map { section in
      if deletedSections.contains(section) { return nil }
      return movedSections[section] ?? free.next()
    }
    reloadedSections = Set(update.reloadedSections)
    gone = Set(update.deletedItems + update.reloadedItems)
    movedTo = Dictionary(
      update.movedItems.map { ($0.from, $0.to) },
      uniquingKeysWith: { first, _ in first }
    )
    leaving = Dictionary(
      grouping: Set(update.deletedItems + update.movedItems.map(\.from)),
      by: \.section
    ).mapValues { $0.map(\.item).sorted() }
    arriving = Dictionary(
      grouping: update.insertedItems + update.movedItems.map(\.to),
      by: \.section
    ).mapValues { $0.map(\.item).sorted() }
  }

  /// The position after the update of the item at `path`, or `nil` when the item is
  /// deleted or reloaded, or its section deleted or reloaded.
  ///
  /// - Complexity: O(log c + a) for c changes and a arrivals before the item.
  package func newPosition(of path: ItemPath) -> ItemPath? {
    guard newSections.indices.contains(path.section),
      let section = newSections[path.section],
      !reloadedSections.contains(path.section), !gone.contains(path)
    else { return nil }
    if let destination = movedTo[path] { return destination }
    var item = path.item - (leaving[path.section] ?? []).countLess(than: path.item)
    for arrival in arriving[section] ?? [] {
      guard arrival <= item else { break }
      item += 1
    }
    return ItemPath(section: section, item: item)
  }

  /// The number of items of the old section `section` after the update, from its count
  /// `oldCount` before.
  package func newCount(ofOldSection section: Int, oldCount: Int) -> Int {
    guard newSections.indices.contains(section), let newSection = newSections[section] else {
      return 0
    }
    return oldCount - (leaving[section]?.count ?? 0) + (arriving[newSection]?.count ?? 0)
  }
}

extension [Int] {
  /// The number of elements less than `value`, in an ascending array.
  ///
  /// - Complexity: O(log n).
  fileprivate func countLess(than value: Int) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = low + (high - low) / 2
      if self[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
