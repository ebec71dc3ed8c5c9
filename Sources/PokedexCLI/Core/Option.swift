/// An option with a value (`--limit N`), read as a `Value`.
///
/// A text option may have a closed set of values, which the parser checks; a number option
/// has a range, checked when the command reads it:
///
/// ```swift
/// let format = Option<String>("--format", value: "FORMAT", allowed: ["card", "json"], help: "...")
/// let limit = Option<Int>("--limit", in: 0...Int(Int32.max), help: "show at most N Pokémon")
/// // try arguments.value(\.limit) for `--limit 5` is 5; for `--limit -1` a usage error:
/// // invalid value '-1' for --limit: expected a whole number from 0 to 2147483647
/// ```
package struct Option<Value: Sendable>: OptionDeclaration {
  /// Its names, placeholder, allowed values and help.
  package let spec: OptionSpec
  /// What a value must be, for the error message: `a whole number from 0 to 10`.
  private let expected: String
  /// The value `text` stands for, or `nil` when it stands for none.
  private let convert: @Sendable (String) -> Value?

  package init(
    spec: OptionSpec,
    expected: String,
    convert: @escaping @Sendable (String) -> Value?
  ) {
    self.spec = spec
    self.expected = expected
    self.convert = convert
  }

  package var specs: [OptionSpec] { [spec] }

  /// `text` as a value.
  ///
  /// - Throws: a usage error naming the option and what it expects.
  package func read(_ text: String) throws(CLIError) -> Value {
    guard let value = convert(text) else {
      throw .usage(
        "invalid value '\(text.escapedForMessage)' for \(spec.name): expected \(expected)"
      )
    }
    return value
  }
}

extension Option where Value == String {
  /// An option whose value is text, any or one of `allowed`.
  package init(
    _ name: String,
    short: String? = nil,
    value: String,
    allowed: [String]? = nil,
    help: String
  ) {
    self.init(
      spec: OptionSpec(name, short: short, value: value, allowed: allowed, help: help),
      expected: "text",
      convert: { $0 }
    )
  }
}

extension Option where Value == Int {
  /// An option whose value is a whole number in `range`.
  package init(
    _ name: String,
    short: String? = nil,
    value: String = "N",
    in range: ClosedRange<Int>,
    help: String
  ) {
    self.init(
      spec: OptionSpec(name, short: short, value: value, help: help),
      expected: "a whole number from \(range.lowerBound) to \(range.upperBound)",
      convert: { Int($0).flatMap { range.contains($0) ? $0 : nil } }
    )
  }
}

extension Option where Value == UInt64 {
  /// An option whose value is a whole number from 0 to `UInt64.max` (a seed).
  package init(_ name: String, value: String, help: String) {
    self.init(
      spec: OptionSpec(name, value: value, help: help),
      expected: "a whole number from 0 to \(UInt64.max)",
      convert: { UInt64($0) }
    )
  }
}
