/// A `pokedex` command: its name, its help and how it runs.
///
/// A command is a ``ParsableCommand`` (one group of options and a `run` that reads them) or
/// a ``CommandGroup`` (subcommands, each with its own options and `run`). Either writes to
/// the injected ``CommandContext`` and returns an exit code or throws a ``CLIError``.
package protocol Command: Sendable {
  /// The name typed after `pokedex`.
  var name: String { get }
  /// Other names that run the command.
  var aliases: [String] { get }
  /// One line for the command list.
  var summary: String { get }
  /// The usage line(s) after `pokedex `, for example `list [QUERY...] [options]`.
  var usage: [String] { get }
  /// Paragraphs of help after the usage: what it does, examples.
  var discussion: String { get }
  /// The options it takes, in help order, without the global ones (for a group, those of
  /// its subcommands).
  var optionSpecs: [OptionSpec] { get }
  /// The groups of options it declares, each with the command line that takes it (`list`;
  /// for a group, each subcommand's: `team add`).
  var declaredOptions: [(command: String, options: any OptionGroup)] { get }
  /// Global options that make no sense for it (`diff` reads the files it is given, so
  /// `--data` does not apply); they are left out of its help and rejected.
  var excludedGlobalOptions: Set<String> { get }
  /// Parses `arguments` (those after its name, with the global options written before the
  /// command in front of them) and runs.
  func run(arguments: [String], context: CommandContext) throws(CLIError) -> ExitCode
}

extension Command {
  package var aliases: [String] { [] }
  package var discussion: String { "" }
  package var excludedGlobalOptions: Set<String> { [] }

  /// Its options followed by the global options that apply to it.
  package var allOptions: [OptionSpec] {
    optionSpecs + GlobalOptions().specs.filter { !excludedGlobalOptions.contains($0.name) }
  }

  /// The full `--help` text.
  package var help: String {
    var lines = ["\(summary)", "", "USAGE:"]
    lines += usage.map { "  pokedex \($0)" }
    if !discussion.isEmpty { lines += ["", discussion] }
    lines += ["", "OPTIONS:"]
    lines += OptionSpec.helpLines(allOptions)
    return lines.joined(separator: "\n") + "\n"
  }

  /// The values of `arguments` against ``allOptions``, after acting on the global options
  /// that end or change the run: `--no-pager`, and `--help` (the help is printed and `nil`
  /// returned).
  func parseValues(_ arguments: [String], context: CommandContext) throws(CLIError)
    -> ArgumentValues?
  {
    let values = try ArgumentValues.parse(arguments, specs: allOptions)
    let global = ParsedArguments(
      options: GlobalOptions(),
      values: values,
      excludedGlobals: excludedGlobalOptions
    )
    if global[\.noPager] { context.stdout.allowsPaging = false }
    if global[\.help] {
      context.stdout.write(help)
      return nil
    }
    return values
  }
}
