import FileKit
import Foundation
import Testing

@testable import CollectionStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The data directory: damaged section files, files removed after their grace period and
/// never before, collections written by an earlier version, and devices.
@Suite struct DataDirectoryTests {
  /// Ways a section file gets damaged.
  enum SectionDamage: String, CaseIterable, Sendable {
    case flippedByte, truncated, missing

    func apply(to path: String) throws {
      var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
      switch self {
      case .flippedByte: bytes[bytes.count / 2] ^= 0x01
      case .truncated: bytes.removeLast(2)
      case .missing:
        try FileManager.default.removeItem(atPath: path)
        return
      }
      try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
  }

  /// The file a section's items are stored in.
  func storedFile(_ name: String, in sandbox: Sandbox) throws -> String {
    let document = try sandbox.contents().document
    let file = try #require(document.storedFile(of: try document.id(of: name)))
    return sandbox.dataDirectory.path(of: file.name)
  }

  /// Reading a damaged section is an error naming it (other sections read); the next change
  /// to it moves the file aside and recovers the version the backup names.
  @Test(arguments: SectionDamage.allCases)
  func aDamagedSectionIsAnErrorThenRecoveredFromTheBackup(_ damage: SectionDamage) throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store()
    try store.add(["A": ["one"], "B": ["b"]], date: at(0))
    try store.perform("add two", date: at(1)) { (document) throws(CollectionStoreError) in
      try document.append(["two"], to: try document.id(of: "A"), date: at(1))
    }
    let file = try storedFile("A", in: sandbox)
    try damage.apply(to: file)

    let reading = try store.read()
    #expect(reading.warnings.isEmpty)
    #expect(try reading.document.values(of: "B") == ["b"])
    let error = #expect(throws: CollectionStoreError.self) {
      try reading.document.values(of: "A")
    }
    #expect(error?.description.contains("the items of 'A'") == true)
    #expect(error?.description.contains("the next change to 'A'") == true)

    // A change elsewhere leaves the damaged file where it is.
    try store.perform("add b2", date: at(2)) { (document) throws(CollectionStoreError) in
      try document.append(["b2"], to: try document.id(of: "B"), date: at(2))
    }
    #expect(throws: CollectionStoreError.self) { try store.read().document.values(of: "A") }

