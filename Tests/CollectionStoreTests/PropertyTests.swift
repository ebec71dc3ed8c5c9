import Foundation
import PokedexTestSupport
import Testing

@testable import CollectionStore

/// Random changes, undos and redos applied both to a store and to a plain model: the store
/// always reads as the model says.
@Suite struct PropertyTests {
  /// The model: sections as names and values, with its own undo and redo stacks.
  struct Model {
    var sections: [Named] = []
    var past: [[Named]] = []
    var future: [[Named]] = []

    mutating func commit(_ change: (inout [Named]) -> Void) {
      past.append(sections)
      future = []
      change(&sections)
    }
  }

  @Test(arguments: Array(1...12) as [UInt64])
  func randomChangesMatchAModelAndUndoAllEmptiesTheDocument(seed: UInt64) throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store(historyLimit: 1_000)
    var rng = SplitMix64(seed: seed)
    var model = Model()
    var counter = 0
    func fresh(_ prefix: String) -> String {
      counter += 1
      return "\(prefix)\(counter)"
    }
    func random(_ count: Int) -> Int { Int.random(in: 0..<count, using: &rng) }

    for step in 0..<60 {
      let date = at(step)
      let sections = model.sections
      let filled = sections.indices.filter { !sections[$0].values.isEmpty }
      let operation = random(10)
      var log = ""
      switch operation {
      case 0, 1:
        // Insert a section anywhere.
        let name = fresh("S")
        let index = random(sections.count + 1)
        log = "insert \(name) at \(index)"
        try store.perform(log, date: date) { (document) throws(CollectionStoreError) in
          document.insertSection(named: name, info: EmptyInfo(), at: index, date: date)
        }
        model.commit { $0.insert(Named(name: name, values: []), at: index) }
      case 2 where !sections.isEmpty:
        let index = random(sections.count)
        let name = fresh("R")
        log = "rename \(index) to \(name)"
        try store.perform(log, date: date) { (document) throws(CollectionStoreError) in
          try document.updateSection(document.sections[index].id, date: date) { $0.name = name }
        }
        model.commit { $0[index].name = name }
      case 3 where !sections.isEmpty && random(3) == 0:
        let index = random(sections.count)
        log = "delete section \(index)"
        try store.perform(log, date: date) { (document) throws(CollectionStoreError) in
          try document.removeSection(document.sections[index].id)
        }
        model.commit { _ = $0.remove(at: index) }
      case 3 where !sections.isEmpty, 4 where !sections.isEmpty:
        let index = random(sections.count)
        let value = fresh("v")
        log = "append \(value) to \(index)"
        try store.perform(log, date: date) { (document) throws(CollectionStoreError) in
          try document.append([value], to: document.sections[index].id, date: date)
        }
        model.commit { $0[index].values.append(value) }
      case 5 where !filled.isEmpty:
        let index = filled[random(filled.count)]
        let position = random(sections[index].values.count)
        log = "remove \(index).\(position)"
        try store.perform(log, date: date) { (document) throws(CollectionStoreError) in
          try document.modifyItems(in: document.sections[index].id, date: date) {
            _ = $0.remove(at: position)
          }
        }
        model.commit { _ = $0[index].values.remove(at: position) }
      case 6 where filled.contains(where: { sections[$0].values.count >= 2 }):
        let candidates = filled.filter { sections[$0].values.count >= 2 }
        let index = candidates[random(candidates.count)]
        let count = sections[index].values.count
        let from = random(count)
        let to = (from + 1 + random(count - 1)) % count
        log = "move \(index).\(from) to \(index).\(to)"
        try store.perform(log, date: date) { (document) throws(CollectionStoreError) in
          try document.modifyItems(in: document.sections[index].id, date: date) { items in
            items.insert(items.remove(at: from), at: to)
          }
        }
        model.commit { $0[index].values.insert($0[index].values.remove(at: from), at: to) }
      case 7 where !filled.isEmpty && sections.count >= 2:
        let source = filled[random(filled.count)]
        let destination = (source + 1 + random(sections.count - 1)) % sections.count
        let from = random(sections[source].values.count)
        let to = random(sections[destination].values.count + 1)
        log = "move \(source).\(from) to \(destination).\(to)"
        try store.perform(log, date: date) { (document) throws(CollectionStoreError) in
          var moved: [CollectionItem<String>] = []
          try document.modifyItems(in: document.sections[source].id, date: date) {
            moved = [$0.remove(at: from)]
          }
          try document.modifyItems(in: document.sections[destination].id, date: date) {
            $0.insert(contentsOf: moved, at: to)
          }
        }
        model.commit {
          let value = $0[source].values.remove(at: from)
          $0[destination].values.insert(value, at: to)
        }
      case 8 where !filled.isEmpty:
        let index = filled[random(filled.count)]
        let position = random(sections[index].values.count)
        let value = fresh("e")
        log = "edit \(index).\(position) to \(value)"
        try store.perform(log, date: date) { (document) throws(CollectionStoreError) in
          try document.modifyItems(in: document.sections[index].id, date: date) {
            $0[position].value = value
          }
        }
        model.commit { $0[index].values[position] = value }
      case 9 where !model.past.isEmpty && (model.future.isEmpty || random(2) == 0):
        log = "undo"
        try store.undo(date: date)
        model.future.append(model.sections)
        model.sections = model.past.removeLast()
      case 9 where !model.future.isEmpty:
        log = "redo"
        try store.redo(date: date)
        model.past.append(model.sections)
        model.sections = model.future.removeLast()
      default:
        continue
      }
      let reading = try store.read()
      #expect(reading.warnings.isEmpty)
      #expect(
        try Named.of(reading.document) == model.sections,
        "seed \(seed), step \(step): \(log)"
      )
      #expect(reading.undoCount == model.past.count, "seed \(seed), step \(step): \(log)")
      #expect(reading.redoCount == model.future.count, "seed \(seed), step \(step): \(log)")
      guard try Named.of(reading.document) == model.sections else { return }
    }

    // Undo everything: the document is empty; redo everything: it is back.
    let final = model.sections
    for _ in model.past { try store.undo() }
    #expect(try store.read().document.sections.isEmpty)
    #expect(throws: CollectionStoreError.nothingTo("undo")) { try store.undo() }
    for _ in model.past { try store.redo() }
    #expect(try store.named() == final)
  }
}
