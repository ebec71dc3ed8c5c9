/// An option without a value (`--forms`): given or not.
///
/// ```swift
/// let forms = Flag("--forms", help: "include alternate forms (megas, regional forms, ...)")
/// // arguments[\.forms] is true when `--forms` was given
/// ```
package struct Flag: OptionDeclaration {
  /// Its names and help.
  package let spec: OptionSpec

  package init(_ name: String, short: String? = nil, help: String) {
    spec = OptionSpec(name, short: short, help: help)
  }

  package var specs: [OptionSpec] { [spec] }
}
