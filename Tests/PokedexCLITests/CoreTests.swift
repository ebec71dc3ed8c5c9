import Foundation
import PokedexCLI
import PokedexKit
import PokedexTestSupport
import Synchronization
import TerminalUI
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct CoreTests {
  @Test func helpListsEveryCommand() {
    let result = pokedex("--help")
    #expect(result.code == .success)
    for command in PokedexCommands.all { #expect(result.stdout.contains("  \(command.name) ")) }
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
        error: unknown command 'compeltions'; did you mean 'completions'?
        Usage: pokedex <command> [options]
          See 'pokedex --help'.

        """
    )
  }

  @Test func unknownOptionIsAUsageError() {
    let result = pokedex("completions", "bash", "--nmes")
    #expect(result.code == .usage)
    #expect(result.stderr.hasPrefix("error: unknown option '--nmes'; did you mean '--names'?\n"))
    #expect(result.stderr.contains("Usage: pokedex completions bash|zsh|fish\n"))
  }

  @Test func optionValuesAreChecked() {
    let result = pokedex("completions", "bash", "--color", "sometimes")
    #expect(result.code == .usage)
    #expect(
      result.stderr.hasPrefix(
        "error: invalid value 'sometimes' for --color: expected one of auto, always, never\n"
      )
    )
    #expect(
      pokedex("completions", "bash", "--data").stderr.hasPrefix(
        "error: missing value for '--data' (expected FILE)"
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
    #expect(result.stderr.hasPrefix("error: unknown shell 'tcsh' (expected bash, zsh or fish)\n"))
  }

  @Test func textWidthCountsWideCharactersTwice() {
    #expect(TextWidth.of("Pikachu") == 7)
    #expect(TextWidth.of("ピカチュウ") == 10)
    #expect(TextWidth.of("Flabe\u{301}be\u{301}") == 7)
    #expect(TextWidth.truncate("フシギダネ", to: 7) == "フシギ…")
    #expect(TextWidth.pad("피카츄", to: 8) == "피카츄  ")
  }

  @Test func outputBufferKeepsBytesAsTheyAre() {
    let buffer = OutputBuffer()
    buffer.write("é ")
    buffer.write(bytes: [0x7B, 0x7D])
    buffer.line(bytes: Array("ndjson".utf8))
    buffer.write(bytes: [0xFF])
    #expect(buffer.bytes == Array("é {}ndjson\n".utf8) + [0xFF])

    let empty = OutputBuffer()
    empty.write(bytes: [0x7B])
    empty.write(bytes: [0x7D])
    empty.write(bytes: "\n".utf8)
    #expect(empty.text == "{}\n")
  }

  @Test func outputBufferFlushesBytesToItsDescriptor() throws {
    var pipeEnds: [Int32] = [-1, -1]
    try #require(pipe(&pipeEnds) == 0)
    defer { close(pipeEnds[0]) }
    let buffer = OutputBuffer(descriptor: pipeEnds[1])
    buffer.write(bytes: [0x5B, 0x0A, 0xE2, 0x99, 0x80])
    buffer.line(bytes: [0x5D])
    #expect(buffer.flush())
    #expect(buffer.bytes.isEmpty)
    close(pipeEnds[1])
    var received = [UInt8](repeating: 0, count: 16)
    let count = read(pipeEnds[0], &received, received.count)
    #expect(Array(received.prefix(max(0, count))) == [0x5B, 0x0A, 0xE2, 0x99, 0x80, 0x5D, 0x0A])
  }

  /// `OutputBuffer` is `Sendable` through its lock: lines written from many
  /// tasks at once all arrive, each whole.
  @Test func outputBufferTakesLinesFromConcurrentTasks() async {
    let buffer = OutputBuffer()
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<8 {
        group.addTask {
          for line in 0..<200 { buffer.line("task \(task) line \(line)") }
        }
      }
    }
    let lines = buffer.text.split(separator: "\n")
    #expect(lines.count == 8 * 200)
    #expect(Set(lines).count == 8 * 200)
    #expect(lines.allSatisfy { $0.hasPrefix("task ") && $0.contains(" line ") })
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
