extension Option where Value == String {
  /// `--format` (`-f`), with the formats a command writes and its help.
  ///
  /// ```swift
  /// let format = Option.format(["card", "json"], help: "card (default) or json")
  /// ```
  package static func format(_ formats: [String], short: String? = "-f", help: String) -> Self {
    Option("--format", short: short, value: "FORMAT", allowed: formats, help: help)
  }

  /// `--lang`: the language of names, resolved against the data's languages (see
  /// ``Settings/language(_:dex:)``).
  package static func language(
    help: String = "language of names (env: POKEDEX_LANG)"
  ) -> Self {
    Option("--lang", value: "LANG", help: help)
  }
}
