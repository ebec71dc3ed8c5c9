import DiffableSnapshots
import Testing

typealias TestSnapshot = Snapshot<String, Int>
typealias TestError = SnapshotError<String, Int>

/// A snapshot from `[("A", [1, 2]), ("B", [])]`.
func makeSnapshot(_ layout: [(String, [Int])]) throws -> TestSnapshot {
  var snapshot = TestSnapshot()
  for (section, items) in layout {
    try snapshot.appendSections([section])
    try snapshot.appendItems(items, toSection: section)
  }
  return snapshot
}

/// The sections and items of a snapshot, for comparisons.
func layout(_ snapshot: TestSnapshot) -> [Layout] {
  snapshot.sectionIdentifiers.map { section in
    Layout(section, (try? snapshot.itemIdentifiers(inSection: section)) ?? [])
  }
}

struct Layout: Equatable, Sendable, CustomStringConvertible {
  var section: String
  var items: [Int]
  init(_ section: String, _ items: [Int]) {
    self.section = section
    self.items = items
  }
  var description: String { "\(section): \(items)" }
}

/// One mutation applied to a start snapshot, with the expected result.
struct MutationCase: Sendable, CustomTestStringConvertible {
  var name: String
  var start: [Layout]
  var mutate: @Sendable (inout TestSnapshot) throws -> Void
  var expected: Result<[Layout], TestError>
  var testDescription: String { name }

  init(
    _ name: String,
    _ start: [Layout],
    _ mutate: @escaping @Sendable (inout TestSnapshot) throws -> Void,
    _ expected: [Layout]
  ) {
    self.name = name
    self.start = start
    self.mutate = mutate
    self.expected = .success(expected)
  }

  init(
    _ name: String,
    _ start: [Layout],
    _ mutate: @escaping @Sendable (inout TestSnapshot) throws -> Void,
    throws error: TestError
  ) {
    self.name = name
    self.start = start
    self.mutate = mutate
    self.expected = .failure(error)
  }
}

let ab: [Layout] = [Layout("A", [1, 2, 3]), Layout("B", [4, 5])]

