/// What a headless collection or table view shows, and how it changes: the number of
/// items of each section as the view last learned it, the view of each item on screen, the
/// cells waiting for reuse, and the updates applied.
///
/// The view learns counts from its data source when it loads, and then only through
/// updates, as UIKit's views do: an update is checked against the data source's new counts
/// with UIKit's rules and messages, then replayed on the slots, so that a cell stays with
/// its item as items are inserted, deleted and moved around it. `UICollectionView` and
/// `UITableView` forward their update methods here.
@MainActor final class DisplayedItems<Cell: ReusableView> {
  /// How the view and its items are named in UIKit's messages.
  struct Naming {
    /// `collection view` or `table view`.
    var view: String
    /// `item` or `row`.
    var item: String
    /// `UICollectionView` or `UITableView`.
    var type: String
  }

  let naming: Naming
  /// One array per section, one slot per item: the item's view while it is on screen,
  /// `nil` otherwise. `nil` until the view has loaded its counts.
  private(set) var slots: [[Cell?]]?
  /// Positions (after the last update) whose views the data source configures again
  /// (reconfigured items).
  var needsReconfigure: Set<ItemPath> = []
  /// The cell registrations and the cells waiting for reuse.
  var cellQueue = ReuseQueue<Cell>()
  /// The updates applied, oldest first.
  var recordedUpdates: [RecordedUpdate] = []
  /// The changes collected inside `performBatchUpdates(_:completion:)`.
  var pendingBatch: BatchUpdate?
  /// The item whose cell the data source is configuring again, which dequeuing returns.
  var reconfiguring: (path: ItemPath, cell: Cell)?
  /// While the user's move is handed to the data source: what was shown before the move,
  /// which an update sent meanwhile replaces.
  var shownBeforeUserMove: State?

  /// The data source's counts now (set by the view).
  var dataSourceCounts: @MainActor () -> [Int] = { [] }
  /// Called after each change of what is shown (set by the view, to lay out again).
  var didChange: @MainActor () -> Void = {}

  init(naming: Naming) {
    self.naming = naming
  }

  /// Whether the counts have been loaded.
  var isLoaded: Bool { slots != nil }

  /// The number of items of each section.
  var counts: [Int] { slots?.map(\.count) ?? [] }

  /// The view shown for the item at `path`, if it is on screen.
  subscript(path: ItemPath) -> Cell? {
    get { contains(path) ? slots?[path.section][path.item] : nil }
    set {
      // Written through the optional in place: no copy of the section's slots.
      if contains(path) { slots?[path.section][path.item] = newValue }
    }
  }

  /// Whether `path` is the position of an item.
  func contains(_ path: ItemPath) -> Bool {
    let count = slots?.indices.contains(path.section) == true ? slots?[path.section].count : nil
    return path.item >= 0 && path.item < (count ?? 0)
  }

  /// The positions that have a view on screen, in order.
  var positionsOnScreen: [ItemPath] {
    var positions: [ItemPath] = []
    for (section, items) in (slots ?? []).enumerated() {
      for (item, cell) in items.enumerated() where cell != nil {
        positions.append(ItemPath(section: section, item: item))
      }
    }
    return positions
  }

  /// What is shown: the slots and the positions to reconfigure.
  struct State {
    var slots: [[Cell?]]?
    var needsReconfigure: Set<ItemPath>
  }

  /// What is shown, to restore later.
  var state: State {
    get { State(slots: slots, needsReconfigure: needsReconfigure) }
    set {
      slots = newValue.slots
      needsReconfigure = newValue.needsReconfigure
    }
  }

  /// Moves the item at `source` to `destination`, its position once it has left `source`
  /// (as the user drops a row or an item).
  ///
  /// - Returns: Whether both positions exist.
  func moveItem(from source: ItemPath, to destination: ItemPath) -> Bool {
    let counts = counts
    guard contains(source), counts.indices.contains(destination.section) else { return false }
    let remaining = counts[destination.section] - (source.section == destination.section ? 1 : 0)
    guard destination.item >= 0, destination.item <= remaining else { return false }
    let cell = self[source]
    self.slots?[source.section].remove(at: source.item)
    self.slots?[destination.section].insert(cell, at: destination.item)
    return true
  }

  /// Forgets everything shown and takes `counts` as the contents; the cells that were on
  /// screen wait for reuse.
  func load(_ counts: [Int]) {
    enqueueAll()
    slots = counts.map { [Cell?](repeating: nil, count: max(0, $0)) }
  }

  /// Forgets everything shown; the counts are loaded again when next needed.
  func unload() {
    enqueueAll()
    slots = nil
  }

  private func enqueueAll() {
    for section in slots ?? [] {
      for case let cell? in section { cellQueue.enqueue(cell) }
    }
    needsReconfigure = []
  }

