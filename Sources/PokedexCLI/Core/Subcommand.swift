/// One subcommand of a ``CommandGroup`` (`team add`, `prefs set`): its name, its own options
/// and its `run`, which gets what the group opened for it (`Session`: the teams store, the
/// preferences store, ...).
///
/// ```swift
/// struct RemoveMember: Subcommand {
///   let name = "remove"
///   let options = QuietOption()  // `--quiet` alone
///   func run(_ arguments: ParsedArguments<QuietOption>, session: TeamSession)
///     throws(CLIError) -> ExitCode
///   { ... arguments[\.quiet] ... }
/// }
/// ```
package protocol Subcommand<Session>: Sendable {
  /// What the group gives every subcommand.
  associatedtype Session
  /// The type of its option declarations.
  associatedtype Declarations: OptionGroup
  /// The name typed after the group's.
  var name: String { get }
  /// Its options (the global ones are added).
  var options: Declarations { get }
  /// Runs the subcommand; ``ParsedArguments/positionals`` are the operands after its name.
  func run(_ arguments: ParsedArguments<Declarations>, session: Session) throws(CLIError)
    -> ExitCode
}
