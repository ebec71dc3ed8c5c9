import FileKit
import Foundation
import Testing

@testable import CollectionStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A store edited by someone who knows the format: every checksum made to match, and values
/// the program never writes (identifiers of `Int.max`, checksums that are paths). Such a
/// store is still data: a damaged manifest is served from its backup and moved aside, a
/// damaged section or history entry is an error, and nothing traps or touches a file
/// outside the store.
@Suite struct HostileStoreTests {
  /// Writes `line` as the manifest's header, with a matching last line.
  func writeHeader(_ sandbox: Sandbox, _ line: [UInt8]) throws {
    let footer = try CollectionFileFormat.encode(
      CollectionFileFormat.Footer(headerChecksum: Checksum.hex(of: line[...]))
    )
    try sandbox.write(line + [0x0A] + footer + [0x0A])
  }

  /// Rewrites the manifest's header with `edit` and gives it a matching last line.
  func rewriteHeader(_ sandbox: Sandbox, _ edit: (String) -> String) throws {
    let header = String(decoding: lines(sandbox.bytes())[0], as: UTF8.self)
    let line = Array(edit(header).utf8)
    #expect(line != Array(header.utf8), "the edit changed nothing")
    try writeHeader(sandbox, line)
  }

  /// Replaces a stored file of the data directory by `bytes` under its new checksum's name,
  /// and the manifest's reference to it (its length and checksum), checksums matching.
  func replaceStoredFile(_ sandbox: Sandbox, _ name: String, with bytes: [UInt8]) throws {
    let old = String(name.dropLast(5).suffix(16))
    let checksum = Checksum.hex(of: bytes[...])
    try sandbox.write(
      bytes,
      to: sandbox.dataDirectory.path(of: name.replacingOccurrences(of: old, with: checksum))
    )
    var header = try CollectionFileFormat.Header<EmptyInfo>(line: Array(lines(sandbox.bytes())[0]))
    for index in header.sections.indices where header.sections[index].checksum == old {
      header.sections[index].checksum = checksum
      header.sections[index].length = bytes.count
    }
    for index in header.undo.indices where header.undo[index].checksum == old {
      header.undo[index] = .init(length: bytes.count, checksum: checksum)
    }
    try writeHeader(sandbox, try CollectionFileFormat.encode(header))
  }

  /// A store with a backup: "A" holds one item, then two (the manifest), the backup one.
  func twoVersions() throws -> (Sandbox, Store) {
    let sandbox = try Sandbox()
    let store = sandbox.store()
    try store.add(["A": ["one"]], date: at(0))
    try store.perform("add two", date: at(1)) { (document) throws(CollectionStoreError) in
      try document.append(["two"], to: try document.id(of: "A"), date: at(1))
    }
    return (sandbox, store)
  }

  // MARK: Identifiers (issue 36, items 1 and 2)

