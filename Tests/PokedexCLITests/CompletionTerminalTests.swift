import Foundation
import PokedexTestSupport
import Testing

/// bash completion end to end (and zsh for names in any case): the script of `pokedex
/// completions bash` sourced by an interactive bash in tmux, Tab pressed, and the command line read off the screen, so what
/// readline does with the answers (replacing only the text after a `:`) is what is checked.
///
/// Skipped, with a message, when tmux is not installed.
@Suite(
  .serialized,
  .enabled(
    if: ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"].contains {
      FileManager.default.isExecutableFile(atPath: $0)
    },
    "tmux is not installed: apt-get install tmux"
  )
)
struct CompletionTerminalTests {
  /// A bash with the completion loaded, `pokedex` on its `PATH`, and a team `Sand` and a
  /// box `Box 1` in its teams file.
  static func shell() throws -> BrowseTerminalTests.Terminal {
    let terminal = try BrowseTerminalTests.Terminal()
    try terminal.startShell()
    let directory = (terminal.binary as NSString).deletingLastPathComponent
    try terminal.type(
      "export PATH=\(directory):$PATH; source <(pokedex completions bash); "
        + "pokedex team new Sand -q && pokedex team new 'Box 1' --box -q && echo READY"
    )
    try terminal.keys("Enter")
    try #require(
      terminal.waitFor { $0.contains("\nREADY") } != nil,
      "setup failed:\n\(terminal.screen())"
    )
    return terminal
  }

  /// A zsh (`-f`: no startup files) with `compinit` and the zsh completion loaded, `pokedex`
  /// on its `PATH`.
  static func zsh() throws -> BrowseTerminalTests.Terminal {
    let terminal = try BrowseTerminalTests.Terminal()
    let zsh = try #require(CompletionShellTests.path(of: "zsh"), "zsh is not installed")
    try terminal.newSession("\(terminal.environment) \(zsh) -f")
    let directory = (terminal.binary as NSString).deletingLastPathComponent
    try terminal.type(
      "PATH=\(directory):$PATH; autoload -Uz compinit && compinit -u; "
        + "source <(pokedex completions zsh); PS1='$ '; clear"
    )
    try terminal.keys("Enter")
    try #require(
      terminal.waitFor { $0.trimmingCharacters(in: .whitespacesAndNewlines) == "$" } != nil,
      "zsh did not start:\n\(terminal.screen())"
    )
    return terminal
  }

  /// Types `text`, presses Tab (twice with `listing`), then types `#END` (readline handles
  /// keys in order, so it lands after whatever the completion inserted, space included),
  /// and returns the command line up to `#END`; then empties the line and the screen.
  static func complete(
    _ terminal: BrowseTerminalTests.Terminal,
    _ text: String,
    listing: Bool = false
  ) throws -> (line: String, screen: String) {
    try terminal.type(text)
    try terminal.keys("Tab")
    if listing { try terminal.keys("Tab") }
    try terminal.type("#END")
    let screen = terminal.waitFor { $0.contains("#END") } ?? terminal.screen()
    let line =
      screen.split(separator: "\n").last { $0.hasPrefix("$ ") && $0.contains("#END") }
      .map { String($0.dropFirst(2).prefix { $0 != "#" }) } ?? ""
    try terminal.keys("C-e", "C-u")
    try terminal.type("clear")
    try terminal.keys("Enter")
    _ = terminal.waitFor { $0.trimmingCharacters(in: .whitespacesAndNewlines) == "$" }
    return (line, screen)
  }

  /// Expects Tab after `text` (twice with `listing`) to leave the line `expected`.
  static func expect(
    _ terminal: BrowseTerminalTests.Terminal,
    _ text: String,
    listing: Bool = false,
    gives expected: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let result = try complete(terminal, text, listing: listing)
    #expect(
      result.line == expected,
      "\(text)<TAB>: \(result.screen)",
      sourceLocation: sourceLocation
    )
  }

  @Test func aQueryKeyIsCompletedOnceAfterItsColon() throws {
    let terminal = try Self.shell()
    try Self.expect(terminal, "pokedex list type:fir", gives: "pokedex list type:fire ")
    try Self.expect(terminal, "pokedex list type:", gives: "pokedex list type:")
    let listed = try Self.complete(terminal, "pokedex list type:", listing: true)
    #expect(listed.line == "pokedex list type:", "\(listed.screen)")
    #expect(listed.screen.contains("fairy") && listed.screen.contains("water"))
    try Self.expect(terminal, "pokedex list ability:levi", gives: "pokedex list ability:levitate ")
    try Self.expect(terminal, "pokedex list ability:", gives: "pokedex list ability:")
  }

  @Test func teamsBoxesAndTheirPokemonAreCompleted() throws {
    let terminal = try Self.shell()
    for subcommand in ["show", "edit", "add", "export"] {
      try Self.expect(
        terminal,
        "pokedex team \(subcommand) Sa",
        gives: "pokedex team \(subcommand) Sand "
      )
    }
    try Self.expect(
      terminal,
      "pokedex team export Sand Bo",
      gives: #"pokedex team export Sand Box\ 1 "#
    )
    try Self.expect(
      terminal,
      "pokedex team add Sand Ivysa",
      gives: "pokedex team add Sand ivysaur "
    )
  }

  @Test func namesAreCompletedWhateverTheirCase() throws {
    let terminal = try Self.shell()
    try Self.expect(terminal, "pokedex show Bulbas", gives: "pokedex show bulbasaur ")
    try Self.expect(terminal, "pokedex show PIKACH", gives: "pokedex show pikachu")
    try Self.expect(terminal, "pokedex team show sa", gives: "pokedex team show Sand ")
  }

  /// zsh too (fish matches without regard to case by itself).
  @Test(.enabled(if: CompletionShellTests.path(of: "zsh") != nil, "zsh is not installed"))
  func zshCompletesNamesWhateverTheirCase() throws {
    let terminal = try Self.zsh()
    try Self.expect(terminal, "pokedex show Bulbas", gives: "pokedex show bulbasaur ")
    try Self.expect(terminal, "pokedex show bulbas", gives: "pokedex show bulbasaur ")
    try Self.expect(terminal, "pokedex list type:fir", gives: "pokedex list type:fire ")
  }
}
