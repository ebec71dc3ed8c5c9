import FileKit
import Foundation
import Testing

@testable import CollectionStore

/// A team's details, to round-trip an `Info` that is not empty.
struct TeamInfo: Codable, Hashable, Sendable {
  var format: String
  var tags: [String]
}

/// A record with optional and nested fields.
struct Member: Codable, Hashable, Sendable {
  var species: String
  var level: Int
  var nickname: String?
  var moves: [String]
}

/// The lines of a file, without their line feeds.
func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
  bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
}

/// The file format through a store: round trips, lazy sections, damage, kinds and versions.
@Suite struct FileFormatTests {
  @Test func aDocumentRoundTripsThroughTheFile() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    typealias TeamStore = CollectionStore<TeamInfo, Member>
    let store = TeamStore(path: sandbox.path, kind: "teams", durable: false)
    let tricky = "quote \" backslash \\ newline \n tab \t nul \u{0} line sep \u{2028} é 🐉"
    let commit = try store.perform("build", date: at(0)) {
      (document) throws(CollectionStoreError) in
      let sand = document.appendSection(
        named: "Sand",
        folder: "Ladder",
        capacity: 6,
        info: TeamInfo(format: "OU", tags: ["rain", tricky]),
        date: at(-86_400 * 365 * 60)  // before 1970
      )
      try document.append(
        [
          Member(species: "Garchomp", level: 100, nickname: nil, moves: ["Earthquake"]),
          Member(species: "Tyranitar", level: 50, nickname: tricky, moves: []),
        ],
        to: sand.id,
        date: at(1)
      )
      document.insertSection(
        named: tricky,
        info: TeamInfo(format: "", tags: []),
        at: 0,
        date: at(2)
      )
      let box = document.appendSection(
        named: "Box 1",
        info: TeamInfo(format: "box", tags: []),
        date: Date(timeIntervalSince1970: 253_402_300_799)  // 9999-12-31T23:59:59Z
      )
      try document.append(
        [Member(species: "Pikachu", level: 5, nickname: "Sparky", moves: ["Thunder Shock"])],
        to: box.id,
        date: at(3)
      )
    }
    let reading = try TeamStore(path: sandbox.path, kind: "teams").read()
    #expect(reading.warnings.isEmpty)
    #expect(reading.undoCount == 1)
    #expect(reading.redoCount == 0)
    #expect(try Shape(reading.document) == Shape(commit.document))
    #expect(reading.document.nextID == commit.document.nextID)
    #expect(reading.document.sections.map(\.name) == [tricky, "Sand", "Box 1"])
    #expect(reading.document.totalCount == 3)

