/// `--exact` and `--fuzzy`: what the commands that find things by name (`show`, `move`,
/// `search`, ...) do with a name that matches only approximately.
package struct LookupOptions: OptionGroup {
  package let exact: Flag
  package let fuzzy: Flag

  package init(
    exact: String = "accept only exact or normalized matches, never a guess",
    fuzzy: String = "accept the closest match even when output is piped"
  ) {
    self.exact = Flag("--exact", help: exact)
    self.fuzzy = Flag("--fuzzy", help: fuzzy)
  }

  package var declarations: [any OptionDeclaration] { [exact, fuzzy] }
}
