/// The options every command takes (unless it excludes one, as `diff` excludes `--data`),
/// after its name or before it.
package struct GlobalOptions: OptionGroup {
  package let data = Option<String>(
    "--data",
    value: "FILE",
    help: "read this data file instead of the bundled one (env: POKEDEX_DATA)"
  )
  package let color = Option<String>(
    "--color",
    value: "WHEN",
    allowed: ["auto", "always", "never"],
    help: "colour output: auto (a terminal and NO_COLOR unset), always or never"
  )
  package let noPrefs = Flag("--no-prefs", help: "ignore the preferences file")
  package let noPager = Flag(
    "--no-pager",
    help: "never page long output (env: POKEDEX_PAGER, PAGER; default: less)"
  )
  package let help = Flag("--help", short: "-h", help: "show help for the command")

  package init() {}

  package var declarations: [any OptionDeclaration] { [data, color, noPrefs, noPager, help] }

  /// `--version`, which only comes before a command (`pokedex --version`).
  package static let version = Flag("--version", help: "show the version")

  /// The options that may also come before the command (`pokedex --color never show
  /// pikachu`): the global options, `--lang` (which every command showing names takes)
  /// and `--version`.
  package static let leadingSpecs: [OptionSpec] =
    GlobalOptions().specs + [
      OptionSpec(
        "--lang",
        value: "LANG",
        help: "language of names, for the commands that show names (env: POKEDEX_LANG)"
      ),
      version.spec,
    ]

  /// Splits `arguments` (without the program name) into the options before the command and
  /// the rest, which starts with the command (or is empty).
  ///
  /// An option before the command must be one of ``leadingSpecs``; a value-taking one takes
  /// the next argument (`--data FILE`) or its inline value (`--data=FILE`), so a value is
  /// never mistaken for the command. Values are checked later, by the command's own parse,
  /// which receives the leading options in front of its arguments. `--` ends them.
  ///
  /// - Parameter commandOptions: the options of every command, to tell a command's option
  ///   written before the command from an unknown one.
  /// - Throws: a usage error for an unknown option or a missing value.
  /// - Complexity: O(*n*) in the number of leading arguments.
  package static func splitLeading(_ arguments: [String], commandOptions: [OptionSpec])
    throws(CLIError) -> (leading: [String], rest: [String])
  {
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      guard argument.hasPrefix("-"), argument.count > 1 else { break }
      if argument == "--" { return (Array(arguments[..<index]), Array(arguments[(index + 1)...])) }
      let name = argument.hasPrefix("--") ? String(argument.prefix { $0 != "=" }) : argument
      guard let spec = leadingSpecs.first(where: { $0.isNamed(name) }) else {
        throw unknownLeading(name, isCommandOption: commandOptions.contains { $0.isNamed(name) })
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
  private static func unknownLeading(_ name: String, isCommandOption: Bool) -> CLIError {
    let global = leadingSpecs.map(\.name)
    if let hint = closestMatch(to: name, in: global) {
      return .usage("unknown global option '\(name.escapedForMessage)'; did you mean '\(hint)'?")
    }
    return .usage(
      isCommandOption
        ? "'\(name.escapedForMessage)' is an option of a command: write it after the command ('pokedex <command> \(name.escapedForMessage)')"
        : "unknown option '\(name.escapedForMessage)' before the command; only global options can come first: "
          + global.joined(separator: ", ")
    )
  }
}
