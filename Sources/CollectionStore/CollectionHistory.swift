import FileKit
import Foundation

/// One change as the undo history keeps it: the sections it touched, before and after.
///
/// Only what changed is kept (a moved member: its two sections), and the order of the
/// sections only when it changed, so an entry stays small in a file of 1,000 boxes. A
/// section's items are named by their file in the data directory (``StoredItems``), which
/// the manifest keeps while the entry is in the history (``storedFiles``): undo points the
/// section back at the file, and an entry holds no item but those a change appended. In a
/// collection held in one file (and in entries written before files were named), the items
/// are written out.
struct HistoryEntry<Info: Codable & Hashable & Sendable, Value: Codable & Hashable & Sendable>:
  Codable, Sendable
{
  /// A section as it was: `section` is `nil` when it did not exist; its items are `items`,
  /// or those of the file `stored`.
  struct SectionState: Codable, Sendable, Equatable {
    var id: Int
    var section: CollectionSection<Info>?
    var items: [CollectionItem<Value>]?
    var stored: StoredItems?
    /// In the state after a change that only appended items to the section: those items,
    /// so that the change is reported, and undone, without decoding the others.
    var appended: [CollectionItem<Value>]?

    /// How many items it holds.
    var count: Int { stored?.count ?? items?.count ?? 0 }
  }

  /// One side of the change.
  struct State: Codable, Sendable {
    /// The identifiers of all sections in order, when the order changed.
    var order: [Int]?
    var sections: [SectionState]
  }

  var label: String
  var date: String
  var before: State
  var after: State

  /// A change's entry: the touched sections that changed (`sections`, each before and
  /// after, as ``touchedSections(from:to:storesFiles:)`` makes them), and the order of all
  /// sections when it changed.
  init(
    label: String,
    date: Date,
    sections: [(before: SectionState, after: SectionState)],
    oldOrder: [Int],
    newOrder: [Int]
  ) {
    self.label = label
    self.date = CollectionDate.string(from: date)
    before = State(order: oldOrder == newOrder ? nil : oldOrder, sections: sections.map(\.before))
    after = State(order: oldOrder == newOrder ? nil : newOrder, sections: sections.map(\.after))
  }

  /// The files of the data directory the entry names: the manifest lists them with the
  /// entry, so that they are kept while it is in the history.
  var storedFiles: [CollectionFileFormat.SectionFileReference] {
    (before.sections + after.sections).compactMap { state in
      state.stored.map { .init(section: state.id, length: $0.length, checksum: $0.checksum) }
    }
  }

  /// The sections `new` touched, each as the entry records it before and after, and as
  /// the change report and the identifier check see it (``TouchedSection``).
  ///
  /// A section the change only appended to is not decoded; another is decoded on each side
  /// once. When `storesFiles`, the sections' items are named by their files: the old ones
  /// are in the data directory already, and the new ones are encoded here, once, and kept
  /// in `new` for the commit to write (``CollectionDocument/storeItems(of:)``).
  static func touchedSections(
    from old: CollectionDocument<Info, Value>,
    to new: inout CollectionDocument<Info, Value>,
    storesFiles: Bool
  ) throws(CollectionStoreError) -> [(
    before: SectionState, after: SectionState, touched: TouchedSection<Info, Value>
  )] {
    var sections: [(SectionState, SectionState, TouchedSection<Info, Value>)] = []
    for id in new.touched.sorted() {
      var before = SectionState(id: id, section: old.section(id))
      var after = SectionState(id: id, section: new.section(id))
      var touched = TouchedSection<Info, Value>(
        id: id,
        before: .init(section: before.section, items: []),
        after: .init(section: after.section, items: [])
      )
      if let appended = new.appendedItems(in: id, since: old) {
        after.appended = appended
        touched.before.offset = old.count(in: id)
        touched.after = .init(section: after.section, items: appended, offset: old.count(in: id))
      } else {
        if before.section != nil { touched.before.items = try old.items(in: id) }
        if after.section != nil { touched.after.items = try new.items(in: id) }
      }
      if before.section != nil {
        before.stored = storesFiles ? old.storedItems(of: id) : nil
        if before.stored == nil {
          before.items = after.appended == nil ? touched.before.items : try old.items(in: id)
        }
      }
      if after.section != nil {
        if storesFiles {
          after.stored = try new.storeItems(of: id)
        } else {
          after.items = after.appended == nil ? touched.after.items : try new.items(in: id)
        }
      }
      sections.append((before, after, touched))
    }
    return sections
  }

  /// The touched sections of the entry as undoing it (or redoing it) changes `old` to
  /// `new`, for the change report: a section the entry appended to is not decoded.
  func touchedSections(
    undoing: Bool,
    from old: CollectionDocument<Info, Value>,
    to new: CollectionDocument<Info, Value>
  ) throws(CollectionStoreError) -> [TouchedSection<Info, Value>] {
    var sections: [TouchedSection<Info, Value>] = []
    for (first, second) in zip(before.sections, after.sections) {
      let (from, to) = undoing ? (second, first) : (first, second)
      var touched = TouchedSection<Info, Value>(
        id: first.id,
        before: .init(section: from.section, items: []),
        after: .init(section: to.section, items: [])
      )
      if let appended = second.appended {
        touched.before.offset = first.count
        touched.after.offset = first.count
        if undoing { touched.before.items = appended } else { touched.after.items = appended }
      } else {
        if from.section != nil { touched.before.items = try old.items(in: first.id) }
        if to.section != nil { touched.after.items = try new.items(in: first.id) }
      }
      sections.append(touched)
    }
    return sections
  }

  /// Whether `document` is as `state` describes (so that going back to the other side is
  /// safe). Items named by a file are compared by the file (its length and checksum), not
  /// read.
  static func matches(_ state: State, _ document: CollectionDocument<Info, Value>)
    throws(CollectionStoreError) -> Bool
  {
    if let order = state.order, order != document.sections.map(\.id) { return false }
    for section in state.sections {
      guard document.section(section.id) == section.section else { return false }
      guard section.section != nil else { continue }
      if let stored = section.stored {
        guard document.storedItems(of: section.id) == stored else { return false }
      } else if try document.items(in: section.id) != section.items ?? [] {
        return false
      }
    }
    return true
  }

  /// Checks that the files `state` names are in the data directory `files`, whole, before a
  /// document points at them.
  ///
  /// - Throws: `.corruptFile` (`what` names the entry) when one is missing or damaged.
  static func checkStoredFiles(_ state: State, in files: CollectionFiles?, what: String)
    throws(CollectionStoreError)
  {
    for section in state.sections {
      guard let stored = section.stored else { continue }
      guard let files else {
        throw .corruptFile(reason: "\(what) names a file, but the collection has no directory")
      }
      _ = try files.history(stored.file(of: section.id), what: what)
    }
  }

  /// Whether every identifier the entry names is in `1..<nextID` (as every identifier
  /// made before the entry is), each section state's section has the state's identifier,
  /// both sides name the same sections, and every file it names has a checksum for a name
  /// (never a path) and a count and length in range: an entry that fails is damaged, even
  /// when its checksum matches, and is never applied.
  ///
  /// - Complexity: O(n) in the entry's items.
  func isValid(below nextID: Int) -> Bool {
    let valid = 1..<nextID
    guard before.sections.map(\.id) == after.sections.map(\.id) else { return false }
    for state in [before, after] {
      guard (state.order ?? []).allSatisfy(valid.contains) else { return false }
      for section in state.sections {
        let items = (section.items ?? []) + (section.appended ?? [])
        guard valid.contains(section.id), section.section.map({ $0.id == section.id }) ?? true,
          items.allSatisfy({ valid.contains($0.id) }),
          section.stored.map({ stored in
            (0...CollectionFileFormat.maximumFileLength).contains(stored.length)
              && (0...stored.length).contains(stored.count) && Checksum.isHex(stored.checksum)
          }) ?? true
        else { return false }
      }
    }
    return true
  }

  /// Makes `document` as `state` describes.
  static func apply(_ state: State, to document: inout CollectionDocument<Info, Value>) {
    for section in state.sections {
      document.restore(
        section.id,
        section: section.section,
        items: section.items,
        stored: section.stored
      )
    }
    if let order = state.order { document.reorderSections(order) }
  }
}
