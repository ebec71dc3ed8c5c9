/// A `pokedex` subcommand.
///
/// A command declares its name, help and options; ``run(_:context:)`` gets the
/// parsed arguments and an injected ``CommandContext``, writes its output
/// there, and returns an exit code or throws a ``CLIError``.
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
  /// The options it accepts (global options are added automatically).
  var options: [OptionSpec] { get }
  /// Global options that make no sense for it (`diff` reads the files it is given, so
  /// `--data` does not apply); they are left out of its help and rejected.
  var excludedGlobalOptions: Set<String> { get }
  /// Runs the command.
  func run(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) -> ExitCode
}

extension Command {
  package var aliases: [String] { [] }
  package var discussion: String { "" }
  package var excludedGlobalOptions: Set<String> { [] }

  /// Its options followed by the global options that apply to it.
  package var allOptions: [OptionSpec] {
    options + GlobalOptions.specs.filter { !excludedGlobalOptions.contains($0.name) }
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
}

extension OptionSpec {
  /// Aligned help lines for a list of options.
  static func helpLines(_ specs: [OptionSpec]) -> [String] {
    let labels = specs.map { spec in
      [spec.short, spec.name + (spec.valueName.map { " \($0)" } ?? "")].compactMap { $0 }
        .joined(separator: ", ")
    }
    let width = min((labels.map(\.count).max() ?? 0) + 2, 28)
    return zip(labels, specs).map { label, spec in
      let padding = String(repeating: " ", count: max(width - label.count, 2))
      return "  \(label)\(padding)\(spec.help)"
    }
  }
}
