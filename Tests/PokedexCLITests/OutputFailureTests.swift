import Foundation
import PokedexCLI
import PokedexTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard output that cannot be written: a full device, a closed descriptor, a
/// reader that went away. Run with the built `pokedex` under `bash`, since the cases
/// are about descriptors and exit statuses.
@Suite struct OutputFailureTests {
  /// Runs `script` in bash with `$0` the built `pokedex` and a preferences directory of
  /// its own.
  static func shell(_ script: String) throws -> ProcessResult {
    let binary = try #require(
      builtProductPath("pokedex"),
      "the pokedex binary is built by 'swift test'"
    )
    let directory = try TemporaryDirectory(prefix: "pokedex-output")
    defer { directory.remove() }
    return try runProcess(
      "/bin/bash",
      ["-c", script, binary],
      environment: ["POKEDEX_CONFIG_HOME": directory.path("config")],
      currentDirectory: directory.url.path
    )
  }

  static let fullMessage = "pokedex: cannot write to standard output: No space left on device\n"

  @Test func aLargeOutputToAFullDeviceIsAnIOError() throws {
    // More than the 1 MiB buffer: the first write fails midway through the command.
    let result = try Self.shell(#"exec "$0" list --format json --forms > /dev/full"#)
    #expect(result.status == 74)
    #expect(result.stderr == Self.fullMessage)
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var arguments: String
    var testDescription: String { arguments }
  }

  /// Every command, and the built-in outputs, to a full device.
  @Test(
    arguments: [
      "list", "show pikachu", "search pika", "types", "types fire", "layout --limit 4",
      "layout --format json --limit 2", "data info", "completions bash", "prefs list",
      "prefs path", "prefs export", "prefs export --format json", "prefs get lang", "--help",
      "--version", "list --help",
    ].map(Case.init)
  )
  func everyCommandReportsAFullDevice(_ command: Case) throws {
    let result = try Self.shell(#"exec "$0" \#(command.arguments) > /dev/full"#)
    #expect(result.status == 74)
    #expect(result.stderr.hasSuffix(Self.fullMessage), "\(result.stderr)")
  }

  @Test func diffReportsAFullDeviceInsteadOfDifferences() throws {
    let base = try #require(DiffFixture.base)
    let directory = try DiffFixture.write(base, DiffFixture.changed(base))
    defer { directory.remove() }
    let result = try Self.shell(
      #"exec "$0" diff "\#(directory.path("old.json"))" "\#(directory.path("new.json"))" > /dev/full"#
    )
    #expect(result.status == 74)
    #expect(result.stderr == Self.fullMessage)
  }

  @Test func aClosedStandardOutputIsAnIOError() throws {
    let result = try Self.shell(#"exec "$0" show pikachu >&-"#)
    #expect(result.status == 74)
    #expect(result.stderr == "pokedex: cannot write to standard output: Bad file descriptor\n")
    let large = try Self.shell(#"exec "$0" list --format json --forms >&-"#)
    #expect(large.status == 74)
    #expect(large.stderr == "pokedex: cannot write to standard output: Bad file descriptor\n")
  }

  /// `| head -c 1`: the reader goes away; the tool ends quietly by SIGPIPE (141 in bash),
  /// whether SIGPIPE is left to its default or ignored by the parent (then the write
  /// fails with EPIPE and the tool raises the signal itself).
  @Test(arguments: ["", "trap '' PIPE; "])
  func aClosedPipeEndsQuietlyBySIGPIPE(_ prefix: String) throws {
    let result = try Self.shell(
      prefix + #""$0" list --format json --forms | head -c 1 > /dev/null; echo "${PIPESTATUS[0]}""#
    )
    #expect(result.stdout == "141\n")
    #expect(result.stderr.isEmpty, "\(result.stderr)")
  }

  @Test func theBufferKeepsTheFirstFailureAndDropsLaterWrites() throws {
    let descriptor = open("/dev/full", O_WRONLY)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    let buffer = OutputBuffer(descriptor: descriptor)
    buffer.write(String(repeating: "x", count: 1 << 20))
    #expect(buffer.failure == ENOSPC)
    buffer.line("more")
    #expect(buffer.bytes.isEmpty)
    #expect(buffer.flush() == false)
  }

  @Test func aWorkingStreamReportsNoFailure() throws {
    let descriptor = open("/dev/null", O_WRONLY)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    let buffer = OutputBuffer(descriptor: descriptor)
    buffer.write(String(repeating: "x", count: 3 << 20))
    #expect(buffer.flush())
    #expect(buffer.failure == nil)
  }
}
