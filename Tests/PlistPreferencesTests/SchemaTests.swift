import Foundation
import PlistPreferences
import Synchronization
import Testing

@Suite struct SchemaTests {
  static let migrations = [
    PreferencesMigration(to: 1, "style moved under layout") { document in
      if let style = document.removeValue(forKey: "style") { document["layout.style"] = style }
    },
    PreferencesMigration(to: 2, "columns became an integer") { document in
      if case .string(let text)? = document["layout.columns"], let number = Int(text) {
        document["layout.columns"] = .integer(number)
      }
    },
  ]

  @Test func olderFilesAreMigratedForReadsAndOnTheNextCommit() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    try sandbox.write(
      plist(
        "<dict><key>style</key><string>list</string><key>layout.columns</key><string>4</string></dict>"
      )
    )
    let options = PreferencesOptions(
      durability: .relaxed,
      schemaVersion: 2,
      migrations: Self.migrations
    )
    let store = sandbox.store(options)
    #expect(store[Keys.style] == "list")
    #expect(store[Keys.columns] == 4)
    #expect(sandbox.text().contains("<key>style</key>"))
    try store.set(1, for: Keys.counter)
    let written = sandbox.text()
    #expect(written.contains("<key>_schemaVersion</key>\n\t<integer>2</integer>"))
    #expect(!written.contains("<key>style</key>"))
    #expect(written.contains("<key>layout.columns</key>\n\t<integer>4</integer>"))
  }

  @Test func aNewerFileIsReadOnlyAndNeverDowngraded() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let original = plist(
      "<dict><key>_schemaVersion</key><integer>9</integer><key>layout.columns</key><integer>6</integer></dict>"
    )
    try sandbox.write(original)
    let store = sandbox.store()
    #expect(store[Keys.columns] == 6)
    #expect(store.diagnostics.contains { $0.kind == .newerSchema })
    #expect(throws: PreferencesError.newerSchema(path: sandbox.path, found: 9, supported: 1)) {
      try store.set(2, for: Keys.columns)
    }
    #expect(throws: PreferencesError.self) { try store.removeAll() }
    #expect(sandbox.text() == original)
    #expect(store.diagnose().isReadOnly)
    let message = PreferencesError.newerSchema(path: "/p", found: 9, supported: 1).description
    #expect(
      message == "'/p' has schema version 9 but this program supports up to 1; "
        + "the file is read-only here, upgrade the program to change it"
    )
  }

  @Test func aFailingMigrationWritesNothing() throws {
    struct Broken: Error, CustomStringConvertible { var description: String { "no way" } }
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let original = plist("<dict><key>_schemaVersion</key><integer>1</integer></dict>")
    try sandbox.write(original)
    let options = PreferencesOptions(
      durability: .relaxed,
      schemaVersion: 2,
      migrations: [PreferencesMigration(to: 2, "broken") { _ in throw Broken() }]
    )
    #expect(throws: PreferencesError.migrationFailed(version: 2, reason: "broken: no way")) {
      try sandbox.store(options).set(1, for: Keys.counter)
    }
    #expect(sandbox.text() == original)
  }
}

@Suite struct ObservationTests {
  final class Log: Sendable {
    private let entries = Mutex<[String]>([])
    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
  }

