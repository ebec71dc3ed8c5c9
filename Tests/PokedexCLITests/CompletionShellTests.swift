import Foundation
import PokedexTestSupport
import Testing

/// The scripts of `pokedex completions`, run by the shells themselves against the built
/// `pokedex`: bash through `COMP_WORDS`/`COMP_CWORD` and `COMPREPLY`, zsh with `compadd` and
/// `_files` recorded, fish through `complete -C`. A shell that is not installed is skipped
/// with the reason (install with `apt-get install -y zsh fish`).
@Suite struct CompletionShellTests {
  /// The path of `shell` on the usual `PATH`, if installed.
  static func path(of shell: String) -> String? {
    ["/usr/bin", "/bin", "/usr/local/bin", "/opt/homebrew/bin"].map { "\($0)/\(shell)" }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Runs `script` in `shell` with the built `pokedex` first on `PATH` and the completion
  /// tests' preferences file (saved filter `@fast`); returns stdout.
  static func run(_ shell: String, _ arguments: [String], _ script: String) throws -> String {
    let executable = try #require(builtProductPath("pokedex"), "build the pokedex product first")
    let shellPath = try #require(path(of: shell))
    let directory = URL(fileURLWithPath: executable).deletingLastPathComponent().path
    let result = try runProcess(
      shellPath,
      arguments + [script],
      environment: [
        "PATH": "\(directory):/usr/bin:/bin", "POKEDEX_PREFS_FILE": FilterFixture.prefsFile,
        "XDG_CONFIG_HOME": FileManager.default.temporaryDirectory.path,
      ]
    )
    #expect(result.status == 0, "\(shell): \(result.stderr)")
    return result.stdout
  }

  /// What bash's completion function offers for `words` (the last one being completed),
  /// one candidate a line.
  static func bash(_ words: [String]) throws -> [String] {
    let quoted = (["pokedex"] + words).map { "'\($0)'" }.joined(separator: " ")
    let script = """
      source <(pokedex completions bash)
      COMP_WORDS=(\(quoted))
      COMP_CWORD=\(words.count)
      COMP_LINE="${COMP_WORDS[*]}"
      COMP_POINT=${#COMP_LINE}
      _pokedex
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    return try run("bash", ["--norc", "-c"], script).split(separator: "\n").map(String.init)
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var words: [String]
    var includes: [String]
    var excludes: [String] = []
    var testDescription: String { words.joined(separator: " ") + "<TAB>" }
  }

  static let bashCases: [Case] = [
    Case(words: [""], includes: ["list", "prefs", "random", "help"]),
    Case(
      words: ["--color", "never", "show", "pik"],
      includes: ["pikachu"],
      excludes: ["bulbasaur"]
    ),
    Case(words: ["list", "--lang", ""], includes: ["ja", "fr"], excludes: ["pikachu"]),
    Case(words: ["list", "--sort", ""], includes: ["bst:desc"], excludes: ["pikachu"]),
    Case(words: ["list", "--limit", ""], includes: [], excludes: ["Package.swift"]),
    Case(words: ["prefs", ""], includes: ["get", "set", "doctor"], excludes: ["bulbasaur"]),
    Case(words: ["prefs", "get", ""], includes: ["layout.style", "lang"]),
    Case(words: ["filter", "delete", ""], includes: ["fast"]),
    Case(words: ["data", ""], includes: ["build", "check", "info"]),
    Case(words: ["list", "@"], includes: ["@fast"]),
    // bash splits at ':' and '=' (COMP_WORDBREAKS): the script joins them back and offers
    // what follows the break.
    Case(words: ["list", "type", ":", "dr"], includes: ["dragon"]),
    // readline replaces only the empty word after the colon: no `type::dragon`.
    Case(words: ["list", "type", ":"], includes: ["dragon"], excludes: [":dragon"]),
    Case(words: ["list", "--format", "=", "c"], includes: ["csv"]),
  ]

  @Test(.enabled(if: path(of: "bash") != nil, "bash is not installed"), arguments: bashCases)
  func bashCompletes(_ test: Case) throws {
    let offered = try Self.bash(test.words)
    for word in test.includes { #expect(offered.contains(word), "\(offered.prefix(20))") }
    for word in test.excludes { #expect(!offered.contains(word)) }
    if test.words.last == "" && test.includes.isEmpty { #expect(offered.isEmpty) }
  }

  @Test(.enabled(if: path(of: "bash") != nil, "bash is not installed"))
  func bashCompletesFileNamesWhereAFileIsExpected() throws {
    let directory = FileManager.default.temporaryDirectory.path
    let offered = try Self.bash(["layout", "--spec", directory])
    #expect(offered.contains(directory))
  }

  /// zsh: `_pokedex` with `words` and `CURRENT` set, `compadd` and `_files` recorded.
  static func zsh(_ words: [String]) throws -> [String] {
    let quoted = (["pokedex"] + words).map { "'\($0)'" }.joined(separator: " ")
    let script = """
      compdef() { : }
      compadd() {
        while [[ $# -gt 0 && $1 != -- ]]; do [[ $1 == -S ]] && shift; shift; done
        shift
        print -l -- "$@"
      }
      _files() { print -- "<files $*>" }
      source <(pokedex completions zsh)
      words=(\(quoted))
      CURRENT=\(words.count + 1)
      _pokedex
      """
    return try run("zsh", ["-f", "-c"], script).split(separator: "\n").map(String.init)
  }

  @Test(.enabled(if: path(of: "zsh") != nil, "zsh is not installed (apt-get install -y zsh)"))
  func zshCompletes() throws {
    #expect(try Self.zsh(["--color", "never", "show", "pik"]).contains("pikachu"))
    #expect(try Self.zsh(["list", "--lang", ""]).contains("ja"))
    #expect(try Self.zsh(["list", "--limit", ""]) == [])
    #expect(try Self.zsh(["layout", "--spec", ""]) == ["<files >"])
    #expect(try Self.zsh(["data", "build", "--source", ""]) == ["<files -/>"])
    #expect(try Self.zsh(["prefs", "set", "color", ""]) == ["auto", "always", "never"])
    #expect(try Self.zsh(["list", "type:dr"]) == ["type:dragon"])
    #expect(try Self.zsh(["list", "@"]) == ["@fast"])
    #expect(try Self.zsh(["filter", ""]) == ["save", "list", "delete"])
  }

  /// fish: `complete -C LINE` prints what fish would offer, one candidate a line.
  static func fish(_ line: String) throws -> [String] {
    let script = """
      pokedex completions fish | source
      complete -C '\(line)'
      """
    return try run("fish", ["--no-config", "-c"], script).split(separator: "\n").map {
      String($0.split(separator: "\t").first ?? "")
    }
  }

  @Test(.enabled(if: path(of: "fish") != nil, "fish is not installed (apt-get install -y fish)"))
  func fishCompletes() throws {
    #expect(Set(try Self.fish("pokedex ")).isSuperset(of: ["list", "prefs", "random", "help"]))
    #expect(try Self.fish("pokedex --color never show pik").contains("pikachu"))
    #expect(try Self.fish("pokedex list --lang ").contains("ja"))
    #expect(try Self.fish("pokedex list --limit ") == [])
    #expect(try Self.fish("pokedex list --so").contains("--sort"))
    #expect(Set(try Self.fish("pokedex prefs ")).isSuperset(of: ["get", "set", "doctor"]))
    #expect(try Self.fish("pokedex list type:dr") == ["type:dragon"])
    #expect(try Self.fish("pokedex filter delete ") == ["fast"])
    let directory = FileManager.default.temporaryDirectory.path
    #expect(
      try Self.fish("pokedex layout --spec \(directory)").contains { $0.hasPrefix(directory) }
    )
  }
}