    // A manifest of two lines (the header, the header's checksum), and in the data
    // directory one file per section and one per history entry; each JSON.
    let all = lines(sandbox.bytes())
    #expect(all.count == 2)
    let stored = sandbox.storedNames()
    #expect(stored.filter { $0.hasPrefix("s") }.count == 3)
    #expect(stored.filter { $0.hasPrefix("h-") }.count == 1)
    #expect(stored.allSatisfy(CollectionDataDirectory.isOwned))
    let files = stored.map { sandbox.bytes(sandbox.dataDirectory.path(of: $0)) }
    for json in all.map(Array.init) + files {
      #expect((try? JSONSerialization.jsonObject(with: Data(json))) != nil)
    }
  }

  @Test func readingAMissingFileGivesAnEmptyDocument() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    for path in [sandbox.path, sandbox.directory.path("missing/dir/list.jsonl")] {
      let reading = try Store(path: path, kind: "test").read()
      #expect(reading.document.sections.isEmpty)
      #expect(reading.warnings.isEmpty)
      #expect(reading.undoCount == 0)
    }
    #expect(sandbox.names().isEmpty)
  }

  @Test func aChangeThatChangesNothingWritesNothing() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store()
    try store.add(["A": ["a1"]])
    let bytes = sandbox.bytes()
    let commit = try store.perform("nothing") { (document) throws(CollectionStoreError) in
      try document.updateSection(try document.id(of: "A"), date: at(5)) { $0.name = "A" }
      try document.modifyItems(in: try document.id(of: "A"), date: at(5)) { _ in }
    }
    #expect(commit.change.isEmpty)
    #expect(sandbox.bytes() == bytes)
    #expect(try store.read().undoCount == 1)
  }

  /// A change writes the sections it touched and the manifest: an untouched section's file
  /// is neither read nor written again.
  @Test func aChangeWritesOnlyTheSectionsItTouches() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store()
    try store.add(["A": ["a1"], "B": ["b1", "b2"]])
    let before = Set(sandbox.storedNames())
    let document = try sandbox.contents().document
    let fileOfB = try #require(document.storedFile(of: try document.id(of: "B")))
    let stampOfB = try #require(try FileStamp.of(sandbox.dataDirectory.path(of: fileOfB.name)))

    try store.perform("add a2", date: at(10)) { (document) throws(CollectionStoreError) in
      try document.append(["a2"], to: try document.id(of: "A"), date: at(10))
    }
    let after = Set(sandbox.storedNames())
    // A new file for A and one for the history entry; nothing removed (A's old file is
    // named by the backup, and retired).
    #expect(after.subtracting(before).count == 2)
    #expect(before.isSubset(of: after))
    #expect(try FileStamp.of(sandbox.dataDirectory.path(of: fileOfB.name)) == stampOfB)
    let reading = try store.read()
    #expect(try reading.document.values(of: "A") == ["a1", "a2"])
    #expect(try reading.document.values(of: "B") == ["b1", "b2"])
  }

  /// Ways a file gets damaged, each caught by the header's lengths and checksums.
  struct Damage: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var apply: @Sendable ([UInt8]) -> [UInt8]

    static let all = [
      Damage(testDescription: "a flipped byte in the header") { bytes in
        var bytes = bytes
        let header = lines(bytes)[0]
        bytes[header.startIndex + header.count / 2] ^= 0x01
        return bytes
      },
      Damage(testDescription: "a flipped byte in the last line") { bytes in
        var bytes = bytes
        let footer = lines(bytes)[1]
        bytes[footer.startIndex + footer.count / 2] ^= 0x40
        return bytes
      },
      Damage(testDescription: "the two lines swapped") { bytes in
        var all = lines(bytes).map(Array.init)
        all.swapAt(0, 1)
        return all.flatMap { $0 + [0x0A] }
      },
      Damage(testDescription: "a truncated file") { Array($0.dropLast(7)) },
      Damage(testDescription: "an extra trailing line") { $0 + Array("[]\n".utf8) },
      Damage(testDescription: "a missing final line feed") { Array($0.dropLast()) },
    ]
  }

  @Test(arguments: Damage.all)
  func aDamagedFileIsServedFromItsBackupThenQuarantined(_ damage: Damage) throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store()
    let first = try store.add(["A": ["one"]], date: at(0))
    try store.perform("add two", date: at(1)) { (document) throws(CollectionStoreError) in
      try document.append(["two"], to: try document.id(of: "A"), date: at(1))
    }
    let damaged = damage.apply(sandbox.bytes())
    try sandbox.write(damaged)

    let reading = try store.read()
    #expect(reading.warnings.count == 1)
    #expect(reading.warnings.first?.contains("is damaged") == true)
    #expect(reading.warnings.first?.contains("showing its backup") == true)
    #expect(try Shape(reading.document) == Shape(first.document))
    // Reading never moves the file.
    #expect(sandbox.bytes() == damaged)
    #expect(sandbox.quarantined().isEmpty)

    let commit = try store.perform("add three", date: at(2)) {
      (document) throws(CollectionStoreError) in
      try document.append(["three"], to: try document.id(of: "A"), date: at(2))
    }
    #expect(commit.warnings.count == 1)
    #expect(commit.warnings.first?.contains("was damaged") == true)
    #expect(commit.warnings.first?.contains("recovered from its backup") == true)
    let quarantined = sandbox.quarantined()
    #expect(quarantined.count == 1)
    #expect(quarantined.first.map { sandbox.bytes(sandbox.directory.path($0)) } == damaged)
    let after = try store.read()
    #expect(after.warnings.isEmpty)
    #expect(try after.document.values(of: "A") == ["one", "three"])
  }

  /// The header is covered by the last line's checksum: a one-bit change in a section's
  /// count (`"count":1` to `"count":3`) is found when the file is read.
  @Test func aChangedCountInTheHeaderIsFound() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store()
    try store.add(["A": ["one"]])
    var all = lines(sandbox.bytes()).map { String(decoding: $0, as: UTF8.self) }
    #expect(all[0].contains("\"count\":1,"))
    all[0] = all[0].replacingOccurrences(of: "\"count\":1,", with: "\"count\":3,")
    try sandbox.write(Array(all.map { $0 + "\n" }.joined().utf8))

    let reading = try store.read()
    #expect(reading.warnings.count == 1)
    #expect(reading.warnings.first?.contains("the header's checksum does not match") == true)
    #expect(reading.document.sections.isEmpty)
  }

  /// A header edited by hand, consistently (its checksum updated), with a value the format
  /// does not take: the file is damaged, and the reason names the value's JSON path and
  /// what was expected.
  @Test(arguments: [
    (#""name":"A""#, #""name":12"#, "sections[0].section.name: expected a string, found 12"),
    (#""count":1,"#, #""count":"one","#, #"sections[0].count: expected an integer, found "one""#),
    (
      #""created":"2026-09-21T14:13:20Z""#, #""created":"today""#,
      "sections[0].section.created: expected a date such as 2026-11-24T21:05:00Z, found 'today'"
    ),
    (#""checksum":"#, #""checksun":"#, "sections[0]: missing key 'checksum'"),
    (#""redo":[]"#, #""redo":{}"#, "redo: expected an array, found an object"),
  ])
  func aHeaderValueOfTheWrongKindIsNamedByItsPath(_ edit: (String, String, String)) throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store()
    try store.add(["A": ["one"]], date: at(0))
    let header = String(decoding: lines(sandbox.bytes())[0], as: UTF8.self)
    #expect(header.contains(edit.0), "\(header)")
    let line = Array(header.replacingOccurrences(of: edit.0, with: edit.1).utf8)
    let footer = try CollectionFileFormat.encode(
      CollectionFileFormat.Footer(headerChecksum: Checksum.hex(of: line[...]))
    )
    try sandbox.write(line + [0x0A] + footer + [0x0A])
    let warning = try store.read().warnings.first ?? ""
    #expect(warning.contains("line 1: 1:"), "\(warning)")
    #expect(warning.contains(edit.2), "\(warning)")
  }

  @Test func aDamagedFileWithoutABackupReadsAsEmptyThenStartsOver() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store()
    try store.add(["A": ["one"]])
    #expect(!sandbox.names().contains("list.jsonl.bak"))
    try sandbox.write(Array(sandbox.bytes().dropLast(3)))

    let reading = try store.read()
    #expect(reading.document.sections.isEmpty)
    #expect(reading.warnings.count == 1)
    #expect(reading.warnings.first?.contains("no usable backup") == true)

    let commit = try store.add(["B": ["fresh"]])
    #expect(commit.warnings.first?.contains("recovered nothing") == true)
    #expect(sandbox.quarantined().count == 1)
    #expect(try store.named() == [Named(name: "B", values: ["fresh"])])
  }

  @Test func aFileOfAnotherKindIsAnErrorAndIsLeftAlone() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    try sandbox.store(kind: "boxes").add(["Box 1": ["Pikachu"]])
    let bytes = sandbox.bytes()
    let teams = sandbox.store(kind: "teams")

    #expect(throws: CollectionStoreError.self) { try teams.read() }
    #expect(throws: CollectionStoreError.self) { try teams.add(["Team": []]) }
    #expect(throws: CollectionStoreError.self) { try teams.undo() }
    #expect(sandbox.bytes() == bytes)
    #expect(sandbox.quarantined().isEmpty)
    #expect(try sandbox.store(kind: "boxes").named() == [Named(name: "Box 1", values: ["Pikachu"])])
  }

  /// A newer file, whole (its checksum matches): refused, never moved aside. (A version
  /// changed without its checksum is damage: `HostileStoreTests`.)
  @Test func aFileOfANewerVersionIsAnErrorAndIsNeverQuarantined() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store()
    try store.add(["A": ["one"]])
    let header = String(decoding: lines(sandbox.bytes())[0], as: UTF8.self)
    #expect(header.contains("\"version\":2"))
    let line = Array(header.replacingOccurrences(of: "\"version\":2", with: "\"version\":3").utf8)
    let footer = try CollectionFileFormat.encode(
      CollectionFileFormat.Footer(headerChecksum: Checksum.hex(of: line[...]))
    )
    let newer = line + [0x0A] + footer + [0x0A]
    try sandbox.write(newer)
    let expected = CollectionStoreError.newerVersion(found: 3, supported: 2)

    #expect(throws: expected) { try store.read() }
    #expect(throws: expected) { try store.add(["B": []]) }
    #expect(throws: expected) { try store.undo() }
    #expect(sandbox.bytes() == newer)
    #expect(sandbox.quarantined().isEmpty)
    #expect(
      expected.description
        == "the file has version 3, newer than this program's 2; upgrade pokedex"
    )
  }
}