  @Test func observersSeeKeyOldAndNewAfterEachCommit() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store()
    let log = Log()
    let observation = store.observe(Keys.columns) { change in
      log.append("\(change.key) \(change.oldValue) -> \(change.newValue)")
    }
    let everything = store.observeAll { change in
      log.append(
        "all \(change.key) \(change.oldValue.map(\.description) ?? "nil") -> \(change.newValue.map(\.description) ?? "nil")"
      )
    }
    try store.set(5, for: Keys.columns)
    try store.set(5, for: Keys.columns)
    try store.set("list", for: Keys.style)
    try store.reset(Keys.columns)
    observation.cancel()
    try store.set(7, for: Keys.columns)
    everything.cancel()
    #expect(
      log.all == [
        "layout.columns 3 -> 5", "all layout.columns nil -> 5",
        "all layout.style nil -> \"list\"",
        "layout.columns 5 -> 3", "all layout.columns 5 -> nil",
        "all layout.columns nil -> 7",
      ]
    )
  }

  @Test func anObservationDoesNotKeepItsStoreAlive() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let log = Log()
    weak var released: PreferencesStore?
    var observation: PreferencesObservation?
    do {
      let store = sandbox.store()
      observation = store.observe(Keys.counter) { log.append("\($0.newValue)") }
      try store.set(1, for: Keys.counter)
      released = store
    }
    #expect(released == nil)
    // Cancelling after the store is gone does nothing, and neither does a second time.
    observation?.cancel()
    observation?.cancel()
    observation = nil
    try sandbox.store().set(2, for: Keys.counter)
    #expect(log.all == ["1"])
  }

  @Test func anotherWritersCommitIsNoticedOnTheNextRead() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let reader = sandbox.store()
    let log = Log()
    let observation = reader.observe(Keys.counter) {
      log.append("\($0.oldValue) -> \($0.newValue)")
    }
    try sandbox.store().set(41, for: Keys.counter)
    #expect(reader[Keys.counter] == 41)
    #expect(log.all == ["0 -> 41"])
    _ = observation
  }

  @Test func changesArriveAsAnAsyncStream() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store()
    let stream = store.changes(for: Keys.counter)
    try store.set(1, for: Keys.counter)
    try store.set(2, for: Keys.counter)
    var seen: [Int] = []
    for await change in stream {
      seen.append(change.newValue)
      if seen.count == 2 { break }
    }
    #expect(seen == [1, 2])
  }
}

@Suite struct ExportImportTests {
  @Test func exportsXMLBinaryAndJSON() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store()
    try store.update { transaction in
      transaction[Keys.columns] = 4
      transaction[Keys.title] = "a \"quoted\"\nline"
      transaction[Keys.ratio] = 0.5
    }
    let json = String(decoding: try store.exportData(format: .json), as: UTF8.self)
    #expect(
      json == """
        {
          "_schemaVersion": 1,
          "layout.columns": 4,
          "ratio": 0.5,
          "title": "a \\"quoted\\"\\nline"
        }

        """
    )
    #expect(
      try store.exportData(format: .xml) == FileManager.default.contents(atPath: sandbox.path)
    )
    let binary = try store.exportData(format: .binary)
    #expect(binary.starts(with: Array("bplist00".utf8)))

    let other = try Sandbox()
    defer { other.directory.remove() }
    let copy = other.store()
    try copy.importData(binary, mode: .replace)
    #expect(copy.dictionaryRepresentation() == store.dictionaryRepresentation())
    try copy.importData(Data(json.utf8), mode: .replace)
    #expect(copy.dictionaryRepresentation() == store.dictionaryRepresentation())
  }

  @Test func mergeKeepsOtherKeysAndReplaceDropsThem() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store()
    try store.update { transaction in
      transaction[Keys.columns] = 4
      transaction[Keys.style] = "list"
    }
    let changed = try store.importData(
      Data(#"{"layout.columns": 6, "title": "x"}"#.utf8),
      mode: .merge
    )
    #expect(changed == ["layout.columns", "title"])
    #expect(store.keys == ["layout.columns", "layout.style", "title"])
    #expect(store[Keys.columns] == 6)
    try store.importData(Data(#"{"title": "y"}"#.utf8), mode: .replace)
    #expect(store.keys == ["title"])
  }

  @Test func badImportsAreRefusedWithoutWriting() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store()
    try store.set(4, for: Keys.columns)
    let before = sandbox.text()
    #expect(
      throws: PreferencesError.invalidDocument(
        source: "in.txt",
        reason: "the file is neither an XML nor a binary property list"
      )
    ) {
      try store.importData(Data("garbage".utf8), source: "in.txt", mode: .merge)
    }
    #expect(
      throws: PreferencesError.invalidDocument(
        source: "import",
        reason: "the root is array, not a dictionary"
      )
    ) {
      try store.importData(Data("[1, 2]".utf8), mode: .merge)
    }
    #expect(throws: PreferencesError.newerSchema(path: "import", found: 5, supported: 1)) {
      try store.importData(Data(#"{"_schemaVersion": 5}"#.utf8), mode: .replace)
    }
    #expect(throws: PreferencesError.self) {
      try store.importData(Data(#"{"title": "nul \u0000"}"#.utf8), mode: .merge)
    }
    #expect(sandbox.text() == before)
  }
}
