import Foundation
import PlistPreferences
import PokedexCLI
import PokedexTestSupport
import Testing

/// Every known key's value is checked on `prefs set` and `prefs import`; a bad value
/// already in the file warns (naming the key and the file) and gives the default; the
/// doctor reports it; user text is escaped in messages.
@Suite struct PrefsValidationTests {
  struct Refusal: Sendable, CustomTestStringConvertible {
    var key: String
    var value: String
    /// What the message says after `invalid value for 'KEY': `.
    var reason: String
    var testDescription: String { "\(key) \(value)" }
  }

  static let languages =
    "ja-hrkt, ja, ja-roma, ko, zh-hant, zh-hans, en, fr, de, es, it, cs, pt-br, es-419"

  static let refusals: [Refusal] = [
    Refusal(
      key: "lang",
      value: "klingon",
      reason: "unknown language 'klingon'; use one of: \(languages)"
    ),
    Refusal(
      key: "lang",
      value: "frr",
      reason: "unknown language 'frr'; did you mean 'fr'? use one of: \(languages)"
    ),
    Refusal(
      key: "layout.style",
      value: "gird",
      reason:
        "'gird' is not allowed; allowed values: grid, row, list, featured, carousel; did you mean 'grid'?"
    ),
    Refusal(key: "layout.columns", value: "99", reason: "use a whole number from 1 to 24"),
    Refusal(key: "layout.width", value: "5", reason: "use 0 (the terminal's width) or 20 to 1000"),
    Refusal(
      key: "layout.query",
      value: "firre",
      reason: "the query does not compile: unknown term 'firre'"
    ),
    Refusal(key: "list.sort", value: "bogus", reason: "unknown sort key 'bogus'"),
    Refusal(
      key: "list.format",
      value: "xml",
      reason: "'xml' is not allowed; allowed values: table, json, ndjson, csv, tsv"
    ),
    Refusal(
      key: "color",
      value: "sometimes",
      reason: "'sometimes' is not allowed; allowed values: auto, always, never"
    ),
  ]