/// The header of a commit: entries of unchanged sections are written as they were read,
/// and the line is the same as encoding the whole header again.
@Suite struct HeaderReuseTests {
  @Test func aCommitsHeaderIsTheEncodedHeader() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store()
    try store.add(["A": ["a1", "a2"], "B": ["b1"], "C": [], "D": ["d1", "d2", "d3"]])
    let changes: [(inout Document) throws -> Void] = [
      { document in
        let id = try #require(document.sections.first { $0.name == "B" }?.id)
        try document.append(["b2"], to: id, date: at(5))
      },
      { document in
        let id = try #require(document.sections.first { $0.name == "C" }?.id)
        try document.updateSection(id, date: at(6)) { $0.name = "C, renamed \"quoted\"" }
      },
      { document in
        let id = try #require(document.sections.first { $0.name == "A" }?.id)
        try document.removeSection(id)
      },
      { document in _ = document.appendSection(named: "E", info: EmptyInfo(), date: at(7)) },
    ]
    for change in changes {
      let expected = try store.perform("change", date: at(8)) {
        (document) throws(CollectionStoreError) in
        do { try change(&document) } catch { throw .invalidChange("\(error)") }
        return document.sections
      }.result
      let header = try #require(lines(sandbox.bytes()).first)
      let decoded = try CollectionFileFormat.Header<EmptyInfo>(line: Array(header))
      #expect(Array(header) == (try CollectionFileFormat.encode(decoded)))
      #expect(decoded.sections.map(\.section) == expected)
    }
  }
}
