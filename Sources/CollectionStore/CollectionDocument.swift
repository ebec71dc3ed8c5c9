import FileKit
import Foundation

/// An ordered, sectioned document of `Codable` records: what a ``CollectionStore`` keeps in
/// its file (teams and boxes, a shopping list's aisles).
///
/// Sections are read and decoded only when asked for: opening a document of 1,000 sections
/// decodes their names, not their 30,000 items, and saving it writes only the sections a
/// change touched (``CollectionDataDirectory``).
///
/// ```swift
/// var document = CollectionDocument<EmptyInfo, String>()
/// let aisle = document.appendSection(named: "Fruit", info: EmptyInfo(), date: .now)
/// try document.append(["Apples", "Pears"], to: aisle.id, date: .now)
/// try document.items(in: aisle.id).map(\.value)  // ["Apples", "Pears"]
/// ```
public struct CollectionDocument<
  Info: Codable & Hashable & Sendable,
  Value: Codable & Hashable & Sendable
>: Sendable {
  public typealias Section = CollectionSection<Info>
  public typealias Item = CollectionItem<Value>

  /// The sections, in order.
  public private(set) var sections: [Section] = []
  /// The index of each section in ``sections``, by identifier, so that finding a section
  /// costs O(1): an import of 16,000 teams does not search 16,000 sections for each one.
  /// Kept by every change to the order of ``sections`` (``reindex(from:)``).
  private var positions: [Int: Int] = [:]
  /// The item count of each section, by section identifier.
  private var counts: [Int: Int] = [:]
  /// Each section's items: still the JSON bytes of the file, in a file of their own, or decoded.
  private var bodies: [Int: Body] = [:]
  /// Where `.stored` bodies are read from.
  private var files: CollectionFiles?
  /// The next identifier ``makeItem(_:date:)`` and ``appendSection(named:folder:capacity:info:date:)`` give.
  private(set) var nextID = 1
  /// The sections changed (or inserted, or removed) since the store read the document.
  private(set) var touched: Set<Int> = []

  enum Body: Sendable {
    /// The file's bytes, with the checksum the header gave them (verified when read), or
    /// the bytes a commit encoded.
    case encoded(ArraySlice<UInt8>, checksum: String)
    /// A file of the data directory, not read yet, and the file of the version before
    /// (for a recovery).
    case stored(StoredFile, previous: StoredFile?)
    case decoded([Item])
    /// Items appended to a body that was never decoded (`.stored` or `.encoded`): written
    /// after its bytes without decoding them, so that adding an item to a box of 200,000
    /// costs one item (and the copying of bytes), not 200,000 decoded and encoded again.
    indirect case appended([Item], to: Body)
  }

  /// An empty document.
  public init() {}

  init(
    sections: [Section],
    counts: [Int: Int],
    bodies: [Int: Body],
    nextID: Int,
    files: CollectionFiles? = nil
  ) {
    self.sections = sections
    self.counts = counts
    self.bodies = bodies
    self.nextID = nextID
    self.files = files
    reindex(from: 0)
  }

  // MARK: Reading

  /// The section with identifier `id`, or `nil`.
  ///
  /// - Complexity: O(1).
  public func section(_ id: Int) -> Section? { positions[id].map { sections[$0] } }

  /// Records the positions of the sections from `start` on, after a change to their order.
  ///
  /// - Complexity: O(s - start).
  private mutating func reindex(from start: Int) {
    for index in sections.indices.dropFirst(start) { positions[sections[index].id] = index }
  }

  /// The number of items in a section, without decoding them.
  public func count(in section: Int) -> Int { counts[section] ?? 0 }

  /// The number of items in every section.
  public var totalCount: Int { counts.values.reduce(0, +) }

  /// The items of a section, in order. A section the document has not changed is decoded
  /// from the file's bytes on each call (its file is read once): keep the result rather
  /// than asking twice.
  ///
  /// - Throws: ``CollectionStoreError/noSuchSection(_:)``; `.corruptFile` when the
  ///   section's bytes are damaged or do not decode; `.file` when its file cannot be read.
  /// - Complexity: O(n) in the section's size.
  public func items(in section: Int) throws(CollectionStoreError) -> [Item] {
    guard let body = bodies[section] else { throw .noSuchSection(section) }
    return try items(of: body, section: section, count: count(in: section))
  }

  /// The `count` items `body` holds (the items of `section`).
  private func items(of body: Body, section: Int, count: Int) throws(CollectionStoreError)
    -> [Item]
  {
    switch body {
    case .decoded(let items): return items
    case .encoded(let bytes, _): return try decode(bytes, section: section, count: count)
    case .stored(let file, let previous):
      let bytes = try storedBytes(of: section, file, previous)
      // A recovered section holds its previous version, whose count the manifest lost.
      let recovered = files?.wasRecovered(file.name) == true
      return try decode(bytes, section: section, count: recovered ? nil : count)
    case .appended(let items, let base):
      return try self.items(of: base, section: section, count: count - items.count) + items
    }
  }

  /// The bytes of a section kept in its own file.
  private func storedBytes(of section: Int, _ file: StoredFile, _ previous: StoredFile?)
    throws(CollectionStoreError) -> ArraySlice<UInt8>
  {
    guard let files else { throw .corruptFile(reason: "section \(section) has no data directory") }
    let name = self.section(section)?.name ?? "section \(section)"
    return try files.section(named: name, in: file, previous: previous)
  }

  /// The items `bytes` hold, checked against what the manifest says: `count` of them (when
  /// known), each identifier once and below ``nextID`` (a file whose checksum matches is
  /// still data: an identifier of `Int.max` must not reach the arithmetic of a later change).
  private func decode(_ bytes: ArraySlice<UInt8>, section: Int, count: Int?)
    throws(CollectionStoreError) -> [Item]
  {
    let what = "section \(section)"
    let items = try CollectionFileFormat.decode([Item].self, from: bytes, what: what)
    if let count, items.count != count {
      throw .corruptFile(
        reason: "\(what): \(items.count) items, not the \(count) the manifest says"
      )
    }
    var seen = Set<Int>(minimumCapacity: items.count)
    for item in items {
      guard (1..<nextID).contains(item.id), seen.insert(item.id).inserted else {
        throw .corruptFile(
          reason:
            "\(what): item \(item.id) appears twice or is not between 1 and nextID \(nextID)"
        )
      }
    }
    return items
  }

  // MARK: Changing sections

  /// Appends an empty section and returns it.
  @discardableResult
  public mutating func appendSection(
    named name: String,
    folder: String? = nil,
    capacity: Int? = nil,
    info: Info,
    date: Date
  ) -> Section {
    insertSection(
      named: name,
      folder: folder,
      capacity: capacity,
      info: info,
      at: sections.count,
      date: date
    )
  }

  /// Inserts an empty section at `index` (clamped to the valid positions) and returns it.
  @discardableResult
  public mutating func insertSection(
    named name: String,
    folder: String? = nil,
    capacity: Int? = nil,
    info: Info,
    at index: Int,
    date: Date
  ) -> Section {
    let section = Section(
      id: takeID(),
      name: name,
      folder: folder,
      capacity: capacity,
      info: info,
      date: date
    )
    let index = min(max(index, 0), sections.count)
    sections.insert(section, at: index)
    reindex(from: index)
    counts[section.id] = 0
    bodies[section.id] = .decoded([])
    touched.insert(section.id)
    return section
  }

  /// Changes a section's name, folder, capacity or info; its identifier stays.
  ///
  /// - Throws: ``CollectionStoreError/noSuchSection(_:)``;
  ///   ``CollectionStoreError/sectionFull(name:capacity:)`` when the new capacity is below
  ///   its count.
  public mutating func updateSection(
    _ id: Int,
    date: Date,
    _ change: (inout Section) -> Void
  ) throws(CollectionStoreError) {
    guard let index = positions[id] else { throw .noSuchSection(id) }
    var section = sections[index]
    change(&section)
    section.id = id
    if let capacity = section.capacity, count(in: id) > capacity {
      throw .sectionFull(name: section.name, capacity: capacity)
    }
    guard section != sections[index] else { return }
    section.modified = CollectionDate.wholeSeconds(date)
    sections[index] = section
    touched.insert(id)
  }

  /// Removes a section and its items.
  public mutating func removeSection(_ id: Int) throws(CollectionStoreError) {
    guard let index = positions[id] else { throw .noSuchSection(id) }
    sections.remove(at: index)
    positions[id] = nil
    reindex(from: index)
    counts[id] = nil
    bodies[id] = nil
    touched.insert(id)
  }

  // MARK: Changing items

  /// A new item with the next identifier; add it with ``modifyItems(in:date:_:)``.
  public mutating func makeItem(_ value: Value, date: Date) -> Item {
    Item(id: takeID(), value: value, date: date)
  }

  /// Appends values as new items at the end of a section.
  ///
  /// The section's items are not decoded when they were not already: the new items are
  /// written after them (``modifyItems(in:date:_:)`` decodes them all).
  ///
  /// - Returns: The new items.
  /// - Throws: ``CollectionStoreError/sectionFull(name:capacity:)`` (nothing changes) when
  ///   the section would hold more items than its capacity.
  /// - Complexity: O(k) for k values; the section's bytes are copied when it is saved.
  @discardableResult
  public mutating func append(_ values: [Value], to section: Int, date: Date)
    throws(CollectionStoreError) -> [Item]
  {
    guard let index = positions[section], let body = bodies[section] else {
      throw .noSuchSection(section)
    }
    var made: [Item] = []
    for value in values { made.append(makeItem(value, date: date)) }
    switch body {
    case .decoded:
      try modifyItems(in: section, date: date) { $0 += made }
      return made
    case .appended(let earlier, let base):
      try append(made, to: index, as: .appended(earlier + made, to: base), date: date)
    case .stored, .encoded:
      try append(made, to: index, as: .appended(made, to: body), date: date)
    }
    return made
  }

  /// Records `made` appended to the section at `index`, whose body becomes `body`.
  private mutating func append(_ made: [Item], to index: Int, as body: Body, date: Date)
    throws(CollectionStoreError)
  {
    guard !made.isEmpty else { return }
    let section = sections[index]
    let count = count(in: section.id) + made.count
    if let capacity = section.capacity, count > capacity {
      throw .sectionFull(name: section.name, capacity: capacity)
    }
    sections[index].modified = CollectionDate.wholeSeconds(date)
    counts[section.id] = count
    bodies[section.id] = body
    touched.insert(section.id)
  }

  /// Changes a section's items in place. The section's modification date is set when they
  /// change, and each changed item's too.
  ///
  /// - Throws: ``CollectionStoreError/sectionFull(name:capacity:)`` (nothing changes) when
  ///   the result has more items than the section's capacity; an identifier that appears
  ///   twice is `.invalidChange`.
  /// - Complexity: O(n) in the section's size, plus the decoding the first time.
  public mutating func modifyItems(
    in section: Int,
    date: Date,
    _ change: (inout [Item]) throws(CollectionStoreError) -> Void
  ) throws(CollectionStoreError) {
    guard let index = positions[section] else { throw .noSuchSection(section) }
    let old = try items(in: section)
    var new = old
    try change(&new)
    if Set(new.map(\.id)).count != new.count {
      throw .invalidChange("an item appears twice in '\(sections[index].name)'")
    }
    if let capacity = sections[index].capacity, new.count > capacity {
      throw .sectionFull(name: sections[index].name, capacity: capacity)
    }
    guard new != old else { return }
    let stamp = CollectionDate.wholeSeconds(date)
    let previous = Dictionary(old.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    for position in new.indices {
      if let before = previous[new[position].id], before.value != new[position].value {
        new[position].modified = stamp
      }
    }
    sections[index].modified = stamp
    counts[section] = new.count
    bodies[section] = .decoded(new)
    touched.insert(section)
  }

  /// The next identifier. The count stops at `Int.max`, so that it cannot overflow; the
  /// store refuses to commit a document past ``CollectionFileFormat/maximumNextID``, which
  /// a file's `nextID` never exceeds.
  private mutating func takeID() -> Int {
    defer { if nextID < Int.max { nextID += 1 } }
    return nextID
  }

  // MARK: For the file format and the history

  /// The file a section's items are still in, unchanged; `nil` when they must be written
  /// (changed, or read from a single-file collection).
  func storedFile(of section: Int) -> StoredFile? {
    guard case .stored(let file, _)? = bodies[section] else { return nil }
    return file
  }

  /// The file of the version before, of a section whose items are still in a file.
  func previousFile(of section: Int) -> StoredFile? {
    guard case .stored(_, let previous)? = bodies[section] else { return nil }
    return previous
  }

  /// The files the sections are still in, with the files of their versions before.
  func storedFiles() -> [StoredFile] {
    bodies.values.flatMap { body -> [StoredFile] in
      guard case .stored(let file, let previous) = body else { return [] }
      return [file] + (previous.map { [$0] } ?? [])
    }
  }

  /// The items appended to a section since `old`, when that is all that happened to them
  /// (`old` holds them in the body the new items were appended to): what a history entry
  /// and a change report need, without decoding the others.
  func appendedItems(in section: Int, since old: Self) -> [Item]? {
    guard case .appended(let items, let base)? = bodies[section] else { return nil }
    switch (base, old.bodies[section]) {
    case (.stored(let file, _), .stored(let before, _)?)
    where file == before && files?.wasRecovered(file.name) != true:
      return items
    case (.encoded(_, let checksum), .encoded(_, let before)?) where checksum == before:
      return items
    default: return nil
    }
  }

  /// Makes the sections whose damaged file was recovered (in a commit) hold what was
  /// recovered, so that they are written again: the store calls it after the change. The
  /// file each appended section's items follow is read first (and recovered when damaged).
  mutating func adoptRecoveredSections() throws(CollectionStoreError) {
    guard let files else { return }
    for (id, body) in bodies {
      guard case .appended(_, .stored(let file, let previous)) = body else { continue }
      _ = try storedBytes(of: id, file, previous)
    }
    guard files.hasRecoveries else { return }
    for (id, body) in bodies {
      switch body {
      case .stored(let file, _) where files.wasRecovered(file.name):
        let items = try items(in: id)
        bodies[id] = .decoded(items)
        counts[id] = items.count
      case .appended(let appended, .stored(let file, let previous))
      where files.wasRecovered(file.name):
        // Written as it is (the recovered bytes, then the new items), counted anew.
        let recovered = try decode(try storedBytes(of: id, file, previous), section: id, count: nil)
        counts[id] = recovered.count + appended.count
      default: continue
      }
    }
  }

  /// The stored form of a section's items and its checksum: the file's bytes when untouched.
  func encodedBody(of section: Int) throws(CollectionStoreError) -> (
    bytes: ArraySlice<UInt8>, checksum: String
  ) {
    guard let body = bodies[section] else { throw .noSuchSection(section) }
    return try encoded(body, section: section)
  }

  private func encoded(_ body: Body, section: Int) throws(CollectionStoreError) -> (
    bytes: ArraySlice<UInt8>, checksum: String
  ) {
    switch body {
    case .encoded(let bytes, let checksum): return (bytes, checksum)
    case .stored(let file, let previous):
      return (try storedBytes(of: section, file, previous), file.checksum)
    case .decoded(let items):
      let bytes = ArraySlice(try CollectionFileFormat.encode(items))
      return (bytes, Checksum.hex(of: bytes))
    case .appended(let items, let base):
      let before = try encoded(base, section: section).bytes
      guard
        let bytes = CollectionFileFormat.appending(
          try CollectionFileFormat.encode(items),
          to: before
        )
      else {
        // Not the array this program writes: decoded (or refused as damaged) and written anew.
        return try encoded(.decoded(try self.items(in: section)), section: section)
      }
      return (bytes[...], Checksum.hex(of: bytes[...]))
    }
  }

  /// Encodes a section's items now, for the history entry that names its file, and keeps
  /// the bytes, which the commit then writes. Returns what the entry records.
  mutating func storeItems(of section: Int) throws(CollectionStoreError) -> StoredItems {
    let (bytes, checksum) = try encodedBody(of: section)
    if storedFile(of: section) == nil { bodies[section] = .encoded(bytes, checksum: checksum) }
    return StoredItems(count: count(in: section), length: bytes.count, checksum: checksum)
  }

  /// What a history entry records of a section whose items are in a sound file of the data
  /// directory, untouched; `nil` otherwise (changed, recovered, or in a single file).
  func storedItems(of section: Int) -> StoredItems? {
    guard let file = storedFile(of: section), files?.wasRecovered(file.name) == false else {
      return nil
    }
    return StoredItems(count: count(in: section), length: file.length, checksum: file.checksum)
  }

  /// Puts back a section as a history entry recorded it (`nil`: absent); a section that
  /// exists keeps its place, a new one goes last (the entry's order then places it). Items
  /// in a file of the data directory (`stored`) are not read: the section points at it,
  /// and the file it pointed at becomes the version before.
  mutating func restore(
    _ id: Int,
    section: Section?,
    items: [Item]?,
    stored: StoredItems? = nil
  ) {
    touched.insert(id)
    guard let section, items != nil || stored != nil else {
      if let index = positions[id] {
        sections.remove(at: index)
        positions[id] = nil
        reindex(from: index)
      }
      counts[id] = nil
      bodies[id] = nil
      return
    }
    if let index = positions[id] {
      sections[index] = section
    } else {
      sections.append(section)
      reindex(from: sections.count - 1)
    }
    if let stored {
      let file = StoredFile(section: id, length: stored.length, checksum: stored.checksum)
      bodies[id] = .stored(file, previous: storedFile(of: id) ?? previousFile(of: id))
      counts[id] = stored.count
    } else if let items {
      bodies[id] = .decoded(items)
      counts[id] = items.count
    }
  }

  /// Orders the sections as `order` says; sections it does not name keep their relative
  /// order at the end.
  mutating func reorderSections(_ order: [Int]) {
    let rank = Dictionary(
      order.enumerated().map { ($1, $0) },
      uniquingKeysWith: { first, _ in first }
    )
    let ranked = sections.enumerated().sorted { lhs, rhs in
      (rank[lhs.element.id] ?? Int.max, lhs.offset) < (rank[rhs.element.id] ?? Int.max, rhs.offset)
    }
    sections = ranked.map(\.element)
    reindex(from: 0)
  }

  mutating func forgetTouches() { touched = [] }
}
