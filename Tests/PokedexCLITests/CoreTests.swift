import Foundation
import PokedexKit
import PokedexTestSupport
import Synchronization
import TerminalUI
import Testing

@testable import PokedexCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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

  /// A `LazyTable` shared by concurrent first callers builds its table once.
  @Test func lazyTableBuildsOnceUnderConcurrentFirstCalls() async {
    let table = LazyTable<[Int]>()
    let counter = BuildCounter()
    let results = await withTaskGroup(of: [Int].self) { group in
      for _ in 0..<8 {
        group.addTask {
          table.table {
            counter.increment()
            return Array(0..<100)
          }
        }
      }
      return await group.reduce(into: [[Int]]()) { $0.append($1) }
    }
    #expect(counter.value == 1)
    #expect(results.allSatisfy { $0 == Array(0..<100) })
  }

  /// `LazyTables` keeps at most its limit of tables, letting the oldest built go first,
  /// and builds a table that was let go again on its next use.
  @Test func lazyTablesKeepTheNewestUpToTheirLimit() {
    let tables = LazyTables<Int, Int>(limit: 2)
    var builds: [Int] = []
    func table(_ key: Int) -> Int {
      tables.table(for: key) {
        builds.append(key)
        return key * 10
      }
    }
    let first: [Int] = [table(1), table(2), table(1)]
    #expect(first == [10, 20, 10])
    #expect(builds == [1, 2])
    let third = table(3)  // lets 1 go, the oldest built
    #expect(third == 30)
    #expect(tables.count == 2)
    let again: [Int] = [table(2), table(3), table(1)]
    #expect(again == [20, 30, 10])
    #expect(builds == [1, 2, 3, 1])
    #expect(tables.count == 2)
  }

  /// The fast read of `environ` against Foundation's reading of the same environment.
  @Test func processEnvironmentMatchesProcessInfo() {
    #expect(PokedexCLI.processEnvironment() == ProcessInfo.processInfo.environment)
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

/// A count shared by tasks, for checking how often something ran.
private final class BuildCounter: Sendable {
  private let count = Mutex(0)
  var value: Int { count.withLock { $0 } }
  func increment() { count.withLock { $0 += 1 } }
}
