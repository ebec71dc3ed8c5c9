import FileKit
import Foundation

/// Entry point of the `pokedex` command-line tool.
///
/// `main.swift` only forwards the process's arguments here; everything the
/// tool does is a ``Command`` run in a ``CommandContext``.
public enum PokedexCLI {
  /// The tool's version.
  public static var version: String { PokedexCommands.version }

  /// Runs the tool in the current process and returns its exit status.
  ///
  /// Standard output that cannot be written (a full disk, a closed descriptor, an I/O
  /// error) makes the status 74 whatever the command returned, with
  /// `pokedex: cannot write to standard output: REASON` on stderr. A reader that went
  /// away (`EPIPE`, as in `pokedex list | head -1`) ends the process quietly by
  /// `SIGPIPE`, as the shell expects of a filter (status 141 in `sh`). A pager that fails
  /// makes it 74 too (``Pager``).
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
    var paged = code
    if Pager.shouldPage(context), case .failed(let status)? = Pager.page(context),
      let command = Pager.command(context.environment)
    {
      context.stderr.line(Pager.failureMessage(command, status: status))
      paged = .ioError
    }
    context.stdout.flush()
    guard let failure = context.stdout.failure else {
      context.stderr.flush()
      return paged
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
      (leading, rest) = try GlobalOptions.splitLeading(
        arguments,
        commandOptions: PokedexCommands.all.flatMap(\.optionSpecs)
      )
    } catch {
      error.report(to: context, usage: PokedexCommands.toolUsage)
      return .usage
    }
    if let code = runBuiltIn(leading: leading, rest: rest, context: context) { return code }
    guard let first = rest.first else {
      let last = leading.last.map { " after '\($0.escapedForMessage)'" } ?? ""
      CLIError.usage("missing command\(last)").report(
        to: context,
        usage: PokedexCommands.toolUsage
      )
      return .usage
    }
    guard let command = PokedexCommands.named(first) else {
      let names = PokedexCommands.all.map(\.name)
      let hint = closestMatch(to: first, in: names).map { "; did you mean '\($0)'?" } ?? ""
      CLIError.usage("unknown command '\(first.escapedForMessage)'\(hint)").report(
        to: context,
        usage: PokedexCommands.toolUsage
      )
      return .usage
    }
    return run(command, leading + rest.dropFirst(), context: context)
  }

  /// Handles what needs no command: no arguments, `help`, `--help` and `--version`
  /// (before the command). Returns `nil` when a command is to run.
  private static func runBuiltIn(leading: [String], rest: [String], context: CommandContext)
    -> ExitCode?
  {
    if leading.contains(where: GlobalOptions().help.spec.isNamed) {
      let command = rest.first.flatMap(PokedexCommands.named)
      context.stdout.write(command?.help ?? PokedexCommands.toolHelp)
      return .success
    }
    if leading.contains(where: GlobalOptions.version.spec.isNamed) {
      context.stdout.line("pokedex \(version)")
      return .success
    }
    if leading.isEmpty && rest.isEmpty {
      context.stdout.write(PokedexCommands.toolHelp)
      return .success
    }
    return nil
  }

  /// Runs `command` with `arguments` (everything but the command's name).
  private static func run(_ command: any Command, _ arguments: [String], context: CommandContext)
    -> ExitCode
  {
    do {
      return try command.run(arguments: arguments, context: context)
    } catch {
      error.report(
        to: context,
        usage: "pokedex " + (command.usage.first ?? command.name),
        command: command.name
      )
      return error.code
    }
  }
}
