/// The state of one section's items at one moment, as a tree: ordered root
/// items, each with ordered children, any of them expanded or collapsed.
///
/// `SectionSnapshot` is the model side of UIKit's
/// `NSDiffableDataSourceSectionSnapshot` (iOS 14), with the same vocabulary,
/// for any platform. It stores identifiers, not models. Item identifiers are
/// unique across the whole tree. A new item is collapsed; an item is
/// *visible* when every one of its ancestors is expanded (root items always
/// are), and ``visibleItems`` is what an outline shows.
///
/// Where Apple traps (a duplicate identifier, an unknown parent or anchor), a
/// `SectionSnapshot` throws a ``SectionSnapshotError`` and stays exactly as it
/// was.
///
/// ```swift
/// var outline = SectionSnapshot<String>()
/// try outline.append(["Kanto", "Johto"])
/// try outline.append(["Bulbasaur", "Charmander"], to: "Kanto")
/// try outline.append(["Ivysaur"], to: "Bulbasaur")
/// outline.items         // ["Kanto", "Bulbasaur", "Ivysaur", "Charmander", "Johto"]
/// outline.visibleItems  // ["Kanto", "Johto"]: everything starts collapsed
/// outline.expand(["Kanto"])
/// outline.visibleItems  // ["Kanto", "Bulbasaur", "Charmander", "Johto"]
/// outline.level(of: "Ivysaur")   // 2
/// outline.parent(of: "Ivysaur")  // "Bulbasaur"
/// ```
///
/// The tree is stored as its depth-first pre-order (``items``) plus a
/// dictionary from each identifier to its parent, level, index in that order
/// and expansion state. Both are copy-on-write, so copying a snapshot is O(1).
///
/// - Complexity: Membership, ``index(of:)``, ``level(of:)``, ``parent(of:)``
///   and ``isExpanded(_:)`` are O(1). Appending `k` root items is O(k), so
///   building `n` root items one call at a time is O(n) overall. Other
///   mutations are O(k + m + t): `k` new items, `m` the items after the
///   change point (whose indices move) and `t` the items of the subtree the
///   call has to walk to find its position. Whole-tree queries
///   (``rootItems``, ``visibleItems``) are O(n).
public struct SectionSnapshot<ItemID: Hashable & Sendable>: Sendable {
  /// Where one item sits in the tree.
  fileprivate struct Node: Sendable, Equatable {
    var parent: ItemID?
    var level: Int
    /// The index of the item in `order`.
    var index: Int
    var isExpanded: Bool
  }

  /// One item to splice into `order`, with its place in the tree.
  fileprivate struct Entry {
    var id: ItemID
    var parent: ItemID?
    var level: Int
    var isExpanded: Bool
  }

  /// All items, depth-first pre-order: each item is followed by its
  /// descendants, then by its next sibling.
  private var order: [ItemID] = []
  /// The node of every item in `order`, and of no other.
  private var nodes: [ItemID: Node] = [:]

  /// Creates an empty section snapshot: no items.
  public init() {}
}

// MARK: - Errors

/// An error thrown by a ``SectionSnapshot`` mutation that Apple's
/// `NSDiffableDataSourceSectionSnapshot` would trap on.
///
/// A throwing call checks everything before it changes anything, so after an
/// error the snapshot is exactly as it was.
///
/// ```swift
/// var outline = SectionSnapshot<Int>()
/// do {
///   try outline.append([2], to: 1)
/// } catch {
///   print(error)  // item identifier '1' is not in the section snapshot; ...
/// }
/// ```
public enum SectionSnapshotError<ItemID: Hashable & Sendable>: Error, Equatable,
  CustomStringConvertible
{
  /// An item identifier that is already in the section snapshot, or that
  /// appears twice in one call. Identifiers are unique across the whole tree,
  /// at every level.
  case duplicateItem(ItemID)
  /// An item identifier (a parent, or an anchor to insert before or after)
  /// that is not in the section snapshot.
  case itemNotFound(ItemID)

  /// A lower-case message that says what went wrong and what to do.
  public var description: String {
    switch self {
    case .duplicateItem(let id):
      return
        "item identifier '\(id)' is already in the section snapshot or appears twice in the "
        + "call; identifiers must be unique at every level of the tree"
    case .itemNotFound(let id):
      return
        "item identifier '\(id)' is not in the section snapshot; "
        + "check it with contains(_:) first"
    }
  }
}

