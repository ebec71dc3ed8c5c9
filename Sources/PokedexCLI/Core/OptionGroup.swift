/// The options of a command or a subcommand, declared once: a struct whose `let` properties
/// are its ``Flag``s, ``Option``s and nested groups, each listed in ``declarations``.
///
/// The parser accepts exactly the options of ``declarations`` (with the global ones), and a
/// command reads them through key paths into the group, so it cannot read an option it does
/// not declare, and a misspelt one does not compile:
///
/// ```swift
/// struct Options: OptionGroup {
///   let query = QueryOptions()
///   let card = Flag("--card", help: "show a detail card when exactly one Pokémon matches")
///   var declarations: [any OptionDeclaration] { [query, card] }
/// }
/// // in run(_ arguments: ParsedArguments<Options>, ...):
/// if arguments[\.card] { ... }
/// let limit = try arguments.value(\.query.limit)  // Int?
/// ```
///
/// Help, the man page and completion list ``OptionDeclaration/specs``, so they name the same
/// options the parser accepts.
package protocol OptionGroup: OptionDeclaration {
  /// Every property that declares options, in the order help lists them.
  var declarations: [any OptionDeclaration] { get }
}

extension OptionGroup {
  package var specs: [OptionSpec] { declarations.flatMap(\.specs) }
}
