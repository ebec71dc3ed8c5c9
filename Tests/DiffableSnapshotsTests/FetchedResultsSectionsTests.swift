import DiffableSnapshots
import Testing

/// A main-actor screen, as an iOS view controller is: it owns a fetched-results controller
/// and a diffable data source, and is the controller's delegate and the data source's host
/// through isolated conformances (no `@preconcurrency`, nothing unchecked).
@MainActor final class CardListScreen {
  let controller: FetchedResultsController<Card, Int>
  var dataSource: DiffableDataSource<String, Int, CardListScreen>?
  var rows: [[Int]] = []
  var title = "Cards"

  init(cards: [Card]) throws {
    controller = try FetchedResultsController(elements: cards, fetchRequest: byGroup)
    dataSource = DiffableDataSource(host: self) { screen, _, id in
      "\(screen.title): \(id)"  // reads main-actor state
    }
    controller.delegate = self
  }
}

extension CardListScreen: @MainActor FetchedResultsControllerDelegate {
  func controller(
    _ controller: FetchedResultsController<Card, Int>,
    didChangeContentWith change: FetchedResultsChange<Int>
  ) {
    dataSource?.apply(change.snapshot)
  }
}

extension CardListScreen: @MainActor DataSourceHost {
  typealias Cell = String

  func performBatchUpdates(_ update: BatchUpdate, animated: Bool) {
    guard let dataSource else { return }
    rows =
      update.applied(
        to: rows,
        itemCount: { dataSource.numberOfItems(inSection: $0) },
        value: { dataSource.itemIdentifier(for: $0) ?? -1 }
      ) ?? []
  }

  func reloadData() {}
}

@Suite struct FetchedResultsSectionsTests {
  @Test func performFetchDeliversTheFirstSnapshotThenDifferences() throws {
    let controller = try FetchedResultsController(elements: cards, fetchRequest: byGroup)
    let recorder = Recorder()
    controller.delegate = recorder
    try controller.performFetch()
    #expect(recorder.changes.count == 1)
    let first = try #require(recorder.changes.first)
    #expect(first.snapshot == controller.snapshot)
    #expect(first.difference.sectionInsertions.map(\.id) == ["", "1", "2", "3"])
    // Fetching again with nothing changed delivers nothing.
    try controller.performFetch()
    #expect(recorder.changes.count == 1)
    // A new request takes effect at the next fetch, delivered as a difference.
    controller.fetchRequest.predicate = { $0.score >= 7 }
    #expect(controller.fetchedObjects.count == 6)
    try controller.performFetch()
    #expect(controller.fetchedObjects.map(\.id) == [2, 5, 3])
    let second = try #require(recorder.changes.last)
    #expect(second.difference.sectionDeletions.map(\.id) == ["", "3"])
  }

  @Test func anInvalidRequestThrowsAndKeepsTheResults() throws {
    let controller = try FetchedResultsController(elements: cards, fetchRequest: byGroup)
    controller.fetchRequest.fetchLimit = -1
    #expect(throws: FetchedResultsError<Int>.invalidFetchLimit(-1)) {
      try controller.performFetch()
    }
    #expect(controller.fetchedObjects.count == 6)
  }

  @Test func objectsBySectionAndIndexPath() throws {
    let controller = try FetchedResultsController(elements: cards, fetchRequest: byGroup)
    let sections = controller.sections
    #expect(sections.map(\.name) == ["", "1", "2", "3"])
    #expect(sections.map(\.numberOfObjects) == [1, 2, 2, 1])
    #expect(sections[1].objects.map(\.name) == ["bee", "eel"])
    #expect(sections.map(\.indexTitle) == [nil, "1", "2", "3"])
    #expect(controller.sectionIndexTitles == ["1", "2", "3"])
    #expect(controller.object(at: ItemPath(section: 2, item: 1))?.name == "ant")
    #expect(controller.object(at: ItemPath(section: 0, item: 0))?.name == "dog")
    #expect(controller.object(at: ItemPath(section: 0, item: 1)) == nil)
    #expect(controller.object(at: ItemPath(section: 4, item: 0)) == nil)
    #expect(controller.object(at: ItemPath(section: -1, item: 0)) == nil)
    #expect(controller.object(at: ItemPath(section: 1, item: -1)) == nil)
    #expect(controller.indexPath(forObjectWith: 6) == ItemPath(section: 3, item: 0))
    #expect(controller.indexPath(forObjectWith: 99) == nil)
    #expect(controller.fetchedObjects == controller.fetchedElements)
  }

  @Test func sectionIndexTitlesAreCapitalizedAndUnique() throws {
    let request = FetchRequest<Card>(
      sortDescriptors: [.init(\.name)],
      sectionNameKeyPath: \.name
    )
    let controller = try FetchedResultsController(
      elements: [Card(id: 1, name: "ant", score: 0), Card(id: 2, name: "axe", score: 0)],
      fetchRequest: request
    )
    #expect(controller.sections.map(\.indexTitle) == ["A", "A"])
    #expect(controller.sectionIndexTitles == ["A"])
  }

  @MainActor @Test func aMainActorScreenIsDelegateAndHost() throws {
    let screen = try CardListScreen(cards: cards)
    try screen.controller.performFetch()
    #expect(screen.rows == [[4], [2, 5], [3, 1], [6]])
    try screen.controller.update(Card(id: 4, name: "dog", group: 3, score: 1))
    #expect(screen.rows == [[2, 5], [3, 1], [4, 6]])  // score descending
    #expect(screen.dataSource?.cell(at: ItemPath(section: 2, item: 0)) == "Cards: 4")
  }
}
