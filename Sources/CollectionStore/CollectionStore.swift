import FileKit
import Foundation

/// A persistent, ordered, sectioned document of `Codable` records, shared safely by every
/// process that opens it: the store behind `pokedex team`.
///
/// Every change is one locked read-modify-write of the latest committed version
/// (``perform(_:date:_:)``), made with the same machinery as the preferences store
/// (`FileKit.LockedDocument`): concurrent processes lose no change, a crash never leaves a
/// torn file, a corrupt file is moved aside and the last good copy (`.bak`) recovered, and a
/// failed write (a full disk) leaves the old file intact. The file is a manifest; each
/// section and undo entry is a file in the directory beside it (``CollectionFileFormat``),
/// so a change writes what it touched, not the whole collection. Each change is recorded in
/// a bounded undo history kept with the file, so ``undo(date:)`` works across processes.
///
/// ```swift
/// let store = CollectionStore<EmptyInfo, String>(path: "/tmp/list.jsonl", kind: "shopping-list")
/// let commit = try store.perform("add Fruit") { document in
///   let aisle = document.appendSection(named: "Fruit", info: EmptyInfo(), date: .now)
///   try document.append(["Apples"], to: aisle.id, date: .now)
/// }
/// commit.change.diff.sectionInsertions.count  // 1
/// try store.undo()                            // the document is empty again
/// ```
public struct CollectionStore<
  Info: Codable & Hashable & Sendable,
  Value: Codable & Hashable & Sendable
