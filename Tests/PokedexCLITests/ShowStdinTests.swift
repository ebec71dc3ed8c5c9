import Foundation
import PokedexTestSupport
import Testing

@testable import PokedexCLI

/// `pokedex show -`: names from standard input, one a line.
@Suite struct ShowStdinTests {
  @Test func dashIsReplacedByTheInputsLines() throws {
    let names = try ShowCommand.names(["25", "-", "mew"]) { () throws(CLIError) in
      "pikachu\n\n  mr. mime  \r\nbulbasaur"
    }
    #expect(names == ["25", "pikachu", "mr. mime", "bulbasaur", "mew"])
    #expect(try ShowCommand.names(["pikachu"]) { () throws(CLIError) in "unused" } == ["pikachu"])
  }

  @Test func emptyInputOrASecondDashIsAUsageError() {
    #expect(throws: CLIError.self) {
      try ShowCommand.names(["-"]) { () throws(CLIError) in "\n  \n" }
    }
    #expect(throws: CLIError.self) {
      try ShowCommand.names(["-", "-"]) { () throws(CLIError) in "pikachu" }
    }
  }

  /// Input past the limit is a data error, not an unbounded read; invalid UTF-8 becomes
  /// U+FFFD (a name that then misses) rather than a crash.
  @Test func inputIsBoundedAndDecodedSafely() throws {
    let pipe = Pipe()
    pipe.fileHandleForWriting.write(Data(repeating: UInt8(ascii: "a"), count: 3000))
    try pipe.fileHandleForWriting.close()
    do throws(CLIError) {
      _ = try StandardInput.read(pipe.fileHandleForReading, limit: 2048)
      Issue.record("3000 bytes were read with a limit of 2048")
    } catch {
      #expect(error.code == .data)
      #expect(error.message.hasPrefix("standard input is longer than 2048 bytes"))
    }
    let exact = Pipe()
    exact.fileHandleForWriting.write(Data([0x70, 0xFF, 0x0A]))
    try exact.fileHandleForWriting.close()
    #expect(try StandardInput.read(exact.fileHandleForReading, limit: 3) == "p\u{FFFD}\n")
  }

  /// The built binary reading a pipe: found names shown, the miss reported, exit 1.
  @Test func builtBinaryReadsNamesFromStdin() throws {
    let executable = try #require(builtProductPath("pokedex"), "build the pokedex product first")
    let environment = ["POKEDEX_PREFS_FILE": "/nonexistent-pokedex-test/prefs.plist"]
    let result = try runProcess(
      executable,
      ["show", "-", "--format", "json"],
      environment: environment,
      input: "pikachu\n\nnope\n  mew\n"
    )
    #expect(result.status == 1)
    let records =
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
    #expect(records?.map { $0["slug"] as? String } == ["pikachu", "mew"])
    #expect(result.stderr.contains("'nope'"))
    let all = try runProcess(executable, ["show", "-"], environment: environment, input: "25\n")
    #expect(all.status == 0)
    #expect(all.stdout.contains("Pikachu"))
    let empty = try runProcess(executable, ["show", "-"], environment: environment, input: "")
    #expect(empty.status == 64)
    #expect(empty.stderr.hasPrefix("error: no names on standard input"))
  }
}
