import DiffableSnapshots
import Testing

typealias TestDiff = SnapshotDiff<String, Int>

func path(_ section: Int, _ item: Int) -> ItemPath { ItemPath(section: section, item: item) }

@Suite struct DiffTests {
  @Test func identicalSnapshotsHaveNoChanges() throws {
    let old = try makeSnapshot([("A", [1, 2]), ("B", [3])])
    var copy = try makeSnapshot([("A", [1, 2]), ("B", [3])])
    #expect(old.difference(from: old).isEmpty)
    #expect(copy.difference(from: old).isEmpty)
    try copy.reloadItems([1])
    #expect(copy.difference(from: old).changeCount == 1)
  }

  /// The example at the top of Guides/Diffing.md.
  @Test func guideExample() throws {
    var old = TestSnapshot()
    try old.appendSections(["Kanto", "Johto"])
    try old.appendItems([1, 4, 7], toSection: "Kanto")
    try old.appendItems([152, 155])
    var new = old
    try new.moveItem(7, beforeItem: 1)
    new.deleteItems([155])
    try new.appendItems([158], toSection: "Johto")
    try new.reconfigureItems([4])
    let diff = new.difference(from: old)
    #expect(diff.itemMoves == [.init(id: 7, from: path(0, 2), to: path(0, 0))])
    #expect(diff.itemDeletions == [.init(id: 155, path: path(1, 1))])
    #expect(diff.itemInsertions == [.init(id: 158, path: path(1, 1))])
    #expect(diff.itemReconfigures == [.init(id: 4, oldPath: path(0, 1), newPath: path(0, 2))])
    #expect(try old.applying(diff) == new)
  }

  @Test func moveAndInsertInOneSection() throws {
    let old = try makeSnapshot([("A", [1, 2, 3])])
    let new = try makeSnapshot([("A", [3, 1, 2, 4])])
    let diff = new.difference(from: old)
    #expect(diff.itemMoves == [.init(id: 3, from: path(0, 2), to: path(0, 0))])
    #expect(diff.itemInsertions == [.init(id: 4, path: path(0, 3))])
    #expect(diff.itemDeletions.isEmpty)
    #expect(try old.applying(diff) == new)
  }

  struct MoveCountCase: Sendable, CustomTestStringConvertible {
    var old: [Int]
    var new: [Int]
    var moves: Int
    var testDescription: String { "\(old) -> \(new)" }
  }

  /// Minimal move counts where DifferenceKit and IGListKit overshoot (guide §2).
  @Test(arguments: [
    MoveCountCase(old: [0, 1, 2], new: [1, 2, 0], moves: 1),  // DifferenceKit: 2
    MoveCountCase(old: [0, 1, 2], new: [2, 0, 1], moves: 1),
    MoveCountCase(old: [0, 1, 2, 3], new: [3, 2, 1, 0], moves: 3),
    MoveCountCase(old: [0, 1, 2, 3, 4], new: [4, 3, 2, 1, 0], moves: 4),
    MoveCountCase(old: [0, 1, 2, 3, 4, 5], new: [5, 0, 1, 2, 3, 4], moves: 1),  // IGListKit: 6
    MoveCountCase(old: [1, 2, 3], new: [1, 3, 2], moves: 1),
    MoveCountCase(old: [1, 2, 3], new: [1, 2, 3], moves: 0),
  ])
  func minimalMoves(_ testCase: MoveCountCase) throws {
    let old = try makeSnapshot([("A", testCase.old)])
    let new = try makeSnapshot([("A", testCase.new)])
    let diff = new.difference(from: old)
    #expect(diff.itemMoves.count == testCase.moves)
    #expect(try old.applying(diff) == new)
  }

  @Test func reverseKeepsAMoveWithEqualIndices() throws {
    // The middle item of a reversed list is a required move at 2 -> 2.
    let old = try makeSnapshot([("A", [0, 1, 2, 3, 4])])
    let new = try makeSnapshot([("A", [4, 3, 2, 1, 0])])
    let moves = new.difference(from: old).itemMoves
    #expect(moves.count == 4)
    #expect(moves.map(\.id) == [4, 3, 2, 1])
    #expect(moves.contains { $0.from == $0.to })
  }