// MARK: - Adding items

extension SectionSnapshot {
  /// Adds items, collapsed and without children, as the last children of a
  /// parent item, or as the last root items when `parent` is `nil`.
  ///
  /// ```swift
  /// try outline.append(["Kanto"])                 // a root item
  /// try outline.append(["Bulbasaur"], to: "Kanto")  // Kanto's last child
  /// ```
  ///
  /// - Parameters:
  ///   - items: New item identifiers, unique.
  ///   - parent: The item to append to, or `nil` for the root level.
  /// - Throws: ``SectionSnapshotError/itemNotFound(_:)`` for an unknown
  ///   parent, ``SectionSnapshotError/duplicateItem(_:)``; the snapshot is
  ///   then unchanged.
  /// - Complexity: O(k) for k items at the root level; under a parent,
  ///   O(k + t + m), t the parent's descendants and m the items after them.
  public mutating func append(
    _ items: [ItemID],
    to parent: ItemID? = nil
  ) throws(SectionSnapshotError<ItemID>) {
    let (position, level) = try appendPosition(under: parent)
    try validateNew(items)
    splice(
      items.map { Entry(id: $0, parent: parent, level: level, isExpanded: false) },
      replacing: position..<position
    )
  }

  /// Inserts items, collapsed and without children, as siblings immediately
  /// before an existing item: at its level, under its parent.
  ///
  /// ```swift
  /// // Kanto [Bulbasaur, Charmander]
  /// try outline.insert(["Pikachu"], before: "Charmander")
  /// // Kanto [Bulbasaur, Pikachu, Charmander]
  /// ```
  ///
  /// - Throws: ``SectionSnapshotError/itemNotFound(_:)`` for an unknown
  ///   anchor, ``SectionSnapshotError/duplicateItem(_:)`` (also when the
  ///   anchor is among the items); the snapshot is then unchanged.
  /// - Complexity: O(k + m), m the items from the anchor on.
  public mutating func insert(
    _ items: [ItemID],
    before anchor: ItemID
  ) throws(SectionSnapshotError<ItemID>) {
    guard let node = nodes[anchor] else { throw .itemNotFound(anchor) }
    try validateNew(items)
    splice(
      items.map { Entry(id: $0, parent: node.parent, level: node.level, isExpanded: false) },
      replacing: node.index..<node.index
    )
  }

  /// Inserts items, collapsed and without children, as siblings immediately
  /// after an existing item: at its level, under its parent, after the
  /// anchor's descendants.
  ///
  /// ```swift
  /// // Kanto [Bulbasaur [Ivysaur], Charmander]
  /// try outline.insert(["Squirtle"], after: "Bulbasaur")
  /// // Kanto [Bulbasaur [Ivysaur], Squirtle, Charmander]
  /// ```
  ///
  /// - Throws: ``SectionSnapshotError/itemNotFound(_:)`` for an unknown
  ///   anchor, ``SectionSnapshotError/duplicateItem(_:)`` (also when the
  ///   anchor is among the items); the snapshot is then unchanged.
  /// - Complexity: O(k + t + m), t the anchor's descendants and m the items
  ///   after them.
  public mutating func insert(
    _ items: [ItemID],
    after anchor: ItemID
  ) throws(SectionSnapshotError<ItemID>) {
    guard let node = nodes[anchor] else { throw .itemNotFound(anchor) }
    try validateNew(items)
    let position = subtreeEnd(of: node)
    splice(
      items.map { Entry(id: $0, parent: node.parent, level: node.level, isExpanded: false) },
      replacing: position..<position
    )
  }

