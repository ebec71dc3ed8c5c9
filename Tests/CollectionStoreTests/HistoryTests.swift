import Foundation
import Testing

@testable import CollectionStore

/// Undo and redo, kept in the file.
@Suite struct HistoryTests {
  /// A change made to the document `Store.add(standard)` builds.
  struct Case: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var change: @Sendable (inout Document) throws(CollectionStoreError) -> Void
  }

  static let standard: KeyValuePairs<String, [String]> = [
    "A": ["a1", "a2", "a3"], "B": ["b1", "b2"], "C": ["c1"],
  ]

  static let cases: [Case] = [
    Case(testDescription: "add an item") { document throws(CollectionStoreError) in
      try document.append(["a4"], to: try document.id(of: "A"), date: at(100))
    },
    Case(testDescription: "remove an item") { document throws(CollectionStoreError) in
      try document.modifyItems(in: try document.id(of: "A"), date: at(100)) { $0.remove(at: 1) }
    },
    Case(testDescription: "move an item within a section") {
      document throws(CollectionStoreError) in
      try document.modifyItems(in: try document.id(of: "A"), date: at(100)) { items in
        items.insert(items.removeFirst(), at: 2)
      }
    },
    Case(testDescription: "move an item across sections") {
      document throws(CollectionStoreError) in
      var moved: [CollectionItem<String>] = []
      try document.modifyItems(in: try document.id(of: "A"), date: at(100)) {
        moved = [$0.remove(at: 1)]
      }
      try document.modifyItems(in: try document.id(of: "C"), date: at(100)) {
        $0.insert(contentsOf: moved, at: 0)
      }
    },
    Case(testDescription: "edit an item's value") { document throws(CollectionStoreError) in
      try document.modifyItems(in: try document.id(of: "B"), date: at(100)) { $0[0].value = "B1" }
    },
    Case(testDescription: "rename a section") { document throws(CollectionStoreError) in
      try document.updateSection(try document.id(of: "B"), date: at(100)) {
        $0.name = "Bee"
        $0.folder = "Hive"
      }
    },
    Case(testDescription: "delete a section in the middle") {
      document throws(CollectionStoreError) in
      try document.removeSection(try document.id(of: "B"))
    },
    Case(testDescription: "insert a section in the middle") {
      document throws(CollectionStoreError) in
      let section = document.insertSection(named: "new", info: EmptyInfo(), at: 1, date: at(100))
      try document.append(["n1"], to: section.id, date: at(100))
    },
  ]

  @Test(arguments: cases)
  func undoRestoresTheExactPreviousDocumentAndRedoReappliesIt(_ testCase: Case) throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store()
    try store.add(Self.standard, date: at(0))
    let before = try Shape(store.read().document)

    let commit = try store.perform(testCase.testDescription, date: at(100), testCase.change)
    let after = try Shape(store.read().document)
    #expect(after != before)
    #expect(try Shape(commit.document) == after)
    #expect(try store.read().undoCount == 2)

    let undone = try store.undo(date: at(200))
    #expect(undone.result == testCase.testDescription)
    #expect(try Shape(undone.document) == before)
    #expect(try Shape(store.read().document) == before)
    #expect(try store.read().redoCount == 1)

    // Redo from another store instance: the history is in the file.
    let redone = try sandbox.store().redo(date: at(300))
    #expect(redone.result == testCase.testDescription)
    #expect(try Shape(store.read().document) == after)
    #expect(try store.read().undoCount == 2)
    #expect(try store.read().redoCount == 0)

    // And back again, then undo the setup too: the document is empty.
    try store.undo()
    #expect(try Shape(store.read().document) == before)
    try store.undo()
    #expect(try store.read().document.sections.isEmpty)
    #expect(throws: CollectionStoreError.nothingTo("undo")) { try store.undo() }
  }

  @Test func undoAndRedoOnAnEmptyHistoryAreErrorsAndWriteNothing() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store()
    #expect(throws: CollectionStoreError.nothingTo("undo")) { try store.undo() }
    #expect(throws: CollectionStoreError.nothingTo("redo")) { try store.redo() }
    #expect(!sandbox.names().contains("list.jsonl"))
    try store.add(["A": []])
    #expect(throws: CollectionStoreError.nothingTo("redo")) { try store.redo() }
    #expect(CollectionStoreError.nothingTo("undo").description == "nothing to undo")
  }

  @Test func aNewChangeClearsRedo() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store()
    try store.add(["A": ["a1"]])
    try store.add(["B": ["b1"]])
    try store.undo()
    #expect(try store.read().redoCount == 1)
    try store.add(["C": ["c1"]])
    #expect(try store.read().redoCount == 0)
    #expect(throws: CollectionStoreError.nothingTo("redo")) { try store.redo() }
    #expect(try store.named().map(\.name) == ["A", "C"])
  }

  @Test func theHistoryKeepsTheLastHistoryLimitChanges() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store(historyLimit: 3)
    for index in 1...5 { try store.add(["S\(index)": []]) }
    #expect(try store.read().undoCount == 3)
    for _ in 1...3 { try store.undo() }
    #expect(try store.named().map(\.name) == ["S1", "S2"])
    #expect(throws: CollectionStoreError.nothingTo("undo")) { try store.undo() }
    #expect(try store.read().redoCount == 3)
    for _ in 1...3 { try store.redo() }
    #expect(try store.named().map(\.name) == ["S1", "S2", "S3", "S4", "S5"])
  }

  /// A file changed outside the history (another program, an older copy edited by hand, with
  /// its checksums fixed) is not overwritten by an undo.
  @Test func undoRefusesWhenTheFileChangedOutsideTheHistory() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store()
    try store.add(["A": ["a1"], "B": ["b1"]])
    try store.perform("add a2") { (document) throws(CollectionStoreError) in
      try document.append(["a2"], to: try document.id(of: "A"), date: at(1))
    }
    // Edit A outside the history.
    try editOutsideTheHistory(sandbox) { (document) throws(CollectionStoreError) in
      try document.append(["a3"], to: try document.id(of: "A"), date: at(2))
    }
    let bytes = sandbox.bytes()
    #expect(throws: CollectionStoreError.historyConflict(label: "add a2")) { try store.undo() }
    #expect(sandbox.bytes() == bytes)
    #expect(
      CollectionStoreError.historyConflict(label: "add a2").description
        == "cannot reverse 'add a2': what it changed was changed again since"
    )
  }

  @Test func undoKeepsAnOutsideChangeToAnotherSection() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store()
    try store.add(["A": ["a1"], "B": ["b1"]])
    try store.perform("add a2") { (document) throws(CollectionStoreError) in
      try document.append(["a2"], to: try document.id(of: "A"), date: at(1))
    }
    try editOutsideTheHistory(sandbox) { (document) throws(CollectionStoreError) in
      try document.append(["b2"], to: try document.id(of: "B"), date: at(2))
    }
    try store.undo()
    #expect(
      try store.named() == [
        Named(name: "A", values: ["a1"]), Named(name: "B", values: ["b1", "b2"]),
      ]
    )
  }

  /// Rewrites the file with `change` applied and the history left as it was.
  func editOutsideTheHistory(
    _ sandbox: Sandbox,
    _ change: (inout Document) throws(CollectionStoreError) -> Void
  ) throws {
    var contents = try sandbox.contents()
    try change(&contents.document)
    try sandbox.write(contents)
    #expect(try sandbox.store().read().warnings.isEmpty)
  }
}
