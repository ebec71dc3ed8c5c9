import Foundation
import PlistPreferences
import PokedexTestSupport
import Testing

/// A Codable value stored as a plist subtree.
struct Layout: Codable, Equatable, Sendable {
  var style: String
  var columns: Int
  var fields: [String]
}

enum Keys {
  static let columns = PreferenceKey("layout.columns", default: 3) { value in
    (1...12).contains(value) ? nil : "use a number from 1 to 12"
  }
  static let style = PreferenceKey(
    "layout.style",
    default: "grid",
    allowedValues: ["grid", "list"]
  )
  static let layout = PreferenceKey(
    "layout",
    default: Layout(style: "grid", columns: 3, fields: ["name"])
  )
  static let counter = PreferenceKey("counter", default: 0)
  static let title = PreferenceKey("title", default: "")
  static let ratio = PreferenceKey("ratio", default: 1.5)
}

/// A fresh store in a fresh directory.
struct Sandbox {
  let directory: TemporaryDirectory
  let path: String

  init(_ name: String = "prefs.plist") throws {
    directory = try TemporaryDirectory(prefix: "prefs-test")
    path = directory.path("config/\(name)")
  }

  func store(_ options: PreferencesOptions = PreferencesOptions(durability: .relaxed))
    -> PreferencesStore
  {
    PreferencesStore(path: path, options: options)
  }

  func text(_ path: String? = nil) -> String {
    String(
      decoding: FileManager.default.contents(atPath: path ?? self.path) ?? Data(),
      as: UTF8.self
    )
  }

  func write(_ text: String, to path: String? = nil) throws {
    let target = path ?? self.path
    try FileManager.default.createDirectory(
      atPath: (target as NSString).deletingLastPathComponent,
      withIntermediateDirectories: true
    )
    try Data(text.utf8).write(to: URL(fileURLWithPath: target))
  }
}

func plist(_ body: String) -> String {
  """
  <?xml version="1.0" encoding="UTF-8"?>
  <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
  <plist version="1.0">
  \(body)
  </plist>

  """
}

