import FileKit
import Foundation
import JSONCore

/// The bytes of a collection file: a manifest of JSON Lines, and a data directory beside it
/// with one file per section and per undo entry (``CollectionDataDirectory``), so that a
/// change writes what it touched and the manifest, not the whole collection.
///
/// ```text
/// {"format":"pokedex-teams","version":2,"nextID":42,"sections":[{"section":{...},"count":6,"length":812,"checksum":"..."}],"undo":[{"length":..,"checksum":..}],"redo":[...]}
/// {"headerChecksum":"..."}
/// ```
///
/// The first line, the header, gives each stored file's length and checksum (which also
/// names it; a section's entry names the file of its version before too), and the last
/// line the header's, so that a truncated, spliced or edited file is
/// found when it is opened, and a damaged section when it is read.
///
/// Version 1 holds everything in the one file, and is still read (a file written by an
/// earlier version moves to version 2 on its first change) and written where no directory
/// can go beside the file (a device such as `/dev/null`): after the header, one line per
/// section in order, then one per undo entry (oldest first) and per redo entry, then the
/// header's checksum.
enum CollectionFileFormat {
  /// The version this program writes, and the newest it reads.
  static let version = 2
  /// The version of a collection held in one file.
  static let singleFileVersion = 1

  /// A line after the header: its length in bytes (without the line feed) and checksum.
  /// For a history entry, also the section files it names (``HistoryEntry/storedFiles``),
  /// kept while it is in the history.
  struct LineReference: Encodable, Hashable, Sendable {
    var length: Int
    var checksum: String
    var files: [SectionFileReference]?

    init(length: Int, checksum: String, files: [SectionFileReference]? = nil) {
      self.length = length
      self.checksum = checksum
      self.files = files
    }
  }

  /// A section's file in the data directory, as a history entry names it.
  struct SectionFileReference: Codable, Hashable, Sendable {
    var section: Int
    var length: Int
    var checksum: String

    var file: StoredFile { StoredFile(section: section, length: length, checksum: checksum) }
  }

  struct SectionEntry<Info: Codable & Hashable & Sendable>: Encodable, Hashable, Sendable {
    var section: CollectionSection<Info>
    var count: Int
    var length: Int
    var checksum: String
    /// The file of the section's version before its last change (version 2), kept so that
    /// a damaged file can be recovered.
    var previous: LineReference?
  }

  /// The last line: the checksum of the header line, which lists every other line's.
  struct Footer: Codable, Sendable {
    var headerChecksum: String
  }

  struct Header<Info: Codable & Hashable & Sendable>: Encodable, Sendable {
    var format: String
    var version: Int
    var nextID: Int
    var sections: [SectionEntry<Info>]
    var undo: [LineReference]
    var redo: [LineReference]
  }

  /// An undo or redo entry: its reference, and its bytes when they are at hand (read from a
  /// single file, or made by this commit).
  struct HistoryLine: Sendable {
    var reference: LineReference
    var bytes: ArraySlice<UInt8>?

    init(reference: LineReference, bytes: ArraySlice<UInt8>? = nil) {
      self.reference = reference
      self.bytes = bytes
    }

    /// A new entry, which names `files` of the data directory.
    init(bytes: ArraySlice<UInt8>, files: [SectionFileReference] = []) {
      self.init(
        reference: LineReference(
          length: bytes.count,
          checksum: Checksum.hex(of: bytes),
          files: files.isEmpty ? nil : files
        ),
        bytes: bytes
      )
    }

    /// The names of its file and of the files it names.
    var names: [String] { [file.name] + (reference.files ?? []).map(\.file.name) }

    /// Its file in the data directory.
    var file: StoredFile {
      StoredFile(section: nil, length: reference.length, checksum: reference.checksum)
    }
  }

