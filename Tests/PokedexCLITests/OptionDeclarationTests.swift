import Testing

@testable import PokedexCLI

/// Options are declared once, as typed properties of each command's and subcommand's
/// options: the parser, the help, the man page and completion read those declarations.
///
/// A command reads its options through key paths into its own `Options` type
/// (`arguments[\.forms]`), so reading an option it does not declare does not compile; the
/// last test checks what the types cannot: that every such property is among the
/// declarations the parser reads.
@Suite struct OptionDeclarationTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  /// An option another subcommand takes is refused, naming those that take it.
  @Test(arguments: [
    Case(
      arguments: ["team", "list", "--box"],
      message: "'--box' applies only to 'team import', 'team new'"
    ),
    Case(
      arguments: ["team", "add", "T", "pikachu", "--species", "mew"],
      message: "'--species' applies only to 'team edit'"
    ),
    Case(
      arguments: ["team", "show", "T", "--quiet"],
      message:
        "'--quiet' applies only to 'team add', 'team copy', 'team delete', 'team edit', 'team import', 'team move', 'team new', 'team redo', 'team remove', 'team rename', 'team sort', 'team undo'"
    ),
    Case(
      arguments: ["team", "list", "--format", "svg"],
      message: "'team list' takes --format text, json, not 'svg'"
    ),
    Case(
      arguments: ["prefs", "list", "--repair"],
      message: "'--repair' applies only to 'prefs doctor'"
    ),
    Case(
      arguments: ["data", "info", "--strict"],
      message: "'--strict' applies only to 'data check'"
    ),
    Case(
      arguments: ["data", "check", "--source", "x"],
      message: "'--source' applies only to 'data build'"
    ),
  ])
  func anOptionTheSubcommandDoesNotDeclareIsAUsageError(_ test: Case) {
    let result = pokedex(
      test.arguments,
      environment: ["POKEDEX_CONFIG_HOME": "/nonexistent-pokedex-test"]
    )
    #expect(result.code == .usage)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("error: \(test.message)\nUsage: pokedex \(test.arguments[0]) "))
  }

  /// A value outside the option's type or range is a usage error naming the option and
  /// what it takes.
  @Test(arguments: [
    Case(
      arguments: ["list", "--limit", "-1"],
      message: "invalid value '-1' for --limit: expected a whole number from 0 to 2147483647"
    ),
    Case(
      arguments: ["moves", "--offset", "1e3"],
      message: "invalid value '1e3' for --offset: expected a whole number from 0 to 2147483647"
    ),
    Case(
      arguments: ["diff", "a", "b", "--limit", "2147483648"],
      message:
        "invalid value '2147483648' for --limit: expected a whole number from 0 to 2147483647"
    ),
    Case(
      arguments: ["team", "show", "T", "--width", "7"],
      message: "invalid value '7' for --width: expected a whole number from 8 to 1000"
    ),
    Case(
      arguments: ["team", "add", "T", "pikachu", "--level", "101"],
      message: "invalid value '101' for --level: expected a whole number from 1 to 100"
    ),
    Case(
      arguments: ["random", "--seed", "-1"],
      message:
        "invalid value '-1' for --seed: expected a whole number from 0 to 18446744073709551615"
    ),
    Case(
      arguments: ["learnset", "pikachu", "--gen", "10"],
      message: "invalid value '10' for --gen: expected a whole number from 1 to 9"
    ),
  ])
  func aTypedValueOutOfRangeIsAUsageError(_ test: Case) throws {
    let sandbox = try PrefsSandbox()
    defer { sandbox.remove() }
    let result = pokedex(test.arguments, environment: sandbox.environment)
    #expect(result.code == .usage)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("error: \(test.message)\n"), "\(result.stderr)")
  }

  /// Every option each command or subcommand declares is in its command's help, in the man
  /// page, and offered by completion after the command's name.
  @Test func everyDeclaredOptionIsInHelpManPageAndCompletion() {
    let page = pokedex("help", "--man").stdout
    for command in PokedexCommands.all {
      let completed = pokedex("completions", "--complete", "--", command.name, "--").stdout
        .split(separator: "\n").map(String.init)
      for (name, options) in command.declaredOptions {
        for spec in options.specs {
          let label = "pokedex \(name) \(spec.name)"
          #expect(
            command.help.contains("  \(spec.short.map { "\($0), " } ?? "")\(spec.name)"),
            "\(label)"
          )
          #expect(page.contains("\\fB" + ManPage.text(spec.name) + "\\fR"), "\(label)")
          #expect(completed.contains(spec.name), "\(label)")
        }
      }
    }
  }

  /// A group's help lists each option once, its help the distinct texts of the subcommands
  /// that take it, and its allowed values all of theirs.
  @Test func aGroupMergesItsSubcommandsOptions() throws {
    let specs = TeamCommand().optionSpecs
    #expect(Set(specs.map(\.name)).count == specs.count)
    let format = try #require(specs.first { $0.name == "--format" })
    #expect(
      format.help
        == "list, analyze, validate: text or json; show: ascii, json or svg; export: showdown or json"
    )
    #expect(format.allowed == ["text", "json", "ascii", "svg", "showdown"])
  }

  /// Every property of every `Options` type that declares options is among the declarations
  /// the parser reads (else reading it would stop the program: the one mistake the types
  /// leave open). Read with `Mirror`, in this test only.
  @Test func everyOptionPropertyIsDeclared() {
    func check(_ group: any OptionGroup, _ path: String) {
      let declared = group.specs
      for child in Mirror(reflecting: group).children {
        guard let declaration = child.value as? any OptionDeclaration else { continue }
        let name = "\(path).\(child.label ?? "?")"
        for spec in declaration.specs { #expect(declared.contains(spec), "\(name) \(spec.name)") }
        if let inner = declaration as? any OptionGroup { check(inner, name) }
      }
    }
    var count = 0
    for command in PokedexCommands.all {
      for (name, options) in command.declaredOptions {
        check(options, name)
        count += 1
      }
    }
    #expect(count > 40)
  }
}