@Suite struct SnapshotMutationTests {
  static let cases: [MutationCase] = [
    // appendSections
    MutationCase(
      "appendSections adds empty sections",
      ab,
      { try $0.appendSections(["C", "D"]) },
      ab + [Layout("C", []), Layout("D", [])]
    ),
    MutationCase(
      "appendSections existing",
      ab,
      { try $0.appendSections(["C", "A"]) },
      throws: .duplicateSection("A")
    ),
    MutationCase(
      "appendSections twice in call",
      ab,
      { try $0.appendSections(["C", "C"]) },
      throws: .duplicateSection("C")
    ),
    // insertSections
    MutationCase(
      "insertSections before",
      ab,
      { try $0.insertSections(["Z"], beforeSection: "A") },
      [Layout("Z", [])] + ab
    ),
    MutationCase(
      "insertSections after",
      ab,
      { try $0.insertSections(["Z"], afterSection: "A") },
      [ab[0], Layout("Z", []), ab[1]]
    ),
    MutationCase(
      "insertSections unknown anchor",
      ab,
      { try $0.insertSections(["Z"], afterSection: "Q") },
      throws: .sectionNotFound("Q")
    ),
    MutationCase(
      "insertSections duplicate",
      ab,
      { try $0.insertSections(["B"], beforeSection: "A") },
      throws: .duplicateSection("B")
    ),
    // appendItems
    MutationCase(
      "appendItems to last section",
      ab,
      { try $0.appendItems([6, 7]) },
      [ab[0], Layout("B", [4, 5, 6, 7])]
    ),
    MutationCase(
      "appendItems to named section",
      ab,
      { try $0.appendItems([6], toSection: "A") },
      [Layout("A", [1, 2, 3, 6]), ab[1]]
    ),
    MutationCase("appendItems no sections", [], { try $0.appendItems([1]) }, throws: .noSections),
    MutationCase(
      "appendItems unknown section",
      ab,
      { try $0.appendItems([9], toSection: "Q") },
      throws: .sectionNotFound("Q")
    ),
    MutationCase(
      "appendItems existing item",
      ab,
      { try $0.appendItems([6, 1]) },
      throws: .duplicateItem(1)
    ),
    MutationCase(
      "appendItems twice in call",
      ab,
      { try $0.appendItems([6, 7, 6]) },
      throws: .duplicateItem(6)
    ),
    // insertItems
    MutationCase(
      "insertItems before",
      ab,
      { try $0.insertItems([8, 9], beforeItem: 2) },
      [Layout("A", [1, 8, 9, 2, 3]), ab[1]]
    ),
    MutationCase(
      "insertItems after last stays in section",
      ab,
      { try $0.insertItems([8], afterItem: 3) },
      [Layout("A", [1, 2, 3, 8]), ab[1]]
    ),
    MutationCase(
      "insertItems unknown anchor",
      ab,
      { try $0.insertItems([8], afterItem: 99) },
      throws: .itemNotFound(99)
    ),
    MutationCase(
      "insertItems duplicate",
      ab,
      { try $0.insertItems([8, 4], beforeItem: 1) },
      throws: .duplicateItem(4)
    ),
    // deleteItems
    MutationCase(
      "deleteItems keeps emptied section and skips unknown",
      ab,
      { $0.deleteItems([4, 5, 2, 99]) },
      [Layout("A", [1, 3]), Layout("B", [])]
    ),
    MutationCase(
      "deleteItems listed twice",
      ab,
      { $0.deleteItems([1, 1]) },
      [Layout("A", [2, 3]), ab[1]]
    ),
    // deleteSections
    MutationCase(
      "deleteSections removes items and skips unknown",
      ab,
      { $0.deleteSections(["A", "Q"]) },
      [ab[1]]
    ),
    MutationCase(
      "deleteSections frees identifiers",
      ab,
      {
        $0.deleteSections(["A"])
        try $0.appendItems([1, 2])
      },
      [Layout("B", [4, 5, 1, 2])]
    ),
    // deleteAllItems
    MutationCase("deleteAllItems deletes sections too", ab, { $0.deleteAllItems() }, []),
    MutationCase(
      "deleteAllItems then appendSections",
      ab,
      {
        $0.deleteAllItems()
        try $0.appendSections(["A"])
        try $0.appendItems([1])
      },
      [Layout("A", [1])]
    ),
    // moveItem
    MutationCase(
      "moveItem before, same section",
      ab,
      { try $0.moveItem(3, beforeItem: 1) },
      [Layout("A", [3, 1, 2]), ab[1]]
    ),
    MutationCase(
      "moveItem after, same section",
      ab,
      { try $0.moveItem(1, afterItem: 3) },
      [Layout("A", [2, 3, 1]), ab[1]]
    ),
    MutationCase(
      "moveItem across sections",
      ab,
      { try $0.moveItem(2, afterItem: 5) },
      [Layout("A", [1, 3]), Layout("B", [4, 5, 2])]
    ),
    MutationCase(
      "moveItem to itself",
      ab,
      { try $0.moveItem(2, beforeItem: 2) },
      throws: .invalidMove(.itemRelativeToItself(2))
    ),
    MutationCase(
      "moveItem unknown item",
      ab,
      { try $0.moveItem(99, beforeItem: 2) },
      throws: .itemNotFound(99)
    ),
    MutationCase(
      "moveItem unknown anchor",
      ab,
      { try $0.moveItem(2, afterItem: 99) },
      throws: .itemNotFound(99)
    ),
    // moveSection
    MutationCase(
      "moveSection before",
      ab,
      { try $0.moveSection("B", beforeSection: "A") },
      [ab[1], ab[0]]
    ),
    MutationCase(
      "moveSection after",
      ab + [Layout("C", [7])],
      { try $0.moveSection("A", afterSection: "B") },
      [ab[1], ab[0], Layout("C", [7])]
    ),
    MutationCase(
      "moveSection to itself",
      ab,
      { try $0.moveSection("A", afterSection: "A") },
      throws: .invalidMove(.sectionRelativeToItself("A"))
    ),
    MutationCase(
      "moveSection unknown",
      ab,
      { try $0.moveSection("Q", afterSection: "A") },
      throws: .sectionNotFound("Q")
    ),
    MutationCase(
      "moveSection unknown anchor",
      ab,
      { try $0.moveSection("A", afterSection: "Q") },
      throws: .sectionNotFound("Q")
    ),
    // marks
    MutationCase(
      "reloadItems unknown",
      ab,
      { try $0.reloadItems([1, 99]) },
      throws: .itemNotFound(99)
    ),
    MutationCase(
      "reconfigureItems unknown",
      ab,
      { try $0.reconfigureItems([99]) },
      throws: .itemNotFound(99)
    ),
    MutationCase(
      "reloadSections unknown",
      ab,
      { try $0.reloadSections(["Q"]) },
      throws: .sectionNotFound("Q")
    ),
    MutationCase(
      "reloads do not change items",
      ab,
      {
        try $0.reloadItems([1])
        try $0.reconfigureItems([2])
        try $0.reloadSections(["B"])
      },
      ab
    ),
  ]