    let commit = try store.perform("add three", date: at(3)) {
      (document) throws(CollectionStoreError) in
      try document.append(["three"], to: try document.id(of: "A"), date: at(3))
    }
    #expect(commit.warnings.count == 1)
    #expect(commit.warnings.first?.contains("the items of 'A' were damaged") == true)
    #expect(commit.warnings.first?.contains("recovered its previous version") == true)
    let quarantined = sandbox.storedNames().filter { $0.contains(".corrupt-") }
    #expect(quarantined.count == (damage == .missing ? 0 : 1))
    let after = try store.read()
    #expect(after.warnings.isEmpty)
    #expect(try after.document.values(of: "A") == ["one", "three"])
    #expect(try after.document.values(of: "B") == ["b", "b2"])
  }

  /// A damaged section that the backup names in the same file (it did not change in the
  /// last commit) has no previous version: a change to it starts it empty, and says so.
  @Test func aDamagedSectionWithoutAPreviousVersionStartsEmpty() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store()
    try store.add(["A": ["one"]], date: at(0))
    try store.add(["B": ["b"]], date: at(1))
    try SectionDamage.flippedByte.apply(to: try storedFile("A", in: sandbox))

    let commit = try store.perform("rename", date: at(2)) {
      (document) throws(CollectionStoreError) in
      let id = try document.id(of: "A")
      _ = try document.items(in: id)
      try document.updateSection(id, date: at(2)) { $0.name = "A2" }
    }
    #expect(commit.warnings.first?.contains("recovered nothing") == true)
    let reading = try store.read()
    #expect(try reading.document.values(of: "A2") == [])
    #expect(reading.document.count(in: try reading.document.id(of: "A2")) == 0)
    #expect(try reading.document.values(of: "B") == ["b"])
  }

  /// A manifest edited by hand, consistently (its checksum updated), to give a section any
  /// length: one past 4 GiB, or too short for the section's count, makes the manifest
  /// damaged; another makes reading the section an error; never a crash or a huge read.
  @Test(arguments: [
    (Int.max, true), (Int.max - 1, true), (1 << 40, true), (0, true), (1 << 32, false), (1, false),
  ])
  func aSectionOfAnyLengthInTheManifestIsReadSafely(_ length: Int, damagesTheManifest: Bool)
    throws
  {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store()
    try store.add(["A": ["one"]], date: at(0))
    var header = try CollectionFileFormat.Header<EmptyInfo>(line: Array(lines(sandbox.bytes())[0]))
    header.sections[0].length = length
    let line = try CollectionFileFormat.encode(header)
    let footer = try CollectionFileFormat.encode(
      CollectionFileFormat.Footer(headerChecksum: Checksum.hex(of: line[...]))
    )
    try sandbox.write(line + [0x0A] + footer + [0x0A])
    let reading = try store.read()
    guard !damagesTheManifest else {
      #expect(reading.warnings.first?.contains("line 1: sections[0]") == true)
      #expect(reading.document.sections.isEmpty)
      return
    }
    #expect(reading.warnings.isEmpty)
    #expect(throws: CollectionStoreError.self) { try reading.document.values(of: "A") }
  }

  /// A recovery is written even when the change itself changes nothing.
  @Test func aRecoveryIsWrittenByAChangeThatChangesNothing() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store()
    try store.add(["A": ["one"]], date: at(0))
    try store.perform("add two", date: at(1)) { (document) throws(CollectionStoreError) in
      try document.append(["two"], to: try document.id(of: "A"), date: at(1))
    }
    try SectionDamage.truncated.apply(to: try storedFile("A", in: sandbox))
    let commit = try store.perform("look", date: at(2)) { (document) throws(CollectionStoreError) in
      _ = try document.items(in: try document.id(of: "A"))
    }
    #expect(commit.change.isEmpty)
    #expect(commit.warnings.count == 1)
    #expect(try store.read().document.values(of: "A") == ["one"])
  }

  /// Files stop being named, are retired, and go after the grace period; the files the
  /// manifest and its backup name stay (their sections, and the sections their undo
  /// entries name), and so does every name this program does not write.
  @Test func unnamedFilesAreRemovedAfterTheirGracePeriodOnly() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store(historyLimit: 1)
    let directory = sandbox.dataDirectory
    func add(_ value: String, _ second: Int) throws {
      try store.perform("add \(value)", date: at(second)) {
        (document) throws(CollectionStoreError) in
        if document.sections.isEmpty {
          document.appendSection(named: "A", info: EmptyInfo(), date: at(second))
        }
        try document.append([value], to: try document.id(of: "A"), date: at(second))
      }
    }
    try add("a1", 0)
    let first = try storedFile("A", in: sandbox)
    try add("a2", 1)
    let second = try storedFile("A", in: sandbox)
    // An old leftover of an interrupted commit, a user's file and a quarantined copy.
    let orphan = directory.path(of: "s99-0123456789abcdef.json")
    let leftover = directory.path(of: ".s99-0123456789abcdef.json.tmp-1-ff")
    let foreign = directory.path(of: "notes.txt")
    let quarantined = first + ".corrupt-20260101T000000Z"
    for path in [orphan, leftover, foreign, quarantined] {
      try sandbox.write(Array("x".utf8), to: path)
      try makeOld(path)
    }
    try makeOld(directory.path(of: CollectionDataDirectory.sweepMark))  // time to sweep
    try add("a3", 2)
    // `first` is named by the backup's undo entry only (it was retired by the commit that
    // replaced it, and is in its grace period too).
    let names = Set(sandbox.storedNames())
    #expect(names.contains(Files.name(of: first)))
    #expect(names.contains(Files.name(of: second)))
    #expect(!names.contains(Files.name(of: orphan)))
    #expect(!names.contains(Files.name(of: leftover)))
    #expect(names.contains("notes.txt"))
    #expect(names.contains(Files.name(of: quarantined)))

    try makeOld(first)
    try makeOld(directory.path(of: CollectionDataDirectory.sweepMark))
    try add("a4", 3)
    let later = Set(sandbox.storedNames())
    #expect(!later.contains(Files.name(of: first)))
    #expect(later.contains("notes.txt"))
    #expect(later.contains(Files.name(of: quarantined)))
    #expect(try store.read().document.values(of: "A") == ["a1", "a2", "a3", "a4"])
    // The backup still reads, with every file it names.
    let backup: CollectionFileFormat.Contents<EmptyInfo, String> = try CollectionFileFormat.parse(
      sandbox.bytes(sandbox.path + ".bak"),
      kind: "test",
      files: CollectionFiles(directory: directory)
    )
    #expect(try backup.document.values(of: "A") == ["a1", "a2", "a3"])
  }

  /// A commit sweeps at most once a grace period: the files it would remove wait for the
  /// first commit after it.
  @Test func theDirectoryIsSweptAtMostOnceAGracePeriod() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store()
    let directory = sandbox.dataDirectory
    try store.add(["A": ["one"]], date: at(0))
    let mark = directory.path(of: CollectionDataDirectory.sweepMark)
    #expect(FileManager.default.fileExists(atPath: mark))
    let orphan = directory.path(of: "s99-0123456789abcdef.json")
    try sandbox.write(Array("x".utf8), to: orphan)
    try makeOld(orphan)
    try store.add(["B": ["two"]], date: at(1))
    #expect(sandbox.storedNames().contains(Files.name(of: orphan)))
    try makeOld(mark)
    try store.add(["C": ["three"]], date: at(2))
    #expect(!sandbox.storedNames().contains(Files.name(of: orphan)))
    // A mark from the future (a clock set back) does not stop sweeps.
    try sandbox.write(Array("x".utf8), to: orphan)
    try makeOld(orphan)
    try FileManager.default.setAttributes(
      [.modificationDate: Date().addingTimeInterval(3600)],
      ofItemAtPath: mark
    )
    try store.add(["D": ["four"]], date: at(3))
    #expect(!sandbox.storedNames().contains(Files.name(of: orphan)))
    // A FIFO in the mark's place (no reader) neither blocks a commit nor stops sweeps.
    try FileManager.default.removeItem(atPath: mark)
    #expect(mkfifo(mark, 0o600) == 0)
    try makeOld(mark)
    try store.add(["E": ["five"]], date: at(4))
    #expect(try store.named().map(\.name) == ["A", "B", "C", "D", "E"])
  }

  /// Sets a file's modification time to two grace periods ago.
  func makeOld(_ path: String) throws {
    let old = Date().addingTimeInterval(-2 * Double(CollectionDataDirectory.gracePeriod))
    try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path)
  }

  @Test func ownedNames() {
    for name in [
      "s1-0123456789abcdef.json", "s42-ffffffffffffffff.json", "h-0000000000000000.json",
      ".s1-0123456789abcdef.json.tmp-12-ab", ".h-0000000000000000.json.tmp-1-2",
    ] {
      #expect(CollectionDataDirectory.isOwned(name), "\(name)")
    }
    for name in [
      "s-0123456789abcdef.json", "sx-0123456789abcdef.json", "s1-0123456789ABCDEF.json",
      "s1-0123456789abcde.json", "h-0123456789abcdef.json.corrupt-20260101T000000Z",
      "notes.txt", ".s1-0123456789abcdef.json", "list.jsonl", "h-.json", "s1.json",
    ] {
      #expect(!CollectionDataDirectory.isOwned(name), "\(name)")
    }
  }

  /// A collection written by an earlier version (one file) reads as it was; its first
  /// change moves it to a manifest and a data directory, and its history still works.
  @Test func aSingleFileCollectionMovesToADataDirectoryOnItsFirstChange() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store()
    try store.add(["A": ["a1"], "B": ["b1"]], date: at(0))
    let original = try Shape(store.read().document)
    let single = try CollectionFileFormat.serialize(
      try sandbox.contents(),
      kind: "test",
      singleFile: true
    ).bytes
    try FileManager.default.removeItem(atPath: sandbox.dataDirectory.path)
    try sandbox.write(single)
    #expect(lines(single).count == 1 + 2 + 1 + 1)
    #expect(String(decoding: lines(single)[0], as: UTF8.self).contains("\"version\":1}"))
    let reading = try store.read()
    #expect(reading.warnings.isEmpty)
    #expect(try Shape(reading.document) == original)
    #expect(reading.undoCount == 1)

    let commit = try store.perform("add a2", date: at(1)) {
      (document) throws(CollectionStoreError) in
      try document.append(["a2"], to: try document.id(of: "A"), date: at(1))
    }
    #expect(commit.warnings.isEmpty)
    #expect(lines(sandbox.bytes()).count == 2)
    #expect(sandbox.bytes(sandbox.path + ".bak") == single)
    // Both sections (A's version before has no file) and both history entries.
    #expect(sandbox.storedNames().count == 2 + 2)
    #expect(try store.read().document.values(of: "A") == ["a1", "a2"])
    try store.undo()
    #expect(try Shape(store.read().document) == original)
    try store.undo()
    #expect(try store.read().document.sections.isEmpty)
    try store.redo()
    #expect(try Shape(store.read().document) == original)
  }

  /// A device (here through a symlink, as `POKEDEX_TEAMS_FILE` may name one) is written in
  /// place, as one file: no directory is made beside it.
  @Test func aDeviceGetsTheCollectionInOneFile() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    try FileManager.default.createSymbolicLink(
      atPath: sandbox.path,
      withDestinationPath: "/dev/null"
    )
    let store = sandbox.store()
    try store.add(["A": ["a1"]])
    #expect((try FileStamp.ofLink("/dev/null.d")) == nil)
    #expect(sandbox.names() == ["list.jsonl", "list.jsonl.lock"])
    // It reads as empty, without a warning about damage it never had.
    let reading = try store.read()
    #expect(reading.warnings.isEmpty, "\(reading.warnings)")
    #expect(reading.document.sections.isEmpty)
  }
}
