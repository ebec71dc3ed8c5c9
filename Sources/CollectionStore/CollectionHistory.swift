import Foundation

/// One change as the undo history keeps it: the sections it touched, before and after.
///
/// Only what changed is kept (a moved member: its two sections), and the order of the
/// sections only when it changed, so an entry stays small in a file of 1,000 boxes.
struct HistoryEntry<Info: Codable & Hashable & Sendable, Value: Codable & Hashable & Sendable>:
  Codable, Sendable
{
  /// A section as it was: `section` and `items` are `nil` when it did not exist.
  struct SectionState: Codable, Sendable, Equatable {
    var id: Int
    var section: CollectionSection<Info>?
    var items: [CollectionItem<Value>]?
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

  /// The touched sections of a change, each before and after: decoded once per commit,
  /// for the identifier check and for the entry.
  static func touchedStates(
    from old: CollectionDocument<Info, Value>,
    to new: CollectionDocument<Info, Value>
  ) throws(CollectionStoreError) -> [(before: SectionState, after: SectionState)] {
    var states: [(before: SectionState, after: SectionState)] = []
    for id in new.touched.sorted() {
      states.append((try state(of: id, in: old), try state(of: id, in: new)))
    }
    return states
  }

  /// Records the change from `old` to `new` of the `touched` sections
  /// (``touchedStates(from:to:)``), or `nil` when nothing changed.
  init?(
    label: String,
    date: Date,
    touched: [(before: SectionState, after: SectionState)],
    from old: CollectionDocument<Info, Value>,
    to new: CollectionDocument<Info, Value>
  ) {
    let changed = touched.filter { $0.before != $0.after }
    let before = changed.map(\.before)
    let after = changed.map(\.after)
    let oldOrder = old.sections.map(\.id)
    let newOrder = new.sections.map(\.id)
    guard !before.isEmpty || oldOrder != newOrder else { return nil }
    self.label = label
    self.date = CollectionDate.string(from: date)
    self.before = State(order: oldOrder == newOrder ? nil : oldOrder, sections: before)
    self.after = State(order: oldOrder == newOrder ? nil : newOrder, sections: after)
  }

  static func state(of id: Int, in document: CollectionDocument<Info, Value>)
    throws(CollectionStoreError) -> SectionState
  {
    guard let section = document.section(id) else { return SectionState(id: id) }
    return SectionState(id: id, section: section, items: try document.items(in: id))
  }

  /// Whether `document` is as `state` describes (so that going back to the other side is
  /// safe).
  static func matches(_ state: State, _ document: CollectionDocument<Info, Value>)
    throws(CollectionStoreError) -> Bool
  {
    if let order = state.order, order != document.sections.map(\.id) { return false }
    for section in state.sections where try Self.state(of: section.id, in: document) != section {
      return false
    }
    return true
  }

  /// Whether every identifier the entry names is in `1..<nextID` (as every identifier
  /// made before the entry is) and each section state's section has the state's
  /// identifier: an entry that fails is damaged, even when its checksum matches, and is
  /// never applied (an identifier of `Int.max` would overflow ``apply(_:to:)``).
  ///
  /// - Complexity: O(n) in the entry's items.
  func isValid(below nextID: Int) -> Bool {
    let valid = 1..<nextID
    for state in [before, after] {
      guard (state.order ?? []).allSatisfy(valid.contains) else { return false }
      for section in state.sections {
        guard valid.contains(section.id), section.section.map({ $0.id == section.id }) ?? true,
          (section.items ?? []).allSatisfy({ valid.contains($0.id) })
        else { return false }
      }
    }
    return true
  }

  /// Makes `document` as `state` describes.
  static func apply(_ state: State, to document: inout CollectionDocument<Info, Value>) {
    for section in state.sections {
      document.restore(section.id, section: section.section, items: section.items)
    }
    if let order = state.order { document.reorderSections(order) }
  }
}