  @Test(arguments: cases)
  func mutation(_ testCase: MutationCase) throws {
    let start = try makeSnapshot(testCase.start.map { ($0.section, $0.items) })
    var snapshot = start
    switch testCase.expected {
    case .success(let expected):
      try testCase.mutate(&snapshot)
      #expect(layout(snapshot) == expected)
      try checkConsistency(snapshot)
    case .failure(let expected):
      #expect(throws: expected) { try testCase.mutate(&snapshot) }
      // Exactly as it was, and its indexes too.
      #expect(snapshot == start)
      #expect(layout(snapshot) == testCase.start)
      try checkConsistency(snapshot)
    }
    // The copy taken before the mutation never changes (copy-on-write).
    #expect(layout(start) == testCase.start)
  }
}

/// Every query agrees with the sections and items.
func checkConsistency(_ snapshot: TestSnapshot) throws {
  let all = snapshot.itemIdentifiers
  #expect(snapshot.numberOfItems == all.count)
  #expect(snapshot.numberOfSections == snapshot.sectionIdentifiers.count)
  var flat = 0
  for (sectionIndex, section) in snapshot.sectionIdentifiers.enumerated() {
    #expect(snapshot.indexOfSection(section) == sectionIndex)
    let items = try snapshot.itemIdentifiers(inSection: section)
    #expect(try snapshot.numberOfItems(inSection: section) == items.count)
    for (offset, item) in items.enumerated() {
      #expect(snapshot.indexOfItem(item) == flat)
      #expect(snapshot.sectionIdentifier(containingItem: item) == section)
      #expect(snapshot.indexPath(ofItem: item) == ItemPath(section: sectionIndex, item: offset))
      #expect(snapshot.itemIdentifier(at: ItemPath(section: sectionIndex, item: offset)) == item)
      #expect(all[flat] == item)
      flat += 1
    }
  }
}

@Suite struct SnapshotQueryTests {
  @Test func emptySnapshot() {
    let snapshot = TestSnapshot()
    #expect(snapshot.numberOfSections == 0)
    #expect(snapshot.numberOfItems == 0)
    #expect(snapshot.itemIdentifiers.isEmpty)
    #expect(snapshot.sectionIdentifiers.isEmpty)
  }

  @Test func queries() throws {
    let snapshot = try makeSnapshot([("A", [0, 1]), ("B", [2, 3])])
    #expect(snapshot.numberOfSections == 2)
    #expect(snapshot.numberOfItems == 4)
    #expect(snapshot.sectionIdentifiers == ["A", "B"])
    #expect(snapshot.itemIdentifiers == [0, 1, 2, 3])
    #expect(try snapshot.itemIdentifiers(inSection: "B") == [2, 3])
    #expect(try snapshot.numberOfItems(inSection: "A") == 2)
    // A flat index, as Apple's (the backport's test).
    #expect(snapshot.indexOfItem(2) == 2)
    #expect(snapshot.indexOfItem(9) == nil)
    #expect(snapshot.indexOfSection("B") == 1)
    #expect(snapshot.indexOfSection("Q") == nil)
    #expect(snapshot.sectionIdentifier(containingItem: 3) == "B")
    #expect(snapshot.sectionIdentifier(containingItem: 9) == nil)
    #expect(snapshot.itemIdentifier(at: ItemPath(section: 5, item: 0)) == nil)
    #expect(snapshot.description == "A: [0, 1]; B: [2, 3]")
  }

