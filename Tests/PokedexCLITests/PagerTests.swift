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
  ) -> (code: ExitCode, unpaged: String, stderr: String) {
    var environment = ["POKEDEX_PREFS_FILE": "/nonexistent-pokedex-test/prefs.plist"]
    environment["PAGER"] = pager
    let context = CommandContext(
      environment: environment,
      stdoutIsTerminal: terminal,
      terminalColumns: 80,
      terminalRows: rows
    )
    let code = PokedexCLI.finish(PokedexCLI.run(arguments, context: context), context: context)
    return (code, context.stdout.text, context.stderr.text)
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

  /// (The shell's "not found" goes to /dev/null, out of the test run's output; the status is
  /// still 127.)
  @Test func aPagerThatIsNotFoundLeavesTheOutputToTheTool() {
    let result = Self.run(
      ["list", "--limit", "30"],
      pager: "no-such-pager-for-pokedex-tests 2>/dev/null"
    )
    #expect(result.code == .success)
    #expect(result.unpaged.contains("Bulbasaur"))
  }

  /// A pager that runs and fails (issue #36) may have shown none of the output: the failure
  /// is reported and the status is 74, never 0; the output is not written a second time
  /// after a pager that may have shown part of it.
  @Test(arguments: [
    ("false", "exited with status 1"),
    ("cat > /dev/null; exit 3", "exited with status 3"),
    ("kill -KILL $$", "was killed by signal 9"),
  ])
  func aPagerThatFailsIsAnIOError(pager: String, reason: String) {
    let result = Self.run(["list", "--limit", "30"], pager: pager)
    #expect(result.code == .ioError)
    #expect(result.stderr.contains("pokedex: the pager '"), "\(result.stderr)")
    #expect(result.stderr.contains(reason), "\(result.stderr)")
    #expect(result.stderr.contains("--no-pager"))
    #expect(result.unpaged.isEmpty)
  }

  /// A pager that is found but cannot be run (status 126) never saw the output: the tool
  /// writes it, as for a pager that is not found.
  @Test func aPagerThatCannotRunLeavesTheOutputToTheTool() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let notExecutable = directory.path("pager")
    try "#!/bin/sh\ncat\n".write(toFile: notExecutable, atomically: true, encoding: .utf8)
    let result = Self.run(["list", "--limit", "30"], pager: "'\(notExecutable)' 2>/dev/null")
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