  /// A parsed file: the document, and the history entries, not decoded.
  struct Contents<Info: Codable & Hashable & Sendable, Value: Codable & Hashable & Sendable>:
    Sendable
  {
    var document = CollectionDocument<Info, Value>()
    var undo: [HistoryLine] = []
    var redo: [HistoryLine] = []
    /// The header's entry of each section as read: its value and its bytes, written again
    /// as they are while the section's entry stays the same (most sections, in a commit).
    var readEntries: [Int: (entry: SectionEntry<Info>, bytes: ArraySlice<UInt8>)] = [:]
    /// Where the stored files are read from (`nil` for a single file).
    var files: CollectionFiles?
    /// Set instead of the rest for a file this program refuses without its being damaged
    /// (``CollectionStoreError/isRefusal``).
    var refusal: CollectionStoreError?

    init() {}

    init(refusal: CollectionStoreError) { self.refusal = refusal }

    /// The names of the data directory's files that the sections and history name (none
    /// for a single file): what the manifest read names, until they change.
    ///
    /// - Complexity: O(*s* + *h*) for *s* sections and *h* history entries.
    func storedNames() -> Set<String> {
      guard files != nil else { return [] }
      var names = Set(document.storedFiles().map(\.name))
      for line in undo + redo { names.formUnion(line.names) }
      return names
    }

    /// The bytes of a history entry, read from its file when need be.
    func bytes(of line: HistoryLine, what: String) throws(CollectionStoreError) -> ArraySlice<UInt8>
    {
      if let bytes = line.bytes { return bytes }
      guard let files else { throw .corruptFile(reason: "\(what) has no data directory") }
      return try files.history(line.file, what: what)
    }
  }

  /// The largest `nextID` a file may hold, 2^53: identifiers stay below it, exact in any
  /// JSON reader, and taking one more can never overflow. A document whose identifiers
  /// are used up refuses changes that need more (``CollectionDocument``).
  static let maximumNextID = 1 << 53

  /// The longest stored file (a section or history entry) a manifest may list: 4 GiB.
  /// Counts are at most their section's length, so sums of them cannot overflow.
  static let maximumFileLength = 1 << 32

  /// Parses a file of `kind` (`"pokedex-teams"`), whose stored files `files` reads.
  ///
  /// The header's checksum is checked first: a header the last line does not vouch for is
  /// damage (the backup is tried), whatever it says, even a kind or version this program
  /// refuses. Then the kind, the version, and every value that names a file or sizes
  /// anything (``Header/validate()``): a file that passes its checksum is still data.
  ///
  /// - Complexity: O(n) in the size of the file for the checksums; the header is decoded,
  ///   the sections and the history are not, and no stored file is read.
  static func parse<Info, Value>(
    _ bytes: [UInt8],
    kind: String,
    files: CollectionFiles
  ) throws(CollectionStoreError) -> Contents<Info, Value> {
    guard let newline = bytes.firstIndex(of: 0x0A) else {
      throw .corruptFile(reason: bytes.isEmpty ? "the file is empty" : "the header line has no end")
    }
    let footer = try encode(Footer(headerChecksum: Checksum.hex(of: bytes[..<newline]))) + [0x0A]
    let rest = bytes[(newline + 1)...]
    guard !rest.isEmpty else {
      throw .corruptFile(reason: "the last line (the header's checksum) is missing")
    }
    guard rest.count >= footer.count, rest.suffix(footer.count).elementsEqual(footer) else {
      throw .corruptFile(
        reason:
          "the header's checksum does not match the last line (the header or the last line was changed, or the file was cut short or goes on after it)"
      )
    }
    let header: Header<Info>
    var contents = Contents<Info, Value>()
    do {
      header = try Header(
        tape: try JSONTape(bytes: Array(bytes[..<newline])),
        readEntries: &contents.readEntries
      )
    } catch {
      throw .corruptFile(reason: "line 1: \(error)")
    }
    guard header.format == kind else { throw .wrongKind(found: header.format, expected: kind) }
    guard header.version <= version else {
      throw .newerVersion(found: header.version, supported: version)
    }
    try header.validate()
    var lines = LineReader(bytes: bytes, offset: newline + 1, end: bytes.count - footer.count)
    let single = header.version == singleFileVersion
    var counts: [Int: Int] = [:]
    var bodies: [Int: CollectionDocument<Info, Value>.Body] = [:]
    for entry in header.sections {
      let id = entry.section.id
      if single {
        let line = try lines.next(LineReference(length: entry.length, checksum: entry.checksum))
        bodies[id] = .encoded(line, checksum: entry.checksum)
      } else {
        let file = StoredFile(section: id, length: entry.length, checksum: entry.checksum)
        let previous = entry.previous.map {
          StoredFile(section: id, length: $0.length, checksum: $0.checksum)
        }
        bodies[id] = .stored(file, previous: previous)
      }
      counts[id] = entry.count
    }
    for (references, isUndo) in [(header.undo, true), (header.redo, false)] {
      for reference in references {
        let line =
          single
          ? HistoryLine(reference: reference, bytes: try lines.next(reference))
          : HistoryLine(reference: reference)
        if isUndo { contents.undo.append(line) } else { contents.redo.append(line) }
      }
    }
    try lines.finish()
    contents.files = single ? nil : files
    contents.document = CollectionDocument(
      sections: header.sections.map(\.section),
      counts: counts,
      bodies: bodies,
      nextID: header.nextID,
      files: contents.files
    )
    return contents
  }

