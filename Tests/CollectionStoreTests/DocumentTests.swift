import Foundation
import Testing

@testable import CollectionStore

/// `CollectionDocument` in memory: sections, items, capacity, identifiers, dates.
@Suite struct DocumentTests {
  @Test func sectionsAreInsertedInOrderUpdatedAndRemoved() throws {
    var document = Document()
    let a = document.appendSection(named: "A", info: EmptyInfo(), date: at(0))
    let c = document.appendSection(named: "C", info: EmptyInfo(), date: at(0))
    let b = document.insertSection(named: "B", info: EmptyInfo(), at: 1, date: at(1))
    // Out-of-range positions are clamped.
    document.insertSection(named: "first", info: EmptyInfo(), at: -5, date: at(2))
    document.insertSection(named: "last", info: EmptyInfo(), at: 99, date: at(3))
    #expect(document.sections.map(\.name) == ["first", "A", "B", "C", "last"])
    #expect(Set(document.sections.map(\.id)).count == 5)

    try document.updateSection(b.id, date: at(10)) { section in
      section.name = "Bee"
      section.folder = "Hive"
      section.capacity = 3
      section.id = 999  // ignored: the identifier stays
    }
    let updated = try #require(document.section(b.id))
    #expect(updated.name == "Bee")
    #expect(updated.folder == "Hive")
    #expect(updated.capacity == 3)
    #expect(updated.created == at(1))
    #expect(updated.modified == at(10))
    #expect(document.section(999) == nil)

    // An update that changes nothing leaves the modification date alone.
    try document.updateSection(b.id, date: at(20)) { _ in }
    #expect(document.section(b.id)?.modified == at(10))

    try document.removeSection(a.id)
    #expect(document.sections.map(\.name) == ["first", "Bee", "C", "last"])
    #expect(document.section(a.id) == nil)
    #expect(document.section(c.id)?.name == "C")
  }