>: Sendable {
  public typealias Document = CollectionDocument<Info, Value>
  public typealias Change = CollectionChange<Info, Value>

  /// The file's path.
  public var path: String { file.path }
  /// The kind of file, written in its header: opening another kind is an error.
  public let kind: String
  /// How many changes ``undo(date:)`` can go back.
  public let historyLimit: Int
  private let file: LockedDocument

  /// A store at `path`; nothing is read or created until it is used.
  ///
  /// - Parameters:
  ///   - kind: The kind of file (`"pokedex-teams"`).
  ///   - historyLimit: How many changes are kept for undo (at least 1).
  ///   - lockTimeout: How long a change waits for another process.
  ///   - durable: `fsync` every change (on by default; tests may turn it off).
  public init(
    path: String,
    kind: String,
    historyLimit: Int = 20,
    lockTimeout: Duration = .seconds(10),
    durable: Bool = true
  ) {
    self.kind = kind
    self.historyLimit = max(historyLimit, 1)
    file = LockedDocument(path: path, lockTimeout: lockTimeout, durable: durable)
  }

  /// The committed document as read, with what reading it found.
  public struct Reading: Sendable {
    /// The document: the file's, else the backup's, else empty.
    public var document: Document
    /// Problems found (a damaged file served from its backup), for stderr.
    public var warnings: [String]
    /// How many changes ``undo(date:)`` can reverse.
    public var undoCount: Int
    /// How many undone changes ``redo(date:)`` can make again.
    public var redoCount: Int
  }

  /// The result of a change.
  public struct Commit<Result: Sendable>: Sendable {
    /// What the change's body returned.
    public var result: Result
    /// What changed (empty when nothing did, and then nothing was written).
    public var change: Change
    /// The document as committed.
    public var document: Document
    /// What the commit found besides (a damaged file moved aside, leftovers removed).
    public var warnings: [String]
  }

  // MARK: Reading

  /// Reads the latest committed version, without locking (a commit replaces the file
  /// atomically, so a read sees one whole version).
  ///
  /// A damaged file is not touched here: the backup is served (or an empty document) with
  /// a warning, and the next change moves the file aside.
  ///
  /// - Throws: ``CollectionStoreError/file(operation:path:code:)`` when the file cannot be
  ///   read; `.newerVersion` and `.wrongKind` for a file this program must not change.
  public func read() throws(CollectionStoreError) -> Reading {
    let target: String
    let contents: FileContents?
    do {
      target = try Files.resolvingSymlinks(path)
      contents = try FileReader.readIfPresent(atPath: target, limit: file.maximumSize)
    } catch {
      throw CollectionStoreError(error)
    }
    guard let contents else {
      return Reading(document: Document(), warnings: [], undoCount: 0, redoCount: 0)
    }
    let files = CollectionFiles(directory: CollectionDataDirectory(manifest: target))
    do {
      let parsed: FileContentsParsed = try CollectionFileFormat.parse(
        contents.bytes,
        kind: kind,
        files: files
      )
      return Reading(
        document: parsed.document,
        warnings: [],
        undoCount: parsed.undo.count,
        redoCount: parsed.redo.count
      )
    } catch  where error.isRefusal {
      throw error
    } catch  where contents.stamp.kind != .regular {
      // A device such as `/dev/null`, to keep nothing: never moved aside, written in place.
      let warnings =
        contents.bytes.isEmpty
        ? []
        : ["'\(target)' holds no collection (\(error.description)); it reads as empty"]
      return Reading(document: Document(), warnings: warnings, undoCount: 0, redoCount: 0)
    } catch {
      var warnings = [
        "'\(target)' is damaged (\(error.description.droppingPrefix("the file is damaged: ")))"
      ]
      if let backup = try? FileReader.readIfPresent(
        atPath: target + ".bak",
        limit: file.maximumSize
      ),
        let parsed: FileContentsParsed = try? CollectionFileFormat.parse(
          backup.bytes,
          kind: kind,
          files: files
        )
      {
        warnings[0] += "; showing its backup '\(target).bak'; the next change moves it aside"
        return Reading(document: parsed.document, warnings: warnings, undoCount: 0, redoCount: 0)
      }
      warnings[0] +=
        "; it has no usable backup, so it reads as empty; the next change moves it aside"
      return Reading(document: Document(), warnings: warnings, undoCount: 0, redoCount: 0)
    }
  }

  private typealias FileContentsParsed = CollectionFileFormat.Contents<Info, Value>

  // MARK: Changing

  /// Applies `body` to the latest committed document under the file lock and commits the
  /// result, recording it for undo as `label`. When `body` throws, or changes nothing,
  /// nothing is written.
  ///
  /// `label` is read after `body` has run, so it can name what `body` found (a name as the
  /// data spells it, say).
  ///
  /// - Complexity: O(*s*) for *s* sections (the manifest is checked and written again), plus
  ///   the reading, decoding, encoding and writing of the sections `body` touches; a section
  ///   `body` only appended to (``CollectionDocument/append(_:to:date:)``) is read and
  ///   written as bytes, and only the new items are encoded. The undo entry names the
  ///   sections' files rather than copying their items.
  @discardableResult
  public func perform<Result: Sendable>(
    _ label: @autoclosure () -> String,
    date: Date = Date(),
    _ body: (inout Document) throws(CollectionStoreError) -> Result
  ) throws(CollectionStoreError) -> Commit<Result> {
    var outcome: (Result, Change, Document)?
    let warnings = try commit { (contents, mustWrite) throws(CollectionStoreError) -> Bool in
      let old = contents.document
      var new = old
      new.forgetTouches()
      let result = try body(&new)
      guard new.nextID <= CollectionFileFormat.maximumNextID else {
        throw .invalidChange(
          "the collection has used up its \(CollectionFileFormat.maximumNextID) identifiers; start a new file"
        )
      }
      try new.adoptRecoveredSections()
      let touched = try HistoryEntry.touchedSections(
        from: old,
        to: &new,
        storesFiles: contents.files != nil
      ).filter { $0.before != $0.after }
      try Self.checkIdentifiers(touched.map(\.touched), nextID: old.nextID)
      let label = label()
      let (oldOrder, newOrder) = (old.sections.map(\.id), new.sections.map(\.id))
      guard !touched.isEmpty || oldOrder != newOrder else {
        outcome = (result, Change(label: label), new)
        return mustWrite
      }
      let entry = HistoryEntry<Info, Value>(
        label: label,
        date: date,
        sections: touched.map { ($0.before, $0.after) },
        oldOrder: oldOrder,
        newOrder: newOrder
      )
      contents.undo.append(
        .init(bytes: ArraySlice(try CollectionFileFormat.encode(entry)), files: entry.storedFiles)
      )
      contents.undo.removeFirst(max(contents.undo.count - historyLimit, 0))
      contents.redo.removeAll()
      contents.document = new
      let change = Change(
        label: label,
        touched: touched.map(\.touched),
        oldOrder: oldOrder,
        newOrder: newOrder
      )
      outcome = (result, change, new)
      return true
    }
    guard let (result, change, document) = outcome else {
      throw .invalidChange("the change did not run")
    }
    return Commit(result: result, change: change, document: document, warnings: warnings)
  }

  /// Reverses the most recent change still in the history.
  ///
  /// - Throws: ``CollectionStoreError/nothingTo(_:)`` when the history is empty;
  ///   ``CollectionStoreError/historyConflict(label:)`` when what it changed is no longer as
  ///   it left it.
  @discardableResult
  public func undo(date: Date = Date()) throws(CollectionStoreError) -> Commit<String> {
    try travel(undoing: true)
  }

  /// Makes again the change the last ``undo(date:)`` reversed.
  @discardableResult
  public func redo(date: Date = Date()) throws(CollectionStoreError) -> Commit<String> {
    try travel(undoing: false)
  }

  /// Forgets every change ``undo(date:)`` and ``redo(date:)`` could reverse (after a bulk
  /// import whose undo entry would be as large as the import). Nothing else changes.
  public func removeHistory() throws(CollectionStoreError) {
    _ = try commit { (contents, _) throws(CollectionStoreError) -> Bool in
      guard !contents.undo.isEmpty || !contents.redo.isEmpty else { return false }
      contents.undo.removeAll()
      contents.redo.removeAll()
      return true
    }
  }

  private func travel(undoing: Bool) throws(CollectionStoreError) -> Commit<String> {
    var outcome: (String, Change, Document)?
    let warnings = try commit { (contents, _) throws(CollectionStoreError) -> Bool in
      guard let line = undoing ? contents.undo.last : contents.redo.last else {
        throw .nothingTo(undoing ? "undo" : "redo")
      }
      let what = undoing ? "the last undo entry" : "the last redo entry"
      let entry = try CollectionFileFormat.decode(
        HistoryEntry<Info, Value>.self,
        from: try contents.bytes(of: line, what: what),
        what: what
      )
      guard entry.isValid(below: contents.document.nextID) else {
        throw .corruptFile(
          reason:
            "\(what): an identifier is out of range; the history cannot go back past it (other changes still work)"
        )
      }
      let (from, to) = undoing ? (entry.after, entry.before) : (entry.before, entry.after)
      let old = contents.document
      guard try HistoryEntry.matches(from, old) else { throw .historyConflict(label: entry.label) }
      try HistoryEntry.checkStoredFiles(to, in: contents.files, what: what)
      var new = old
      HistoryEntry.apply(to, to: &new)
      if undoing {
        contents.undo.removeLast()
        contents.redo.append(line)
      } else {
        contents.redo.removeLast()
        contents.undo.append(line)
      }
      contents.document = new
      let change = Change(
        label: entry.label,
        touched: try entry.touchedSections(undoing: undoing, from: old, to: new),
        oldOrder: old.sections.map(\.id),
        newOrder: new.sections.map(\.id)
      )
      outcome = (entry.label, change, new)
      return true
    }
    guard let (label, change, document) = outcome else {
      throw .invalidChange("the change did not run")
    }
    return Commit(result: label, change: change, document: document, warnings: warnings)
  }

  /// Checks that the touched sections hold each item once, and only items that were made
  /// by this change or left another touched section: an item copied from an untouched
  /// section would appear twice. (Of a section only appended to, only the new items are
  /// listed: the others stay where they were.)
  ///
  /// - Complexity: O(n) in the touched sections' listed items.
  static func checkIdentifiers(_ touched: [TouchedSection<Info, Value>], nextID: Int)
    throws(CollectionStoreError)
  {
    var added = Set<Int>()
    var removed = Set<Int>()
    var seen = Set<Int>()
    for section in touched {
      let beforeIDs = section.before.items.map(\.id)
      let afterIDs = section.after.items.map(\.id)
      for item in afterIDs where !seen.insert(item).inserted {
        throw .invalidChange(
          "item \(item) would be in two places; copy a value with makeItem instead"
        )
      }
      let beforeSet = Set(beforeIDs)
      let afterSet = Set(afterIDs)
      added.formUnion(afterSet.subtracting(beforeSet))
      removed.formUnion(beforeSet.subtracting(afterSet))
    }
    for item in added where item < nextID && !removed.contains(item) {
      throw .invalidChange(
        "item \(item) would be in two places; copy a value with makeItem instead"
      )
    }
  }

  /// One locked read-modify-write: `change` edits the parsed contents and says whether to
  /// write them. Returns the warnings of the commit protocol and of recovered sections.
  ///
  /// The new sections and history entries are written to the data directory and synced
  /// before the manifest that names them replaces the old one; then the files neither
  /// manifest names are retired and old ones removed (``CollectionDataDirectory``). A device
  /// (`/dev/null`) gets the whole collection in one file instead.
  private func commit(
    _ change: (inout FileContentsParsed, _ mustWrite: Bool) throws(CollectionStoreError) -> Bool
  ) throws(CollectionStoreError) -> [String] {
    var warnings: [String] = []
    var names: (old: Set<String>, new: Set<String>)?
    try file.commit(
      mapError: CollectionStoreError.init,
      parse: { bytes, target in
        let files = CollectionFiles(
          directory: CollectionDataDirectory(manifest: target),
          recovers: true
        )
        do throws(CollectionStoreError) {
          let parsed: FileContentsParsed = try CollectionFileFormat.parse(
            bytes,
            kind: kind,
            files: files
          )
          return .success(parsed)
        } catch  where error.isRefusal {
          // Not damaged: never moved aside. Thrown below.
          return .success(FileContentsParsed(refusal: error))
        } catch {
          return .failure(LockedDocument.ParseFailure(reason: error.description))
        }
      },
      onEvent: { event in warnings.append(Self.describe(event)) },
      afterWrite: { target in
        guard let names else { return }
        let directory = CollectionDataDirectory(manifest: target)
        directory.retire(names.old.subtracting(names.new))
        directory.sweepIfDue(keeping: names.old.union(names.new), now: Date())
      }
    ) { (committed) throws(CollectionStoreError) -> [UInt8]? in
      var contents = committed.document ?? FileContentsParsed()
      if let refusal = contents.refusal { throw refusal }
      if committed.document == nil, committed.kind != .special {
        // A new collection: its data directory is made by this commit.
        contents.files = CollectionFiles(
          directory: CollectionDataDirectory(manifest: committed.target),
          recovers: true
        )
      }
      let old = contents.storedNames()
      let changed = try change(&contents, committed.mustWrite)
      let recovered = contents.files?.hasRecoveries == true
      warnings += contents.files?.warnings ?? []
      guard changed || recovered else { return nil }
      try contents.document.adoptRecoveredSections()
      let singleFile = committed.kind == .special
      let serialized = try CollectionFileFormat.serialize(
        contents,
        kind: kind,
        singleFile: singleFile
      )
      if !singleFile {
        do throws(FileError) {
          try CollectionDataDirectory(manifest: committed.target)
            .write(serialized.files, durable: file.durable)
        } catch {
          throw CollectionStoreError(error)
        }
        names = (old, serialized.names)
      }
      return serialized.bytes
    }
    return warnings
  }

  private static func describe(_ event: LockedDocument.Event) -> String {
    switch event {
    case .removedTemporaryFiles(let directory, let count):
      "removed \(count) temporary file(s) left in '\(directory)' by an interrupted change"
    case .quarantined(let target, let destination, let reason, let backup):
      "'\(target)' was damaged (\(reason.droppingPrefix("the file is damaged: "))); moved it to '\(destination)' and recovered "
        + (backup.map { "from its backup '\($0)'" } ?? "nothing (it had no usable backup)")
    }
  }
}

extension String {
  fileprivate func droppingPrefix(_ prefix: String) -> String {
    hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self
  }
}