  @Test(arguments: refusals)
  func setRefusesAValueThatIsNotAllowed(_ refusal: Refusal) throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    let result = sandbox.run("prefs", "set", refusal.key, refusal.value)
    #expect(result.code == .usage)
    #expect(
      result.stderr == "error: invalid value for '\(refusal.key)': \(refusal.reason)\n",
      "\(result.stderr)"
    )
    #expect(sandbox.contents() == nil, "nothing is written")
  }

  @Test func setRefusesAListFieldThatDoesNotExist() throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    let result = sandbox.run("prefs", "set", "list.fields", "num,nmae")
    #expect(result.code == .usage)
    #expect(result.stderr.hasPrefix("error: invalid value for 'list.fields': "))
    #expect(sandbox.contents() == nil)
  }

  @Test(arguments: refusals)
  func importRefusesAValueThatIsNotAllowed(_ refusal: Refusal) throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    #expect(sandbox.run("prefs", "set", "color", "never").code == .success)
    let before = sandbox.contents()
    let value: PropertyListValue =
      switch refusal.key {
      case "layout.columns", "layout.width": .integer(Int(refusal.value) ?? 0)
      case "layout.query": .array([.string(refusal.value)])
      default: .string(refusal.value)
      }
    var entries: [String: PropertyListValue] = ["future.option": .string("kept")]
    entries[refusal.key] = value
    let document = PropertyListValue.dictionary(entries)
    try sandbox.write(document.jsonText, to: "in.json")
    let result = sandbox.run("prefs", "import", "in.json")
    #expect(result.code == .usage)
    #expect(
      result.stderr.hasPrefix(
        "error: cannot import 'in.json': invalid value for '\(refusal.key)': "
      ),
      "\(result.stderr)"
    )
    #expect(result.stderr.hasSuffix("; nothing was changed\n"))
    #expect(sandbox.contents() == before, "nothing is written")
  }

  /// An export holds saved filters and a layout query that uses one: it imports back.
  @Test func anExportImportsBackWithAQueryThatUsesASavedFilter() throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    #expect(sandbox.run("filter", "save", "fast", "spe>100").code == .success)
    #expect(sandbox.run("prefs", "set", "layout.query", "@fast", "fire").code == .success)
    #expect(sandbox.run("prefs", "set", "lang", "ja").code == .success)
    let exported = sandbox.run("prefs", "export")
    #expect(exported.code == .success)
    try sandbox.write(exported.stdout, to: "export.plist")
    #expect(sandbox.run("prefs", "reset").code == .success)
    let imported = sandbox.run("prefs", "import", "export.plist")
    #expect(imported.code == .success, "\(imported.stderr)")
    #expect(sandbox.run("prefs", "get", "layout.query").stdout == "[\"@fast\",\"fire\"]\n")
  }

  struct Stored: Sendable, CustomTestStringConvertible {
    var key: String
    var value: PropertyListValue
    /// A command that reads the key.
    var command: [String]
    var testDescription: String { "\(key) \(value)" }
  }

  /// Values written by hand or by another version, one per known key.
  static let storedValues: [Stored] = [
    Stored(key: "lang", value: .string("klingon"), command: ["list", "name:pikachu"]),
    Stored(key: "layout.style", value: .string("gird"), command: ["layout", "--limit", "2"]),
    Stored(key: "layout.columns", value: .integer(99), command: ["layout", "--limit", "2"]),
    Stored(key: "layout.width", value: .integer(5), command: ["layout", "--limit", "2"]),
    Stored(key: "layout.query", value: .array([.string("firre")]), command: ["layout"]),
    Stored(key: "list.sort", value: .string("bogus"), command: ["list", "name:pikachu"]),
    Stored(key: "list.fields", value: .string("nmae"), command: ["list", "name:pikachu"]),
    Stored(key: "list.format", value: .string("xml"), command: ["list", "name:pikachu"]),
    Stored(key: "color", value: .string("sometimes"), command: ["list", "name:pikachu"]),
    Stored(
      key: "filters",
      value: .dictionary(["Bad Name": .array([.string("fire")])]),
      command: ["list", "name:pikachu"]
    ),
  ]

  @Test(arguments: storedValues)
  func aBadStoredValueWarnsWithTheFileAndKeyThenUsesTheDefault(_ stored: Stored) throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    try sandbox.installSmallDex()
    try PreferencesStore(path: sandbox.file).setValue(stored.value, forKey: stored.key)
    let result = pokedex(
      stored.command,
      environment: sandbox.environment,
      currentDirectory: sandbox.directory.url.path
    )
    #expect(result.code == .success, "\(result.stderr)")
    #expect(
      result.stderr.contains("warning: '\(stored.key)' holds "),
      "\(result.stderr)"
    )
    #expect(result.stderr.contains("the stored value is kept in '\(sandbox.file)'"))
    let doctor = sandbox.run("prefs", "doctor")
    #expect(doctor.code == .data)
    #expect(doctor.stdout.contains("'\(stored.key)'"), "\(doctor.stdout)")
    let list = sandbox.run("prefs", "list")
    #expect(
      list.stdout.split(separator: "\n").contains {
        $0.hasPrefix(stored.key + " ") && $0.contains("default (the file's ")
      },
      "\(list.stdout)"
    )
  }

  /// A saved-filter dictionary with a bad entry gives no filters when read, but saving
  /// one more never replaces the others by the default: the save is refused instead.
  @Test func savingAFilterNeverDropsTheStoredOnes() throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    try sandbox.installSmallDex()
    let filters = PropertyListValue.dictionary([
      "Bad Name": .array([.string("fire")]), "fast": .array([.string("spe>100")]),
    ])
    try PreferencesStore(path: sandbox.file).setValue(filters, forKey: "filters")
    let saved = sandbox.run("filter", "save", "quick", "fire")
    #expect(saved.code != .success)
    #expect(PreferencesStore(path: sandbox.file).value(forKey: "filters") == filters)
  }

  @Test func aStoredLanguageTheDataLacksGivesEnglishNames() throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    try PreferencesStore(path: sandbox.file).setValue(.string("klingon"), forKey: "lang")
    let result = sandbox.run("show", "pikachu")
    #expect(result.code == .success)
    #expect(result.stdout.hasPrefix("#0025 Pikachu  Mouse Pokémon\n"))
    #expect(
      result.stderr
        == "warning: 'lang' holds \"klingon\", which is not allowed: unknown language 'klingon'; "
        + "use one of: \(Self.languages); using the default, the stored value is kept in "
        + "'\(sandbox.file)'\n"
    )
  }

  // MARK: Escaping

  @Test func aControlCharacterIsEscapedInEveryMessage() throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    let set = sandbox.run("prefs", "set", "lang", "fr\u{1B}[31m")
    #expect(set.code == .usage)
    #expect(
      set.stderr == "error: invalid value for 'lang': use a language code like en, ja or fr\n"
    )
    let style = sandbox.run("prefs", "set", "layout.style", "gr\u{1B}id")
    #expect(style.stderr.contains("'gr\\u{1B}id' is not allowed"), "\(style.stderr)")
    let key = sandbox.run("prefs", "get", "la\u{1B}ng")
    #expect(key.stderr.hasPrefix("error: unknown key 'la\\u{1B}ng'"), "\(key.stderr)")
    let flag = pokedex("list", "--lang", "fr\u{1B}")
    #expect(flag.code == .usage)
    #expect(
      flag.stderr.hasPrefix(
        "error: invalid value 'fr\\u{1B}' for --lang: use a language code like en, ja or fr\n"
      ),
      "\(flag.stderr)"
    )
    let environment = pokedex("list", environment: ["POKEDEX_LANG": "fr\u{7}"])
    #expect(environment.stderr.contains("'fr\\u{7}'"), "\(environment.stderr)")

    let command = pokedex("li\u{1B}st")
    #expect(command.stderr.hasPrefix("error: unknown command 'li\\u{1B}st'"), "\(command.stderr)")
    let option = pokedex("list", "--fo\u{1B}rmat")
    #expect(option.stderr.hasPrefix("error: unknown option '--fo\\u{1B}rmat'"), "\(option.stderr)")
    let value = pokedex("list", "--format", "js\u{1B}on")
    #expect(value.stderr.hasPrefix("error: invalid value 'js\\u{1B}on' for --format"))
    let number = pokedex("list", "--limit", "1\u{1B}")
    #expect(number.stderr.hasPrefix("error: invalid value '1\\u{1B}' for --limit"))
    for result in [set, style, key, flag, environment, command, option, value, number] {
      #expect(!result.stderr.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" })
    }
  }

  @Test(
    arguments: [
      ("fr\u{1B}", "fr\\u{1B}"), ("Flabébé", "Flabébé"), ("a\nb", "a\\u{A}b"),
      ("\u{202E}evil", "\\u{202E}evil"), ("", ""),
    ]
  )
  func escapingShowsInvisibleCharactersOnly(text: String, shown: String) {
    #expect(text.escapedForMessage == shown)
  }

  // MARK: Size

  /// `prefs list` on a 50 MB value: fast, and the value cut after 200 characters.
  @Test func prefsListCutsAHugeValueAndStaysFast() throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    let huge = String(repeating: "x", count: 50_000_000)
    try PreferencesStore(path: sandbox.file).setValue(.string(huge), forKey: "notes")
    let clock = ContinuousClock()
    var result: CLIResult?
    let elapsed = clock.measure { result = sandbox.run("prefs", "list") }
    let list = try #require(result)
    #expect(list.code == .success)
    #expect(elapsed < .seconds(4), "prefs list took \(elapsed)")
    let line = try #require(list.stdout.split(separator: "\n").first { $0.hasPrefix("notes ") })
    #expect(line.count < 300)
    #expect(line.contains(String(repeating: "x", count: 200) + "... (50000000 bytes)"))
  }

  // MARK: Exit codes

  @Test func exportingANaNAsJSONIsADataError() throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    try sandbox.write(
      "<plist version=\"1.0\"><dict><key>ratio</key><real>nan</real></dict></plist>",
      to: sandbox.file
    )
    let result = sandbox.run("prefs", "export", "--format", "json")
    #expect(result.code == .data)
    #expect(
      result.stderr
        == "error: cannot export the preferences as json: the value of 'ratio': JSON cannot "
        + "represent the real nan; export as xml or binary, or replace the value with "
        + "'pokedex prefs set' or 'pokedex prefs unset'\n"
    )
    #expect(sandbox.run("prefs", "export").code == .success)
  }

  @Test func exportingToAFullDeviceSaysWhatFailed() throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    #expect(sandbox.run("prefs", "set", "lang", "fr").code == .success)
    let result = sandbox.run("prefs", "export", "--output", "/dev/full")
    #expect(result.code == .ioError)
    #expect(result.stderr == "error: cannot write '/dev/full': No space left on device\n")
  }
}

