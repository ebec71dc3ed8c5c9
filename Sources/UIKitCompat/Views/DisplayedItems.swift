/// What a headless collection or table view shows, and how it changes: the number of
/// items of each section as the view last learned it, the view of each item on screen, the
/// cells waiting for reuse, and the updates applied.
///
/// The view learns counts from its data source when it loads, and then only through
/// updates, as UIKit's views do: an update is checked against the data source's new counts
/// with UIKit's rules and messages, then the cells on screen move to their items' new
/// positions (``UpdatedPositions``), so that a cell stays with its item as items are
/// inserted, deleted and moved around it. The work is the update's and the screen's, not
/// the number of items'. `UICollectionView` and `UITableView` forward their update methods
/// here.
@usableFromInline @MainActor final class DisplayedItems<Cell: ReusableView> {
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
  /// The number of items of each section; `nil` until the view has loaded its counts.
  private var loadedCounts: [Int]?
  /// The cells on screen, by position.
  private(set) var cells: [ItemPath: Cell] = [:]
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
  var isLoaded: Bool { loadedCounts != nil }

  /// The number of items of each section.
  var counts: [Int] { loadedCounts ?? [] }

  /// The cell shown for the item at `path`, if it is on screen; setting it for a position
  /// that is not an item's does nothing.
  subscript(path: ItemPath) -> Cell? {
    get { cells[path] }
    set { if contains(path) { cells[path] = newValue } }
  }

  /// Whether `path` is the position of an item.
  func contains(_ path: ItemPath) -> Bool {
    let counts = counts
    return counts.indices.contains(path.section) && (0..<counts[path.section]).contains(path.item)
  }

  /// The positions that have a cell on screen, in order.
  var positionsOnScreen: [ItemPath] { cells.keys.sorted() }

  /// What is shown: the counts, the cells and the positions to reconfigure.
  struct State {
    var counts: [Int]?
    var cells: [ItemPath: Cell]
    var needsReconfigure: Set<ItemPath>
  }

  /// What is shown, to restore later.
  var state: State {
    get { State(counts: loadedCounts, cells: cells, needsReconfigure: needsReconfigure) }
    set {
      loadedCounts = newValue.counts
      cells = newValue.cells
      needsReconfigure = newValue.needsReconfigure
    }
  }

  /// Moves the item at `source` to `destination`, its position once it has left `source`
  /// (as the user drops a row or an item).
  ///
  /// - Returns: Whether both positions exist.
  func moveItem(from source: ItemPath, to destination: ItemPath) -> Bool {
    var newCounts = counts
    guard contains(source), newCounts.indices.contains(destination.section) else { return false }
    newCounts[source.section] -= 1
    guard destination.item >= 0, destination.item <= newCounts[destination.section] else {
      return false
    }
    newCounts[destination.section] += 1
    var move = BatchUpdate()
    move.movedItems = [BatchUpdate.Move(from: source, to: destination)]
    replay(move, newCounts: newCounts)
    return true
  }

  /// Forgets everything shown and takes `counts` as the contents; the cells that were on
  /// screen wait for reuse.
  func load(_ counts: [Int]) {
    enqueueAll()
    loadedCounts = counts.map { max(0, $0) }
  }

  /// Forgets everything shown; the counts are loaded again when next needed.
  func unload() {
    enqueueAll()
    loadedCounts = nil
  }

  private func enqueueAll() {
    for cell in cells.values { cellQueue.enqueue(cell) }
    cells = [:]
    needsReconfigure = []
  }

  /// Applies `update`, whose result the data source now describes with `newCounts`; the
  /// cells of deleted and reloaded items wait for reuse, the others move with their items.
  ///
  /// - Returns: UIKit's message for an update that does not fit what was shown and the new
  ///   counts (nothing changes then).
  /// - Complexity: O(s + c log c + k log c) for s sections, c changes and k cells on
  ///   screen, whatever the number of items.
  func apply(_ update: BatchUpdate, newCounts: [Int]) -> UpdateProblem? {
    let old = counts
    if let problem = problem(with: update, old: old, new: newCounts) {
      return UpdateProblem(message: problem)
    }
    let positions = UpdatedPositions(
      update,
      oldSectionCount: old.count,
      newSectionCount: newCounts.count
    )
    let reloaded = Set(update.reloadedSections)
    for (oldSection, newSection) in positions.newSections.enumerated() {
      guard let newSection, !reloaded.contains(oldSection) else { continue }
      let expected = positions.newCount(ofOldSection: oldSection, oldCount: old[oldSection])
      guard expected != newCounts[newSection] else { continue }
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
    replay(update, newCounts: newCounts, positions: positions)
    return nil
  }

  /// Moves the cells on screen to their items' new positions and takes `newCounts`.
  private func replay(
    _ update: BatchUpdate,
    newCounts: [Int],
    positions: UpdatedPositions? = nil
  ) {
    let positions =
      positions
      ?? UpdatedPositions(update, oldSectionCount: counts.count, newSectionCount: newCounts.count)
    var moved: [ItemPath: Cell] = [:]
    for (path, cell) in cells {
      if let destination = positions.newPosition(of: path) {
        moved[destination] = cell
      } else {
        cellQueue.enqueue(cell)
      }
    }
    cells = moved
    loadedCounts = newCounts
    needsReconfigure = Set(update.reconfiguredItems)
  }

  /// An update UIKit refuses, with UIKit's message.
  struct UpdateProblem: Error {
    var message: String
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
    for (verb, paths) in [
      ("insert", update.insertedItems), ("move", update.movedItems.map(\.to)),
      ("reconfigure", update.reconfiguredItems),
    ] {
      for path in paths
      where !new.indices.contains(path.section) || !(0..<new[path.section]).contains(path.item) {
        let count = new.indices.contains(path.section) ? new[path.section] : 0
        return
          "attempt to \(verb) \(item) \(path.item) into section \(path.section), but there are "
          + "only \(count) \(item)s in section \(path.section) after the update"
      }
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
