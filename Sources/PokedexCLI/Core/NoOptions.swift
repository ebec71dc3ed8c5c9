/// The options of a command or subcommand that takes none but the global ones.
package struct NoOptions: OptionGroup {
  package init() {}

  package var declarations: [any OptionDeclaration] { [] }
}