  /// Grafts a section snapshot: its root items become the last children of
  /// a parent item (or the last root items when `parent` is `nil`), with
  /// their descendants and every item's expansion state.
  ///
  /// ```swift
  /// var evolutions = SectionSnapshot<String>()
  /// try evolutions.append(["Ivysaur"])
  /// try evolutions.append(["Venusaur"], to: "Ivysaur")
  /// try outline.append(evolutions, to: "Bulbasaur")
  /// // Bulbasaur [Ivysaur [Venusaur]]
  /// ```
  ///
  /// - Throws: ``SectionSnapshotError/itemNotFound(_:)`` for an unknown
  ///   parent, ``SectionSnapshotError/duplicateItem(_:)`` when an item of
  ///   `snapshot` is already here; the snapshot is then unchanged.
  /// - Complexity: O(k) for k grafted items at the root level; under a
  ///   parent, O(k + t + m), t the parent's descendants and m the items
  ///   after them.
  public mutating func append(
    _ snapshot: SectionSnapshot,
    to parent: ItemID? = nil
  ) throws(SectionSnapshotError<ItemID>) {
    let (position, level) = try appendPosition(under: parent)
    try validateNew(snapshot.order)
    splice(snapshot.entries(parent: parent, baseLevel: level), replacing: position..<position)
  }

  /// Inserts a section snapshot immediately before an existing item: its
  /// root items become siblings of the anchor, with their descendants and
  /// expansion state.
  ///
  /// - Throws: ``SectionSnapshotError/itemNotFound(_:)`` for an unknown
  ///   anchor, ``SectionSnapshotError/duplicateItem(_:)`` when an item of
  ///   `snapshot` is already here; the snapshot is then unchanged.
  /// - Complexity: O(k + m), m the items from the anchor on.
  public mutating func insert(
    _ snapshot: SectionSnapshot,
    before anchor: ItemID
  ) throws(SectionSnapshotError<ItemID>) {
    guard let node = nodes[anchor] else { throw .itemNotFound(anchor) }
    try validateNew(snapshot.order)
    splice(
      snapshot.entries(parent: node.parent, baseLevel: node.level),
      replacing: node.index..<node.index
    )
  }

  /// Inserts a section snapshot immediately after an existing item and its
  /// descendants: its root items become siblings of the anchor, with their
  /// descendants and expansion state.
  ///
  /// - Throws: ``SectionSnapshotError/itemNotFound(_:)`` for an unknown
  ///   anchor, ``SectionSnapshotError/duplicateItem(_:)`` when an item of
  ///   `snapshot` is already here; the snapshot is then unchanged.
  /// - Complexity: O(k + t + m), t the anchor's descendants and m the items
  ///   after them.
  public mutating func insert(
    _ snapshot: SectionSnapshot,
    after anchor: ItemID
  ) throws(SectionSnapshotError<ItemID>) {
    guard let node = nodes[anchor] else { throw .itemNotFound(anchor) }
    try validateNew(snapshot.order)
    let position = subtreeEnd(of: node)
    splice(
      snapshot.entries(parent: node.parent, baseLevel: node.level),
      replacing: position..<position
    )
  }

  /// Replaces every descendant of a parent item with a section snapshot: the
  /// snapshot's root items become the parent's only children, with their
  /// descendants and expansion state. The parent keeps its own expansion
  /// state. The snapshot may reuse identifiers of the replaced descendants.
  ///
  /// ```swift
  /// // Kanto [Bulbasaur [Ivysaur], Charmander]
  /// var starters = SectionSnapshot<String>()
  /// try starters.append(["Charmander", "Squirtle"])
  /// try outline.replace(childrenOf: "Kanto", using: starters)
  /// // Kanto [Charmander, Squirtle]
  /// ```
  ///
  /// - Throws: ``SectionSnapshotError/itemNotFound(_:)`` for an unknown
  ///   parent, ``SectionSnapshotError/duplicateItem(_:)`` when an item of
  ///   `snapshot` is here outside the replaced descendants (the parent
  ///   itself included); the snapshot is then unchanged.
  /// - Complexity: O(k + t + m): k new items, t the replaced descendants, m
  ///   the items after them.
  public mutating func replace(
    childrenOf parent: ItemID,
    using snapshot: SectionSnapshot
  ) throws(SectionSnapshotError<ItemID>) {
    guard let node = nodes[parent] else { throw .itemNotFound(parent) }
    let replaced = (node.index + 1)..<subtreeEnd(of: node)
    let replacedIDs = Set(order[replaced])
    try validateNew(snapshot.order, replacing: replacedIDs)
    splice(snapshot.entries(parent: parent, baseLevel: node.level + 1), replacing: replaced)
  }
}

