import Foundation
import PokedexKit
import PokedexTestSupport
import Testing

@testable import PokedexCLI

/// `pokedex completions --complete -- WORDS...`, in-process: what each kind of word offers.
@Suite struct CompletionEngineTests {
  /// The reply to `words`, with a preferences file holding the saved filter `@fast`.
  static func complete(_ words: String...) -> (kind: String, words: [String]) {
    complete(words)
  }

  static func complete(_ words: [String]) -> (kind: String, words: [String]) {
    let result = pokedex(
      ["completions", "--complete", "--"] + words,
      environment: ["POKEDEX_PREFS_FILE": FilterFixture.prefsFile]
    )
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init
    )
    return (lines.first ?? "", Array(lines.dropFirst().dropLast()))
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var words: [String]
    var kind = ":words"
    var includes: [String] = []
    var excludes: [String] = []
    var exactly: [String]?
    var testDescription: String { words.joined(separator: " ") + "<TAB>" }
  }

  static let cases: [Case] = [
    Case(words: [""], includes: ["list", "show", "prefs", "filter", "data", "random", "help"]),
    Case(words: ["--"], includes: ["--color", "--data", "--no-prefs", "--lang", "--version"]),
    Case(words: ["--color", ""], exactly: ["auto", "always", "never"]),
    Case(words: ["--color", "never", "show", "pik"], includes: ["pikachu", "pikipek"]),
    Case(words: ["--no-prefs", "sh"], exactly: ["show"]),
    Case(words: ["show", "BULBAS"], exactly: ["bulbasaur"]),
    Case(words: ["list", "type:Fir"], exactly: ["type:fire"]),
    Case(words: ["team", "add", "Sand", "ivysa"], exactly: ["ivysaur"]),
    Case(words: ["team", "show", "Sand", ""], exactly: []),
    Case(words: ["--data", "x"], kind: ":files"),
    Case(words: ["list", "--lang", ""], includes: ["en", "ja", "fr", "zh-hans"]),
    Case(words: ["list", "--lang", ""], excludes: ["pikachu"]),
    Case(words: ["list", "--sort", ""], includes: ["bst", "bst:desc", "name", "spe"]),
    Case(
      words: ["list", "--sort", "bst:desc,na"],
      exactly: ["bst:desc,name", "bst:desc,name:desc"]
    ),
    Case(words: ["list", "--sort=sp"], includes: ["--sort=spe", "--sort=spa:desc"]),
    Case(words: ["list", "--format", ""], exactly: ["table", "json", "ndjson", "csv", "tsv"]),
    Case(words: ["list", "-f", "n"], exactly: ["ndjson"]),
    Case(words: ["list", "--section-by", "ge"], exactly: ["generation"]),
    Case(words: ["list", "--fields", "num,na"], exactly: ["num,name"]),
    Case(words: ["list", "--limit", ""], exactly: []),
    Case(words: ["layout", "--columns", ""], exactly: []),
    Case(words: ["random", "--seed", ""], exactly: []),
    Case(
      words: ["layout", "--style", ""],
      exactly: ["grid", "row", "list", "featured", "carousel"]
    ),
    Case(words: ["layout", "--spec", ""], kind: ":files"),
    Case(words: ["layout", "-o", "out"], kind: ":files"),
    Case(words: ["data", "build", "--source", ""], kind: ":dirs"),
    Case(words: ["data", "build", "--output", ""], kind: ":dirs"),
    Case(words: ["list", "--"], includes: ["--sort", "--format", "--lang", "--color", "--data"]),
    Case(words: ["prefs", ""], exactly: PrefsCommand().subcommandNames),
    Case(words: ["filter", ""], exactly: FilterCommand().subcommandNames),
    Case(words: ["data", ""], exactly: ["build", "check", "info"]),
    Case(words: ["completions", ""], exactly: ["bash", "zsh", "fish"]),
    Case(words: ["prefs", "get", "layout."], includes: ["layout.style", "layout.columns"]),
    Case(words: ["prefs", "set", "layout.style", ""], includes: ["grid", "carousel"]),
    Case(words: ["prefs", "set", "lang", "j"], includes: ["ja", "ja-hrkt"]),
    Case(words: ["prefs", "set", "list.format", "c"], exactly: ["csv"]),
    Case(words: ["prefs", "import", ""], kind: ":files"),
    Case(words: ["prefs", "export", "--format", ""], exactly: ["xml", "binary", "json"]),
    Case(words: ["filter", "delete", ""], exactly: ["fast"]),
    Case(words: ["list", "@"], exactly: ["@fast"]),
    Case(words: ["list", "!@f"], exactly: ["!@fast"]),
    Case(words: ["list", "type:dr"], exactly: ["type:dragon"]),
    Case(words: ["list", "fire,weak:gro"], exactly: ["fire,weak:ground"]),
    Case(words: ["list", "leg"], exactly: ["legendary"]),
    Case(words: ["list", "ty"], includes: ["type:"]),
    Case(words: ["list", "name:pikac"], includes: ["name:pikachu"]),
    Case(words: ["random", "3", "dra"], includes: ["dragon"]),
    // A negative number is a positional, as the parser reads it, not an option: here the
    // second of the two types `types` takes, so nothing more is offered.
    Case(words: ["types", "-5", "fire", ""], exactly: []),
    Case(words: ["types", "fire", ""], includes: ["water"]),
    Case(words: ["types", "fir"], includes: ["fire"]),
    Case(words: ["types", "chari"], includes: ["charizard"]),
    Case(words: ["search", "bulb"], includes: ["bulbasaur"]),
    Case(words: ["help", ""], includes: ["query", "layout", "preferences", "exit-codes", "list"]),
    Case(words: ["diff", ""], kind: ":files"),
    Case(words: ["nosuchcommand", ""], exactly: []),
  ]

  @Test(arguments: cases)
  func offers(_ test: Case) {
    let reply = Self.complete(test.words)
    #expect(reply.kind == test.kind)
    if let exactly = test.exactly { #expect(reply.words == exactly) }
    for word in test.includes { #expect(reply.words.contains(word), "\(reply.words.prefix(20))") }
    for word in test.excludes { #expect(!reply.words.contains(word)) }
    let current = test.words.last ?? ""
    for word in reply.words where !current.hasPrefix("--") || !current.contains("=") {
      #expect(word.lowercased().hasPrefix(current.lowercased()), "\(word)")
    }
  }

  /// Every option of every command is offered after `--`, so a new option is completed
  /// without touching the scripts.
  @Test func everyOptionOfEveryCommandIsOffered() {
    for command in PokedexCommands.all {
      let reply = Self.complete(command.name, "--")
      for spec in command.allOptions {
        #expect(reply.words.contains(spec.name), "pokedex \(command.name) \(spec.name)")
      }
    }
  }

  /// Every value-taking option has a closed set, a value source, a file or directory, or a
  /// value that cannot be listed (a number): none falls through unnoticed, and none that
  /// takes a number offers file names.
  @Test func everyValueTakingOptionIsClassified() {
    for command in PokedexCommands.all {
      for spec in command.allOptions + GlobalOptions.leadingSpecs {
        guard let valueName = spec.valueName else { continue }
        let known =
          spec.allowed != nil || CompletionEngine.valueSources[spec.name] != nil
          || ["FILE", "DIR"].contains(valueName)
          || CompletionEngine.freeValueNames.contains(valueName)
        #expect(known, "pokedex \(command.name) \(spec.name) \(valueName)")
        let reply = Self.complete(command.name, spec.name, "")
        #expect(
          (reply.kind == ":files") == (valueName == "FILE"),
          "pokedex \(command.name) \(spec.name): \(reply.kind)"
        )
      }
    }
  }

  /// The subcommands come from the usage lines, and agree with the commands' own lists.
  @Test func subcommandsComeFromTheUsageLines() {
    #expect(CompletionEngine.subcommands(of: PrefsCommand()) == PrefsCommand().subcommandNames)
    #expect(CompletionEngine.subcommands(of: FilterCommand()) == FilterCommand().subcommandNames)
    #expect(CompletionEngine.subcommands(of: DataCommand()) == ["build", "check", "info"])
    for name in ["list", "show", "search", "layout", "types", "diff", "random", "help"] {
      let command = PokedexCommands.named(name)
      #expect(command != nil)
      #expect(command.map(CompletionEngine.subcommands(of:)) == [], "\(name)")
    }
  }

  /// `--data FILE` among the words being completed names the data to complete from, and
  /// `--no-prefs` hides the saved filters, as they would for the command.
  @Test func dataAndNoPrefsInTheWordsApply() throws {
    let base = try #require(DiffFixture.base)
    let directory = try DiffFixture.write(DiffFixture.changed(base), base)
    defer { directory.remove() }
    let environment = ["POKEDEX_PREFS_FILE": FilterFixture.prefsFile]
    func reply(_ words: String...) -> [String] {
      let result = pokedex(
        ["completions", "--complete", "--"] + words,
        environment: environment,
        currentDirectory: directory.url.path
      )
      return result.stdout.split(separator: "\n").dropFirst().map(String.init)
    }
    #expect(reply("--data", "old.json", "show", "chiko") == ["chikorita", "chikorita-test"])
    #expect(reply("show", "--data=new.json", "chiko") == ["chikorita"])
    #expect(reply("show", "chiko").contains("chikorita"))
    #expect(reply("list", "@") == ["@fast"])
    #expect(reply("--no-prefs", "list", "@") == [])
  }

  @Test func namesStillListEveryPokemonOnce() {
    let result = pokedex("completions", "--names")
    let names = result.stdout.split(separator: "\n")
    #expect(names.contains("pikachu"))
    #expect(Set(names).count == names.count)
  }
}

/// A preferences file with one saved filter, `@fast`, made once for the completion tests.
enum FilterFixture {
  static let prefsFile: String = {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("pokedex-completion-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent("prefs.plist").path
    _ = pokedex("filter", "save", "fast", "spe>100", environment: ["POKEDEX_PREFS_FILE": file])
    return file
  }()
}
