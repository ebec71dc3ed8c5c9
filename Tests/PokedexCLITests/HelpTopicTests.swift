import Foundation
import PokedexTestSupport
import Testing

@testable import PokedexCLI

/// `pokedex help TOPIC|COMMAND` and `pokedex help --man`.
@Suite struct HelpTopicTests {
  @Test func helpListsTheTopics() {
    let result = pokedex("help")
    #expect(result.code == .success)
    #expect(result.stdout.hasPrefix(PokedexCommands.toolHelp))
    for topic in ["query", "layout", "preferences", "filters", "data", "formats", "exit-codes"] {
      #expect(result.stdout.contains("\n  \(topic) "), "\(topic)")
    }
  }

  @Test(arguments: [
    ("query", "TERMS"), ("layout", "STYLES"), ("prefs", "KEYS"), ("preferences", "KEYS"),
    ("filters", "@NAME"), ("data", "schemaVersion"), ("diff", "\"counts\""), ("formats", "ndjson"),
    ("exit-codes", "64   usage"),
  ])
  func topicsPrintTheirText(topic: String, expected: String) throws {
    let result = pokedex("help", topic)
    #expect(result.code == .success)
    #expect(result.stderr.isEmpty)
    let text = try #require(HelpTopic.named(topic)?.text)
    #expect(result.stdout.hasPrefix(text))
    // A topic named like a command ends by pointing to the command's options.
    let command = PokedexCommands.named(topic)
    #expect(
      result.stdout.dropFirst(text.count)
        == (command.map { "See 'pokedex \($0.name) --help' for the command's options.\n" } ?? "")
    )
    #expect(result.stdout.contains(expected))
  }

  /// The preference keys in `help prefs` are the table `prefs` uses, every one of them.
  @Test func preferencesTopicListsEveryKey() {
    let text = pokedex("help", "preferences").stdout
    for entry in PokedexPreferences.all {
      #expect(text.contains("\n  \(entry.key.name) "), "\(entry.key.name)")
    }
  }

  @Test func helpCommandIsTheCommandsHelp() {
    for command in PokedexCommands.all where HelpTopic.named(command.name) == nil {
      #expect(pokedex("help", command.name).stdout == pokedex(command.name, "--help").stdout)
    }
    #expect(pokedex("help", "query").stdout != ListCommand().help)
    // Only topics that the issue names after a command shadow it.
    let shadowed = PokedexCommands.all.map(\.name).filter { HelpTopic.named($0) != nil }
    #expect(Set(shadowed) == ["layout", "data", "prefs", "diff"])
  }

  @Test func unknownTopicIsAUsageErrorWithASuggestion() {
    let result = pokedex("help", "quary")
    #expect(result.code == .usage)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr.hasPrefix("error: no help topic or command 'quary'; did you mean 'query'?")
    )
    #expect(pokedex("help", "query", "layout").code == .usage)
    #expect(pokedex("help", "--man", "query").code == .usage)
  }

  /// No help text sends the user to a file the binary does not ship.
  @Test func helpPointsToTopicsNotToGuides() {
    let texts = PokedexCommands.all.map(\.help) + [PokedexCommands.toolHelp]
    for text in texts { #expect(!text.contains("Guides/"), "\(text.prefix(80))") }
    #expect(ListCommand().help.contains("'pokedex help query'"))
    #expect(LayoutCommand().help.contains("'pokedex help layout'"))
    #expect(PrefsCommand().help.contains("'pokedex help prefs'"))
    #expect(DiffCommand().help.contains("'pokedex help diff'"))
  }

  @Test func manPageNamesEveryCommandOptionAndTopic() {
    let result = pokedex("help", "--man")
    #expect(result.code == .success)
    let page = result.stdout
    #expect(page.hasPrefix(".TH POKEDEX 1 "))
    for command in PokedexCommands.all {
      #expect(page.contains(".SS \"pokedex \(ManPage.text(command.name))\""), "\(command.name)")
      for spec in command.optionSpecs {
        #expect(page.contains("\\fB" + ManPage.text(spec.name) + "\\fR"), "\(spec.name)")
      }
    }
    for topic in HelpTopic.all {
      #expect(page.contains(".SH \(ManPage.text(topic.name.uppercased()))\n"))
    }
    // No line may start a roff request by accident.
    for line in page.split(separator: "\n") where line.hasPrefix(".") || line.hasPrefix("'") {
      let request = line.prefix { $0 != " " }.dropFirst()
      let isRequest = request.allSatisfy { $0.isLetter }
      #expect(isRequest, "\(line)")
    }
  }

  /// The page renders without a warning, and the rendered text names every command and
  /// option. Uses `groff` (or `man -l -`), skipped with the reason when neither is installed.
  @Test(.enabled(if: Self.renderer != nil, "neither groff nor man is installed"))
  func manPageRenders() throws {
    let renderer = try #require(Self.renderer)
    let page = pokedex("help", "--man").stdout
    let result = try runProcess(
      "/bin/sh",
      ["-c", renderer.command],
      environment: ["MANWIDTH": "100", "LANG": "C.UTF-8"],
      input: page
    )
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stderr.contains("warning"), "\(result.stderr)")
    // Normalise what the renderer makes of hyphens and bold overstrikes.
    var text = result.stdout.replacingOccurrences(of: "\u{2010}", with: "-")
      .replacingOccurrences(of: "\u{2212}", with: "-")
    text = text.replacingOccurrences(of: ".\u{8}", with: "", options: .regularExpression)
    #expect(text.contains("POKEDEX(1)"))
    for command in PokedexCommands.all {
      #expect(text.contains("pokedex \(command.name)"), "\(command.name)")
      for spec in command.allOptions { #expect(text.contains(spec.name), "\(spec.name)") }
    }
    for topic in HelpTopic.all { #expect(text.contains(topic.name.uppercased())) }
  }

  static var renderer: (name: String, command: String)? {
    let directories = ["/usr/bin", "/bin", "/usr/local/bin"]
    func has(_ tool: String) -> Bool {
      directories.contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
    }
    if has("groff") { return ("groff", "groff -k -ww -man -Tutf8 -P-cbou") }
    if has("man") { return ("man", "man -l -") }
    return nil
  }
}
