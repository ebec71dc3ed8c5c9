import Foundation
import PokedexTestSupport
import Testing

/// Every `console` block of README.md runs as written: each `$ ` line through bash, with
/// the built `pokedex` first on `PATH`, in a scratch directory (`HOME` and
/// `POKEDEX_CONFIG_HOME` in it too).
///
/// A command passes when it exits 0, or with the status its line documents in a trailing
/// `# exit N` comment, and, when the block shows output under it, when stdout is that
/// output. Two markers, an HTML comment on the line before a block, change that:
/// `<!-- readme-test: skip: REASON -->` leaves the block out (it builds the package or
/// needs files a clone does not have), and `<!-- readme-test: output abbreviated with ... -->`
/// lets a `...` line stand for any lines and a line ending in ` ...` for any rest of a line.
@Suite struct ReadmeExamplesTests {
  /// One `$ ` line of a console block and what it documents.
  struct Example: CustomStringConvertible {
    /// The README line number of the command.
    var line: Int
    var command: String
    var status: Int32
    /// The lines shown under the command (empty: the output is not shown).
    var output: [String]
    var abbreviated: Bool

    var description: String { "README.md:\(line): \(command)" }
  }

  /// The examples of `markdown`'s console blocks, and how many blocks were skipped.
  static func examples(in markdown: String) -> (examples: [Example], skipped: Int) {
    let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var examples: [Example] = []
    var skipped = 0
    var index = 0
    while index < lines.count {
      defer { index += 1 }
      guard lines[index] == "```console" else { continue }
      let marker = index > 0 ? lines[index - 1] : ""
      let abbreviated = marker == "<!-- readme-test: output abbreviated with ... -->"
      let skip = marker.hasPrefix("<!-- readme-test: skip: ")
      if skip { skipped += 1 }
      index += 1
      while index < lines.count, lines[index] != "```" {
        let text = lines[index]
        if text.hasPrefix("$ ") {
          if !skip {
            examples.append(
              Example(
                line: index + 1,
                command: String(text.dropFirst(2)),
                status: documentedStatus(text),
                output: [],
                abbreviated: abbreviated
              )
            )
          }
        } else if !skip, !examples.isEmpty {
          examples[examples.count - 1].output.append(text)
        }
        index += 1
      }
    }
    return (examples, skipped)
  }

  /// The status a trailing `# exit N` comment documents, else 0.
  static func documentedStatus(_ line: String) -> Int32 {
    guard let comment = line.range(of: "# exit ", options: .backwards) else { return 0 }
    let digits = line[comment.upperBound...].prefix { $0.isNumber }
    return Int32(digits) ?? 0
  }

  /// Whether `actual` is `expected`, line for line; when `abbreviated`, a `...` line matches
  /// any lines (none included) and a line ending in ` ...` any line that starts with the rest.
  static func matches(_ expected: [String], _ actual: [String], abbreviated: Bool) -> Bool {
    func lineMatches(_ pattern: String, _ line: String) -> Bool {
      if abbreviated, pattern.hasSuffix(" ...") {
        return line.hasPrefix(pattern.dropLast(4))
      }
      return pattern == line
    }
    func match(_ i: Int, _ j: Int) -> Bool {
      if i == expected.count { return j == actual.count }
      if abbreviated, expected[i] == "..." {
        return (j...actual.count).contains { match(i + 1, $0) }
      }
      return j < actual.count && lineMatches(expected[i], actual[j]) && match(i + 1, j + 1)
    }
    return match(0, 0)
  }

  @Test func theMatcherCanFail() {
    let actual = ["#0025 Pikachu", "ピカチュウ", "", "Types  Electric"]
    #expect(Self.matches(actual, actual, abbreviated: false))
    #expect(Self.matches(["#0025 Pikachu", "..."], actual, abbreviated: true))
    #expect(Self.matches(["...", "Types  Elec ..."], actual, abbreviated: true))
    // Without the marker, `...` is text; a wrong or missing line fails.
    #expect(!Self.matches(["#0025 Pikachu", "..."], actual, abbreviated: false))
    #expect(!Self.matches(["#0025 Pikachu", "ピカチュウ · Pikachu", "..."], actual, abbreviated: true))
    #expect(!Self.matches(["#0025 Pikachu"], actual, abbreviated: true))
  }

  @Test func theReadmeBlocksAreFound() throws {
    let (examples, skipped) = Self.examples(in: try Self.readme())
    #expect(examples.count >= 10)
    #expect(skipped == 3)
    #expect(
      examples.allSatisfy {
        $0.command.hasPrefix("pokedex ") || $0.command.contains("| pokedex ")
          || $0.command.hasPrefix("mkdir ")
      }
    )
    #expect(examples.contains { $0.status == 1 && $0.command.hasPrefix("pokedex diff ") })
    #expect(Self.documentedStatus("$ pokedex diff a b   # exit 1: they differ") == 1)
    #expect(Self.documentedStatus("$ pokedex help   # commands") == 0)
  }

  @Test func theReadmeExamplesRunAsWritten() throws {
    let executable = try #require(builtProductPath("pokedex"), "build the pokedex product first")
    let base = try #require(DiffFixture.base)
    // old.json and new.json, for the diff example.
    let directory = try DiffFixture.write(base, DiffFixture.changed(base))
    defer { directory.remove() }
    let environment = [
      "PATH": URL(fileURLWithPath: executable).deletingLastPathComponent().path + ":/usr/bin:/bin",
      "HOME": directory.url.path,
      "POKEDEX_CONFIG_HOME": directory.path("config"),
    ]
    for example in Self.examples(in: try Self.readme()).examples {
      let result = try runProcess(
        "/bin/bash",
        ["-o", "pipefail", "-c", example.command],
        environment: environment,
        currentDirectory: directory.url.path
      )
      #expect(result.status == example.status, "\(example)\n\(result.stderr)")
      guard !example.output.isEmpty else { continue }
      var lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        .map(String.init)
      if lines.last == "" { lines.removeLast() }
      #expect(
        Self.matches(example.output, lines, abbreviated: example.abbreviated),
        "\(example): the output differs:\n\(lineDiff(expected: example.output.joined(separator: "\n"), actual: result.stdout))"
      )
    }
  }

  static func readme() throws -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    return try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
  }
}
