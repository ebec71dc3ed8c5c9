import DiffableSnapshots
import Testing

/// A generic element: nothing about any domain.
struct Card: Identifiable, Equatable, Sendable {
  var id: Int
  var name: String
  var group: Int?
  var score: Int
}

let cards = [
  Card(id: 1, name: "ant", group: 2, score: 5),
  Card(id: 2, name: "bee", group: 1, score: 7),
  Card(id: 3, name: "cat", group: 2, score: 9),
  Card(id: 4, name: "dog", group: nil, score: 1),
  Card(id: 5, name: "eel", group: 1, score: 7),
  Card(id: 6, name: "fox", group: 3, score: 0),
]

/// Groups ascending (nil first), then score descending, then name.
let byGroup = FetchRequest<Card>(
  sortDescriptors: [.init(\.group), .init(\.score, ascending: false), .init(\.name)],
  sectionNameKeyPath: \.group
)

final class Recorder: FetchedResultsControllerDelegate {
  var changes: [FetchedResultsChange<Int>] = []
  func controller(
    _ controller: FetchedResultsController<Card, Int>,
    didChangeContentWith change: FetchedResultsChange<Int>
  ) {
    changes.append(change)
  }
}

func sections(_ snapshot: Snapshot<String, Int>) -> [String: [Int]] {
  var result: [String: [Int]] = [:]
  for section in snapshot.sectionIdentifiers {
    result[section] = try? snapshot.itemIdentifiers(inSection: section)
  }
  return result
}

@Suite struct FetchedResultsControllerTests {
  @Test func sectionsAreNamedLikeCoreData() throws {
    let controller = try FetchedResultsController(elements: cards, fetchRequest: byGroup)
    let snapshot = controller.snapshot
    #expect(snapshot.sectionIdentifiers == ["", "1", "2", "3"])
    #expect(try snapshot.itemIdentifiers(inSection: "1") == [2, 5])  // score tie: by name
    #expect(try snapshot.itemIdentifiers(inSection: "2") == [3, 1])  // score descending
    #expect(snapshot.itemIdentifiers == [4, 2, 5, 3, 1, 6])
    #expect(controller.fetchedElements.map(\.id) == [4, 2, 5, 3, 1, 6])
  }

  @Test func predicateLimitAndOneSection() throws {
    let request = FetchRequest<Card>(
      predicate: { $0.score > 1 },
      sortDescriptors: [.init(ascending: false) { $0.name < $1.name }],
      fetchLimit: 3
    )
    let controller = try FetchedResultsController(elements: cards, fetchRequest: request)
    #expect(controller.snapshot.sectionIdentifiers == [""])
    #expect(controller.snapshot.itemIdentifiers == [5, 3, 2])
  }

  @Test func customIdentifierKeyPath() throws {
    let controller = try FetchedResultsController(
      elements: cards,
      fetchRequest: FetchRequest(sortDescriptors: [.init(\.name)]),
      id: \.name
    )
    #expect(controller.snapshot.itemIdentifiers.prefix(2) == ["ant", "bee"])
  }