  /// Applies `update`, whose result the data source now describes with `newCounts`; the
  /// cells of deleted and reloaded items wait for reuse.
  ///
  /// - Returns: UIKit's message for an update that does not fit what was shown and the new
  ///   counts (nothing changes then).
  /// - Complexity: O(n + c log c) for n items shown and c changes.
  func apply(_ update: BatchUpdate, newCounts: [Int]) -> UpdateProblem? {
    let old = counts
    if let problem = problem(with: update, old: old, new: newCounts) {
      return UpdateProblem(message: problem)
    }
    guard var shown = slots else { return nil }
    let sectionMap = Self.newIndices(of: update, oldCount: old.count, newCount: newCounts.count)
    var dropped: [Cell] = []
    func drop(_ cell: Cell?) { if let cell { dropped.append(cell) } }
    for section in update.deletedSections { shown[section].forEach(drop) }
    for path in update.deletedItems + update.reloadedItems {
      drop(shown[path.section][path.item])
      shown[path.section][path.item] = nil
    }
    for section in update.reloadedSections {
      shown[section].forEach(drop)
      shown[section] = shown[section].map { _ in nil }
    }
    guard
      var replayed = update.applied(
        to: shown,
        itemCount: { newCounts.indices.contains($0) ? newCounts[$0] : 0 },
        value: { _ in nil }
      )
    else {
      return UpdateProblem(message: "Invalid batch updates detected: \(update)")
    }
    let reloadedSections = Set(update.reloadedSections.compactMap { sectionMap[$0] })
    for section in reloadedSections where replayed.indices.contains(section) {
      replayed[section] = [Cell?](repeating: nil, count: newCounts[section])
    }
    for (oldSection, newSection) in sectionMap.enumerated() {
      guard let newSection, !reloadedSections.contains(newSection),
        replayed[newSection].count != newCounts[newSection]
      else { continue }
      return UpdateProblem(
        message: itemCountMessage(
          update,
          from: oldSection,
          to: newSection,
          before: old[oldSection],
          after: newCounts[newSection]
        )
      )
    }
    for cell in dropped { cellQueue.enqueue(cell) }
    slots = replayed
    needsReconfigure = Set(update.reconfiguredItems)
    return nil
  }

  /// An update UIKit refuses, with UIKit's message.
  struct UpdateProblem: Error {
    var message: String
  }

  /// The new index of each old section under `update` (`nil` for a deleted one): moved
  /// sections go where the update says, the others fill the free indices in order, as
  /// ``BatchUpdate/applied(to:itemCount:value:)`` places them.
  static func newIndices(of update: BatchUpdate, oldCount: Int, newCount: Int) -> [Int?] {
    let deleted = Set(update.deletedSections)
    let moved = Dictionary(
      update.movedSections.map { ($0.from, $0.to) },
      uniquingKeysWith: { first, _ in first }
    )
    let taken = Set(update.insertedSections).union(moved.values)
    var free = (0..<max(0, newCount)).lazy.filter { !taken.contains($0) }.makeIterator()
    return (0..<oldCount).map { section in
      if deleted.contains(section) { return nil }
      return moved[section] ?? free.next()
    }
  }

  /// UIKit's message for the first position or count of `update` that does not fit.
  func problem(with update: BatchUpdate, old: [Int], new: [Int]) -> String? {
    let view = naming.view
    let item = naming.item
    for (verb, sections) in [
      ("delete", update.deletedSections), ("reload", update.reloadedSections),
      ("move", update.movedSections.map(\.from)),
    ] {
      for section in sections where !old.indices.contains(section) {
        return
          "attempt to \(verb) section \(section), but there are only \(old.count) sections "
          + "before the update"
      }
    }
    for section in update.insertedSections + update.movedSections.map(\.to)
    where !new.indices.contains(section) {
      return
        "attempt to insert section \(section) but there are only \(new.count) sections after "
        + "the update"
    }
    let expectedSections = old.count - update.deletedSections.count + update.insertedSections.count
    if expectedSections != new.count {
      return
        "Invalid update: invalid number of sections. The number of sections contained in the "
        + "\(view) after the update (\(new.count)) must be equal to the number of sections "
        + "contained in the \(view) before the update (\(old.count)), plus or minus the number "
        + "of sections inserted or deleted (\(update.insertedSections.count) inserted, "
        + "\(update.deletedSections.count) deleted)."
    }
    for (verb, paths) in [
      ("delete", update.deletedItems), ("reload", update.reloadedItems),
      ("move", update.movedItems.map(\.from)),
    ] {
      for path in paths
      where !old.indices.contains(path.section) || !(0..<old[path.section]).contains(path.item) {
        let count = old.indices.contains(path.section) ? old[path.section] : 0
        return
          "attempt to \(verb) \(item) \(path.item) from section \(path.section) which only "
          + "contains \(count) \(item)s before the update"
      }
    }
    for path in update.insertedItems + update.movedItems.map(\.to) + update.reconfiguredItems
    where !new.indices.contains(path.section) || !(0..<new[path.section]).contains(path.item) {
      let count = new.indices.contains(path.section) ? new[path.section] : 0
      return
        "attempt to insert \(item) \(path.item) into section \(path.section), but there are "
        + "only \(count) \(item)s in section \(path.section) after the update"
    }
    return nil
  }

  /// UIKit's message for a section whose new count is not its old count plus and minus
  /// the update's changes.
  func itemCountMessage(
    _ update: BatchUpdate,
    from oldSection: Int,
    to newSection: Int,
    before: Int,
    after: Int
  ) -> String {
    let item = naming.item
    let inserted = update.insertedItems.filter { $0.section == newSection }.count
    let deleted = update.deletedItems.filter { $0.section == oldSection }.count
    let movedIn = update.movedItems.filter {
      $0.to.section == newSection && $0.from.section != oldSection
    }.count
    let movedOut = update.movedItems.filter {
      $0.from.section == oldSection && $0.to.section != newSection
    }.count
    return
      "Invalid update: invalid number of \(item)s in section \(newSection). The number of "
      + "\(item)s contained in an existing section after the update (\(after)) must be equal "
      + "to the number of \(item)s contained in that section before the update (\(before)), "
      + "plus or minus the number of \(item)s inserted or deleted from that section "
      + "(\(inserted) inserted, \(deleted) deleted) and plus or minus the number of \(item)s "
      + "moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out)."
  }
}