@Suite struct StoreTests {
  @Test func readsDefaultsWithoutCreatingAnything() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store()
    #expect(store[Keys.columns] == 3)
    #expect(store[Keys.layout] == Layout(style: "grid", columns: 3, fields: ["name"]))
    #expect(store.keys.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: sandbox.directory.path("config")))
  }

  /// A store keeps the document it read while a `stat` says the file is unchanged: after
  /// each commit by another store, its reads must be those of a new store, which reads
  /// the file (the slow twin of the kept document).
  @Test func aKeptDocumentReadsAsTheFileDoes() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let reader = sandbox.store()
    let writer = sandbox.store()
    func values(_ store: PreferencesStore) -> String {
      "\(store[Keys.columns]) \(store[Keys.style]) \(store[Keys.layout]) \(store[Keys.counter]) "
        + "\(store[Keys.title]) \(store[Keys.ratio])"
    }
    var random = SplitMix64(seed: 12)
    for round in 0..<60 {
      switch Int.random(in: 0..<5, using: &random) {
      case 0: try writer.set(Int.random(in: 1...12, using: &random), for: Keys.columns)
      case 1: try writer.set(Bool.random(using: &random) ? "grid" : "list", for: Keys.style)
      case 2: try writer.update { $0[Keys.counter] += 1 }
      case 3: try writer.set("round \(round)", for: Keys.title)
      default: try writer.reset(Keys.columns)
      }
      #expect(values(reader) == values(sandbox.store()), "round \(round)")
    }
  }

  @Test func setPersistsAndResetRemovesTheStoredValue() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store()
    try store.set(5, for: Keys.columns)
    #expect(store[Keys.columns] == 5)
    #expect(sandbox.store()[Keys.columns] == 5)
    try store.reset(Keys.columns)
    #expect(store[Keys.columns] == 3)
    #expect(!store.hasStoredValue(for: Keys.columns))
    #expect(!sandbox.text().contains("layout.columns"))
  }

  @Test func writesSortedXMLWithCodableValuesAsSubtrees() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store()
    try store.update { transaction in
      transaction[Keys.title] = "Fire & <Ice>"
      transaction[Keys.layout] = Layout(style: "list", columns: 2, fields: ["hp", "name"])
      transaction[Keys.ratio] = 0.25
    }
    #expect(
      sandbox.text()
        == plist(
          """
          <dict>
          \t<key>_schemaVersion</key>
          \t<integer>1</integer>
          \t<key>layout</key>
          \t<dict>
          \t\t<key>columns</key>
          \t\t<integer>2</integer>
          \t\t<key>fields</key>
          \t\t<array>
          \t\t\t<string>hp</string>
          \t\t\t<string>name</string>
          \t\t</array>
          \t\t<key>style</key>
          \t\t<string>list</string>
          \t</dict>
          \t<key>ratio</key>
          \t<real>0.25</real>
          \t<key>title</key>
          \t<string>Fire &amp; &lt;Ice&gt;</string>
          </dict>
          """
        )
    )
    #expect(
      sandbox.store()[Keys.layout] == Layout(style: "list", columns: 2, fields: ["hp", "name"])
    )
  }

  @Test func writesBinaryOnRequestAndKeepsAnExistingFilesFormat() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    try sandbox.store(PreferencesOptions(format: .binary, durability: .relaxed)).set(
      7,
      for: Keys.columns
    )
    #expect(sandbox.text().hasPrefix("bplist00"))
    let store = sandbox.store()
    #expect(store[Keys.columns] == 7)
    try store.set("list", for: Keys.style)
    #expect(sandbox.text().hasPrefix("bplist00"))
    #expect(store.diagnose().format == .binary)
  }

  @Test func anUndecodableValueReadsAsTheDefaultAndIsKept() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    try sandbox.write(
      plist(
        "<dict><key>layout.columns</key><string>three</string><key>future.key</key><date>2030-01-01T00:00:00Z</date></dict>"
      )
    )
    let store = sandbox.store()
    #expect(store[Keys.columns] == 3)
    let diagnostic = try #require(store.diagnostics.first { $0.kind == .undecodableValue })
    #expect(diagnostic.key == "layout.columns")
    #expect(diagnostic.rawValue == .string("three"))
    #expect(
      diagnostic.message.hasPrefix("'layout.columns' holds \"three\", which is not a valid Int")
    )
    try store.set("list", for: Keys.style)
    let after = sandbox.store()
    #expect(after.value(forKey: "layout.columns") == .string("three"))
    #expect(after.value(forKey: "future.key") == .date(Date(timeIntervalSince1970: 1_893_456_000)))
  }

  @Test func aTransactionCommitsEverythingOrNothing() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store()
    try store.set(2, for: Keys.columns)
    #expect(
      throws: PreferencesError.invalidValue(
        key: "layout.columns",
        reason: "use a number from 1 to 12"
      )
    ) {
      try store.update { transaction in
        transaction[Keys.style] = "list"
        transaction[Keys.columns] = 40
      }
    }
    #expect(sandbox.store()[Keys.style] == "grid")
    let result = try store.update { transaction -> Int in
      transaction[Keys.counter] += 1
      transaction[Keys.counter] += 1
      transaction.reset(Keys.columns)
      return transaction[Keys.counter]
    }
    #expect(result == 2)
    #expect(sandbox.store()[Keys.counter] == 2)
    #expect(sandbox.store()[Keys.columns] == 3)
  }

  @Test func validatorsExplainWhatIsAllowed() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    do {
      try sandbox.store().set("gird", for: Keys.style)
      Issue.record("expected an error")
    } catch {
      #expect(
        error.description
          == "invalid value for 'layout.style': 'gird' is not allowed; allowed values: grid, list"
      )
    }
  }

  struct ForbiddenCase: Sendable, CustomTestStringConvertible {
    var value: String
    var message: String
    var testDescription: String { value.debugDescription }
  }

  @Test(arguments: [
    ForbiddenCase(
      value: "a\u{0}b",
      message:
        "cannot store the value of 'title': the string at 'title' contains the control character "
        + "U+0000 (NUL) at position 2; only tab, line feed and carriage return are allowed"
    ),
    ForbiddenCase(
      value: "bell\u{7}",
      message:
        "cannot store the value of 'title': the string at 'title' contains the control character "
        + "U+0007 at position 5; only tab, line feed and carriage return are allowed"
    ),
    ForbiddenCase(
      value: "\u{1B}[31m",
      message:
        "cannot store the value of 'title': the string at 'title' contains the control character "
        + "U+001B at position 1; only tab, line feed and carriage return are allowed"
    ),
    ForbiddenCase(
      value: "x\u{85}",
      message:
        "cannot store the value of 'title': the string at 'title' contains the control character "
        + "U+0085 at position 2; only tab, line feed and carriage return are allowed"
    ),
    // Found by the plist fuzzer: an XML property list drops a leading U+FEFF.
    ForbiddenCase(
      value: "\u{FEFF}title",
      message:
        "cannot store the value of 'title': the string at 'title' starts with U+FEFF "
        + "(a byte order mark), which an XML property list does not keep"
    ),
  ])
  func controlCharactersAreRefused(_ testCase: ForbiddenCase) throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store()
    do {
      try store.set(testCase.value, for: Keys.title)
      Issue.record("expected an error")
    } catch {
      #expect(error.description == testCase.message)
    }
    #expect(!FileManager.default.fileExists(atPath: sandbox.path))
  }

  @Test func tabsNewlinesCarriageReturnsAndUnicodeRoundTrip() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let text = "tab\tline\ncr\r\nkana ピカチュウ é 🐭"
    try sandbox.store().set(text, for: Keys.title)
    #expect(sandbox.store()[Keys.title] == text)
  }

  @Test func reservedAndEmptyKeysAreRefused() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store()
    #expect(
      throws: PreferencesError.invalidKey(
        "_schemaVersion",
        reason: "it is reserved for the schema version"
      )
    ) {
      try store.setValue(.integer(9), forKey: "_schemaVersion")
    }
    #expect(throws: PreferencesError.invalidKey("", reason: "a key cannot be empty")) {
      try store.setValue(.integer(9), forKey: "")
    }
    #expect(store.value(forKey: "_schemaVersion") == nil)
    #expect(
      throws: PreferencesError.invalidKey(
        "\u{FEFF}layout",
        reason:
          "it starts with U+FEFF (a byte order mark), which an XML property list does not keep"
      )
    ) {
      try store.setValue(.integer(9), forKey: "\u{FEFF}layout")
    }
  }

  @Test func untypedAccessValidatesAgainstAKey() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store()
    let columns = AnyPreferenceKey(Keys.columns)
    let ratio = AnyPreferenceKey(Keys.ratio)
    let layout = AnyPreferenceKey(Keys.layout)
    try store.setValue(
      try columns.value(parsing: "4"),
      forKey: columns.name,
      validatingWith: columns
    )
    try store.setValue(try ratio.value(parsing: "2"), forKey: ratio.name, validatingWith: ratio)
    let parsedLayout = try layout.value(parsing: #"{"style":"list","columns":1,"fields":[]}"#)
    try store.setValue(parsedLayout, forKey: layout.name, validatingWith: layout)
    #expect(store.value(forKey: "layout.columns") == .integer(4))
    #expect(store.value(forKey: "ratio") == .real(2))
    #expect(store[Keys.layout] == Layout(style: "list", columns: 1, fields: []))
    #expect(store.keys == ["layout", "layout.columns", "ratio"])
    #expect(
      throws: PreferencesError.typeMismatch(
        key: "layout.columns",
        expected: "Int",
        reason: "'four' is not a valid Int"
      )
    ) {
      try columns.value(parsing: "four")
    }
    #expect(
      throws: PreferencesError.invalidValue(
        key: "layout.columns",
        reason: "use a number from 1 to 12"
      )
    ) {
      try store.setValue(.integer(99), forKey: "layout.columns", validatingWith: columns)
    }
    #expect(columns.defaultValue == .integer(3))
    try store.removeValue(forKey: "ratio")
    try store.removeAll()
    #expect(store.keys.isEmpty)
  }
}

