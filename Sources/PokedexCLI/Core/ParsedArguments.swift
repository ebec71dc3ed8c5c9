/// A command's arguments, read through the options it declares (`Declarations`, the
/// command's `Options` struct).
///
/// Flags and text options read as subscripts, options whose text may not be a valid value
/// (a number out of range) with `try`, and a group of options as the arguments of that group:
///
/// ```swift
/// func run(_ arguments: ParsedArguments<Options>, context: CommandContext) throws(CLIError)
///   -> ExitCode
/// {
///   let forms = arguments[\.query.forms]           // Bool
///   let format = arguments[\.format]               // String?
///   let limit = try arguments.value(\.query.limit) // Int?
///   let dex = try context.loadDex(arguments.global)
///   ...
/// }
/// ```
///
/// A key path can only name a property of `Declarations`, so a command cannot read an option it
/// does not declare; a property left out of ``OptionGroup/declarations`` is a programmer
/// error that stops at its first read.
package struct ParsedArguments<Declarations: OptionGroup>: Sendable {
  /// The declarations read through.
  package let options: Declarations
  /// The operands, in order (after a subcommand's name, those after it).
  package var positionals: [String]
  /// The values, by option name.
  private let values: ArgumentValues
  /// The global options the command does not take (``Command/excludedGlobalOptions``).
  private let excludedGlobals: Set<String>

  init(options: Declarations, values: ArgumentValues, excludedGlobals: Set<String>) {
    self.options = options
    self.positionals = values.positionals
    self.values = values
    self.excludedGlobals = excludedGlobals
  }

  /// Parses `arguments` against `options` and the global options, as a command that
  /// declares `options` does (completion reads `--data` among the words this way).
  ///
  /// - Throws: a usage error for an unknown option, a missing value or a value not allowed.
  package static func parse(_ arguments: [String], options: Declarations) throws(CLIError) -> Self {
    let specs = options.specs
    let global = GlobalOptions().specs.filter { spec in !specs.contains { $0.name == spec.name } }
    let values = try ArgumentValues.parse(arguments, specs: specs + global)
    return ParsedArguments(options: options, values: values, excludedGlobals: [])
  }

  /// Whether the flag was given.
  package subscript(flag: KeyPath<Declarations, Flag>) -> Bool {
    values.flags.contains(declared(options[keyPath: flag].spec).name)
  }

  /// The last value given for a text option, if any.
  package subscript(option: KeyPath<Declarations, Option<String>>) -> String? {
    values.values[declared(options[keyPath: option].spec).name]?.last
  }

  /// Every value given for a text option that may be repeated (`--method level --method tm`).
  package func all(_ option: KeyPath<Declarations, Option<String>>) -> [String] {
    values.values[declared(options[keyPath: option].spec).name] ?? []
  }

  /// The last value given for an option, read as its type; `nil` when it was not given.
  ///
  /// - Throws: a usage error naming the option when the text is not a valid value.
  package func value<Value>(_ option: KeyPath<Declarations, Option<Value>>) throws(CLIError)
    -> Value?
  {
    let declaration = options[keyPath: option]
    guard let text = values.values[declared(declaration.spec).name]?.last else { return nil }
    return try declaration.read(text)
  }

  /// The last value given for a number option, which must be in `range` (a range only the
  /// data knows, such as its generations).
  ///
  /// - Throws: a usage error naming the option and the range.
  package func value(
    _ option: KeyPath<Declarations, Option<Int>>,
    in range: ClosedRange<Int>
  ) throws(CLIError) -> Int? {
    let spec = options[keyPath: option].spec
    guard let text = values.values[declared(spec).name]?.last else { return nil }
    return try Option<Int>(spec.name, value: spec.valueName ?? "N", in: range, help: spec.help)
      .read(text)
  }

  /// The text last given for an option, with the option's name, or `nil` when it was not
  /// given: for a setting that falls back to an environment variable and the preferences
  /// (``Settings/value(_:from:environment:)``), which reads it as the preference's type.
  package func given<Value>(_ option: KeyPath<Declarations, Option<Value>>) -> GivenValue? {
    let name = declared(options[keyPath: option].spec).name
    return values.values[name]?.last.map { GivenValue(option: name, text: $0) }
  }

  /// Whether any option of the group was given.
  package var givesAnyOption: Bool {
    options.specs.contains { values.givenNames.contains($0.name) }
  }

  /// The arguments of a group of options the command declares (`arguments[\.query]`).
  package subscript<Inner: OptionGroup>(
    group: KeyPath<Declarations, Inner>
  ) -> ParsedArguments<Inner> {
    var arguments = ParsedArguments<Inner>(
      options: options[keyPath: group],
      values: values,
      excludedGlobals: excludedGlobals
    )
    arguments.positionals = positionals
    return arguments
  }

  /// The global options (`--data`, `--color`, `--no-prefs`, ...), which every command takes
  /// unless it excludes them.
  package var global: ParsedArguments<GlobalOptions> {
    var arguments = ParsedArguments<GlobalOptions>(
      options: GlobalOptions(),
      values: values,
      excludedGlobals: excludedGlobals
    )
    arguments.positionals = positionals
    return arguments
  }

  /// `spec`, checked in debug builds (every test run) to be one of the declarations the
  /// arguments were parsed against: a property left out of `declarations` is a programming
  /// error the tests catch; a release build never traps on it and reads it as not given.
  private func declared(_ spec: OptionSpec) -> OptionSpec {
    assert(
      options.specs.contains(spec) && !excludedGlobals.contains(spec.name),
      "\(spec.name) is a property of \(Declarations.self) but not among its declarations"
    )
    return spec
  }
}
