import TerminalUI

extension TextWidth {
  /// A labelled value as the cards of `move` and `ability` print it: the label padded to 12
  /// columns, the value wrapped at `width` under itself, and each further paragraph of a
  /// value with line breaks (a long effect) on lines of its own under the value.
  ///
  /// ```swift
  /// TextWidth.field("Effect", "Evades ground moves.\n\nNot during Gravity.", width: .max)
  /// // "Effect      Evades ground moves.\n            Not during Gravity."
  /// ```
  static func field(_ label: String, _ value: String, width: Int) -> String {
    let paragraphs = value.split(whereSeparator: \.isNewline).map(String.init)
      .filter { !$0.allSatisfy(\.isWhitespace) }
    return (paragraphs.isEmpty ? [""] : paragraphs).enumerated().flatMap { position, text in
      wrap(
        text,
        width: width,
        prefix: position == 0 ? pad(label, to: 12) : String(repeating: " ", count: 12),
        indent: 12
      )
    }.joined(separator: "\n")
  }
}