  /// The lines between the header and the last line (version 1), each checked against its
  /// reference.
  private struct LineReader {
    let bytes: [UInt8]
    var offset: Int
    /// Where the last line starts.
    let end: Int
    var line = 1

    mutating func next(_ reference: LineReference) throws(CollectionStoreError) -> ArraySlice<UInt8>
    {
      line += 1
      guard reference.length < end - offset, bytes[offset + reference.length] == 0x0A else {
        throw .corruptFile(
          reason: "line \(line): not the \(reference.length) bytes the header says"
        )
      }
      let slice = bytes[offset..<(offset + reference.length)]
      guard Checksum.hex(of: slice) == reference.checksum else {
        throw .corruptFile(reason: "line \(line): its checksum does not match the header's")
      }
      offset += reference.length + 1
      return slice
    }

    /// Checks that the last line follows the lines the header lists.
    func finish() throws(CollectionStoreError) {
      guard offset == end else {
        throw .corruptFile(
          reason: "line \(line + 1): the file goes on after the lines the header lists"
        )
      }
    }
  }

  /// What a commit writes: the collection file, and the new files of its data directory.
  struct Serialized {
    /// The manifest (or, in version 1, the whole collection).
    var bytes: [UInt8]
    /// Files the data directory does not have yet.
    var files: [(name: String, bytes: ArraySlice<UInt8>)] = []
    /// Every data directory file the manifest names.
    var names: Set<String> = []
  }

  /// The bytes of a file of `kind`: a manifest whose new stored files are returned beside
  /// it, or, when `singleFile`, the whole collection in one file (version 1).
  ///
  /// - Complexity: O(*s*) for *s* sections, plus the encoding of the sections and history
  ///   entries not stored yet (and, for a single file, the copying of all of them).
  static func serialize<Info, Value>(
    _ contents: Contents<Info, Value>,
    kind: String,
    singleFile: Bool = false
  ) throws(CollectionStoreError) -> Serialized {
    let document = contents.document
    var result = Serialized(bytes: [])
    var lines: [ArraySlice<UInt8>] = []
    var entries: [SectionEntry<Info>] = []
    for section in document.sections {
      if singleFile {
        let body = try document.encodedBody(of: section.id)
        lines.append(body.bytes)
        entries.append(
          SectionEntry(
            section: section,
            count: document.count(in: section.id),
            length: body.bytes.count,
            checksum: body.checksum
          )
        )
      } else {
        entries.append(try storedEntry(of: section, in: contents, adding: &result))
      }
    }
    for line in contents.undo + contents.redo {
      if singleFile {
        lines.append(try contents.bytes(of: line, what: "a history entry"))
      } else {
        if let bytes = line.bytes { result.files.append((line.file.name, bytes)) }
        result.names.formUnion(line.names)
      }
    }
    let header = Header(
      format: kind,
      version: singleFile ? singleFileVersion : version,
      nextID: document.nextID,
      sections: entries,
      undo: contents.undo.map(\.reference),
      redo: contents.redo.map(\.reference)
    )
    var bytes = try encodeHeader(header, readEntries: contents.readEntries)
    bytes.reserveCapacity(bytes.count + lines.reduce(0) { $0 + $1.count + 1 } + 64)
    let headerChecksum = Checksum.hex(of: bytes[...])
    bytes.append(0x0A)
    for line in lines {
      bytes.append(contentsOf: line)
      bytes.append(0x0A)
    }
    bytes += try encode(Footer(headerChecksum: headerChecksum))
    bytes.append(0x0A)
    result.bytes = bytes
    return result
  }