  @Test func initFromSections() throws {
    let snapshot = try TestSnapshot(sections: [("A", [1, 2]), ("B", []), ("C", [3])])
    #expect(layout(snapshot) == [Layout("A", [1, 2]), Layout("B", []), Layout("C", [3])])
    #expect(throws: TestError.duplicateItem(1)) {
      try TestSnapshot(sections: [("A", [1]), ("B", [1])])
    }
    #expect(throws: TestError.duplicateSection("A")) {
      try TestSnapshot(sections: [("A", [1]), ("A", [2])])
    }
  }

  @Test func unknownSectionThrows() throws {
    let snapshot = try makeSnapshot([("A", [0])])
    #expect(throws: TestError.sectionNotFound("Q")) { try snapshot.itemIdentifiers(inSection: "Q") }
    #expect(throws: TestError.sectionNotFound("Q")) { try snapshot.numberOfItems(inSection: "Q") }
  }

  @Test func marksAreOrderedUnionsAndFollowDeletions() throws {
    var snapshot = try makeSnapshot([("A", [0, 1, 2]), ("B", [3])])
    try snapshot.reloadItems([2, 0])
    try snapshot.reloadItems([0, 1])
    try snapshot.reconfigureItems([1, 3])
    try snapshot.reloadSections(["B", "A", "B"])
    #expect(snapshot.reloadedItemIdentifiers == [2, 0, 1])
    #expect(snapshot.reconfiguredItemIdentifiers == [1, 3])
    #expect(snapshot.reloadedSectionIdentifiers == ["B", "A"])
    snapshot.deleteItems([0])
    snapshot.deleteSections(["B"])
    #expect(snapshot.reloadedItemIdentifiers == [2, 1])
    #expect(snapshot.reconfiguredItemIdentifiers == [1])
    #expect(snapshot.reloadedSectionIdentifiers == ["A"])
  }

  @Test func errorMessagesAreLowerCaseAndSayWhatToDo() {
    let messages = [
      TestError.duplicateItem(1), .duplicateSection("A"), .itemNotFound(1),
      .sectionNotFound("A"), .noSections, .invalidMove(.itemRelativeToItself(1)),
      .invalidMove(.sectionRelativeToItself("A")),
      .invalidMove(.sourceOutOfRange(ItemPath(section: 0, item: 9))),
      .invalidMove(.destinationOutOfRange(ItemPath(section: 0, item: 9))),
      .inapplicableDiff("x"),
    ].map(\.description)
    for message in messages {
      #expect(message.first?.isLowercase == true, "\(message)")
      #expect(!message.hasSuffix("."), "\(message)")
    }
    #expect(
      TestError.noSections.description
        == "there are no sections in the snapshot; append a section first"
    )
    #expect(
      TestError.itemNotFound(7).description
        == "item identifier '7' is not in the snapshot; check it with indexOfItem(_:) first"
    )
  }

  @Test func buildingOneItemAtATimeKeepsIndexes() throws {
    var snapshot = TestSnapshot()
    try snapshot.appendSections(["A", "B"])
    for item in 0..<2_000 {
      try snapshot.appendItems([item], toSection: item.isMultiple(of: 2) ? "A" : "B")
    }
    #expect(snapshot.numberOfItems == 2_000)
    #expect(snapshot.indexOfItem(1) == 1_000)
    #expect(snapshot.indexOfItem(1_998) == 999)
    try checkConsistency(snapshot)
  }
}