// MARK: - Removing items

extension SectionSnapshot {
  /// Deletes items **and all their descendants**. Unknown identifiers are
  /// skipped, as Apple does; the deleted identifiers can be used again.
  ///
  /// ```swift
  /// // Kanto [Bulbasaur [Ivysaur], Charmander], Johto
  /// outline.delete(["Bulbasaur", "Unknown"])
  /// // Kanto [Charmander], Johto
  /// ```
  ///
  /// - Complexity: O(k) when no item is known, O(n + k) otherwise.
  public mutating func delete(_ items: [ItemID]) {
    var requested = Set<ItemID>()
    var first = order.count
    for id in items {
      guard let node = nodes[id] else { continue }
      requested.insert(id)
      first = min(first, node.index)
    }
    guard !requested.isEmpty else { return }
    // In pre-order a parent comes before its children, so one pass from the
    // first deleted item finds every descendant.
    var doomed = Set<ItemID>()
    for id in order[first...] {
      if requested.contains(id) {
        doomed.insert(id)
      } else if let parent = nodes[id]?.parent, doomed.contains(parent) {
        doomed.insert(id)
      }
    }
    for id in doomed { nodes[id] = nil }
    let survivors = order[first...].filter { !doomed.contains($0) }
    order.replaceSubrange(first..., with: survivors)
    reindex(from: first)
  }

  /// Deletes every item.
  ///
  /// - Complexity: O(1), plus releasing the old storage.
  public mutating func deleteAll() {
    order = []
    nodes = [:]
  }
}

// MARK: - Expansion

extension SectionSnapshot {
  /// Expands items: their children become visible when they are visible
  /// themselves. Unknown identifiers are skipped. A leaf can be expanded:
  /// the children it gets later are then visible.
  ///
  /// - Complexity: O(k).
  public mutating func expand(_ items: [ItemID]) {
    for id in items { nodes[id]?.isExpanded = true }
  }

  /// Collapses items: their descendants are hidden. Unknown identifiers are
  /// skipped; the descendants keep their own expansion state.
  ///
  /// - Complexity: O(k).
  public mutating func collapse(_ items: [ItemID]) {
    for id in items { nodes[id]?.isExpanded = false }
  }

  /// Whether an item is expanded; `false` for an unknown item. New items
  /// are collapsed.
  ///
  /// - Complexity: O(1).
  public func isExpanded(_ item: ItemID) -> Bool {
    nodes[item]?.isExpanded ?? false
  }

  /// Whether an item is visible: every ancestor is expanded (a root item is
  /// always visible). `false` for an unknown item. "Visible" is about the
  /// outline, not about being on screen.
  ///
  /// - Complexity: O(d), d the item's level.
  public func isVisible(_ item: ItemID) -> Bool {
    guard var node = nodes[item] else { return false }
    while let parent = node.parent {
      guard let parentNode = nodes[parent], parentNode.isExpanded else { return false }
      node = parentNode
    }
    return true
  }
}

// MARK: - Queries

extension SectionSnapshot {
  /// All items, depth-first pre-order: each item, then its descendants,
  /// then its next sibling.
  ///
  /// ```swift
  /// outline.items  // ["Kanto", "Bulbasaur", "Ivysaur", "Charmander", "Johto"]
  /// ```
  ///
  /// - Complexity: O(1); the array is shared until one of you changes.
  public var items: [ItemID] { order }

  /// The items at the root level, in order.
  ///
  /// - Complexity: O(n).
  public var rootItems: [ItemID] {
    order.filter { nodes[$0]?.parent == nil }
  }

