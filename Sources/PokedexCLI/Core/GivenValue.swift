/// The text given on the command line for an option, with the option's name, which a
/// setting's error message names (`invalid value 'x' for --sort: ...`).
package struct GivenValue: Equatable, Sendable {
  /// The option's long name, `--sort`.
  package var option: String
  /// The text given.
  package var text: String

  package init(option: String, text: String) {
    self.option = option
    self.text = text
  }
}
