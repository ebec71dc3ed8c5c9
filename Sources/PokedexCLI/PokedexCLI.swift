import FileKit
import Foundation

/// Entry point of the `pokedex` command-line tool.
///
/// `main.swift` only forwards the process's arguments here; everything the
/// tool does is a ``Command`` run in a ``CommandContext``.
public enum PokedexCLI {
  /// The tool's version.
  public static let version = "1.0.0"

  /// Runs the tool in the current process and returns its exit status.
  ///
  /// Standard output that cannot be written (a full disk, a closed descriptor, an I/O
  /// error) makes the status 74 whatever the command returned, with
  /// `pokedex: cannot write to standard output: REASON` on stderr. A reader that went
  /// away (`EPIPE`, as in `pokedex list | head -1`) ends the process quietly by
  /// `SIGPIPE`, as the shell expects of a filter (status 141 in `sh`).
  public static func main(arguments: [String]) -> Int32 {
    StandardStreams.reserveClosedDescriptors()
    let context = CommandContext.process(
      environment: ProcessInfo.processInfo.environment,
      currentDirectory: FileManager.default.currentDirectoryPath
    )
    let code = run(Array(arguments.dropFirst()), context: context)
    return finish(code, context: context).rawValue
  }

  /// Flushes the streams and decides the final status (see ``main(arguments:)``).
  static func finish(_ code: ExitCode, context: CommandContext) -> ExitCode {
    if Pager.shouldPage(context) { Pager.page(context) }
    context.stdout.flush()
    guard let failure = context.stdout.failure else {
      context.stderr.flush()
      return code
    }
    if failure == EPIPE {
      context.stderr.flush()
      StandardStreams.endByBrokenPipe()
    }
    context.stderr.line("pokedex: cannot write to standard output: \(systemMessage(for: failure))")
    context.stderr.flush()
    return .ioError
  }

  /// Runs the tool with `arguments` (without the program name) in `context`.
  ///
  /// Global options may come before the command as well as after it: the arguments are
  /// split first (``GlobalOptions/splitLeading(_:)``), then the leading options are handed
  /// to the command in front of its own arguments.
  package static func run(_ arguments: [String], context: CommandContext) -> ExitCode {
    let leading: [String]
    let rest: [String]
    do {
      (leading, rest) = try GlobalOptions.splitLeading(arguments)
    } catch {
      report(error, usage: toolUsage, context: context)
      return .usage
    }
    if let code = runBuiltIn(leading: leading, rest: rest, context: context) { return code }
    guard let first = rest.first else {
      let last = leading.last.map { " after '\($0.escapedForMessage)'" } ?? ""
      report(CLIError.usage("missing command\(last)"), usage: toolUsage, context: context)
      return .usage
    }
    guard let command = command(named: first) else {
      let hint =
        closestMatch(to: first, in: commands.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
      report(
        CLIError.usage("unknown command '\(first.escapedForMessage)'\(hint)"),
        usage: toolUsage,
        context: context
      )
      return .usage
    }
    return run(command, leading + rest.dropFirst(), context: context)
  }

  /// The usage line of the tool as a whole.
  static let toolUsage = "pokedex <command> [options]"

  /// Handles what needs no command: no arguments, `help`, `--help` and `--version`
  /// (before the command). Returns `nil` when a command is to run.
  private static func runBuiltIn(leading: [String], rest: [String], context: CommandContext)
    -> ExitCode?
  {
    if leading.contains("--help") || leading.contains("-h") {
      context.stdout.write(rest.first.flatMap { command(named: $0) }?.help ?? toolHelp)
      return .success
    }
    if leading.contains("--version") {
      context.stdout.line("pokedex \(version)")
      return .success
    }
    if leading.isEmpty && rest.isEmpty {
      context.stdout.write(toolHelp)
      return .success
    }
    return nil
  }

  /// Parses `arguments` (everything but the command's name) for `command` and runs it.
  private static func run(_ command: any Command, _ arguments: [String], context: CommandContext)
    -> ExitCode
  {
    do {
      let parsed = try ParsedArguments.parse(
        arguments,
        options: command.options,
        excludingGlobal: command.excludedGlobalOptions
      )
      if parsed.flag("--no-pager") { context.stdout.allowsPaging = false }
      if parsed.flag("--help") {
        context.stdout.write(command.help)
        return .success
      }
      return try command.run(parsed, context: context)
    } catch {
      report(
        error,
        usage: "pokedex " + (command.usage.first ?? command.name),
        context: context,
        command: command.name
      )
      return error.code
    }
  }

  /// Writes an error to stderr the one way every error is written.
  static func report(
    _ error: CLIError,
    usage: String,
    context: CommandContext,
    command: String? = nil
  ) {
    if error.isRendered {
      context.stderr.write(error.message.hasSuffix("\n") ? error.message : error.message + "\n")
    } else {
      context.stderr.line("error: \(error.message)")
    }
    if error.showsUsage {
      context.stderr.line("Usage: \(usage)")
      context.stderr.line("  See 'pokedex \(command.map { "\($0) " } ?? "")--help'.")
    }
  }

  /// Every command, in help order.
  package static let commands: [any Command] = [
    ListCommand(),
    ShowCommand(),
    MoveCommand(),
    MovesCommand(),
    LearnsetCommand(),
    AbilityCommand(),
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

  static func command(named name: String) -> (any Command)? {
    commands.first { $0.name == name || $0.aliases.contains(name) }
  }

  static var toolHelp: String {
    let width = (commands.map(\.name.count).max() ?? 0) + 2
    var lines = [
      "pokedex \(version): query, lay out and diff the Pokédex from a terminal.", "",
      "USAGE:", "  pokedex [global options] <command> [arguments] [options]", "", "COMMANDS:",
    ]
    for command in commands {
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