  /// The entry of a section kept in the data directory: its file as read while it did not
  /// change, else a new file (added to `result`), whose version before is the one read
  /// (unless that one was damaged and recovered). The files it names join `result.names`.
  private static func storedEntry<Info, Value>(
    of section: CollectionSection<Info>,
    in contents: Contents<Info, Value>,
    adding result: inout Serialized
  ) throws(CollectionStoreError) -> SectionEntry<Info> {
    let document = contents.document
    let read = contents.readEntries[section.id]?.entry
    var entry = SectionEntry(
      section: section,
      count: document.count(in: section.id),
      length: 0,
      checksum: "",
      previous: contents.files == nil ? nil : read?.previous
    )
    if let stored = document.storedFile(of: section.id) {
      (entry.length, entry.checksum) = (stored.length, stored.checksum)
      // The version before the one it names: as read, or the one an undo replaced.
      entry.previous = document.previousFile(of: section.id).map {
        LineReference(length: $0.length, checksum: $0.checksum)
      }
    } else {
      let body = try document.encodedBody(of: section.id)
      (entry.length, entry.checksum) = (body.bytes.count, body.checksum)
      result.files.append(
        (
          StoredFile(section: section.id, length: entry.length, checksum: entry.checksum).name,
          body.bytes
        )
      )
      if let files = contents.files, let read, read.checksum != entry.checksum,
        !files.wasRecovered(
          StoredFile(section: section.id, length: read.length, checksum: read.checksum).name
        )
      {
        entry.previous = LineReference(length: read.length, checksum: read.checksum)
      }
    }
    result.names.insert(
      StoredFile(section: section.id, length: entry.length, checksum: entry.checksum).name
    )
    if let previous = entry.previous {
      result.names.insert(
        StoredFile(section: section.id, length: previous.length, checksum: previous.checksum).name
      )
    }
    return entry
  }

  /// The header line: what ``encode(_:)`` makes of `header`, with the entries of
  /// `readEntries` that are unchanged written as they were read instead of encoded again.
  ///
  /// - Complexity: O(*s*) for *s* sections, plus the encoding of the entries that changed.
  static func encodeHeader<Info>(
    _ header: Header<Info>,
    readEntries: [Int: (entry: SectionEntry<Info>, bytes: ArraySlice<UInt8>)]
  ) throws(CollectionStoreError) -> [UInt8] {
    var sections: [UInt8] = [0x5B]
    for (index, entry) in header.sections.enumerated() {
      if index > 0 { sections.append(0x2C) }
      if let read = readEntries[entry.section.id], read.entry == entry {
        sections += read.bytes
      } else {
        sections += try encode(entry)
      }
    }
    sections.append(0x5D)
    // The rest of the header with no sections, and the entries where its empty array is:
    // `"sections":[]` occurs once, as a key's text cannot (its quotes would be escaped).
    var rest = header
    rest.sections = []
    let skeleton = try encode(rest)
    let empty = Array(#""sections":[]"#.utf8)
    guard let start = skeleton.firstRange(of: empty)?.lowerBound else {
      throw .invalidChange("cannot encode the change: the header has no sections key")
    }
    return skeleton[..<(start + empty.count - 2)] + sections + skeleton[(start + empty.count)...]
  }

  /// The JSON array `base` (`[a,b]`) followed by the elements of the JSON array `tail`
  /// (`[c]`): `[a,b,c]`, made from the bytes without decoding either; `nil` when `base` is
  /// not an array this program writes (the caller decodes it instead).
  ///
  /// - Complexity: O(n) in the bytes, copied once.
  static func appending(_ tail: [UInt8], to base: ArraySlice<UInt8>) -> [UInt8]? {
    guard base.first == 0x5B, base.last == 0x5D, tail.first == 0x5B, tail.last == 0x5D else {
      return nil
    }
    guard tail.count > 2 else { return Array(base) }
    var bytes = [UInt8]()
    bytes.reserveCapacity(base.count + tail.count)
    bytes.append(contentsOf: base[base.startIndex..<(base.endIndex - 1)])
    if base.count > 2 { bytes.append(0x2C) }
    bytes.append(contentsOf: tail[1...])
    return bytes
  }

  /// One line of JSON: compact (no line feed inside, strings escape theirs), keys sorted.
  static func encode(_ value: some Encodable) throws(CollectionStoreError) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    do {
      return [UInt8](try encoder.encode(value))
    } catch {
      throw .invalidChange("cannot encode the change: \(error)")
    }
  }

