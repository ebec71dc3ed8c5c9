/// A subcommand whose `run` is a closure, for the small ones that check their operands and
/// call one function:
///
/// ```swift
/// ClosureSubcommand("get", NoOptions()) { arguments, session throws(CLIError) in
///   let key = try PrefsCommand.single(arguments.positionals, named: "KEY", for: "get")
///   try PrefsCommand.get(key, session)
/// }
/// ```
///
/// The closure returns nothing: the subcommand succeeds unless it throws.
package struct ClosureSubcommand<Session, Declarations: OptionGroup>: Subcommand {
  package let name: String
  package let options: Declarations
  private let body: @Sendable (ParsedArguments<Declarations>, Session) throws(CLIError) -> Void

  package init(
    _ name: String,
    _ options: Declarations,
    _ body: @escaping @Sendable (ParsedArguments<Declarations>, Session) throws(CLIError) -> Void
  ) {
    self.name = name
    self.options = options
    self.body = body
  }

  package func run(_ arguments: ParsedArguments<Declarations>, session: Session) throws(CLIError)
    -> ExitCode
  {
    try body(arguments, session)
    return .success
  }
}