  /// `nextID`, or a section's identifier, of `Int.max`: the manifest is damaged, served from
  /// its backup, and the next change (which takes an identifier) moves it aside instead of
  /// trapping on the overflow.
  @Test(arguments: [
    (#""nextID":4"#, #""nextID":9223372036854775807"#),
    (#""id":1,"#, #""id":9223372036854775807,"#),
    (#""nextID":4"#, #""nextID":0"#),
  ])
  func anIdentifierOutOfRangeInTheManifestIsDamage(_ edit: (String, String)) throws {
    let (sandbox, store) = try twoVersions()
    defer { sandbox.directory.remove() }
    try rewriteHeader(sandbox) { $0.replacingOccurrences(of: edit.0, with: edit.1) }

    let reading = try store.read()
    #expect(reading.warnings.first?.contains("showing its backup") == true, "\(reading.warnings)")
    #expect(try reading.document.values(of: "A") == ["one"])
    let commit = try store.add(["C": ["c"]], date: at(2))
    #expect(commit.warnings.first?.contains("recovered from its backup") == true)
    #expect(sandbox.quarantined().count == 1)
    #expect(try store.named().map(\.name) == ["A", "C"])
  }

  /// `nextID` at its largest: the store refuses a change that takes another identifier.
  @Test func aDocumentWhoseIdentifiersAreUsedUpRefusesNewOnes() throws {
    let (sandbox, store) = try twoVersions()
    defer { sandbox.directory.remove() }
    try rewriteHeader(sandbox) {
      $0.replacingOccurrences(
        of: #""nextID":4"#,
        with: #""nextID":\#(CollectionFileFormat.maximumNextID)"#
      )
    }
    let error = #expect(throws: CollectionStoreError.self) {
      try store.add(["C": ["c1", "c2"]], date: at(2))
    }
    #expect(error?.description.contains("used up its") == true)
    #expect(try store.read().warnings.isEmpty)
  }

  /// An item identifier of `Int.max` (or 0, or one that appears twice) in a section file whose
  /// checksum matches: reading and changing the section are errors; nothing traps.
  @Test(arguments: ["9223372036854775807", "0", "3"])
  func anItemIdentifierOutOfRangeInASectionIsDamage(_ id: String) throws {
    let (sandbox, store) = try twoVersions()
    defer { sandbox.directory.remove() }
    let document = try sandbox.contents().document
    let file = try #require(document.storedFile(of: try document.id(of: "A")))
    let text = String(
      decoding: sandbox.bytes(sandbox.dataDirectory.path(of: file.name)),
      as: UTF8.self
    )
    // Items 2 and 3: make the first one's identifier `id`.
    #expect(text.contains(#""id":2,"#), "\(text)")
    try replaceStoredFile(
      sandbox,
      file.name,
      with: Array(text.replacingOccurrences(of: #""id":2,"#, with: #""id":\#(id),"#).utf8)
    )

    let reading = try store.read()
    #expect(reading.warnings.isEmpty)
    let error = #expect(throws: CollectionStoreError.self) { try reading.document.values(of: "A") }
    #expect(error?.description.contains("appears twice or is not between 1 and nextID") == true)
    #expect(throws: CollectionStoreError.self) {
      try store.perform("edit", date: at(2)) { (document) throws(CollectionStoreError) in
        try document.modifyItems(in: try document.id(of: "A"), date: at(2)) { $0[0].value = "1" }
      }
    }
  }

  /// A history entry naming an item or a section of `Int.max` (its checksums matching): undo
  /// refuses it as damaged, and the rest of the store works.
  @Test(arguments: [#""id":3,"#, #""id":1,"#])
  func anIdentifierOutOfRangeInAHistoryEntryIsDamage(_ target: String) throws {
    let (sandbox, store) = try twoVersions()
    defer { sandbox.directory.remove() }
    let entry = try #require(sandbox.contents().undo.last).file.name
    let text = String(decoding: sandbox.bytes(sandbox.dataDirectory.path(of: entry)), as: UTF8.self)
    #expect(text.contains(target), "\(text)")
    try replaceStoredFile(
      sandbox,
      entry,
      with: Array(
        text.replacingOccurrences(of: target, with: #""id":9223372036854775807,"#).utf8
      )
    )
    let error = #expect(throws: CollectionStoreError.self) { try store.undo(date: at(2)) }
    #expect(error?.description.contains("an identifier is out of range") == true, "\(error)")
    try store.add(["B": ["b"]], date: at(3))
    #expect(try store.named().map(\.name) == ["A", "B"])
  }

  // MARK: Names read from the store (issue 36, item 8)

  /// A checksum that is a path (`x/../../victim`) in any place of the manifest that names a
  /// file: the manifest is damaged, and the file it points to is never read, moved or
  /// removed.
  @Test(arguments: [
    #""checksum":"PLACE","count""#, #""previous":{"checksum":"PLACE""#,
    #""undo":[{"checksum":"PLACE""#,
  ])
  func aChecksumThatIsAPathIsDamageAndNothingOutsideIsTouched(_ place: String) throws {
    let (sandbox, store) = try twoVersions()
    defer { sandbox.directory.remove() }
    // `<store>/list.jsonl.d/s1-x/../../victim.json` is `<store>/victim.json`.
    try FileManager.default.createDirectory(
      atPath: sandbox.dataDirectory.path(of: "s1-x"),
      withIntermediateDirectories: true
    )
    try FileManager.default.createDirectory(
      atPath: sandbox.dataDirectory.path(of: "h-x"),
      withIntermediateDirectories: true
    )
    let victim = sandbox.directory.path("victim.json")
    try sandbox.write(Array("[]".utf8), to: victim)
    let header = String(decoding: lines(sandbox.bytes())[0], as: UTF8.self)
    let pattern = try Regex(
      place.replacingOccurrences(of: "[", with: #"\["#)
        .replacingOccurrences(of: "{", with: #"\{"#)
        .replacingOccurrences(of: "PLACE", with: "[0-9a-f]{16}")
    )
    let match = try #require(header.firstMatch(of: pattern), "\(header)")
    try rewriteHeader(sandbox) {
      $0.replacingCharacters(
        in: match.range,
        with: place.replacingOccurrences(of: "PLACE", with: "x/../../victim")
      )
    }

    let reading = try store.read()
    #expect(reading.warnings.first?.contains("expected 16 lowercase hexadecimal digits") == true)
    try store.perform("add three", date: at(2)) { (document) throws(CollectionStoreError) in
      try document.append(["three"], to: try document.id(of: "A"), date: at(2))
    }
    _ = try? store.undo(date: at(3))
    _ = try? store.undo(date: at(4))
    #expect(sandbox.bytes(victim) == Array("[]".utf8))
    #expect(sandbox.names().contains("victim.json"))
  }

  // MARK: The checksum first (issue 36, item 9)

  /// A one-bit flip in the version (`2` to `3`) or the kind (`t` to `u`), checksum not
  /// updated: damage, served from the backup and moved aside, not a refusal of a newer or
  /// another file.
  @Test(arguments: [(#""version":2"#, #""version":3"#), (#""format":"test""#, #""format":"tesu""#)])
  func aOneBitFlipInTheVersionOrKindFallsBackToTheBackup(_ edit: (String, String)) throws {
    let (sandbox, store) = try twoVersions()
    defer { sandbox.directory.remove() }
    var all = lines(sandbox.bytes()).map { String(decoding: $0, as: UTF8.self) }
    #expect(all[0].contains(edit.0))
    all[0] = all[0].replacingOccurrences(of: edit.0, with: edit.1)
    try sandbox.write(Array(all.map { $0 + "\n" }.joined().utf8))

    let reading = try store.read()
    #expect(reading.warnings.first?.contains("showing its backup") == true, "\(reading.warnings)")
    #expect(try reading.document.values(of: "A") == ["one"])
    let commit = try store.perform("add three", date: at(2)) {
      (document) throws(CollectionStoreError) in
      try document.append(["three"], to: try document.id(of: "A"), date: at(2))
    }
    #expect(commit.warnings.first?.contains("recovered from its backup") == true)
    #expect(sandbox.quarantined().count == 1)
    #expect(try store.read().document.values(of: "A") == ["one", "three"])
  }

  // MARK: Sweeping (issue 36, item 7)

  /// A quarantined manifest can be put back: the files it names are never swept, though
  /// neither the new manifest nor its backup names them.
  @Test func theFilesAQuarantinedManifestNamesAreNeverSwept() throws {
    let (sandbox, store) = try twoVersions()
    defer { sandbox.directory.remove() }
    let quarantinedNames = try sandbox.contents().storedNames()
    // A flipped bit in the last line's key (`headerChecksum` to `iea...`), not in a name.
    var damaged = sandbox.bytes()
    let key = try #require(damaged.firstRange(of: Array(#""headerChecksum""#.utf8)))
    damaged[key.lowerBound + 1] ^= 0x01
    try sandbox.write(damaged)
    try store.perform("add three", date: at(2)) { (document) throws(CollectionStoreError) in
      try document.append(["three"], to: try document.id(of: "A"), date: at(2))
    }
    #expect(sandbox.quarantined().count == 1)
    let named = try sandbox.contents().storedNames()
    #expect(!quarantinedNames.isSubset(of: named), "the test needs a file only it names")

    // Every file is past its grace period, and a sweep is due.
    try sandbox.ageStoredFiles()
    try store.perform("add four", date: at(3)) { (document) throws(CollectionStoreError) in
      try document.append(["four"], to: try document.id(of: "A"), date: at(3))
    }
    #expect(quarantinedNames.isSubset(of: Set(sandbox.storedNames())), "\(sandbox.storedNames())")

    // Put back, the quarantined manifest reads whole.
    let quarantined = sandbox.directory.path(try #require(sandbox.quarantined().first))
    var repaired = sandbox.bytes(quarantined)
    repaired[key.lowerBound + 1] ^= 0x01
    try sandbox.write(repaired)
    let reading = try store.read()
    #expect(reading.warnings.isEmpty)
    #expect(try reading.document.values(of: "A") == ["one", "two"])
  }

  /// The checksums of a damaged manifest are found in its bytes, whatever else is damaged.
  @Test func theChecksumsOfAQuarantinedManifestAreReadFromItsBytes() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let a = String(repeating: "a", count: 16)
    let b = "0123456789abcdef"
    try sandbox.write(
      Array(#"{"checksum":"\#(a)",garbage"checksum":"\#(b)"x"12345678901234567"}"#.utf8),
      to: sandbox.path + ".corrupt-20260101T000000Z"
    )
    #expect(sandbox.dataDirectory.quarantinedChecksums() == [a, b])
  }

  // MARK: Unreadable files (issue 36, item 12)

  /// A directory where a section file belongs: reading the section is a `.file` error with
  /// `EISDIR` (the tool's "no input", 66), never damage to recover from.
  @Test func aDirectoryWhereASectionFileBelongsIsAReadError() throws {
    let (sandbox, store) = try twoVersions()
    defer { sandbox.directory.remove() }
    let document = try sandbox.contents().document
    let file = try #require(document.storedFile(of: try document.id(of: "A")))
    let location = sandbox.dataDirectory.path(of: file.name)
    try FileManager.default.removeItem(atPath: location)
    try FileManager.default.createDirectory(atPath: location, withIntermediateDirectories: false)
    let error = #expect(throws: CollectionStoreError.self) {
      try store.read().document.values(of: "A")
    }
    guard case .file(let operation, _, let code)? = error else {
      Issue.record("expected a file error, got \(String(describing: error))")
      return
    }
    #expect(operation == "read")
    #expect(code == EISDIR)
  }
}
