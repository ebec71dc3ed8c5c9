import Foundation
import PlistPreferences
import PokedexCLI
import PokedexTestSupport
import Testing

@Suite struct PrefsCommandTests {
  // MARK: list, get, path

  @Test func listShowsEveryKeyItsSourceOverridesAndUnknownKeys() throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    #expect(sandbox.run("prefs", "set", "layout.style", "list").code == .success)
    #expect(sandbox.run("prefs", "set", "layout.columns", "6").code == .success)
    #expect(sandbox.run("prefs", "set", "layout.query", "fire", "spe>100").code == .success)
    let future = try sandbox.write(#"{"future.option": "kept", "lang": "ja"}"#, to: "future.json")
    #expect(sandbox.run("prefs", "import", future).code == .success)
    try PreferencesStore(path: sandbox.file).setValue(.integer(99), forKey: "layout.width")

    let result = sandbox.run("prefs", "list", environment: ["POKEDEX_LAYOUT_STYLE": "row"])
    #expect(result.code == .success)
    #expect(result.stderr.isEmpty)
    assertGolden(result.stdout, named: "prefs-list.txt")
  }

  @Test func listOfAMissingFileShowsTheDefaults() throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    let result = sandbox.run("prefs", "list", environment: ["POKEDEX_NO_PREFS": "1"])
    #expect(result.code == .success)
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == PokedexPreferences.all.count + 2)
    #expect(
      lines.dropFirst().prefix(PokedexPreferences.all.count).allSatisfy {
        $0.hasSuffix("  default")
      }
    )
    #expect(lines.last == "POKEDEX_NO_PREFS is set: other commands ignore this file")
    #expect(sandbox.contents() == nil)
  }

  @Test func getPrintsTheStoredValueOrTheDefault() throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    #expect(sandbox.run("prefs", "get", "layout.columns").stdout == "4\n")
    #expect(sandbox.run("prefs", "set", "layout.columns", "7").code == .success)
    #expect(sandbox.run("prefs", "get", "layout.columns").stdout == "7\n")
    #expect(sandbox.run("prefs", "set", "layout.query", "fire", "gen:1").code == .success)
    #expect(sandbox.run("prefs", "get", "layout.query").stdout == "[\"fire\",\"gen:1\"]\n")
    // A stored value that is not valid reads as the default.
    try PreferencesStore(path: sandbox.file).setValue(.string("gird"), forKey: "layout.style")
    #expect(sandbox.run("prefs", "get", "layout.style").stdout == "grid\n")
    // A key this version does not know, but that the file holds, is shown.
    try PreferencesStore(path: sandbox.file).setValue(.boolean(true), forKey: "future.flag")
    #expect(sandbox.run("prefs", "get", "future.flag").stdout == "true\n")

    let overridden = sandbox.run(
      "prefs",
      "get",
      "layout.columns",
      environment: ["POKEDEX_LAYOUT_COLUMNS": "3"]
    )
    #expect(overridden.stdout == "7\n")
    #expect(
      overridden.stderr
        == "note: POKEDEX_LAYOUT_COLUMNS=3 overrides this setting in other commands\n"
    )
  }

  @Test func pathFollowsTheLocationRules() throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    #expect(sandbox.run("prefs", "path").stdout == sandbox.file + "\n")
    let explicit = pokedex("prefs", "path", environment: ["POKEDEX_PREFS_FILE": "/x/y.plist"])
    #expect(explicit.stdout == "/x/y.plist\n")
    let xdg = pokedex(
      "prefs",
      "path",
      environment: ["POKEDEX_PREFS_FILE": "", "XDG_CONFIG_HOME": "/xdg", "HOME": "/home/ash"]
    )
    #expect(xdg.stdout == "/xdg/pokedex/prefs.plist\n")
    let home = pokedex(
      "prefs",
      "path",
      environment: ["POKEDEX_PREFS_FILE": "", "XDG_CONFIG_HOME": "relative", "HOME": "/home/ash"]
    )
    #expect(home.stdout == "/home/ash/.config/pokedex/prefs.plist\n")
    let relative = pokedex("prefs", "path", environment: ["POKEDEX_CONFIG_HOME": "conf"])
    #expect(relative.code == .usage)
    #expect(relative.stderr == "error: POKEDEX_CONFIG_HOME must be an absolute path, got 'conf'\n")
  }

  // MARK: set, unset, reset

  @Test func setStoresValidatedValuesDurably() throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    for (key, value) in [
      ("layout.style", "featured"), ("layout.width", "120"), ("list.sort", "bst:desc,name"),
    ] {
      let result = sandbox.run("prefs", "set", key, value)
      #expect(result.code == .success)
      #expect(result.stdout.isEmpty && result.stderr.isEmpty)
    }
    let store = PreferencesStore(path: sandbox.file)
    #expect(store.value(forKey: "layout.style") == .string("featured"))
    #expect(store.value(forKey: "layout.width") == .integer(120))
    #expect(store.value(forKey: "list.sort") == .string("bst:desc,name"))
    #expect(
      sandbox.run("prefs", "set", "layout.query", #"["water","!legendary"]"#).code == .success
    )
    #expect(
      store.value(forKey: "layout.query") == .array([.string("water"), .string("!legendary")])
    )
    #expect(sandbox.run("prefs", "set", "filters", #"{"fast":["spe>100"]}"#).code == .success)
    #expect(store[PokedexPreferences.filters] == ["fast": ["spe>100"]])
  }

  struct Failure: Sendable, CustomStringConvertible {
    var arguments: [String]
    var code: ExitCode
    var stderr: String
    var description: String { arguments.joined(separator: " ") }
  }

  static let usageLine =
    "Usage: pokedex prefs list|get|set|unset|reset|path|export|import|doctor [arguments]\n"
    + "  See 'pokedex prefs --help'.\n"

  static let failures: [Failure] = [
    Failure(
      arguments: ["set", "layout.style", "gird"],
      code: .usage,
      stderr:
        "error: invalid value for 'layout.style': 'gird' is not allowed; "
        + "allowed values: grid, row, list, featured, carousel; did you mean 'grid'?\n"
    ),
    Failure(
      arguments: ["set", "list.format", "jsn"],
      code: .usage,
      stderr:
        "error: invalid value for 'list.format': 'jsn' is not allowed; "
        + "allowed values: table, json, ndjson, csv, tsv; did you mean 'json'?\n"
    ),
    Failure(
      arguments: ["set", "layout.columns", "three"],
      code: .usage,
      stderr: "error: the value of 'layout.columns' must be Int: 'three' is not a valid Int\n"
    ),
    Failure(
      arguments: ["set", "layout.columns", "30"],
      code: .usage,
      stderr: "error: invalid value for 'layout.columns': use a whole number from 1 to 24\n"
    ),
    Failure(
      arguments: ["set", "filters", #"{"Fast":["spe>100"]}"#],
      code: .usage,
      stderr:
        "error: invalid value for 'filters': invalid filter name 'Fast': "
        + "use lower-case letters a-z, digits, '_' and '-'\n"
    ),
    Failure(
      arguments: ["set", "layout.stlye", "grid"],
      code: .usage,
      stderr: "error: unknown key 'layout.stlye'; did you mean 'layout.style'?\n"
    ),
    Failure(
      arguments: ["get", "zzz"],
      code: .usage,
      stderr: "error: unknown key 'zzz'; 'pokedex prefs list' shows every key\n"
    ),
    Failure(
      arguments: ["unset", "colour"],
      code: .usage,
      stderr: "error: unknown key 'colour'; did you mean 'color'?\n"
    ),
    Failure(
      arguments: ["set", "lang", "en", "fr"],
      code: .usage,
      stderr: "error: 'lang' takes one value, got 2; quote a value that contains spaces\n"
        + usageLine
    ),
    Failure(
      arguments: ["set", "lang"],
      code: .usage,
      stderr: "error: missing VALUE for 'lang'\n" + usageLine
    ),
    Failure(
      arguments: ["get"],
      code: .usage,
      stderr: "error: missing KEY for 'prefs get'\n" + usageLine
    ),
    Failure(
      arguments: ["list", "extra"],
      code: .usage,
      stderr: "error: unexpected argument 'extra' for 'prefs list'\n" + usageLine
    ),
    Failure(
      arguments: [],
      code: .usage,
      stderr:
        "error: missing subcommand (expected list, get, set, unset, reset, path, export, import, doctor)\n"
        + usageLine
    ),
    Failure(
      arguments: ["lst"],
      code: .usage,
      stderr: "error: unknown subcommand 'lst'; did you mean 'list'?\n" + usageLine
    ),
    Failure(
      arguments: ["list", "--format", "json"],
      code: .usage,
      stderr: "error: '--format' applies only to 'prefs export'\n" + usageLine
    ),
    Failure(
      arguments: ["get", "lang", "--no-prefs"],
      code: .usage,
      stderr:
        "error: 'prefs' manages the preferences file, so '--no-prefs' cannot be used with it\n"
        + usageLine
    ),
    Failure(
      arguments: ["export", "--format", "yaml"],
      code: .usage,
      stderr: "error: invalid value 'yaml' for --format: expected one of xml, binary, json\n"
        + usageLine
    ),
    Failure(
      arguments: ["import", "in.plist", "--merge", "--replace"],
      code: .usage,
      stderr: "error: '--merge' and '--replace' cannot be used together\n" + usageLine
    ),
  ]

  @Test(arguments: failures)
  func errorsSayWhatIsWrongAndExitWithTheirCode(_ failure: Failure) throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    let result = pokedex(["prefs"] + failure.arguments, environment: sandbox.environment)
    #expect(result.code == failure.code)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == failure.stderr)
    #expect(sandbox.contents() == nil, "a failed command must not create the file")
  }

  @Test func unsetRemovesAStoredValueSoTheDefaultApplies() throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    #expect(sandbox.run("prefs", "set", "color", "never").code == .success)
    try PreferencesStore(path: sandbox.file).setValue(.string("x"), forKey: "old.key")
    #expect(sandbox.run("prefs", "unset", "color").code == .success)
    #expect(sandbox.run("prefs", "get", "color").stdout == "auto\n")
    // An unknown key the file holds can be removed too.
    #expect(sandbox.run("prefs", "unset", "old.key").code == .success)
    #expect(PreferencesStore(path: sandbox.file).keys == [])
    // Unsetting a key with nothing stored is not an error.
    #expect(sandbox.run("prefs", "unset", "color").code == .success)
  }

  @Test func resetRemovesEveryValueWithoutAskingAndKeepsABackup() throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    #expect(sandbox.run("prefs", "set", "color", "never").code == .success)
    #expect(sandbox.run("prefs", "set", "lang", "ja").code == .success)
    try PreferencesStore(path: sandbox.file).setValue(.integer(1), forKey: "future.key")
    let result = sandbox.run("prefs", "reset")
    #expect(result.code == .success)
    #expect(result.stdout == "removed 3 values from '\(sandbox.file)'; every key has its default\n")
    #expect(PreferencesStore(path: sandbox.file).keys == [])
    let backup = PreferencesStore(path: sandbox.file + ".bak")
    #expect(backup.value(forKey: "future.key") == .integer(1))
    #expect(
      sandbox.run("prefs", "reset").stdout
        == "nothing to reset: '\(sandbox.file)' holds no values\n"
    )
  }

  // MARK: export, import

  @Test(arguments: PreferencesExportFormat.allCases)
  func exportWritesTheDocumentInEachFormat(_ format: PreferencesExportFormat) throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    #expect(sandbox.run("prefs", "set", "layout.columns", "5").code == .success)
    #expect(sandbox.run("prefs", "set", "layout.query", "fire", "spe>100").code == .success)
    let result = pokedex(
      ["prefs", "export", "--format", format.rawValue],
      environment: sandbox.environment
    )
    #expect(result.code == .success)
    #expect(result.stderr.isEmpty)
    let bytes = try sandboxStdoutBytes(["prefs", "export", "--format", format.rawValue], sandbox)
    let object: Any =
      format == .json
      ? try JSONSerialization.jsonObject(with: bytes)
      : try PropertyListSerialization.propertyList(from: bytes, format: nil)
    let dictionary = try #require(object as? [String: Any])
    #expect(dictionary["layout.columns"] as? Int == 5)
    #expect(dictionary["layout.query"] as? [String] == ["fire", "spe>100"])
    #expect(dictionary["_schemaVersion"] as? Int == 1)
    switch format {
    case .binary: #expect(bytes.starts(with: Array("bplist00".utf8)))
    case .xml: #expect(result.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"))
    case .json: #expect(result.stdout.hasPrefix("{\n  \"_schemaVersion\": 1,\n"))
    }
  }

  @Test func exportToAFileReplacesItAtomically() throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    #expect(sandbox.run("prefs", "set", "lang", "fr").code == .success)
    try sandbox.write("old contents", to: "out/backup.plist")
    let result = sandbox.run(
      "prefs",
      "export",
      "--format",
      "binary",
      "--output",
      "out/backup.plist"
    )
    #expect(result.code == .success)
    #expect(result.stdout.isEmpty)
    let path = sandbox.directory.path("out/backup.plist")
    let data = try #require(sandbox.contents(path))
    #expect(data.starts(with: Array("bplist00".utf8)))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: sandbox.directory.path("out")) == [
        "backup.plist"
      ]
    )
    // The exported file imports back.
    #expect(sandbox.run("prefs", "reset").code == .success)
    #expect(sandbox.run("prefs", "import", "out/backup.plist").code == .success)
    #expect(sandbox.run("prefs", "get", "lang").stdout == "fr\n")
  }

  @Test func exportRefusesBinaryOnATerminalAndMissingDirectories() throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    let terminal = sandbox.run("prefs", "export", "--format", "binary", terminal: true)
    #expect(terminal.code == .usage)
    #expect(
      terminal.stderr
        == "error: refusing to write a binary property list to a terminal; use --output FILE or redirect\n"
        + Self.usageLine
    )
    let missing = sandbox.run("prefs", "export", "--output", "no/such/dir/out.plist")
    #expect(missing.code == .cannotCreate)
    #expect(
      missing.stderr
        == "error: cannot create '\(sandbox.directory.path("no/such/dir/out.plist"))': "
        + "No such file or directory; create the directory first\n"
    )
  }

  @Test func exportToADeviceWritesIntoItAndToADirectoryIsRefused() throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    #expect(sandbox.run("prefs", "set", "lang", "de").code == .success)
    var before = stat()
    #expect(stat("/dev/null", &before) == 0)
    let device = sandbox.run("prefs", "export", "--output", "/dev/null")
    #expect(device.code == .success)
    #expect(device.stderr.isEmpty)
    var after = stat()
    #expect(stat("/dev/null", &after) == 0)
    #expect(after.st_mode & S_IFMT == S_IFCHR && after.st_ino == before.st_ino)

    let directory = sandbox.run("prefs", "export", "--output", sandbox.directory.url.path)
    #expect(directory.code == .cannotCreate)
    #expect(
      directory.stderr
        == "error: cannot write '\(sandbox.directory.url.path)': it names a directory\n"
    )
  }

  @Test func importRefusesAnEndlessDevice() throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    let result = sandbox.run("prefs", "import", "/dev/zero")
    #expect(result.code == .noInput)
    #expect(
      result.stderr == "error: cannot read '/dev/zero': the file is larger than \(64 << 20) bytes\n"
    )
  }

  @Test func importMergesOrReplaces() throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    #expect(sandbox.run("prefs", "set", "color", "never").code == .success)
    #expect(sandbox.run("prefs", "set", "lang", "de").code == .success)
    let input = try sandbox.write(#"{"lang": "ja", "layout.columns": 3}"#, to: "in.json")
    let merged = sandbox.run("prefs", "import", input)
    #expect(merged.code == .success)
    #expect(merged.stdout == "imported '\(input)' (merge): 2 keys changed: lang, layout.columns\n")
    let store = PreferencesStore(path: sandbox.file)
    #expect(store.keys == ["color", "lang", "layout.columns"])
    #expect(store.value(forKey: "lang") == .string("ja"))

    let replaced = sandbox.run("prefs", "import", "in.json", "--replace")
    #expect(replaced.stdout == "imported 'in.json' (replace): 1 key changed: color\n")
    #expect(store.keys == ["lang", "layout.columns"])
  }

  @Test func importRefusesValuesThatAreNotAllowed() throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    let input = try sandbox.write(#"{"layout.columns": 99}"#, to: "in.json")
    let result = sandbox.run("prefs", "import", input)
    #expect(result.code == .usage)
    #expect(
      result.stderr
        == "error: cannot import '\(input)': invalid value for 'layout.columns': "
        + "use a whole number from 1 to 24; nothing was changed\n"
    )
    #expect(sandbox.contents() == nil, "nothing is written")
    #expect(sandbox.run("prefs", "get", "layout.columns").stdout == "4\n")
  }

  @Test func importReportsMissingAndMalformedFiles() throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    let missing = sandbox.run("prefs", "import", "nope.plist")
    #expect(missing.code == .noInput)
    #expect(
      missing.stderr
        == "error: cannot read '\(sandbox.directory.path("nope.plist"))': No such file or directory (errno 2)\n"
    )

    try sandbox.write("<plist><dict><key>a</key>", to: "truncated.plist")
    let truncated = sandbox.run("prefs", "import", "truncated.plist")
    #expect(truncated.code == .data)
    #expect(truncated.stderr.hasPrefix("error: cannot import 'truncated.plist': "))

    try sandbox.write("[1, 2]", to: "array.json")
    let array = sandbox.run("prefs", "import", "array.json")
    #expect(array.code == .data)
    #expect(array.stderr.hasPrefix("error: cannot import 'array.json': "))

    try sandbox.write(#"{"_schemaVersion": 9, "lang": "ja"}"#, to: "newer.json")
    let newer = sandbox.run("prefs", "import", "newer.json")
    #expect(newer.code == .data)
    #expect(
      newer.stderr
        == "error: 'newer.json' has schema version 9 but this program supports up to 1; "
        + "the file is read-only here, upgrade the program to change it\n"
    )
    #expect(sandbox.contents() == nil)
  }

  /// The raw bytes a command writes to stdout.
  private func sandboxStdoutBytes(_ arguments: [String], _ sandbox: PrefsSandbox) throws -> Data {
    let context = CommandContext(
      environment: sandbox.environment,
      currentDirectory: sandbox.directory.url.path
    )
    #expect(PokedexCLI.run(arguments, context: context) == .success)
    return Data(context.stdout.bytes)
  }
}
