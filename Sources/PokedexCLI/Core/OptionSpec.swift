/// How one option reads in help, the man page and completion, and how the parser splits it:
/// its names, its value's placeholder, the values it allows and one line of help.
///
/// Commands do not build these: they declare ``Flag``s and ``Option``s, whose ``spec`` it is.
package struct OptionSpec: Equatable, Sendable {
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

  /// Whether the option takes a value (`--format json`) rather than being a flag.
  package var takesValue: Bool { valueName != nil }

  /// Whether `name` is its long or its short name.
  package func isNamed(_ name: String) -> Bool { self.name == name || short == name }

  /// Aligned help lines for a list of options.
  static func helpLines(_ specs: [OptionSpec]) -> [String] {
    let labels = specs.map { spec in
      [spec.short, spec.name + (spec.valueName.map { " \($0)" } ?? "")].compactMap { $0 }
        .joined(separator: ", ")
    }
    let width = min((labels.map(\.count).max() ?? 0) + 2, 28)
    return zip(labels, specs).map { label, spec in
      let padding = String(repeating: " ", count: max(width - label.count, 2))
      return "  \(label)\(padding)\(spec.help)"
    }
  }
}