  /// The visible items (see ``isVisible(_:)``) in ``items`` order: the
  /// depth-first order skipping the descendants of collapsed items.
  ///
  /// ```swift
  /// // Kanto+ [Bulbasaur- [Ivysaur], Charmander], Johto
  /// outline.visibleItems  // ["Kanto", "Bulbasaur", "Charmander", "Johto"]
  /// ```
  ///
  /// - Complexity: O(n).
  public var visibleItems: [ItemID] {
    var visible: [ItemID] = []
    var hiddenBelow = Int.max  // items deeper than this level are hidden
    for id in order {
      guard let node = nodes[id] else { continue }
      if node.level > hiddenBelow { continue }
      hiddenBelow = node.isExpanded ? Int.max : node.level
      visible.append(id)
    }
    return visible
  }

  /// The expanded items, in ``items`` order, visible or not.
  ///
  /// - Complexity: O(n).
  public var expandedItems: [ItemID] {
    order.filter { nodes[$0]?.isExpanded ?? false }
  }

  /// Whether an item is in the section snapshot, at any level.
  ///
  /// - Complexity: O(1).
  public func contains(_ item: ItemID) -> Bool {
    nodes[item] != nil
  }

  /// The index of an item in ``items``, or `nil` when it is not in the
  /// section snapshot.
  ///
  /// - Complexity: O(1).
  public func index(of item: ItemID) -> Int? {
    nodes[item]?.index
  }

  /// The level of an item: 0 for a root item, its parent's level plus one
  /// otherwise; `nil` when it is not in the section snapshot.
  ///
  /// Apple's `level(of:)` returns a plain `Int` and does not document what
  /// it does for an unknown item; this returns `nil` rather than a sentinel.
  ///
  /// - Complexity: O(1).
  public func level(of item: ItemID) -> Int? {
    nodes[item]?.level
  }

  /// The parent of an item, or `nil` for a root item or an unknown one.
  ///
  /// - Complexity: O(1).
  public func parent(of child: ItemID) -> ItemID? {
    nodes[child]?.parent
  }

  /// A section snapshot of a parent's descendants, their tree shape and
  /// expansion state kept: the parent's children become its root items, or,
  /// with `includingParent`, the parent becomes its one root item.
  ///
  /// ```swift
  /// // Kanto [Bulbasaur [Ivysaur], Charmander]
  /// try outline.snapshot(of: "Kanto").items  // ["Bulbasaur", "Ivysaur", "Charmander"]
  /// try outline.snapshot(of: "Kanto", includingParent: true).rootItems  // ["Kanto"]
  /// ```
  ///
  /// - Throws: ``SectionSnapshotError/itemNotFound(_:)`` for an unknown
  ///   parent.
  /// - Complexity: O(t), t the parent's descendants.
  public func snapshot(
    of parent: ItemID,
    includingParent: Bool = false
  ) throws(SectionSnapshotError<ItemID>) -> SectionSnapshot {
    guard let node = nodes[parent] else { throw .itemNotFound(parent) }
    let first = includingParent ? node.index : node.index + 1
    let shift = includingParent ? node.level : node.level + 1
    let end = subtreeEnd(of: node)
    var entries: [Entry] = []
    entries.reserveCapacity(end - first)
    for id in order[first..<end] {
      guard let child = nodes[id] else { continue }
      let isRoot = includingParent ? id == parent : child.parent == parent
      entries.append(
        Entry(
          id: id,
          parent: isRoot ? nil : child.parent,
          level: child.level - shift,
          isExpanded: child.isExpanded
        )
      )
    }
    var result = SectionSnapshot()
    result.splice(entries, replacing: 0..<0)
    return result
  }

  /// An indented text picture of the tree, one item a line, for debugging:
  /// two spaces per level, then `*` for a visible item (a space otherwise),
  /// then `+` for an expanded item or `-` for a collapsed one (the legend of
  /// Apple's `visualDescription()`), then the identifier.
  ///
  /// ```swift
  /// print(outline.visualDescription())
  /// // * + Kanto
  /// //   * - Bulbasaur
  /// //       - Ivysaur
  /// //   * - Charmander
  /// // * - Johto
  /// ```
  ///
  /// - Complexity: O(n · d), d the depth of the tree.
  public func visualDescription() -> String {
    var lines: [String] = []
    lines.reserveCapacity(order.count)
    var hiddenBelow = Int.max
    for id in order {
      guard let node = nodes[id] else { continue }
      let isVisible = node.level <= hiddenBelow
      if isVisible { hiddenBelow = node.isExpanded ? Int.max : node.level }
      let indent = String(repeating: "  ", count: node.level)
      lines.append("\(indent)\(isVisible ? "*" : " ") \(node.isExpanded ? "+" : "-") \(id)")
    }
    return lines.joined(separator: "\n")
  }
}

