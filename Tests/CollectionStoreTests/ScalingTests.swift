import FileKit
import Foundation
import Testing

@testable import CollectionStore

/// A change costs what it touches: appending to a large section records the new items only,
/// and a change of many sections is linear in them.
@Suite struct ScalingTests {
  /// A store with one section "Box" of `count` items.
  func box(of count: Int, in sandbox: Sandbox) throws -> Store {
    let store = sandbox.store()
    try store.add(["Box": (1...count).map { "item \($0)" }], date: at(0))
    return store
  }

  /// Adding one item to a section of 10,000: the history entry holds that item and names
  /// the section's files, the change reports one insertion at the end, and undo and redo
  /// report its deletion and insertion; the other items are never written out again.
  @Test func anAppendToALargeSectionRecordsOnlyTheNewItem() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = try box(of: 10_000, in: sandbox)
    let sectionBytes = sandbox.bytes(
      sandbox.dataDirectory.path(of: try #require(try storedName("Box", sandbox)))
    ).count

    let commit = try store.perform("add one", date: at(1)) {
      (document) throws(CollectionStoreError) -> [CollectionItem<String>] in
      try document.append(["new"], to: try document.id(of: "Box"), date: at(1))
    }
    let id = try #require(commit.result.first?.id)
    #expect(commit.change.diff.itemInsertions.map(\.path) == [.init(section: 0, item: 10_000)])
    #expect(commit.change.diff.changeCount == 1)
    #expect(Array(commit.change.newItems.keys) == [id])
    #expect(commit.change.oldItems.isEmpty)
    let entry = try #require(sandbox.contents().undo.last)
    #expect(entry.reference.length < 1_000, "\(entry.reference.length) bytes")
    #expect(entry.reference.files?.count == 2)
    #expect(sectionBytes > 100_000)
    let values = try store.read().document.values(of: "Box")
    #expect(values.count == 10_001)
    #expect(values.last == "new")

    let undo = try store.undo(date: at(2))
    #expect(undo.change.diff.itemDeletions.map(\.path) == [.init(section: 0, item: 10_000)])
    #expect(undo.change.diff.changeCount == 1)
    #expect(try store.read().document.values(of: "Box").count == 10_000)
    let redo = try store.redo(date: at(3))
    #expect(redo.change.diff.itemInsertions.map(\.path) == [.init(section: 0, item: 10_000)])
    #expect(try store.read().document.values(of: "Box") == values)
  }

  /// Appends, then a change that decodes the section, then appends again: each side of
  /// each entry is exact, whatever mix of appended and decoded bodies made it.
  @Test func appendsAndEditsMixedUndoExactly() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = try box(of: 3, in: sandbox)
    var versions = [try store.named()]
    for index in 0..<4 {
      let date = at(index + 1)
      try store.perform("change \(index)", date: date) { (document) throws(CollectionStoreError) in
        switch index {
        case 0:
          try document.append(["a"], to: try document.id(of: "Box"), date: date)
          try document.append(["b", "c"], to: try document.id(of: "Box"), date: date)
        case 1:
          let id = try document.id(of: "Box")
          try document.append(["d"], to: id, date: date)
          try document.modifyItems(in: id, date: date) { $0.swapAt(0, 4) }
        case 2:
          let id = try document.id(of: "Box")
          try document.append(["e"], to: id, date: date)
          try document.updateSection(id, date: date) { $0.name = "Box 2" }
        default:
          let other = document.appendSection(named: "Other", info: EmptyInfo(), date: date)
          try document.append(["x"], to: other.id, date: date)
          try document.append(["f"], to: try document.id(of: "Box 2"), date: date)
        }
      }
      versions.append(try store.named())
    }
    #expect(
      versions.last?.first?.values == ["b", "item 2", "item 3", "a", "item 1", "c", "d", "e", "f"]
    )
    for version in versions.dropLast().reversed() {
      try store.undo(date: at(10))
      #expect(try store.named() == version)
    }
    for version in versions.dropFirst() {
      try store.redo(date: at(20))
      #expect(try store.named() == version)
    }
  }

  /// The sections the history names are kept by every sweep: long after them, undo goes
  /// back through every change.
  @Test func theFilesTheHistoryNamesOutliveSweeps() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = try box(of: 2, in: sandbox)
    var versions = [try store.named()]
    for round in 1...4 {
      try store.perform("add \(round)", date: at(round)) {
        (document) throws(CollectionStoreError) in
        try document.append(["\(round)"], to: try document.id(of: "Box"), date: at(round))
      }
      versions.append(try store.named())
      try sandbox.ageStoredFiles()
    }
    for version in versions.dropLast().reversed() {
      try store.undo(date: at(10))
      #expect(try store.named() == version)
    }
  }

  /// An undo whose section file is missing is refused, and nothing changes.
  @Test func anUndoWhoseFileIsMissingIsRefused() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = try box(of: 2, in: sandbox)
    let before = try #require(try storedName("Box", sandbox))
    try store.perform("add", date: at(1)) { (document) throws(CollectionStoreError) in
      try document.append(["new"], to: try document.id(of: "Box"), date: at(1))
    }
    try FileManager.default.removeItem(atPath: sandbox.dataDirectory.path(of: before))
    let manifest = sandbox.bytes()
    let error = #expect(throws: CollectionStoreError.self) { try store.undo(date: at(2)) }
    #expect(error?.description.contains("the history cannot go back past it") == true)
    #expect(sandbox.bytes() == manifest)
    #expect(try store.read().document.values(of: "Box") == ["item 1", "item 2", "new"])
  }

  /// One change that adds thousands of sections costs time linear in them: 32 times the
  /// sections cost under 32 × 2 times as long (the minimum of three runs each; it was
  /// quadratic when each section named was found by a search of all of them). The store is
  /// a symlink to `/dev/null`, so that only the change is timed, not the writing of files.
  @Test func addingManySectionsIsLinear() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    try FileManager.default.createSymbolicLink(
      atPath: sandbox.path,
      withDestinationPath: "/dev/null"
    )
    let store = sandbox.store()
    func seconds(_ count: Int) throws -> Double {
      var best = Double.infinity
      for _ in 0..<3 {
        let start = ContinuousClock.now
        try store.perform("import", date: at(0)) { (document) throws(CollectionStoreError) in
          for index in 0..<count {
            let section = document.appendSection(named: "T\(index)", info: EmptyInfo(), date: at(0))
            try document.append(["x"], to: section.id, date: at(0))
          }
        }
        let elapsed = (ContinuousClock.now - start).components
        best = min(best, Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18)
      }
      return best
    }
    let small = try seconds(400)
    let large = try seconds(12_800)
    #expect(large < 64 * small, "400 sections: \(small) s, 12,800: \(large) s")
  }

  /// The data directory's name of the file that holds the section named `name`.
  func storedName(_ name: String, _ sandbox: Sandbox) throws -> String? {
    let document = try sandbox.contents().document
    return document.storedFile(of: try document.id(of: name))?.name
  }
}
