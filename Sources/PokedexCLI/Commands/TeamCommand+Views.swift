import PokedexKit

extension TeamCommand {
  /// `team list [--format text|json]`: every team and box.
  struct ListTeams: Subcommand {
    let name = "list"
    struct Options: OptionGroup {
      let format = TeamCommand.textOrJSON

      var declarations: [any OptionDeclaration] { [format] }
    }
    let options = Options()

    func run(_ arguments: ParsedArguments<Options>, session: TeamSession) throws(CLIError)
      -> ExitCode
    {
      _ = try operands(arguments.positionals, [])
      try session.list(json: arguments[\.format] == "json")
      return .success
    }
  }

  /// `team show TEAM`: the members laid out as cards.
  struct ShowTeam: Subcommand {
    let name = "show"
    struct Options: OptionGroup {
      let style = Option<String>(
        "--style",
        short: "-s",
        value: "NAME",
        allowed: PokedexPreferences.layoutStyles,
        help: "show: row (default), grid, list, featured or carousel"
      )
      let width = Option<Int>(
        "--width",
        short: "-w",
        value: "COLS",
        in: 8...1000,
        help: "show: width in terminal columns"
      )
      let ascii = Flag("--ascii", help: "show: draw with + - | instead of Unicode box drawing")
      let format = Option.format(["ascii", "json", "svg"], help: "show: ascii, json or svg")

      var declarations: [any OptionDeclaration] { [style, width, ascii, format] }
    }
    let options = Options()

    func run(_ arguments: ParsedArguments<Options>, session: TeamSession) throws(CLIError)
      -> ExitCode
    {
      let team = try operands(arguments.positionals, ["TEAM"])[0]
      try session.show(
        team,
        preset: arguments[\.style].flatMap(LayoutPreset.init(rawValue:)) ?? .row,
        width: try arguments.value(\.width),
        format: arguments[\.format] ?? "ascii",
        ascii: arguments[\.ascii]
      )
      return .success
    }
  }

  /// `team analyze TEAM [--format text|json]`.
  struct AnalyzeTeam: Subcommand {
    let name = "analyze"
    let options = ListTeams.Options()

    func run(_ arguments: ParsedArguments<ListTeams.Options>, session: TeamSession) throws(CLIError)
      -> ExitCode
    {
      let team = try operands(arguments.positionals, ["TEAM"])[0]
      try session.analyze(team, json: arguments[\.format] == "json")
      return .success
    }
  }

  /// `team import [FILE|-] [--box] [--lenient]`: every team of a paste, in one commit.
  struct ImportPaste: Subcommand {
    let name = "import"
    struct Options: OptionGroup {
      let box = TeamCommand.box
      let lenient = TeamCommand.lenient
      let battleFormat = TeamCommand.battleFormat
      let quiet = TeamCommand.quiet

      var declarations: [any OptionDeclaration] { [box, lenient, battleFormat, quiet] }
    }
    let options = Options()

    func run(_ arguments: ParsedArguments<Options>, session: TeamSession) throws(CLIError)
      -> ExitCode
    {
      let file = try operands(arguments.positionals, [], optional: ["FILE"]).first
      try session.importPaste(
        file,
        isBox: arguments[\.box],
        lenient: arguments[\.lenient],
        battleFormat: try TeamLookup.battleFormat(arguments[\.battleFormat]),
        quiet: arguments[\.quiet]
      )
      return .success
    }
  }

  /// `team export [TEAM...|--all] [--format showdown|json]`.
  struct ExportPaste: Subcommand {
    let name = "export"
    struct Options: OptionGroup {
      let all = Flag("--all", help: "export: every team and box")
      let format = Option.format(["showdown", "json"], help: "export: showdown or json")

      var declarations: [any OptionDeclaration] { [all, format] }
    }
    let options = Options()

    func run(_ arguments: ParsedArguments<Options>, session: TeamSession) throws(CLIError)
      -> ExitCode
    {
      try session.export(
        arguments.positionals,
        all: arguments[\.all],
        json: arguments[\.format] == "json"
      )
      return .success
    }
  }

  /// `team validate [TEAM...|--all] [--battle-format F] [--format text|json]`: every set's
  /// problems, by each team's battle format (or F); exit 1 when there is any.
  struct ValidateTeams: Subcommand {
    let name = "validate"
    struct Options: OptionGroup {
      let all = Flag("--all", help: "validate: every team and box")
      let battleFormat = TeamCommand.battleFormat
      let format = TeamCommand.textOrJSON

      var declarations: [any OptionDeclaration] { [all, battleFormat, format] }
    }
    let options = Options()

    func run(_ arguments: ParsedArguments<Options>, session: TeamSession) throws(CLIError)
      -> ExitCode
    {
      try session.validate(
        arguments.positionals,
        all: arguments[\.all],
        battleFormat: try TeamLookup.battleFormat(arguments[\.battleFormat]),
        json: arguments[\.format] == "json"
      )
    }
  }

  /// `team path`: where the teams file is.
  struct TeamsPath: Subcommand {
    let name = "path"
    let options = NoOptions()

    func run(_ arguments: ParsedArguments<NoOptions>, session: TeamSession) throws(CLIError)
      -> ExitCode
    {
      _ = try operands(arguments.positionals, [])
      session.context.stdout.line(session.store.path)
      return .success
    }
  }
}
