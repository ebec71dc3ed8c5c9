import Foundation
import Testing

@testable import CollectionStore

/// `CollectionChange`: what a commit reports to a table.
@Suite struct ChangeTests {
  /// A store holding A: [a1, a2], B: [b1].
  func makeStore(_ sandbox: Sandbox) throws -> Store {
    let store = sandbox.store()
    try store.add(["A": ["a1", "a2"], "B": ["b1"]])
    return store
  }

  @Test func aMoveAcrossSectionsIsOneItemMove() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = try makeStore(sandbox)
    let commit = try store.perform("move a1 to B") {
      (document) throws(CollectionStoreError) -> Int in
      var moved: [CollectionItem<String>] = []
      try document.modifyItems(in: try document.id(of: "A"), date: at(1)) {
        moved = [$0.removeFirst()]
      }
      try document.modifyItems(in: try document.id(of: "B"), date: at(1)) { $0 += moved }
      return moved[0].id
    }
    let diff = commit.change.diff
    #expect(diff.itemMoves.map(\.id) == [commit.result])
    #expect(diff.itemMoves.first?.from.description == "[0, 0]")
    #expect(diff.itemMoves.first?.to.description == "[1, 1]")
    #expect(diff.changeCount == 1)
    #expect(commit.change.label == "move a1 to B")
    #expect(commit.change.oldSections.map(\.name) == ["A", "B"])
    #expect(commit.change.newSections.map(\.name) == ["A", "B"])
    #expect(commit.change.newItems[commit.result]?.value == "a1")

    // Its undo is the move back.
    let undo = try store.undo()
    #expect(undo.change.diff.itemMoves.map(\.id) == [commit.result])
    #expect(undo.change.diff.changeCount == 1)
  }

  @Test func anEditedValueIsAReconfigure() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = try makeStore(sandbox)
    let commit = try store.perform("rename a2") { (document) throws(CollectionStoreError) -> Int in
      var id = 0
      try document.modifyItems(in: try document.id(of: "A"), date: at(1)) {
        $0[1].value = "A2"
        id = $0[1].id
      }
      return id
    }
    let diff = commit.change.diff
    #expect(diff.itemReconfigures.map(\.id) == [commit.result])
    #expect(diff.changeCount == 1)
    #expect(commit.change.oldItems[commit.result]?.value == "a2")
    #expect(commit.change.newItems[commit.result]?.value == "A2")
  }

  @Test func anInsertedItemIsAnInsertion() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = try makeStore(sandbox)
    let commit = try store.perform("add b2") { (document) throws(CollectionStoreError) -> Int in
      try document.append(["b2"], to: try document.id(of: "B"), date: at(1))[0].id
    }
    let diff = commit.change.diff
    #expect(diff.itemInsertions.map(\.id) == [commit.result])
    #expect(diff.itemInsertions.first?.path.description == "[0, 1]")
    #expect(diff.changeCount == 1)
    #expect(commit.change.newSections.map(\.name) == ["B"])

    let undo = try store.undo()
    #expect(undo.change.diff.itemDeletions.map(\.id) == [commit.result])
    #expect(undo.change.diff.changeCount == 1)
  }

  @Test func aRenamedSectionIsAReload() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = try makeStore(sandbox)
    let commit = try store.perform("rename B") { (document) throws(CollectionStoreError) -> Int in
      let id = try document.id(of: "B")
      try document.updateSection(id, date: at(1)) { $0.name = "Bee" }
      return id
    }
    let diff = commit.change.diff
    #expect(diff.sectionReloads.map(\.id) == [commit.result])
    #expect(diff.changeCount == 1)
    #expect(commit.change.oldSections.map(\.name) == ["B"])
    #expect(commit.change.newSections.map(\.name) == ["Bee"])
  }

  @Test func insertedAndDeletedSectionsAreSectionChanges() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = try makeStore(sandbox)
    let insert = try store.add(["C": ["c1", "c2"]])
    #expect(insert.change.diff.sectionInsertions.count == 1)
    #expect(insert.change.diff.sectionInsertions.first?.items.count == 2)
    #expect(insert.change.diff.itemInsertions.isEmpty)

    let delete = try store.perform("delete A") { (document) throws(CollectionStoreError) in
      try document.removeSection(try document.id(of: "A"))
    }
    #expect(delete.change.diff.sectionDeletions.count == 1)
    #expect(delete.change.diff.sectionDeletions.first?.items.count == 2)
    #expect(delete.change.diff.changeCount == 1)
  }

  @Test func aChangeThatChangesNothingIsEmpty() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = try makeStore(sandbox)
    let commit = try store.perform("nothing") { _ in }
    #expect(commit.change.isEmpty)
    #expect(commit.change.label == "nothing")
  }
}
