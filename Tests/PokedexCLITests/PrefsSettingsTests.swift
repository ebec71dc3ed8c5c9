import PlistPreferences
import PokedexCLI
import PokedexTestSupport
import Testing

/// The precedence flag, environment variable, preferences file, default, read through ``Settings``.
@Suite struct PrefsSettingsTests {
  /// A command's options with a preference behind them.
  struct Options: OptionGroup {
    let style = Option<String>("--style", value: "STYLE", help: "layout style")
    let columns = Option<String>("--columns", value: "N", help: "columns")

    var declarations: [any OptionDeclaration] { [style, columns] }
  }

  struct Case: Sendable, CustomStringConvertible {
    var flag: String?
    var environment: String?
    var file: String?
    var expected: String
    var description: String {
      "flag \(flag ?? "-"), env \(environment ?? "-"), file \(file ?? "-") -> \(expected)"
    }
  }

  static let cases: [Case] = [
    Case(flag: "row", environment: "list", file: "featured", expected: "row"),
    Case(flag: "row", environment: nil, file: "featured", expected: "row"),
    Case(flag: nil, environment: "list", file: "featured", expected: "list"),
    Case(flag: nil, environment: "", file: "featured", expected: "featured"),
    Case(flag: nil, environment: nil, file: "featured", expected: "featured"),
    Case(flag: nil, environment: nil, file: nil, expected: "grid"),
    Case(flag: nil, environment: "carousel", file: nil, expected: "carousel"),
  ]

  @Test(arguments: cases)
  func flagBeatsEnvironmentBeatsFileBeatsDefault(_ test: Case) throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    if let file = test.file {
      try PreferencesStore(path: sandbox.file).set(file, for: PokedexPreferences.layoutStyle)
    }
    var environment = sandbox.environment
    environment["POKEDEX_LAYOUT_STYLE"] = test.environment
    let arguments = try ParsedArguments.parse(
      test.flag.map { ["--style", $0] } ?? [],
      options: Options()
    )
    let settings = try Settings(arguments.global, context: CommandContext(environment: environment))
    let style = try settings.value(
      PokedexPreferences.layoutStyle,
      from: arguments.given(\.style),
      environment: "POKEDEX_LAYOUT_STYLE"
    )
    #expect(style == test.expected)
  }

  @Test(arguments: [["--no-prefs"], []])
  func noPrefsIgnoresTheFile(_ flags: [String]) throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    let store = PreferencesStore(path: sandbox.file)
    try store.set(9, for: PokedexPreferences.layoutColumns)
    try store.set(["fast": ["spe>100"]], for: PokedexPreferences.filters)
    var environment = sandbox.environment
    if flags.isEmpty { environment["POKEDEX_NO_PREFS"] = "1" }
    let arguments = try ParsedArguments.parse(flags, options: Options())
    let columns = arguments.given(\.columns)
    let settings = try Settings(arguments.global, context: CommandContext(environment: environment))
    #expect(settings.store == nil)
    #expect(
      try settings.value(PokedexPreferences.layoutColumns, from: columns, environment: nil) == 4
    )
    #expect(settings.savedFilters.isEmpty)
    // The environment still applies.
    environment["POKEDEX_LAYOUT_COLUMNS"] = "2"
    let withEnvironment = try Settings(
      arguments.global,
      context: CommandContext(environment: environment)
    )
    #expect(
      try withEnvironment.value(
        PokedexPreferences.layoutColumns,
        from: columns,
        environment: "POKEDEX_LAYOUT_COLUMNS"
      ) == 2
    )

    let reading = try Settings(
      ParsedArguments.parse([], options: GlobalOptions()),
      context: CommandContext(environment: sandbox.environment)
    )
    #expect(reading.stored(PokedexPreferences.layoutColumns) == 9)
    #expect(reading.savedFilters == ["fast": ["spe>100"]])
  }

  @Test func badFlagAndEnvironmentValuesNameTheirSource() throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    let flag = try ParsedArguments.parse(["--columns", "40"], options: Options())
    let settings = try Settings(
      flag.global,
      context: CommandContext(environment: sandbox.environment)
    )
    #expect(
      throws: CLIError.usage("invalid value '40' for --columns: use a whole number from 1 to 24")
    ) {
      try settings.value(
        PokedexPreferences.layoutColumns,
        from: flag.given(\.columns),
        environment: nil
      )
    }
    var environment = sandbox.environment
    environment["POKEDEX_LAYOUT_COLUMNS"] = "four"
    let fromEnvironment = try Settings(
      ParsedArguments.parse([], options: GlobalOptions()),
      context: CommandContext(environment: environment)
    )
    #expect(
      throws: CLIError.usage(
        "invalid value 'four' for environment variable POKEDEX_LAYOUT_COLUMNS: expected a whole number"
      )
    ) {
      try fromEnvironment.value(
        PokedexPreferences.layoutColumns,
        from: nil,
        environment: "POKEDEX_LAYOUT_COLUMNS"
      )
    }
  }

  @Test func anUndecodableStoredValueFallsBackToTheDefaultWithAWarning() throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    try PreferencesStore(path: sandbox.file).setValue(.string("lots"), forKey: "layout.columns")
    let context = CommandContext(environment: sandbox.environment)
    let settings = try Settings(
      ParsedArguments.parse([], options: GlobalOptions()),
      context: context
    )
    #expect(try settings.value(PokedexPreferences.layoutColumns, from: nil, environment: nil) == 4)
    #expect(
      context.stderr.text.hasPrefix(
        "warning: 'layout.columns' holds \"lots\", which is not a valid Int"
      )
    )
  }

  @Test(
    arguments: [
      ("fast", nil), ("gen-1_starters", nil), ("", "a name cannot be empty"),
      ("Fast", "use lower-case letters a-z, digits, '_' and '-'"),
      ("a b", "use lower-case letters a-z, digits, '_' and '-'"),
      ("../x", "use lower-case letters a-z, digits, '_' and '-'"),
      (String(repeating: "a", count: 65), "use at most 64 characters"),
    ] as [(String, String?)]
  )
  func filterNamesAreChecked(name: String, problem: String?) {
    #expect(SavedFilters.problem(withName: name) == problem)
  }

  @Test func filterUsersAreFoundInTermsAndAlternatives() {
    let filters = [
      "a": ["fire", "@fast"], "b": ["water|!@fast"], "c": ["@faster"], "fast": ["spe>100"],
    ]
    #expect(SavedFilters.users(of: "fast", in: filters) == ["a", "b"])
    #expect(SavedFilters.display(["fire", "name:Mr. Mime"]) == "fire 'name:Mr. Mime'")
  }
}