  @Test func aMissingSectionIsAnError() throws {
    var document = Document()
    let gone = document.appendSection(named: "gone", info: EmptyInfo(), date: at(0))
    try document.removeSection(gone.id)
    #expect(throws: CollectionStoreError.noSuchSection(gone.id)) {
      try document.removeSection(gone.id)
    }
    #expect(throws: CollectionStoreError.noSuchSection(gone.id)) {
      try document.updateSection(gone.id, date: at(1)) { $0.name = "back" }
    }
    #expect(throws: CollectionStoreError.noSuchSection(gone.id)) {
      try document.items(in: gone.id)
    }
    #expect(throws: CollectionStoreError.noSuchSection(gone.id)) {
      try document.append(["x"], to: gone.id, date: at(1))
    }
    #expect(throws: CollectionStoreError.noSuchSection(42)) {
      try document.modifyItems(in: 42, date: at(1)) { _ in }
    }
    #expect(document.count(in: gone.id) == 0)
  }

  @Test func appendAndModifyItemsKeepDatesPerItem() throws {
    var document = Document()
    let list = document.appendSection(named: "list", info: EmptyInfo(), date: at(0))
    let made = try document.append(["x", "y", "z"], to: list.id, date: at(5))
    #expect(made.map(\.value) == ["x", "y", "z"])
    #expect(Set(made.map(\.id)).count == 3)
    #expect(made.allSatisfy { $0.created == at(5) && $0.modified == at(5) })
    #expect(try document.items(in: list.id) == made)
    #expect(document.count(in: list.id) == 3)
    #expect(document.section(list.id)?.modified == at(5))

    try document.modifyItems(in: list.id, date: at(9)) { items in
      items[0].value = "x2"
      items.swapAt(0, 1)
      items.removeLast()
    }
    let items = try document.items(in: list.id)
    #expect(items.map(\.value) == ["y", "x2"])
    #expect(items.map(\.id) == [made[1].id, made[0].id])
    // Only the item whose value changed gets a new modification date.
    #expect(items[0].modified == at(5))
    #expect(items[1].modified == at(9))
    #expect(items[1].created == at(5))
    #expect(document.section(list.id)?.modified == at(9))
    #expect(document.count(in: list.id) == 2)
    #expect(document.totalCount == 2)

    // A change that changes nothing leaves the dates alone.
    try document.modifyItems(in: list.id, date: at(30)) { _ in }
    #expect(document.section(list.id)?.modified == at(9))
  }

  @Test func datesAreKeptToWholeSeconds() throws {
    var document = Document()
    let list = document.appendSection(
      named: "list",
      info: EmptyInfo(),
      date: at(0).addingTimeInterval(0.75)
    )
    #expect(list.created == at(0))
    let item = try document.append(["x"], to: list.id, date: at(3).addingTimeInterval(0.999))
    #expect(item.first?.created == at(3))
  }

  @Test func aFullSectionRefusesAnotherItemAndNothingChanges() throws {
    var document = Document()
    let team = document.appendSection(named: "Team", capacity: 6, info: EmptyInfo(), date: at(0))
    try document.append((1...6).map { "member \($0)" }, to: team.id, date: at(1))
    let before = try Shape(document)
    let full = CollectionStoreError.sectionFull(name: "Team", capacity: 6)

    #expect(throws: full) { try document.append(["member 7"], to: team.id, date: at(2)) }
    let extra = document.makeItem("member 7", date: at(2))
    #expect(throws: full) {
      try document.modifyItems(in: team.id, date: at(2)) { $0.append(extra) }
    }
    #expect(try Shape(document) == before)

    // Lowering the capacity below the count is refused the same way.
    #expect(throws: CollectionStoreError.sectionFull(name: "Team", capacity: 5)) {
      try document.updateSection(team.id, date: at(3)) { $0.capacity = 5 }
    }
    #expect(try Shape(document) == before)

    // Replacing a member stays within the capacity.
    try document.modifyItems(in: team.id, date: at(4)) { $0[5] = extra }
    #expect(try document.items(in: team.id).last?.value == "member 7")
  }

  @Test func aFullSectionRefusesAnotherItemThroughTheStoreAndNothingIsWritten() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store()
    try store.perform("make a team") { (document) throws(CollectionStoreError) in
      let team = document.appendSection(named: "Team", capacity: 6, info: EmptyInfo(), date: at(0))
      try document.append((1...6).map { "member \($0)" }, to: team.id, date: at(0))
    }
    let bytes = sandbox.bytes()
    #expect(throws: CollectionStoreError.sectionFull(name: "Team", capacity: 6)) {
      try store.perform("add a seventh") { (document) throws(CollectionStoreError) in
        try document.append(["member 7"], to: try document.id(of: "Team"), date: at(1))
      }
    }
    #expect(sandbox.bytes() == bytes)
    #expect(try store.read().undoCount == 1)
  }

  @Test func identifiersAreNeverReused() throws {
    var document = Document()
    let first = document.appendSection(named: "first", info: EmptyInfo(), date: at(0))
    let made = try document.append(["a", "b", "c"], to: first.id, date: at(0))
    var seen = Set([first.id] + made.map(\.id))
    // Removing the newest item and section does not free their identifiers.
    try document.modifyItems(in: first.id, date: at(1)) { $0.removeLast() }
    try document.removeSection(first.id)
    let second = document.appendSection(named: "second", info: EmptyInfo(), date: at(2))
    let again = try document.append(["d"], to: second.id, date: at(2))
    for id in [second.id] + again.map(\.id) {
      #expect(seen.insert(id).inserted, "identifier \(id) reused")
    }
  }

  @Test func identifiersAreNeverReusedAcrossCommitsAndUndo() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store()
    let made = try store.add(["list": ["a", "b"]]).document
    var seen = Set(made.sections.map(\.id) + (try made.items(in: made.id(of: "list")).map(\.id)))
    // Remove the newest item, then undo an addition: neither identifier comes back.
    try store.perform("remove b") { (document) throws(CollectionStoreError) in
      try document.modifyItems(in: try document.id(of: "list"), date: at(1)) { $0.removeLast() }
    }
    let added = try store.perform("add c") { (document) throws(CollectionStoreError) in
      try document.append(["c"], to: try document.id(of: "list"), date: at(2)).map(\.id)
    }
    #expect(seen.insert(added.result[0]).inserted)
    try store.undo()
    // A new store instance reads the next identifier from the file.
    let again = try sandbox.store().perform("add d") { (document) throws(CollectionStoreError) in
      try document.append(["d"], to: try document.id(of: "list"), date: at(3)).map(\.id)
    }
    #expect(seen.insert(again.result[0]).inserted, "identifier \(again.result[0]) reused")
  }

  @Test func movingAnItemAcrossSectionsKeepsItsIdentifierAndCreationDate() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store()
    try store.add(["A": ["a1", "a2"], "B": ["b1"]], date: at(0))
    let before = try store.read().document
    let original = try #require(before.items(in: before.id(of: "A")).first)
    let commit = try store.perform("move a1 to B", date: at(60)) {
      (document) throws(CollectionStoreError) in
      let a = try document.id(of: "A")
      let b = try document.id(of: "B")
      var moved: [CollectionItem<String>] = []
      try document.modifyItems(in: a, date: at(60)) { moved = [$0.removeFirst()] }
      try document.modifyItems(in: b, date: at(60)) { $0.insert(contentsOf: moved, at: 0) }
    }
    let document = try store.read().document
    #expect(try document.values(of: "A") == ["a2"])
    #expect(try document.values(of: "B") == ["a1", "b1"])
    let moved = try #require(document.items(in: document.id(of: "B")).first)
    #expect(moved == original)
    #expect(moved.created == at(0))
    #expect(try document.section(document.id(of: "B"))?.modified == at(60))
    #expect(try Shape(commit.document) == Shape(document))
  }

  @Test func anIdentifierUsedTwiceIsRefusedByTheStore() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store()
    try store.add(["A": ["a1"], "B": []])
    let bytes = sandbox.bytes()
    let error = #expect(throws: CollectionStoreError.self) {
      try store.perform("copy a1 to B") { (document) throws(CollectionStoreError) in
        let copy = try document.items(in: try document.id(of: "A"))
        try document.modifyItems(in: try document.id(of: "B"), date: at(1)) { $0 += copy }
      }
    }
    #expect(error.map { if case .invalidChange = $0 { true } else { false } } == true)
    #expect(sandbox.bytes() == bytes)
  }
}
