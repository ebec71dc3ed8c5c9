import Foundation
import PokedexTestSupport
import Testing

@testable import PokedexCLI

/// Long output on a terminal goes through the pager (`POKEDEX_PAGER`, `PAGER`, `less`), as
/// with git and gh; never when piped, with `--no-pager`, or when it fits.
@Suite struct PagerTests {
  /// Runs `arguments` in-process as on a terminal of `rows` rows, then finishes as the
  /// process does (which is where paging happens); returns the status and what stayed in
  /// stdout's buffer (what the tool writes itself).
  static func run(
    _ arguments: [String],
    pager: String?,
    terminal: Bool = true,
    rows: Int = 10
  ) -> (code: ExitCode, unpaged: String) {
    var environment = ["POKEDEX_PREFS_FILE": "/nonexistent-pokedex-test/prefs.plist"]
    environment["PAGER"] = pager
    let context = CommandContext(
      environment: environment,
      stdoutIsTerminal: terminal,
      terminalColumns: 80,
      terminalRows: rows
    )
    let code = PokedexCLI.finish(PokedexCLI.run(arguments, context: context), context: context)
    return (code, context.stdout.text)
  }

  @Test func longOutputOnATerminalGoesThroughThePager() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let paged = directory.path("paged.txt")
    let result = Self.run(["list", "--limit", "30", "--color", "never"], pager: "cat > '\(paged)'")
    #expect(result.code == .success)
    #expect(result.unpaged.isEmpty)
    let text = try String(contentsOfFile: paged, encoding: .utf8)
    #expect(text.contains("Bulbasaur") && text.split(separator: "\n").count == 31)
  }

  @Test(arguments: [
    (["list", "--limit", "3"], "cat > '%@'", true),  // fits in the terminal
    (["list", "--limit", "30", "--no-pager"], "cat > '%@'", true),
    (["--no-pager", "list", "--limit", "30"], "cat > '%@'", true),
    (["list", "--limit", "30"], "cat > '%@'", false),  // piped
    (["list", "--limit", "30"], "cat", true),  // paging off
    (["list", "--limit", "30"], "", true),
  ])
  func otherwiseTheToolWritesItself(arguments: [String], pager: String, terminal: Bool) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let paged = directory.path("paged.txt")
    let result = Self.run(
      arguments,
      pager: pager.replacingOccurrences(of: "%@", with: paged),
      terminal: terminal
    )
    #expect(result.code == .success)
    #expect(result.unpaged.contains("Bulbasaur"))
    #expect(!FileManager.default.fileExists(atPath: paged))
  }

  @Test func aPagerThatIsNotFoundLeavesTheOutputToTheTool() {
    let result = Self.run(["list", "--limit", "30"], pager: "no-such-pager-for-pokedex-tests")
    #expect(result.code == .success)
    #expect(result.unpaged.contains("Bulbasaur"))
  }

  /// Quitting the pager before the end (here after one line, with far more than a pipe's
  /// buffer to come) ends paging quietly: no SIGPIPE, status 0.
  @Test func quittingThePagerEarlyIsNotAnError() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let paged = directory.path("paged.txt")
    let result = Self.run(
      ["list", "--forms", "--format", "json"],
      pager: "head -c 10 > '\(paged)'"
    )
    #expect(result.code == .success)
    #expect(result.unpaged.isEmpty)
    #expect(try String(contentsOfFile: paged, encoding: .utf8).count == 10)
  }
}

/// The pager on a real terminal (tmux): `less` shows the first screen and waits for keys,
/// which it can only do in the terminal's foreground process group.
@Suite struct PagerTerminalTests {
  static let tmux = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }
  static let less = ["/usr/bin/less", "/bin/less"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// Runs tmux with its output to /dev/null: the server it starts keeps the descriptors it
  /// inherits, so a pipe to read them would never reach its end.
  static func tmux(_ arguments: String...) throws {
    let line = ([try #require(tmux)] + arguments).map {
      "'\($0.replacingOccurrences(of: "'", with: "'\\''"))'"
    }
    _ = try runProcess("/bin/sh", ["-c", line.joined(separator: " ") + " >/dev/null 2>&1"])
  }

  static func screen(_ session: String) throws -> String {
    try runProcess(try #require(tmux), ["capture-pane", "-t", session, "-p"]).stdout
  }

  /// Polls the screen until `condition` holds (up to 10 s).
  static func waitFor(_ session: String, _ condition: (String) -> Bool) throws -> String {
    var text = ""
    for _ in 0..<100 {
      text = try screen(session)
      if condition(text) { break }
      usleep(100_000)
    }
    return text
  }

  @Test(.enabled(if: tmux != nil && less != nil, "needs tmux and less"))
  func lessWaitsForKeysAndQuitsCleanly() throws {
    let binary = try #require(builtProductPath("pokedex"), "'swift test' builds pokedex")
    let session = "pokedex-pager-\(getpid())"
    let command =
      "POKEDEX_NO_PREFS=1 PAGER=less '\(binary)' list type:water --color never; echo EXIT=$?; sleep 30"
    try Self.tmux("new-session", "-d", "-s", session, "-x", "100", "-y", "20", command)
    defer { try? Self.tmux("kill-session", "-t", session) }
    let first = try Self.waitFor(session) { $0.contains("Squirtle") }
    #expect(first.contains("Squirtle"))
    #expect(!first.contains("EXIT="), "the pager did not wait: \(first)")
    try Self.tmux("send-keys", "-t", session, "q")
    let after = try Self.waitFor(session) { $0.contains("EXIT=") }
    #expect(after.contains("EXIT=0"))
  }
}