// MARK: - Equality and description

extension SectionSnapshot: Equatable {
  /// Two section snapshots are equal when they have the same items in the
  /// same tree shape and order, with the same items expanded.
  ///
  /// - Complexity: O(n).
  public static func == (lhs: SectionSnapshot, rhs: SectionSnapshot) -> Bool {
    lhs.order == rhs.order && lhs.nodes == rhs.nodes
  }
}

extension SectionSnapshot: CustomStringConvertible {
  /// The tree on one line, each item's children in brackets after it:
  /// `[Kanto [Bulbasaur [Ivysaur], Charmander], Johto]`. Expansion state is
  /// left out; ``visualDescription()`` shows it.
  public var description: String {
    var text = "["
    var previousLevel = -1
    for id in order {
      guard let level = nodes[id]?.level else { continue }
      if previousLevel >= 0 {
        if level > previousLevel {
          text += " ["
        } else {
          text += String(repeating: "]", count: previousLevel - level) + ", "
        }
      }
      text += "\(id)"
      previousLevel = level
    }
    return text + String(repeating: "]", count: max(0, previousLevel)) + "]"
  }
}

// MARK: - Storage

extension SectionSnapshot {
  /// The position just past a node's last descendant.
  private func subtreeEnd(of node: Node) -> Int {
    var end = node.index + 1
    while end < order.count, let next = nodes[order[end]], next.level > node.level {
      end += 1
    }
    return end
  }

  /// Where items appended to `parent` go, and their level.
  private func appendPosition(
    under parent: ItemID?
  ) throws(SectionSnapshotError<ItemID>) -> (position: Int, level: Int) {
    guard let parent else { return (order.count, 0) }
    guard let node = nodes[parent] else { throw .itemNotFound(parent) }
    return (subtreeEnd(of: node), node.level + 1)
  }

  /// Throws for the first identifier that is already here (unless it is in
  /// `replaced`, the items about to be removed) or that appears twice.
  private func validateNew(
    _ ids: [ItemID],
    replacing replaced: Set<ItemID> = []
  ) throws(SectionSnapshotError<ItemID>) {
    var seen = Set<ItemID>(minimumCapacity: ids.count)
    for id in ids {
      if (nodes[id] != nil && !replaced.contains(id)) || !seen.insert(id).inserted {
        throw .duplicateItem(id)
      }
    }
  }

  /// Every item of this snapshot as entries to graft: roots under `parent`,
  /// levels shifted by `baseLevel`, expansion kept.
  private func entries(parent: ItemID?, baseLevel: Int) -> [Entry] {
    order.compactMap { id in
      guard let node = nodes[id] else { return nil }
      return Entry(
        id: id,
        parent: node.parent ?? parent,
        level: node.level + baseLevel,
        isExpanded: node.isExpanded
      )
    }
  }

  /// Replaces the items at `range` of `order` (a whole number of subtrees)
  /// with validated entries, and re-indexes the items after them.
  private mutating func splice(_ entries: [Entry], replacing range: Range<Int>) {
    for id in order[range] { nodes[id] = nil }
    order.replaceSubrange(range, with: entries.map(\.id))
    nodes.reserveCapacity(nodes.count + entries.count)
    for (offset, entry) in entries.enumerated() {
      nodes[entry.id] = Node(
        parent: entry.parent,
        level: entry.level,
        index: range.lowerBound + offset,
        isExpanded: entry.isExpanded
      )
    }
    if entries.count != range.count { reindex(from: range.lowerBound + entries.count) }
  }

  /// Re-records the index of every item from `first` on.
  private mutating func reindex(from first: Int) {
    for index in first..<order.count { nodes[order[index]]?.index = index }
  }
}
