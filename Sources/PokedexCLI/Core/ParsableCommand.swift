/// A command with one group of options and a `run` that reads them.
///
/// ```swift
/// struct TypesCommand: ParsableCommand {
///   let name = "types"
///   let summary = "show the type chart, or the matchups of one or two defending types"
///   let usage = ["types [TYPE [TYPE]] [options]"]
///   struct Options: OptionGroup {
///     let lang = Option.language(help: "language of type names (env: POKEDEX_LANG)")
///     var declarations: [any OptionDeclaration] { [lang] }
///   }
///   let options = Options()
///
///   func run(_ arguments: ParsedArguments<Options>, context: CommandContext)
///     throws(CLIError) -> ExitCode
///   { ... arguments.given(\.lang) ... }
/// }
/// ```
package protocol ParsableCommand: Command {
  /// The type of its option declarations.
  associatedtype Declarations: OptionGroup
  /// Its options (the global ones are added).
  var options: Declarations { get }
  /// Runs the command with its parsed arguments.
  func run(_ arguments: ParsedArguments<Declarations>, context: CommandContext) throws(CLIError)
    -> ExitCode
}

extension ParsableCommand {
  package var optionSpecs: [OptionSpec] { options.specs }

  package var declaredOptions: [(command: String, options: any OptionGroup)] {
    [(name, options)]
  }

  package func run(arguments: [String], context: CommandContext) throws(CLIError) -> ExitCode {
    guard let values = try parseValues(arguments, context: context) else { return .success }
    let parsed = ParsedArguments(
      options: options,
      values: values,
      excludedGlobals: excludedGlobalOptions
    )
    return try run(parsed, context: context)
  }
}
