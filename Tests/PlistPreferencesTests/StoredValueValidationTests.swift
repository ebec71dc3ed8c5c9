import Foundation
import PokedexTestSupport
import Testing

@testable import PlistPreferences

/// A stored value the key's validator refuses is never handed out: reads give the
/// default and a diagnostic naming the key and the file; imports can be checked first.
@Suite struct StoredValueValidationTests {
  @Test func aReadOfARefusedValueGivesTheDefaultAndNamesTheKeyAndFile() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    try sandbox.store().setValue(.integer(99), forKey: "layout.columns")
    let store = sandbox.store()
    #expect(store[Keys.columns] == 3)
    let diagnostic = try #require(store.diagnostics.first)
    #expect(diagnostic.kind == .invalidValue)
    #expect(diagnostic.key == "layout.columns")
    #expect(diagnostic.path == sandbox.path)
    #expect(
      diagnostic.message
        == "'layout.columns' holds 99, which is not allowed: use a number from 1 to 12; "
        + "using the default, the stored value is kept in '\(sandbox.path)'"
    )
    #expect(store.value(forKey: "layout.columns") == .integer(99), "the value is kept")
  }

  /// A read-modify-write never replaces a refused value by the default silently: the
  /// transaction sees the stored value, and assigning it back is refused.
  @Test func aTransactionSeesARefusedValueAndCannotWriteItBack() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store()
    try store.setValue(.string("gird"), forKey: "layout.style")
    let seen = try store.update { transaction in transaction[Keys.style] }
    #expect(seen == "gird")
    #expect(throws: PreferencesError.self) {
      try store.update { transaction in transaction[Keys.style] = transaction[Keys.style] }
    }
    #expect(store.value(forKey: "layout.style") == .string("gird"))
  }

  @Test func aHugeValueIsCutInTheMessage() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    try sandbox.store().setValue(
      .string(String(repeating: "z", count: 1 << 20)),
      forKey: "layout.style"
    )
    let store = sandbox.store()
    #expect(store[Keys.style] == "grid")
    let message = try #require(store.diagnostics.first?.message)
    #expect(message.utf8.count < 1000)
    #expect(message.contains("... (1048576 bytes), which is not allowed"))
  }

  @Test func importChecksTheDocumentBeforeWriting() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store()
    try store.set(2, for: Keys.columns)
    let before = sandbox.text()
    let keys = [AnyPreferenceKey(Keys.columns)]
    #expect(
      throws: PreferencesError.invalidValue(
        key: "layout.columns",
        reason: "use a number from 1 to 12"
      )
    ) {
      try store.importData(Data(#"{"layout.columns": 40}"#.utf8), mode: .merge) {
        (document: [String: PropertyListValue]) throws(PreferencesError) in
        for key in keys { if let value = document[key.name] { try key.validate(value) } }
      }
    }
    #expect(sandbox.text() == before)
    #expect(store[Keys.columns] == 2)
  }

  @Test func anUnreadableDeviceIsNeverToBeMovedAside() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    try FileManager.default.createDirectory(
      atPath: sandbox.directory.path("config"),
      withIntermediateDirectories: true
    )
    #expect(symlink("/dev/null", sandbox.path) == 0)
    let store = sandbox.store()
    #expect(store[Keys.columns] == 3)
    let diagnostic = try #require(store.diagnostics.first)
    #expect(diagnostic.kind == .unreadableFile)
    #expect(
      diagnostic.message.hasSuffix(
        "it is not a regular file (a device or FIFO), so it is never moved aside"
      )
    )
  }
}