/// A full disk while `prefs export --output` writes its new file: 73, the old file
/// intact. Needs a small tmpfs (root in a container); skipped elsewhere.
@Suite struct PrefsFullDiskTests {
  @Test func exportOnAFullDiskCannotCreateTheFile() throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    let mountPoint = sandbox.directory.path("full")
    try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
    guard runStatus("/bin/mount", ["-t", "tmpfs", "-o", "size=4k", "tmpfs", mountPoint]) == 0 else {
      print("exportOnAFullDiskCannotCreateTheFile: skipped, 'mount -t tmpfs' is not permitted here")
      return
    }
    defer { _ = runStatus("/bin/umount", [mountPoint]) }
    let old = Data("old".utf8)
    try old.write(to: URL(fileURLWithPath: mountPoint + "/out.plist"))
    // Fill what is left (the write fails once the disk is full; what fits stays).
    _ = FileManager.default.createFile(atPath: mountPoint + "/filler", contents: nil)
    if let filler = FileHandle(forWritingAtPath: mountPoint + "/filler") {
      try? filler.write(contentsOf: Data(count: 16384))
      try? filler.close()
    }
    #expect(
      sandbox.run("prefs", "set", "layout.query", "fire", "spe>100", "!legendary").code == .success
    )
    let result = sandbox.run("prefs", "export", "--output", mountPoint + "/out.plist")
    #expect(result.code == .cannotCreate)
    #expect(
      result.stderr
        == "error: cannot create '\(mountPoint)/out.plist': No space left on device; "
        + "free some space and retry (nothing was replaced)\n"
    )
    #expect(FileManager.default.contents(atPath: mountPoint + "/out.plist") == old)
  }

}

