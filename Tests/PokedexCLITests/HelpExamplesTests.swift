import Foundation
import Testing

@testable import PokedexCLI

/// Every example in the help, the README and the guides can be pasted into bash or zsh
/// as it is written, and the help's examples run.
@Suite struct HelpExamplesTests {
  /// The example lines of a help text: lines that start with `pokedex `, or with a label
  /// such as `bash:` followed by `pokedex `, outside the USAGE section (its synopsis lines
  /// are not commands).
  static func examples(in help: String) -> [String] {
    var inUsage = false
    return help.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line in
      if line == "USAGE:" { inUsage = true }
      if line.isEmpty { inUsage = false }
      guard !inUsage, line.first == " " else { return nil }
      var words = line.split(separator: " ", omittingEmptySubsequences: true)
      if words.first?.hasSuffix(":") == true, words.count > 1 { words.removeFirst() }
      guard words.first == "pokedex", let start = line.range(of: "pokedex ") else { return nil }
      return String(line[start.lowerBound...])
    }
  }

  @Test func everyCommandWithExamplesIsCovered() {
    let covered = PokedexCommands.all.filter { !Self.examples(in: $0.discussion).isEmpty }
    #expect(
      Set(covered.map(\.name)).isSuperset(of: ["list", "show", "layout", "types", "filter", "diff"])
    )
    #expect(Self.examples(in: PokedexCommands.toolHelp).count == 2)
    #expect(Self.examples(in: ListCommand().help).count == 4)
  }

  @Test func helpExamplesNeedNoFurtherQuoting() {
    for command in PokedexCommands.all {
      for example in Self.examples(in: command.help) {
        #expect(ShellLine(example).problems == [], "pokedex \(command.name) --help")
      }
    }
    for example in Self.examples(in: PokedexCommands.toolHelp) {
      #expect(ShellLine(example).problems == [], "pokedex --help")
    }
  }

  /// Runs each example's `pokedex` command in-process, in a scratch directory with its own
  /// preferences file (so `filter save` then `list @starters` work in order). A file an
  /// example names may be missing (exit 66); a usage error (64) means a broken example.
  @Test func helpExamplesRun() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("pokedex-help-examples-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let environment = [
      "POKEDEX_PREFS_FILE": directory.appendingPathComponent("prefs.plist").path,
      "POKEDEX_TEAMS_FILE": directory.appendingPathComponent("teams.jsonl").path,
    ]
    let lines =
      PokedexCommands.all.flatMap { Self.examples(in: $0.help) }
      + Self.examples(in: PokedexCommands.toolHelp)
    for line in lines {
      let words = ShellLine(line).commands[0]
      try #require(words.first == "pokedex", "\(line)")
      let result = pokedex(
        Array(words.dropFirst()),
        environment: environment,
        currentDirectory: directory.path
      )
      if words.dropFirst().first == "browse" {
        // A full-screen app: without a terminal it says so (its examples run end to end in
        // BrowseTerminalTests).
        #expect(result.stderr.contains("browse needs a terminal"), "\(line)\n\(result.stderr)")
        continue
      }
      #expect(result.code != .usage, "\(line)\n\(result.stderr)")
    }
  }

  @Test(arguments: [
    "spe>100", "type:water|grass", "!legendary", "name:char*", "num<=8", "\"unterminated",
  ])
  func unquotedSpecialCharactersAreCaught(term: String) {
    #expect(!ShellLine("pokedex list \(term) --limit 3").problems.isEmpty)
  }

  @Test func quotedExamplesSplitLikeAShell() {
    let line = ShellLine(
      #"pokedex list 'spe>100' "!legendary" a\|b --format json | jq .counts > out.json # note"#
    )
    #expect(line.problems == [])
    #expect(
      line.commands == [
        ["pokedex", "list", "spe>100", "!legendary", "a|b", "--format", "json"], ["jq", ".counts"],
      ]
    )
  }

  /// The shell examples (`$ ...` lines) of the README and the guides about the tool.
  @Test(arguments: [
    "README.md", "Guides/QueryLanguage.md", "Guides/LayoutCommand.md", "Guides/Preferences.md",
  ])
  func documentedExamplesNeedNoFurtherQuoting(file: String) throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
    let lines = text.split(separator: "\n").filter { $0.hasPrefix("$ ") && $0.contains("pokedex") }
    #expect(!lines.isEmpty)
    for line in lines {
      #expect(ShellLine(String(line.dropFirst(2))).problems == [], "\(file)")
    }
  }
}