@Suite struct RoundTripTests {
  /// A random property-list value of bounded depth.
  static func randomValue(_ rng: inout SplitMix64, depth: Int = 0) -> PropertyListValue {
    let scalars: [Unicode.Scalar] = [
      "a", "Z", "&", "<", ">", "\t", "\n", "\r", "é", "ピ", "🐭", " ", "\"",
    ]
    func text() -> String {
      String(
        String.UnicodeScalarView(
          (0..<Int.random(in: 0..<8, using: &rng)).map { _ in
            scalars[Int.random(in: 0..<scalars.count, using: &rng)]
          }
        )
      )
    }
    switch Int.random(in: 0..<(depth < 2 ? 9 : 7), using: &rng) {
    case 0: return .string(text())
    case 1:
      return .integer(
        [0, 1, -1, 255, 256, Int.max, Int.min, 42][Int.random(in: 0..<8, using: &rng)]
      )
    case 2:
      return .real(
        [0.1, -2.5, 1e300, Double.leastNonzeroMagnitude, 0][Int.random(in: 0..<5, using: &rng)]
      )
    case 3: return .boolean(Bool.random(using: &rng))
    case 4:
      return .date(
        Date(
          timeIntervalSinceReferenceDate: Double(
            Int.random(in: -1_000_000...1_000_000, using: &rng)
          )
        )
      )
    case 5:
      return .data(
        Data(
          (0..<Int.random(in: 0..<6, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng)
          }
        )
      )
    case 6: return .string("")
    case 7:
      return .array(
        (0..<Int.random(in: 0..<4, using: &rng)).map { _ in randomValue(&rng, depth: depth + 1) }
      )
    default:
      var entries: [String: PropertyListValue] = [:]
      for _ in 0..<Int.random(in: 0..<4, using: &rng) {
        entries[text()] = randomValue(&rng, depth: depth + 1)
      }
      return .dictionary(entries)
    }
  }

