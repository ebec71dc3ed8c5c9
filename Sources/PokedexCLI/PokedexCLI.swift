import Foundation

/// Entry point of the `pokedex` command-line tool.
///
/// `main.swift` only forwards the process's arguments here; everything the
/// tool does is a ``Command`` run in a ``CommandContext``.
public enum PokedexCLI {
  /// The tool's version.
  public static let version = "1.0.0"

  /// Runs the tool in the current process and returns its exit status.
  public static func main(arguments: [String]) -> Int32 {
    let context = CommandContext.process(
      environment: processEnvironment(),
      currentDirectory: FileManager.default.currentDirectoryPath
    )
    let code = run(Array(arguments.dropFirst()), context: context)
    let flushedOut = context.stdout.flush()
    context.stderr.flush()
    return flushedOut || code != .success ? code.rawValue : ExitCode.ioError.rawValue
  }

  /// The variables of the process's environment, as `ProcessInfo` gives them.
  ///
  /// On Linux, read from `environ` directly (the `NAME=value` entries; an entry
  /// without `=` is skipped and a repeated name keeps its last value), which
  /// costs a fraction of building `ProcessInfo` and comparing characters.
  static func processEnvironment() -> [String: String] {
    #if canImport(Glibc)
      var variables: [String: String] = [:]
      // Set up by the C runtime before `main` (the process never calls `clearenv`):
      // a null-terminated list of C strings, walked with the C API it comes from.
      var entry = environ
      while let text = entry.pointee {
        let variable = String(cString: text)
        if let equals = variable.utf8.firstIndex(of: UInt8(ascii: "=")) {
          variables[String(variable[..<equals])] = String(
            variable[variable.utf8.index(after: equals)...]
          )
        }
        entry += 1
      }
      return variables
    #else
      return ProcessInfo.processInfo.environment
    #endif
  }

  /// Runs the tool with `arguments` (without the program name) in `context`.
  package static func run(_ arguments: [String], context: CommandContext) -> ExitCode {
    guard let first = arguments.first else {
      context.stdout.write(toolHelp)
      return .success
    }
    switch first {
    case "--help", "-h", "help":
      if arguments.count > 1, let command = command(named: arguments[1]) {
        context.stdout.write(command.help)
      } else {
        context.stdout.write(toolHelp)
      }
      return .success
    case "--version":
      context.stdout.line("pokedex \(version)")
      return .success
    default:
      break
    }
    guard let command = command(named: first) else {
      let hint =
        closestMatch(to: first, in: commands.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
      report(
        CLIError.usage("unknown command '\(first)'\(hint)"),
        usage: "pokedex <command> [options]",
        context: context
      )
      return .usage
    }
    do {
      let parsed = try ParsedArguments.parse(
        Array(arguments.dropFirst()),
        options: command.options,
        excludingGlobal: command.excludedGlobalOptions
      )
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
      context.stderr.line("Error: \(error.message)")
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
    SearchCommand(),
    LayoutCommand(),
    TypesCommand(),
    DataCommand(),
    DiffCommand(),
    CompletionsCommand(),
    PrefsCommand(),
    FilterCommand(),
  ]

  static func command(named name: String) -> (any Command)? {
    commands.first { $0.name == name || $0.aliases.contains(name) }
  }

  static var toolHelp: String {
    let width = (commands.map(\.name.count).max() ?? 0) + 2
    var lines = [
      "pokedex \(version): query, lay out and diff the Pokédex from a terminal.", "",
      "USAGE:", "  pokedex <command> [arguments] [options]", "", "COMMANDS:",
    ]
    for command in commands {
      lines.append(
        "  " + command.name.padding(toLength: width, withPad: " ", startingAt: 0) + command.summary
      )
    }
    lines += [
      "", "GLOBAL OPTIONS:",
    ]
    lines += OptionSpec.helpLines(
      GlobalOptions.specs + [OptionSpec("--version", help: "show the version")]
    )
    lines += [
      "",
      "Settings are taken from a flag, then an environment variable, then the",
      "preferences file, then the built-in default.", "",
      "See 'pokedex <command> --help' for a command's options.",
    ]
    return lines.joined(separator: "\n") + "\n"
  }
}
