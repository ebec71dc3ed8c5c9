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
    #expect(empty.stderr.hasPrefix("Error: no names on standard input"))
  }
}