  @Test func sectionConventions() throws {
    let old = try makeSnapshot([("A", [1, 2]), ("B", [3, 4]), ("C", [6])])
    let new = try makeSnapshot([("C", [6]), ("B", [3, 1]), ("N", [2, 5])])
    let diff = new.difference(from: old)
    #expect(diff.sectionDeletions == [.init(id: "A", index: 0, items: [1, 2])])
    #expect(diff.sectionInsertions == [.init(id: "N", index: 2, items: [2, 5])])
    // C and B swapped: one of them moves.
    #expect(diff.sectionMoves.count == 1)
    // 1 leaves the deleted section A for B: an insertion; 2 goes from deleted
    // A to inserted N: not reported item by item; 4 is deleted from B.
    #expect(diff.itemInsertions == [.init(id: 1, path: path(1, 1))])
    #expect(diff.itemDeletions == [.init(id: 4, path: path(1, 1))])
    #expect(diff.itemMoves.isEmpty)
    #expect(diff.addedItemIdentifiers == [5])
    #expect(diff.removedItemIdentifiers == [4])
    #expect(diff.relocatedItemIdentifiers == [1, 2])
    #expect(try old.applying(diff) == new)
  }

  @Test func itemIntoAnInsertedSectionIsADeletion() throws {
    let old = try makeSnapshot([("A", [1, 2])])
    let new = try makeSnapshot([("A", [1]), ("N", [2])])
    let diff = new.difference(from: old)
    #expect(diff.itemDeletions == [.init(id: 2, path: path(0, 1))])
    #expect(diff.sectionInsertions == [.init(id: "N", index: 1, items: [2])])
    #expect(diff.addedItemIdentifiers.isEmpty)
    #expect(diff.removedItemIdentifiers.isEmpty)
    #expect(diff.relocatedItemIdentifiers == [2])
    #expect(try old.applying(diff) == new)
  }

  @Test func crossSectionMoveIsOneMove() throws {
    let old = try makeSnapshot([("A", [1, 2, 3]), ("B", [4])])
    let new = try makeSnapshot([("A", [1, 3]), ("B", [2, 4])])
    let diff = new.difference(from: old)
    #expect(diff.itemMoves == [.init(id: 2, from: path(0, 1), to: path(1, 0))])
    #expect(diff.changeCount == 1)
    #expect(diff.relocatedItemIdentifiers == [2])
  }

  @Test func updatesComeOnlyFromMarksOfTheNewSnapshot() throws {
    var old = try makeSnapshot([("A", [1, 2, 3]), ("B", [4])])
    try old.reloadItems([1])  // consumed by an earlier apply: not reported
    var new = try makeSnapshot([("B", [4]), ("A", [3, 2, 9])])
    try new.reloadItems([3, 9])  // 9 is inserted: its reload is moot
    try new.reconfigureItems([2])
    try new.reloadSections(["A"])
    let diff = new.difference(from: old)
    #expect(diff.itemReloads == [.init(id: 3, oldPath: path(0, 2), newPath: path(1, 0))])
    #expect(diff.itemReconfigures == [.init(id: 2, oldPath: path(0, 1), newPath: path(1, 1))])
    #expect(diff.sectionReloads == [.init(id: "A", oldIndex: 0, newIndex: 1)])
    var expected = new
    expected.deleteItems([9])
    try expected.appendItems([9], toSection: "A")
    let applied = try old.applying(diff)
    #expect(layout(applied) == layout(new))
    #expect(applied.reloadedItemIdentifiers == [3])
    #expect(applied.reconfiguredItemIdentifiers == [2])
    #expect(applied.reloadedSectionIdentifiers == ["A"])
  }

  @Test func applyingToAnotherSnapshotThrows() throws {
    let old = try makeSnapshot([("A", [1, 2, 3])])
    let new = try makeSnapshot([("A", [3, 1])])
    let diff = new.difference(from: old)
    let other = try makeSnapshot([("A", [1, 3])])
    #expect(throws: TestError.self) { try other.applying(diff) }
    var copy = other
    #expect(throws: TestError.self) { try copy.apply(diff) }
    #expect(copy == other)
    #expect(try apply(diff, to: old) == new)
  }

  @Test func stagesSplitTheKindsOfChange() throws {
    let old = try makeSnapshot([("A", [1, 2, 3]), ("B", [4, 5]), ("D", [8])])
    var new = try makeSnapshot([("B", [5, 1]), ("N", [6]), ("A", [3, 2, 7])])
    try new.reconfigureItems([2])
    let staged = StagedSnapshotDiff(from: old, to: new)
    #expect(
      staged.stages.map(\.kind) == [
        .deletions, .sectionInsertionsAndMoves, .itemInsertionsAndMoves, .updates,
      ]
    )
    var current = old
    for stage in staged.stages {
      current = try current.applying(stage.changes)
      #expect(layout(current) == layout(stage.snapshot))
    }
    #expect(current == new)
    #expect(StagedSnapshotDiff(from: old, to: old).stages.isEmpty)
  }
}
