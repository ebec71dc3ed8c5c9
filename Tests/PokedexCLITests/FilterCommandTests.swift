import PlistPreferences
import PokedexCLI
import PokedexKit
import PokedexTestSupport
import Testing

@Suite struct FilterCommandTests {
  static let usageLine =
    "Usage: pokedex filter save|list|delete [arguments]\n  See 'pokedex filter --help'.\n"

  @Test func saveListAndDelete() throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    try sandbox.installSmallDex()
    let empty = sandbox.run("filter", "list")
    #expect(empty.code == .success)
    #expect(empty.stdout.isEmpty)
    #expect(empty.stderr == "no saved filters; save one with 'pokedex filter save NAME QUERY...'\n")

    let starters = sandbox.run("filter", "save", "starters", "name:bulbasaur|charmander|squirtle")
    #expect(starters.code == .success)
    #expect(starters.stdout == "saved @starters: name:bulbasaur|charmander|squirtle\n")
    #expect(sandbox.run("filter", "save", "@fast", "spe>100", "!legendary").code == .success)
    let replaced = sandbox.run("filter", "save", "fast", "spe>110")
    #expect(replaced.stdout == "saved @fast: spe>110 (replacing spe>100 !legendary)\n")
    #expect(sandbox.run("filter", "save", "quick-fire", "fire", "@fast").code == .success)