  @Test(arguments: PreferencesFileFormat.allCases)
  func randomDocumentsSurviveACommit(_ format: PreferencesFileFormat) throws {
    var rng = SplitMix64(seed: 7)
    for round in 0..<40 {
      let sandbox = try Sandbox()
      defer { sandbox.directory.remove() }
      var document: [String: PropertyListValue] = [:]
      for index in 0..<Int.random(in: 1..<6, using: &rng) {
        document["key\(index)"] = Self.randomValue(&rng)
      }
      let store = sandbox.store(PreferencesOptions(format: format, durability: .relaxed))
      try store.update { transaction in
        for (key, value) in document { transaction[key] = value }
      }
      #expect(sandbox.store().dictionaryRepresentation() == document, "round \(round)")
    }
  }
}

@Suite struct DoctorTests {
  @Test func reportsLocationFormatSchemaKeysBackupAndLock() throws {
    let sandbox = try Sandbox()
    defer { sandbox.directory.remove() }
    let store = sandbox.store()
    let empty = store.diagnose()
    #expect(!empty.exists)
    #expect(empty.lockState == .missing)
    try store.set(4, for: Keys.columns)
    try store.update { transaction in
      transaction["layout.style"] = .string("gird")
      transaction["legacy.key"] = .boolean(true)
      transaction["title"] = .integer(5)
    }
    let report = store.diagnose(
      knownKeys: [
        AnyPreferenceKey(Keys.columns), AnyPreferenceKey(Keys.style), AnyPreferenceKey(Keys.title),
      ])
    #expect(report.format == .xml)
    #expect(report.schemaVersion == 1)
    #expect(report.keyCount == 4)
    #expect(report.unknownKeys == ["legacy.key"])
    #expect(report.lockState == .free)
    #expect(report.fileMode == 0o600)
    #expect(report.backup?.isValid == true)
    #expect(!report.isHealthy)
    let text = report.description
      .replacingOccurrences(of: sandbox.directory.url.path, with: "<dir>")
      .replacingOccurrences(
        of: #"size: \d+ bytes"#,
        with: "size: <n> bytes",
        options: .regularExpression
      )
    assertGolden(text, named: "doctor.txt")
  }
}