/// A preferences file that is (or links to) a FIFO, `/dev/full` or `/dev/zero`: no
/// command blocks or grows, and the file is never renamed, quarantined or replaced.
/// Run with the built binary under `timeout -s KILL` (the test runner's children may
/// have SIGTERM blocked), so a regression fails instead of hanging.
@Suite struct PrefsSpecialFileTests {
  struct Special: Sendable, CustomTestStringConvertible {
    var name: String
    /// Shell commands that make `$CONFIG/prefs.plist`.
    var make: String
    var testDescription: String { name }
  }

  static let files = [
    Special(name: "FIFO", make: #"mkfifo "$CONFIG/prefs.plist""#),
    Special(name: "/dev/full", make: #"ln -s /dev/full "$CONFIG/prefs.plist""#),
    Special(name: "/dev/zero", make: #"ln -s /dev/zero "$CONFIG/prefs.plist""#),
  ]

  @Test(arguments: files)
  func noCommandBlocksOrReplacesIt(_ special: Special) throws {
    let binary = try #require(builtProductPath("pokedex"))
    let directory = try TemporaryDirectory(prefix: "pokedex-special")
    defer { directory.remove() }
    let config = directory.path("config")
    let script = """
      mkdir -p "$CONFIG" && \(special.make) || exit 99
      before=$(stat -c '%F %i' "$CONFIG/prefs.plist")
      for command in 'list name:pikachu' 'prefs set lang fr' 'prefs doctor --repair' 'prefs reset' 'layout --limit 2 --remember'; do
        timeout -s KILL 20 "$0" $command > /dev/null 2> "$CONFIG/../stderr"
        echo "$command: $?"
      done
      after=$(stat -c '%F %i' "$CONFIG/prefs.plist")
      [ "$before" = "$after" ] && echo unchanged
      ls -A "$CONFIG"
      """
    let result = try runProcess(
      "/bin/bash",
      ["-c", script, binary],
      environment: ["POKEDEX_CONFIG_HOME": config, "CONFIG": config]
    )
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == "list name:pikachu: 0", "\(result.stdout)")
    for line in lines where line.contains(": ") {
      #expect(!line.hasSuffix(": 137"), "killed after 20 s: \(line)")
    }
    #expect(lines.contains("unchanged"), "\(result.stdout)")
    #expect(
      lines.suffix(2) == ["prefs.plist", "prefs.plist.lock"],
      "nothing moved aside or left behind: \(result.stdout)"
    )
  }
}