  /// Decodes one line of JSON.
  static func decode<T: Decodable>(_ type: T.Type, from line: ArraySlice<UInt8>, what: String)
    throws(CollectionStoreError) -> T
  {
    do {
      return try FastJSONDecoder().decode(T.self, from: Array(line))
    } catch {
      throw .corruptFile(reason: "\(what): \(error)")
    }
  }
}

// MARK: Reading the header

// A header holds an entry per section, thousands in a big collection: read member by member
// from the tape, several times faster than through `Codable`'s generic containers, with
// the same keys (each type's `CodingKeys`, which also encode it) and the same errors.

extension CollectionFileFormat.Header {
  /// The header `line` holds (without its line feed).
  init(line: [UInt8]) throws(JSONError) {
    var entries: [Int: (entry: CollectionFileFormat.SectionEntry<Info>, bytes: ArraySlice<UInt8>)] =
      [:]
    try self.init(tape: try JSONTape(bytes: line), readEntries: &entries)
  }

  /// The header at the root of `tape`; each section's entry, with its bytes as written,
  /// goes into `readEntries` too.
  init(
    tape: JSONTape,
    readEntries:
      inout [Int: (entry: CollectionFileFormat.SectionEntry<Info>, bytes: ArraySlice<UInt8>)]
  ) throws(JSONError) {
    // In the order the keys are written (sorted), each found in O(1).
    var root = try JSONTapeObject(tape)
    format = try root.string(CodingKeys.format.stringValue)
    nextID = try root.integer(CodingKeys.nextID.stringValue)
    redo = try Self.references(CodingKeys.redo.stringValue, in: &root)
    var entries: [CollectionFileFormat.SectionEntry<Info>] = []
    for object in try root.objects(CodingKeys.sections.stringValue) {
      let entry = try CollectionFileFormat.SectionEntry<Info>(object)
      readEntries[entry.section.id] = (entry, tape.bytes[tape.byteRange(of: object.node)])
      entries.append(entry)
    }
    sections = entries
    undo = try Self.references(CodingKeys.undo.stringValue, in: &root)
    version = try root.integer(CodingKeys.version.stringValue)
  }

  private static func references(_ key: String, in root: inout JSONTapeObject) throws(JSONError)
    -> [CollectionFileFormat.LineReference]
  {
    var references: [CollectionFileFormat.LineReference] = []
    for object in try root.objects(key) {
      references.append(try CollectionFileFormat.LineReference(object))
    }
    return references
  }
}

