import Testing

@testable import PokedexCLI

/// Global options are accepted before the command as well as after it.
@Suite struct GlobalOptionsTests {
  /// Each global option, with the command it is tried on, in both positions.
  static let cases: [(options: [String], command: [String])] = [
    (["--color", "never"], ["show", "pikachu"]),
    (["--color=always"], ["show", "pikachu"]),
    (["--no-prefs"], ["list", "name:pikachu"]),
    (["--data", "/nonexistent-pokedex-test/pokemons.json"], ["list"]),
    (["--data=/nonexistent-pokedex-test/pokemons.json"], ["show", "pikachu"]),
    (["--lang", "ja"], ["show", "pikachu"]),
    (["--lang=fr", "--color", "never", "--no-prefs"], ["list", "type:fire", "--limit", "3"]),
  ]

  @Test(arguments: cases.indices)
  func optionBeforeTheCommandActsAsAfterIt(index: Int) {
    let (options, command) = Self.cases[index]
    let before = pokedex(options + command)
    let after = pokedex(command + options)
    #expect(before.code == after.code)
    #expect(before.stdout == after.stdout)
    #expect(before.stderr == after.stderr)
    #expect(!before.stderr.contains("unknown"))
  }

  @Test func optionsBeforeTheCommandTakeEffect() {
    #expect(pokedex("--lang", "ja", "show", "pikachu").stdout.contains("ピカチュウ"))
    #expect(pokedex("--color", "always", "show", "pikachu").stdout.contains("\u{1B}["))
    #expect(!pokedex("--color", "never", "show", "pikachu").stdout.contains("\u{1B}["))
    let missing = pokedex("--data", "/nonexistent-pokedex-test/pokemons.json", "list")
    #expect(missing.code == .noInput)
    #expect(missing.stderr.contains("/nonexistent-pokedex-test/pokemons.json"))
  }

  @Test func aValueThatLooksLikeACommandIsTheOptionsValue() {
    let result = pokedex("--data", "list", "list")
    #expect(result.code == .noInput)
    #expect(result.stderr.contains("list"))
  }

  @Test func helpAndVersionBeforeTheCommand() {
    #expect(pokedex("--no-prefs", "--help", "list").stdout == ListCommand().help)
    #expect(pokedex("-h", "show").stdout == ShowCommand().help)
    #expect(pokedex("--help").stdout == PokedexCommands.toolHelp)
    #expect(pokedex("--color", "never", "--version").stdout == "pokedex \(PokedexCLI.version)\n")
    #expect(pokedex("--no-prefs", "help", "types").stdout == TypesCommand().help)
  }

  @Test func topLevelHelpListsTheOptionsThatCanComeFirst() {
    let help = pokedex("--help").stdout
    for spec in GlobalOptions.leadingSpecs { #expect(help.contains(spec.name + " ")) }
    #expect(help.contains("before or after the command"))
  }

  @Test func unknownOptionBeforeTheCommandIsAUsageError() {
    let result = pokedex("--bogus", "list")
    #expect(result.code == .usage)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr.hasPrefix(
        "error: unknown option '--bogus' before the command; only global options can come first: --data, --color, --no-prefs, --no-pager, --help, --lang, --version\n"
      )
    )
    #expect(result.stderr.contains("Usage: pokedex <command> [options]\n"))
  }

  @Test func misspeltGlobalOptionSuggestsTheClosest() {
    let result = pokedex("--colr", "never", "list")
    #expect(result.code == .usage)
    #expect(
      result.stderr.hasPrefix("error: unknown global option '--colr'; did you mean '--color'?\n")
    )
  }

  @Test func commandOptionBeforeTheCommandSaysWhereItGoes() {
    let result = pokedex("--forms", "list")
    #expect(result.code == .usage)
    #expect(
      result.stderr.hasPrefix(
        "error: '--forms' is an option of a command: write it after the command ('pokedex <command> --forms')\n"
      )
    )
  }

  @Test func missingValueOrCommandIsAUsageError() {
    let value = pokedex("--data")
    #expect(value.code == .usage)
    #expect(value.stderr.hasPrefix("error: missing value for '--data' (expected FILE)\n"))
    let command = pokedex("--no-prefs")
    #expect(command.code == .usage)
    #expect(command.stderr.hasPrefix("error: missing command after '--no-prefs'\n"))
  }

  @Test func valuesBeforeTheCommandAreCheckedByTheCommand() {
    let result = pokedex("--color", "sometimes", "list")
    #expect(result.code == .usage)
    #expect(
      result.stderr.hasPrefix(
        "error: invalid value 'sometimes' for --color: expected one of auto, always, never\n"
      )
    )
    #expect(result.stderr.contains("Usage: pokedex list"))
  }

  @Test func optionsACommandRejectsAreRejectedInEitherPosition() {
    for arguments in [
      ["--data", "x.json", "diff", "a.json", "b.json"],
      ["--lang", "fr", "diff", "a.json", "b.json"],
    ] {
      let result = pokedex(arguments)
      #expect(result.code == .usage)
      #expect(result.stderr.hasPrefix("error: unknown option '\(arguments[0])'"))
    }
  }

  @Test func doubleDashEndsTheLeadingOptions() {
    let result = pokedex("--no-prefs", "--", "--version")
    #expect(result.code == .usage)
    #expect(result.stderr.hasPrefix("error: unknown command '--version'"))
  }
}
