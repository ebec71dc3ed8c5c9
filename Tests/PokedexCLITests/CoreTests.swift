import PokedexTestSupport
import Testing

@testable import PokedexCLI

@Suite struct CoreTests {
  @Test func helpListsEveryCommand() {
    let result = pokedex("--help")
    #expect(result.code == .success)
    for command in PokedexCLI.commands { #expect(result.stdout.contains("  \(command.name) ")) }
    assertGolden(result.stdout, named: "help.txt")
  }

  @Test func versionPrintsToStdout() {
    let result = pokedex("--version")
    #expect(result.code == .success)
    #expect(result.stdout == "pokedex \(PokedexCLI.version)\n")
  }

  @Test func unknownCommandSuggestsTheClosest() {
    let result = pokedex("compeltions")
    #expect(result.code == .usage)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr == """
        Error: unknown command 'compeltions'; did you mean 'completions'?
        Usage: pokedex <command> [options]
          See 'pokedex --help'.

        """
    )
  }

  @Test func unknownOptionIsAUsageError() {
    let result = pokedex("completions", "bash", "--nmes")
    #expect(result.code == .usage)
    #expect(result.stderr.hasPrefix("Error: unknown option '--nmes'; did you mean '--names'?\n"))
    #expect(result.stderr.contains("Usage: pokedex completions bash|zsh|fish\n"))
  }

  @Test func optionValuesAreChecked() {
    let result = pokedex("completions", "bash", "--color", "sometimes")
    #expect(result.code == .usage)
    #expect(
      result.stderr.hasPrefix(
        "Error: invalid value 'sometimes' for --color: expected one of auto, always, never\n"
      )
    )
    #expect(
      pokedex("completions", "bash", "--data").stderr.hasPrefix(
        "Error: missing value for '--data' (expected FILE)"
      )
    )
  }

  @Test(arguments: ["bash", "zsh", "fish"])
  func completionScripts(shell: String) {
    let result = pokedex("completions", shell)
    #expect(result.code == .success)
    assertGolden(result.stdout, named: "completions.\(shell)")
  }

  @Test func completionsRejectUnknownShells() {
    let result = pokedex("completions", "tcsh")
    #expect(result.code == .usage)
    #expect(result.stderr.hasPrefix("Error: unknown shell 'tcsh' (expected bash, zsh or fish)\n"))
  }

  @Test func textWidthCountsWideCharactersTwice() {
    #expect(TextWidth.of("Pikachu") == 7)
    #expect(TextWidth.of("ピカチュウ") == 10)
    #expect(TextWidth.of("Flabe\u{301}be\u{301}") == 7)
    #expect(TextWidth.truncate("フシギダネ", to: 7) == "フシギ…")
    #expect(TextWidth.pad("피카츄", to: 8) == "피카츄  ")
  }

  @Test func colourFollowsTheTerminalAndNoColor() {
    #expect(Style(mode: nil, isTerminal: true, environment: [:]).isEnabled)
    #expect(!Style(mode: nil, isTerminal: false, environment: [:]).isEnabled)
    #expect(!Style(mode: "auto", isTerminal: true, environment: ["NO_COLOR": "1"]).isEnabled)
    #expect(Style(mode: "always", isTerminal: false, environment: ["NO_COLOR": "1"]).isEnabled)
    #expect(!Style(mode: "never", isTerminal: true, environment: [:]).isEnabled)
    #expect(Style(isEnabled: true).bold("x") == "\u{1B}[1mx\u{1B}[0m")
  }
}
