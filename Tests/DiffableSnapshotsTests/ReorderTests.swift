import DiffableSnapshots
import PokedexTestSupport
import Testing

/// A table-view move and its expected snapshot operation and result.
struct ReorderCase: Sendable, CustomTestStringConvertible {
  var name: String
  var from: ItemPath
  var to: ItemPath
  var expected: Result<(TestSnapshot.MoveOperation, [Layout]), TestError>
  var testDescription: String { name }
}

extension ReorderCase {
  init(
    _ name: String,
    _ from: (Int, Int),
    _ to: (Int, Int),
    _ operation: TestSnapshot.MoveOperation,
    _ result: [Layout]
  ) {
    self.init(
      name: name,
      from: ItemPath(section: from.0, item: from.1),
      to: ItemPath(section: to.0, item: to.1),
      expected: .success((operation, result))
    )
  }

  init(_ name: String, _ from: (Int, Int), _ to: (Int, Int), throws error: TestError) {
    self.init(
      name: name,
      from: ItemPath(section: from.0, item: from.1),
      to: ItemPath(section: to.0, item: to.1),
      expected: .failure(error)
    )
  }
}

@Suite struct ReorderTests {
  /// A: [1, 2, 3, 4]   B: []   C: [5]
  static let start = [Layout("A", [1, 2, 3, 4]), Layout("B", []), Layout("C", [5])]

  static let cases: [ReorderCase] = [
    // The four scenarios of the issue.
    ReorderCase("to the same place", (0, 1), (0, 1), .none, start),
    ReorderCase(
      "down, after a later item",
      (0, 0),
      (0, 2),
      .moveAfter(1, anchor: 3),
      [Layout("A", [2, 3, 1, 4]), start[1], start[2]]
    ),
    ReorderCase(
      "up, before an item",
      (0, 3),
      (0, 0),
      .moveBefore(4, anchor: 1),
      [Layout("A", [4, 1, 2, 3]), start[1], start[2]]
    ),
    ReorderCase(
      "into an empty section",
      (0, 3),
      (1, 0),
      .moveToSection(4, section: "B"),
      [Layout("A", [1, 2, 3]), Layout("B", [4]), start[2]]
    ),
    ReorderCase(
      "past the end of another section",
      (0, 0),
      (2, 1),
      .moveAfter(1, anchor: 5),
      [Layout("A", [2, 3, 4]), start[1], Layout("C", [5, 1])]
    ),
    // Neighbours of those.
    ReorderCase(
      "to the end of its own section",
      (0, 0),
      (0, 3),
      .moveAfter(1, anchor: 4),
      [Layout("A", [2, 3, 4, 1]), start[1], start[2]]
    ),
    ReorderCase(
      "down by one",
      (0, 1),
      (0, 2),
      .moveAfter(2, anchor: 3),
      [Layout("A", [1, 3, 2, 4]), start[1], start[2]]
    ),
    ReorderCase(
      "before an item of another section",
      (2, 0),
      (0, 1),
      .moveBefore(5, anchor: 2),
      [Layout("A", [1, 5, 2, 3, 4]), start[1], Layout("C", [])]
    ),
    ReorderCase(
      "the last item out of its section",
      (2, 0),
      (0, 4),
      .moveAfter(5, anchor: 4),
      [Layout("A", [1, 2, 3, 4, 5]), start[1], Layout("C", [])]
    ),
    // Errors.
    ReorderCase(
      "no item at source",
      (1, 0),
      (0, 0),
      throws: .invalidMove(.sourceOutOfRange(ItemPath(section: 1, item: 0)))
    ),
    ReorderCase(
      "negative source",
      (0, -1),
      (0, 0),
      throws: .invalidMove(.sourceOutOfRange(ItemPath(section: 0, item: -1)))
    ),
    ReorderCase(
      "past the end of its own section",
      (0, 0),
      (0, 4),
      throws: .invalidMove(.destinationOutOfRange(ItemPath(section: 0, item: 4)))
    ),
    ReorderCase(
      "past the end of an empty section",
      (0, 0),
      (1, 1),
      throws: .invalidMove(.destinationOutOfRange(ItemPath(section: 1, item: 1)))
    ),
    ReorderCase(
      "no such section",
      (0, 0),
      (3, 0),
      throws: .invalidMove(.destinationOutOfRange(ItemPath(section: 3, item: 0)))
    ),
  ]

  @Test(arguments: cases)
  func reorder(_ testCase: ReorderCase) throws {
    let start = try makeSnapshot(Self.start.map { ($0.section, $0.items) })
    var snapshot = start
    switch testCase.expected {
    case .success(let (operation, result)):
      #expect(try snapshot.moveItem(at: testCase.from, to: testCase.to) == operation)
      #expect(layout(snapshot) == result)
      try checkConsistency(snapshot)
    case .failure(let error):
      #expect(throws: error) { try snapshot.moveItem(at: testCase.from, to: testCase.to) }
      #expect(snapshot == start)
    }
  }

  /// Random table-view moves agree with the array model UITableView uses:
  /// remove at the source, insert at the destination.
  @Test func randomMovesMatchTheArrayModel() throws {
    var random = SplitMix64(seed: 7)
    for _ in 0..<300 {
      var model: [[Int]] = (0..<Int.random(in: 1...4, using: &random)).map { _ in [] }
      for item in 0..<Int.random(in: 1...12, using: &random) {
        model[Int.random(in: 0..<model.count, using: &random)].append(item)
      }
      var snapshot = try makeSnapshot(model.enumerated().map { ("S\($0.offset)", $0.element) })
      try snapshot.reloadItems([model.flatMap { $0 }[0]])
      for _ in 0..<10 {
        let sources = model.indices.filter { !model[$0].isEmpty }
        guard let fromSection = sources.randomElement(using: &random) else { break }
        let fromItem = Int.random(in: 0..<model[fromSection].count, using: &random)
        let item = model[fromSection].remove(at: fromItem)
        let toSection = Int.random(in: 0..<model.count, using: &random)
        let toItem = Int.random(in: 0...model[toSection].count, using: &random)
        model[toSection].insert(item, at: toItem)
        try snapshot.moveItem(
          at: ItemPath(section: fromSection, item: fromItem),
          to: ItemPath(section: toSection, item: toItem)
        )
        #expect(layout(snapshot).map(\.items) == model)
      }
      #expect(snapshot.reloadedItemIdentifiers.count == 1)
      try checkConsistency(snapshot)
    }
  }
}