extension CollectionFileFormat.Header {
  /// Checks the values a header could hold that this program must not act on, whatever
  /// the checksum says: `nextID` outside 1...``CollectionFileFormat/maximumNextID`` (an
  /// identifier taken from it could overflow), a section id outside `1..<nextID` or listed
  /// twice, a length outside 0...``CollectionFileFormat/maximumFileLength``, a count over
  /// its section's length, and a checksum that is not 16 hexadecimal digits (checksums
  /// name files: `x/../../victim` must never become a path).
  ///
  /// - Throws: `.corruptFile` naming the value's place in line 1.
  /// - Complexity: O(*s* + *h*) for *s* sections and *h* history entries.
  func validate() throws(CollectionStoreError) {
    func fail(_ place: String, _ problem: String) -> CollectionStoreError {
      .corruptFile(reason: "line 1: \(place): \(problem)")
    }
    func check(_ reference: CollectionFileFormat.LineReference, _ place: String)
      throws(CollectionStoreError)
    {
      guard (0...CollectionFileFormat.maximumFileLength).contains(reference.length) else {
        throw fail(place + ".length", "\(reference.length) is not a file length")
      }
      guard Checksum.isHex(reference.checksum) else {
        throw fail(place + ".checksum", "expected 16 lowercase hexadecimal digits")
      }
    }
    guard (1...CollectionFileFormat.maximumNextID).contains(nextID) else {
      throw fail("nextID", "\(nextID) is not between 1 and \(CollectionFileFormat.maximumNextID)")
    }
    var ids = Set<Int>()
    for (index, entry) in sections.enumerated() {
      let place = "sections[\(index)]"
      let id = entry.section.id
      guard (1..<nextID).contains(id) else {
        throw fail(place + ".section.id", "\(id) is not between 1 and nextID \(nextID)")
      }
      guard ids.insert(id).inserted else { throw fail(place, "section \(id) is listed twice") }
      try check(.init(length: entry.length, checksum: entry.checksum), place)
      guard (0...entry.length).contains(entry.count) else {
        throw fail(place + ".count", "\(entry.count) items cannot fit in \(entry.length) bytes")
      }
      if let previous = entry.previous { try check(previous, place + ".previous") }
    }
    for (key, references) in [("undo", undo), ("redo", redo)] {
      for (index, reference) in references.enumerated() {
        let place = "\(key)[\(index)]"
        try check(reference, place)
        for (number, file) in (reference.files ?? []).enumerated() {
          let filePlace = "\(place).files[\(number)]"
          guard (1..<nextID).contains(file.section) else {
            throw fail(
              filePlace + ".section",
              "\(file.section) is not between 1 and nextID \(nextID)"
            )
          }
          try check(.init(length: file.length, checksum: file.checksum), filePlace)
        }
      }
    }
  }
}

extension CollectionFileFormat.SectionEntry {
  init(_ object: JSONTapeObject) throws(JSONError) {
    var object = object
    checksum = try object.string(CodingKeys.checksum.stringValue)
    count = try object.integer(CodingKeys.count.stringValue)
    length = try object.integer(CodingKeys.length.stringValue)
    previous = try object.objectIfPresent(CodingKeys.previous.stringValue).map {
      (reference) throws(JSONError) in try CollectionFileFormat.LineReference(reference)
    }
    section = try CollectionSection(try object.object(CodingKeys.section.stringValue))
  }
}

extension CollectionFileFormat.LineReference {
  init(_ object: JSONTapeObject) throws(JSONError) {
    var object = object
    checksum = try object.string(CodingKeys.checksum.stringValue)
    files =
      object.value(CodingKeys.files.stringValue) == nil
      ? nil
      : try object.objects(CodingKeys.files.stringValue).map {
        (file) throws(JSONError) in try CollectionFileFormat.SectionFileReference(file)
      }
    length = try object.integer(CodingKeys.length.stringValue)
  }
}

extension CollectionFileFormat.SectionFileReference {
  init(_ object: JSONTapeObject) throws(JSONError) {
    var object = object
    checksum = try object.string(CodingKeys.checksum.stringValue)
    length = try object.integer(CodingKeys.length.stringValue)
    section = try object.integer(CodingKeys.section.stringValue)
  }
}
