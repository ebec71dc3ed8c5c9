import PokedexKit

/// One option a command accepts.
package struct OptionSpec: Sendable {
  /// The long name with its dashes, `--format`.
  package var name: String
  /// An optional one-letter alias with its dash, `-n`.
  package var short: String?
  /// The value's placeholder in help (`FORMAT`), or `nil` for a flag.
  package var valueName: String?
  /// One line of help.
  package var help: String
  /// The values allowed, when the set is closed.
  package var allowed: [String]?

  package init(
    _ name: String,
    short: String? = nil,
    value: String? = nil,
    allowed: [String]? = nil,
    help: String
  ) {
    self.name = name
    self.short = short
    self.valueName = value
    self.help = help
    self.allowed = allowed
  }

  var takesValue: Bool { valueName != nil }
}

/// Options every command accepts.
package enum GlobalOptions {
  package static let specs: [OptionSpec] = [
    OptionSpec(
      "--data",
      value: "FILE",
      help: "read this data file instead of the bundled one (env: POKEDEX_DATA)"
    ),
    OptionSpec(
      "--color",
      value: "WHEN",
      allowed: ["auto", "always", "never"],
      help: "colour output: auto (a terminal and NO_COLOR unset), always or never"
    ),
    OptionSpec("--no-prefs", help: "ignore the preferences file"),
    OptionSpec(
      "--no-pager",
      help: "never page long output (env: POKEDEX_PAGER, PAGER; default: less)"
    ),
    OptionSpec("--help", short: "-h", help: "show help for the command"),
  ]

  /// The options that may also come before the command (`pokedex --color never show
  /// pikachu`): the global options, `--lang` (which every command showing names takes)
  /// and `--version`.
  package static let leadingSpecs: [OptionSpec] =
    specs + [
      OptionSpec(
        "--lang",
        value: "LANG",
        help: "language of names, for the commands that show names (env: POKEDEX_LANG)"
      ),
      OptionSpec("--version", help: "show the version"),
    ]

  /// Splits `arguments` (without the program name) into the options before the command and
  /// the rest, which starts with the command (or is empty).
  ///
  /// This is the first of swift-argument-parser's two steps: split argv, then interpret it.
  /// An option before the command must be one of ``leadingSpecs``; a value-taking one takes
  /// the next argument (`--data FILE`) or its inline value (`--data=FILE`), so a value is
  /// never mistaken for the command. Values are checked later, by the command's own parse,
  /// which receives the leading options in front of its arguments. `--` ends them.
  ///
  /// - Throws: a usage error for an unknown option or a missing value.
  /// - Complexity: O(*n*) in the number of leading arguments.
  package static func splitLeading(_ arguments: [String]) throws(CLIError) -> (
    leading: [String], rest: [String]
  ) {
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      guard argument.hasPrefix("-"), argument.count > 1 else { break }
      if argument == "--" { return (Array(arguments[..<index]), Array(arguments[(index + 1)...])) }
      let name = argument.hasPrefix("--") ? String(argument.prefix { $0 != "=" }) : argument
      guard let spec = leadingSpecs.first(where: { $0.name == name || $0.short == name }) else {
        throw unknownLeading(name)
      }
      index += 1
      if spec.takesValue && name == argument {
        guard index < arguments.count else {
          throw .usage("missing value for '\(spec.name)' (expected \(spec.valueName ?? "a value"))")
        }
        index += 1
      }
    }
    return (Array(arguments[..<index]), Array(arguments[index...]))
  }

  /// The error for an option before the command that is not a global one.
  private static func unknownLeading(_ name: String) -> CLIError {
    let global = leadingSpecs.map(\.name)
    if let hint = closestMatch(to: name, in: global) {
      return .usage("unknown global option '\(name.escapedForMessage)'; did you mean '\(hint)'?")
    }
    let isCommandOption = PokedexCLI.commands.contains { command in
      command.options.contains { $0.name == name || $0.short == name }
    }
    return .usage(
      isCommandOption
        ? "'\(name.escapedForMessage)' is an option of a command: write it after the command ('pokedex <command> \(name.escapedForMessage)')"
        : "unknown option '\(name.escapedForMessage)' before the command; only global options can come first: "
          + global.joined(separator: ", ")
    )
  }
}

/// The arguments of one command, split into positionals, flags and option values.
///
/// Splitting follows swift-argument-parser: `--name value`, `--name=value`,
/// `-n value`, and `--` ending options. Every argument keeps its index.
package struct ParsedArguments: Sendable {
  package var positionals: [String] = []
  private var values: [String: [String]] = [:]
  private var flags: Set<String> = []

  /// Whether the flag `name` (`--forms`) was given.
  package func flag(_ name: String) -> Bool { flags.contains(name) }

  /// The last value given for `name`, if any.
  package func value(_ name: String) -> String? { values[name]?.last }

  /// Every value given for `name`, in order.
  package func allValues(_ name: String) -> [String] { values[name] ?? [] }

  /// The value of `name` as an integer in `range`, or `nil` when absent.
  package func integer(_ name: String, in range: ClosedRange<Int>) throws(CLIError) -> Int? {
    guard let text = value(name) else { return nil }
    guard let number = Int(text), range.contains(number) else {
      throw .usage(
        "invalid value '\(text.escapedForMessage)' for \(name): expected a whole number from \(range.lowerBound) to \(range.upperBound)"
      )
    }
    return number
  }

  /// Parses `arguments` against `options` plus the global options, except those named in
  /// `excluded` (which are then unknown options).
  package static func parse(
    _ arguments: [String],
    options: [OptionSpec],
    excludingGlobal excluded: Set<String> = []
  ) throws(CLIError) -> ParsedArguments {
    let specs = options + GlobalOptions.specs.filter { !excluded.contains($0.name) }
    var result = ParsedArguments()
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      guard !optionsEnded, argument.hasPrefix("-"), argument.count > 1, !isNumber(argument) else {
        result.positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      var name = argument
      var inlineValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      guard let spec = specs.first(where: { $0.name == name || $0.short == name }) else {
        let names = specs.map(\.name)
        let hint = closestMatch(to: name, in: names).map { "; did you mean '\($0)'?" } ?? ""
        throw .usage("unknown option '\(name.escapedForMessage)'\(hint)")
      }
      if spec.takesValue {
        let value: String
        if let inlineValue {
          value = inlineValue
        } else {
          guard index < arguments.count else {
            throw .usage(
              "missing value for '\(spec.name)' (expected \(spec.valueName ?? "a value"))"
            )
          }
          value = arguments[index]
          index += 1
        }
        if let allowed = spec.allowed, !allowed.contains(value) {
          throw .usage(
            "invalid value '\(value.escapedForMessage)' for \(spec.name): expected one of \(allowed.joined(separator: ", "))"
          )
        }
        result.values[spec.name, default: []].append(value)
      } else {
        guard inlineValue == nil else { throw .usage("'\(spec.name)' takes no value") }
        result.flags.insert(spec.name)
      }
    }
    return result
  }

  private static func isNumber(_ text: String) -> Bool { Double(text) != nil }
}

/// The candidate closest to `text` by edit distance, if it is close enough to suggest.
package func closestMatch(to text: String, in candidates: [String]) -> String? {
  EditDistance.suggestion(for: text, among: candidates)
}