    let list = sandbox.run("filter", "list")
    #expect(list.code == .success)
    #expect(
      list.stdout == """
        @fast        spe>110
        @quick-fire  fire @fast
        @starters    name:bulbasaur|charmander|squirtle

        """
    )
    let store = PreferencesStore(path: sandbox.file)
    #expect(store[PokedexPreferences.filters]["starters"] == ["name:bulbasaur|charmander|squirtle"])

    let deleted = sandbox.run("filter", "delete", "fast")
    #expect(deleted.code == .success)
    #expect(deleted.stdout == "deleted @fast\n")
    #expect(
      deleted.stderr == "warning: @quick-fire uses @fast and will fail until it is saved again\n"
    )
    #expect(store[PokedexPreferences.filters].keys.sorted() == ["quick-fire", "starters"])
    #expect(sandbox.run("filter", "delete", "@quick-fire").code == .success)
    #expect(sandbox.run("filter", "delete", "starters").code == .success)
    #expect(store.keys == [], "the last filter removes the key, so the default applies")
  }

  /// A filter with `move:` terms is checked against the move data, as `list` compiles it.
  @Test func savingAFilterWithMoveTermsChecksTheMove() throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    try sandbox.installSmallDex()
    let saved = sandbox.run("filter", "save", "tr", "move:Trick Room", "learns:level")
    #expect(saved.code == .success, "\(saved.stderr)")
    #expect(saved.stdout == "saved @tr: 'move:Trick Room' learns:level\n")
    let unknown = sandbox.run("filter", "save", "typo", "move:trick-rooom")
    #expect(unknown.code == .usage)
    #expect(unknown.stderr.contains("did you mean 'trick-room'?"), "\(unknown.stderr)")
    let store = PreferencesStore(path: sandbox.file)
    #expect(store[PokedexPreferences.filters].keys.sorted() == ["tr"])
  }

  @Test func savedFiltersCompileThroughSettingsAsTheListCommandUsesThem() throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    try sandbox.installSmallDex()
    #expect(
      sandbox.run("filter", "save", "starters", "name:bulbasaur|charmander|squirtle").code
        == .success
    )
    #expect(sandbox.run("filter", "save", "fast", "spe>60").code == .success)
    let context = CommandContext(environment: sandbox.environment)
    let arguments = try ParsedArguments.parse([], options: GlobalOptions())
    let filters = try Settings(arguments, context: context).savedFilters
    let dex = try context.loadDex(arguments)
    let index = PokedexIndex(dex)
    let query = try Query(
      ["@starters", "@fast"],
      index: index,
      savedFilter: { filters[$0] },
      savedFilterNames: filters.keys.sorted()
    )
    #expect(dex.pokemon.filter(query.evaluate).map(\.slug) == ["charmander"])
    #expect(
      throws: QueryError.unknownSavedFilter(
        "startres",
        suggestion: "@starters",
        at: QuerySourceLocation(source: "query", line: "@startres", column: 1, length: 9)
      )
    ) {
      try Query(
        ["@startres"],
        index: index,
        savedFilter: { filters[$0] },
        savedFilterNames: filters.keys.sorted()
      )
    }
  }

  struct Failure: Sendable, CustomStringConvertible {
    var arguments: [String]
    var stderr: String
    var description: String { arguments.joined(separator: " ") }
  }

  static let failures: [Failure] = [
    Failure(
      arguments: [],
      stderr: "error: missing subcommand (expected save, list or delete)\n" + usageLine
    ),
    Failure(
      arguments: ["sav"],
      stderr: "error: unknown subcommand 'sav'; did you mean 'save'?\n" + usageLine
    ),
    Failure(
      arguments: ["save"],
      stderr: "error: missing NAME and QUERY for 'filter save'\n" + usageLine
    ),
    Failure(
      arguments: ["save", "fast"],
      stderr: "error: missing QUERY for 'filter save fast'\n" + usageLine
    ),
    Failure(
      arguments: ["save", "Fast!", "fire"],
      stderr:
        "error: invalid filter name 'Fast!': use lower-case letters a-z, digits, '_' and '-'\n"
        + usageLine
    ),
    Failure(
      arguments: ["save", "../x", "fire"],
      stderr: "error: invalid filter name '../x': use lower-case letters a-z, digits, '_' and '-'\n"
        + usageLine
    ),
    Failure(
      arguments: ["save", "typo", "fire", "firre"],
      stderr: """
        error: unknown term 'firre'
         --> query:1:6
        fire firre
             ^^^^^
        help: did you mean 'fire'?

        """
    ),
    Failure(
      arguments: ["save", "loop", "@loop", "fire"],
      stderr: """
        error: saved filter '@loop' refers to itself
         --> @loop:1:1
        @loop fire
        ^^^^^
        help: a saved filter may use other saved filters, but not itself

        """
    ),
    Failure(
      arguments: ["save", "x", "@nope"],
      stderr: """
        error: unknown saved filter '@nope'
         --> query:1:1
        @nope
        ^^^^^

        """
    ),
    Failure(arguments: ["delete"], stderr: "error: missing NAME for 'filter delete'\n" + usageLine),
    Failure(
      arguments: ["delete", "fast"],
      stderr: "error: no saved filter '@fast'; there are no saved filters\n"
    ),
    Failure(
      arguments: ["list", "x"],
      stderr: "error: unexpected argument 'x' for 'filter list'\n" + usageLine
    ),
    Failure(
      arguments: ["save", "fast", "fire", "--no-prefs"],
      stderr:
        "error: cannot save a filter while the preferences file is ignored (--no-prefs or POKEDEX_NO_PREFS)\n"
        + usageLine
    ),
  ]

  @Test(arguments: failures)
  func errorsAreUsageErrorsWithExactMessages(_ failure: Failure) throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    try sandbox.installSmallDex()
    let result = pokedex(["filter"] + failure.arguments, environment: sandbox.environment)
    #expect(result.code == .usage)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == failure.stderr)
    #expect(sandbox.contents() == nil, "nothing is written")
  }

  @Test func deleteSuggestsTheClosestName() throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    try sandbox.installSmallDex()
    #expect(sandbox.run("filter", "save", "starters", "gen:1").code == .success)
    #expect(sandbox.run("filter", "save", "fast", "spe>100").code == .success)
    let close = sandbox.run("filter", "delete", "starter")
    #expect(close.code == .usage)
    #expect(close.stderr == "error: no saved filter '@starter'; did you mean 'starters'?\n")
    let far = sandbox.run("filter", "delete", "zzz")
    #expect(far.stderr == "error: no saved filter '@zzz'; saved filters: fast, starters\n")
  }

  @Test func noPrefsHidesFiltersFromList() throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    try sandbox.installSmallDex()
    #expect(sandbox.run("filter", "save", "fast", "spe>100").code == .success)
    #expect(sandbox.run("filter", "list").stdout == "@fast  spe>100\n")
    let hidden = sandbox.run("filter", "list", environment: ["POKEDEX_NO_PREFS": "1"])
    #expect(hidden.code == .success)
    #expect(hidden.stdout.isEmpty)
    let refused = sandbox.run("filter", "delete", "fast", environment: ["POKEDEX_NO_PREFS": "yes"])
    #expect(refused.code == .usage)
  }
}