  @Test func errors() throws {
    let unsorted = FetchRequest<Card>(sortDescriptors: [.init(\.name)], sectionNameKeyPath: \.group)
    #expect(throws: FetchedResultsError<Int>.sectionOutOfOrder(name: "2", index: 2)) {
      try FetchedResultsController(elements: cards, fetchRequest: unsorted)
    }
    #expect(throws: FetchedResultsError<Int>.duplicateID(1, index: 6)) {
      try FetchedResultsController(elements: cards + [cards[0]], fetchRequest: byGroup)
    }
    #expect(throws: FetchedResultsError<Int>.invalidFetchLimit(-1)) {
      try FetchedResultsController(elements: cards, fetchRequest: FetchRequest(fetchLimit: -1))
    }
    let controller = try FetchedResultsController(elements: cards, fetchRequest: byGroup)
    let before = controller.snapshot
    #expect(throws: FetchedResultsError<Int>.elementNotFound(9)) { try controller.remove(id: 9) }
    #expect(throws: FetchedResultsError<Int>.elementNotFound(9)) {
      try controller.update(Card(id: 9, name: "x", group: 1, score: 0))
    }
    #expect(throws: FetchedResultsError<Int>.duplicateID(2, index: 6)) {
      try controller.insert(Card(id: 2, name: "x", group: 1, score: 0))
    }
    // A change that breaks the section order is refused and rolled back.
    let breaking = FetchRequest<Card>(
      sortDescriptors: [.init(\.score)],
      sectionNameKeyPath: \.group
    )
    let fragile = try FetchedResultsController(
      elements: [cards[0], cards[1]],
      fetchRequest: breaking
    )
    #expect(throws: FetchedResultsError<Int>.sectionOutOfOrder(name: "2", index: 2)) {
      try fragile.insert(Card(id: 9, name: "x", group: 2, score: 8))
    }
    #expect(fragile.elements.count == 2)
    #expect(controller.snapshot == before)
    #expect(
      FetchedResultsError<Int>.elementNotFound(9).description
        == "element '9' is not in the collection; insert it first"
    )
  }

  @Test func uncheckedIdentifiersFetchAlikeAndIndexOnTheFirstChange() throws {
    let checked = try FetchedResultsController(elements: cards, fetchRequest: byGroup)
    let unchecked = try FetchedResultsController(
      elements: cards,
      fetchRequest: byGroup,
      uncheckedIdentifiedBy: \.id
    )
    #expect(unchecked.snapshot == checked.snapshot)
    #expect(unchecked.fetchedElements == checked.fetchedElements)
    #expect(unchecked.matchingCount == checked.matchingCount)

    // Changes build the index: they find, refuse and replace elements as the checked one does.
    #expect(throws: FetchedResultsError<Int>.elementNotFound(9)) { try unchecked.remove(id: 9) }
    #expect(throws: FetchedResultsError<Int>.duplicateID(2, index: 6)) {
      try unchecked.insert(Card(id: 2, name: "x", group: 1, score: 0))
    }
    for controller in [checked, unchecked] {
      try controller.update(Card(id: 3, name: "cow", group: 2, score: 9))
      try controller.remove(id: 4)
      try controller.replace(with: Array(controller.elements.reversed()))
    }
    #expect(unchecked.snapshot == checked.snapshot)
    #expect(unchecked.elements == checked.elements)

    // A duplicate is not looked for by the fetch; the first change reports it.
    let duplicated = try FetchedResultsController(
      elements: cards + [cards[5]],
      fetchRequest: FetchRequest(predicate: { $0.score > 1 }),
      uncheckedIdentifiedBy: \.id
    )
    #expect(duplicated.snapshot.itemIdentifiers == [1, 2, 3, 5])
    #expect(throws: FetchedResultsError<Int>.duplicateID(6, index: 6)) {
      try duplicated.remove(id: 1)
    }
  }

  @Test func changesReachTheDelegateWithReconfigures() throws {
    let controller = try FetchedResultsController(elements: cards, fetchRequest: byGroup)
    let recorder = Recorder()
    controller.delegate = recorder

    // A value change in place: a reconfigure, nothing else.
    try controller.update(Card(id: 3, name: "cow", group: 2, score: 9))
    // A change that moves the element to another section, and stays changed.
    try controller.update(Card(id: 1, name: "ant", group: 3, score: 5))
    // No change at all: nothing delivered.
    try controller.update(Card(id: 1, name: "ant", group: 3, score: 5))
    try controller.insert(Card(id: 7, name: "gnu", group: 4, score: 2))
    try controller.remove(id: 4)

    #expect(recorder.changes.count == 4)
    let reconfigure = recorder.changes[0].difference
    #expect(reconfigure.changeCount == 1)
    #expect(reconfigure.itemReconfigures.map(\.id) == [3])
    #expect(recorder.changes[0].snapshot.reconfiguredItemIdentifiers == [3])

    let move = recorder.changes[1].difference
    #expect(
      move.itemMoves == [
        .init(id: 1, from: ItemPath(section: 2, item: 1), to: ItemPath(section: 3, item: 0))
      ]
    )
    #expect(move.itemReconfigures.map(\.id) == [1])

    let insert = recorder.changes[2].difference
    #expect(insert.sectionInsertions == [.init(id: "4", index: 4, items: [7])])

    let remove = recorder.changes[3].difference
    #expect(remove.sectionDeletions == [.init(id: "", index: 0, items: [4])])
    #expect(sections(controller.snapshot) == ["1": [2, 5], "2": [3], "3": [1, 6], "4": [7]])
  }

  @Test func replaceMarksChangedSurvivorsOnly() throws {
    let controller = try FetchedResultsController(elements: cards, fetchRequest: byGroup)
    let recorder = Recorder()
    controller.delegate = recorder
    var next = cards.filter { $0.id != 6 }
    next[0].name = "asp"  // changed, stays
    next.append(Card(id: 8, name: "hen", group: 1, score: 3))
    try controller.replace(with: next)
    try controller.replace(with: next)  // identical: nothing delivered
    #expect(recorder.changes.count == 1)
    let diff = try #require(recorder.changes.first).difference
    #expect(diff.itemReconfigures.map(\.id) == [1])
    #expect(diff.itemInsertions.map(\.id) == [8])
    #expect(diff.sectionDeletions.map(\.id) == ["3"])
    #expect(controller.elements == next)
  }

  @Test func filteredOutChangesAreNotDelivered() throws {
    let request = FetchRequest<Card>(predicate: { $0.score >= 5 }, sortDescriptors: [.init(\.id)])
    let controller = try FetchedResultsController(elements: cards, fetchRequest: request)
    let recorder = Recorder()
    controller.delegate = recorder
    try controller.update(Card(id: 4, name: "doe", group: nil, score: 2))  // still filtered out
    #expect(recorder.changes.isEmpty)
    try controller.update(Card(id: 4, name: "doe", group: nil, score: 6))  // now fetched
    #expect(recorder.changes.first?.difference.itemInsertions.map(\.id) == [4])
    #expect(recorder.changes.first?.difference.itemReconfigures.isEmpty == true)
  }

  @Test func changesStream() async throws {
    let controller = try FetchedResultsController(elements: cards, fetchRequest: byGroup)
    // The stream holds the changes from its first read on.
    let changes = controller.changes
    try controller.remove(id: 6)
    try controller.update(Card(id: 2, name: "bee", group: 1, score: 8))
    var iterator = changes.makeAsyncIterator()
    let first = await iterator.next()
    let second = await iterator.next()
    #expect(first?.difference.sectionDeletions.map(\.id) == ["3"])
    #expect(second?.difference.itemReconfigures.map(\.id) == [2])
    #expect(second?.snapshot == controller.snapshot)
  }

  /// A controller whose changes nobody reads keeps none: a long-lived one fed through its
  /// delegate, or read through `snapshot`, does not accumulate snapshots.
  @Test func changesBeforeTheStreamIsReadAreNotKept() async throws {
    let controller = try FetchedResultsController(elements: cards, fetchRequest: byGroup)
    try controller.remove(id: 6)
    let changes = controller.changes
    try controller.update(Card(id: 2, name: "bee", group: 1, score: 8))
    var iterator = changes.makeAsyncIterator()
    let first = await iterator.next()
    #expect(first?.difference.itemReconfigures.map(\.id) == [2])
    #expect(first?.difference.sectionDeletions.isEmpty == true)
  }
}
