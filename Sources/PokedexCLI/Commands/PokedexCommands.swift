/// Every `pokedex` command, in help order, and the help of the tool as a whole.
package enum PokedexCommands {
  /// The tool's version.
  package static let version = "1.0.0"

  /// Every command, in help order.
  package static let all: [any Command] = [
    ListCommand(),
    ShowCommand(),
    MoveCommand(),
    MovesCommand(),
    LearnsetCommand(),
    AbilityCommand(),
    ItemCommand(),
    ItemsCommand(),
    NatureCommand(),
    SearchCommand(),
    RandomCommand(),
    LayoutCommand(),
    BrowseCommand(),
    TeamCommand(),
    TypesCommand(),
    DataCommand(),
    DiffCommand(),
    CompletionsCommand(),
    PrefsCommand(),
    FilterCommand(),
    HelpCommand(),
  ]

  /// The command `name` runs: its name or an alias.
  package static func named(_ name: String) -> (any Command)? {
    all.first { $0.name == name || $0.aliases.contains(name) }
  }

  /// The usage line of the tool as a whole.
  package static let toolUsage = "pokedex <command> [options]"

  /// The tool's help: what it is, its commands and the global options.
  package static var toolHelp: String {
    let width = (all.map(\.name.count).max() ?? 0) + 2
    var lines = [
      "pokedex \(version): query, lay out and diff the Pokédex from a terminal.", "",
      "USAGE:", "  pokedex [global options] <command> [arguments] [options]", "", "COMMANDS:",
    ]
    for command in all {
      lines.append(
        "  " + command.name.padding(toLength: width, withPad: " ", startingAt: 0) + command.summary
      )
    }
    lines += [
      "", "GLOBAL OPTIONS:",
    ]
    lines += OptionSpec.helpLines(GlobalOptions.leadingSpecs)
    lines += [
      "",
      "Global options can come before or after the command:",
      "  pokedex --color never show pikachu",
      "  pokedex show pikachu --color never",
      "",
      "Settings are taken from a flag, then an environment variable, then the",
      "preferences file, then the built-in default.", "",
      "See 'pokedex <command> --help' for a command's options, and 'pokedex help' for the",
      "topics (query, layout, preferences, formats, exit codes, ...).",
    ]
    return lines.joined(separator: "\n") + "\n"
  }
}
