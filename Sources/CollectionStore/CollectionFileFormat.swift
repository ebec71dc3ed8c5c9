import Foundation
import JSONCore

/// The bytes of a collection file: JSON Lines, so that a section can be read or copied
/// without parsing the others.
///
/// ```text
/// {"format":"pokedex-teams","version":1,"nextID":42,"sections":[{"section":{...},"count":6,"length":812,"checksum":"..."}],"undo":[...],"redo":[...]}
/// [{"id":3,"value":{...},"created":"2026-11-24T21:05:00Z","modified":"..."}, ...]
/// ...one line per section, in order...
/// {"label":"add Garchomp to Sand","date":"...","before":{...},"after":{...}}
/// ...one line per undo entry, oldest first, then one per redo entry...
/// {"headerChecksum":"..."}
/// ```
///
/// The first line, the header, gives each later line's length and checksum, and the last
/// line the header's, so that a truncated, spliced or edited file is found when it is
/// opened, without decoding the sections (``Checksum``); a section's JSON is decoded when
/// it is first read.
enum CollectionFileFormat {
  /// The version this program writes and reads.
  static let version = 1

  /// A line after the header: its length in bytes (without the line feed) and checksum.
  struct LineReference: Codable, Hashable, Sendable {
    var length: Int
    var checksum: String
  }

  struct SectionEntry<Info: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
    var section: CollectionSection<Info>
    var count: Int
    var length: Int
    var checksum: String
  }

  /// The last line: the checksum of the header line, which lists every other line's.
  struct Footer: Codable, Sendable {
    var headerChecksum: String
  }

  struct Header<Info: Codable & Hashable & Sendable>: Codable, Sendable {
    var format: String
    var version: Int
    var nextID: Int
    var sections: [SectionEntry<Info>]
    var undo: [LineReference]
    var redo: [LineReference]
  }

  /// A parsed file: the document, and the history lines still as bytes.
  struct Contents<Info: Codable & Hashable & Sendable, Value: Codable & Hashable & Sendable>:
    Sendable
  {
    var document = CollectionDocument<Info, Value>()
    var undo: [ArraySlice<UInt8>] = []
    var redo: [ArraySlice<UInt8>] = []
    /// The header's entry of each section as read: its value and its bytes, written again
    /// as they are while the section's entry stays the same (most sections, in a commit).
    var readEntries: [Int: (entry: SectionEntry<Info>, bytes: ArraySlice<UInt8>)] = [:]
    /// Set instead of the rest for a file this program refuses without its being damaged
    /// (``CollectionStoreError/isRefusal``).
    var refusal: CollectionStoreError?

    init() {}

    init(refusal: CollectionStoreError) { self.refusal = refusal }
  }

  /// Parses a file of `kind` (`"pokedex-teams"`).
  ///
  /// - Complexity: O(n) in the size of the file for the checksums; the header is decoded,
  ///   the sections and the history are not.
  static func parse<Info, Value>(_ bytes: [UInt8], kind: String) throws(CollectionStoreError)
    -> Contents<Info, Value>
  {
    guard let newline = bytes.firstIndex(of: 0x0A) else {
      throw .corruptFile(reason: bytes.isEmpty ? "the file is empty" : "the header line has no end")
    }
    let header: Header<Info>
    let tape: JSONTape
    do {
      tape = try JSONTape(bytes: Array(bytes[..<newline]))
      header = try FastJSONDecoder().decode(Header<Info>.self, from: tape)
    } catch {
      throw .corruptFile(reason: "line 1: \(error)")
    }
    guard header.format == kind else { throw .wrongKind(found: header.format, expected: kind) }
    guard header.version <= version else {
      throw .newerVersion(found: header.version, supported: version)
    }
    var offset = newline + 1
    var line = 1
    func next(_ reference: LineReference) throws(CollectionStoreError) -> ArraySlice<UInt8> {
      line += 1
      guard reference.length >= 0, reference.length < bytes.count - offset,
        bytes[offset + reference.length] == 0x0A
      else {
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
    var contents = Contents<Info, Value>()
    // The root decoded as a header, so it is an object with a "sections" array.
    if let sections = try? tape.members(of: 0).last(where: { $0.key == "sections" })?.value {
      for (entry, node) in zip(header.sections, tape.elements(of: sections)) {
        contents.readEntries[entry.section.id] = (entry, tape.bytes[tape.byteRange(of: node)])
      }
    }
    var counts: [Int: Int] = [:]
    var bodies: [Int: CollectionDocument<Info, Value>.Body] = [:]
    for entry in header.sections {
      let body = try next(LineReference(length: entry.length, checksum: entry.checksum))
      let encoded = CollectionDocument<Info, Value>.Body.encoded(body, checksum: entry.checksum)
      guard bodies.updateValue(encoded, forKey: entry.section.id) == nil,
        entry.section.id < header.nextID, entry.count >= 0
      else {
        throw .corruptFile(
          reason:
            "line \(line): section \(entry.section.id) is listed twice, or its id or count is invalid"
        )
      }
      counts[entry.section.id] = entry.count
    }
    for reference in header.undo { contents.undo.append(try next(reference)) }
    for reference in header.redo { contents.redo.append(try next(reference)) }
    let footer = Footer(headerChecksum: Checksum.hex(of: bytes[..<newline]))
    let expected = try encode(footer) + [0x0A]
    guard bytes[offset...].elementsEqual(expected) else {
      throw .corruptFile(
        reason: offset == bytes.count
          ? "the last line (the header's checksum) is missing"
          : "line \(line + 1): the header's checksum does not match, or the file goes on after it"
      )
    }
    offset += expected.count
    guard offset == bytes.count else {
      throw .corruptFile(
        reason: "line \(line + 1): the file goes on after the last line the header lists"
      )
    }
    contents.document = CollectionDocument(
      sections: header.sections.map(\.section),
      counts: counts,
      bodies: bodies,
      nextID: header.nextID
    )
    return contents
  }

  /// The bytes of a file of `kind`.
  static func serialize<Info, Value>(_ contents: Contents<Info, Value>, kind: String)
    throws(CollectionStoreError) -> [UInt8]
  {
    let document = contents.document
    var lines: [ArraySlice<UInt8>] = []
    var entries: [SectionEntry<Info>] = []
    for section in document.sections {
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
    }
    func references(_ history: [ArraySlice<UInt8>]) -> [LineReference] {
      history.map { LineReference(length: $0.count, checksum: Checksum.hex(of: $0)) }
    }
    let header = Header(
      format: kind,
      version: version,
      nextID: document.nextID,
      sections: entries,
      undo: references(contents.undo),
      redo: references(contents.redo)
    )
    var bytes = try encodeHeader(header, readEntries: contents.readEntries)
    bytes.reserveCapacity(bytes.count + lines.reduce(0) { $0 + $1.count + 1 } + 64)
    let headerChecksum = Checksum.hex(of: bytes[...])
    bytes.append(0x0A)
    for line in lines + contents.undo + contents.redo {
      bytes.append(contentsOf: line)
      bytes.append(0x0A)
    }
    bytes += try encode(Footer(headerChecksum: headerChecksum))
    bytes.append(0x0A)
    return bytes
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
