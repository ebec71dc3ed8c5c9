extension String {
  /// The text with its invisible characters escaped, for echoing user input in a
  /// message: control characters (`ESC`, `NUL`, newlines), format characters (bidi
  /// overrides, zero-width spaces) and line and paragraph separators become
  /// `\u{1B}`-style escapes, so a value cannot move the cursor, recolour the terminal
  /// or hide what it is.
  ///
  /// ```swift
  /// "fr\u{1B}".escapedForMessage   // fr\u{1B}
  /// "Flabébé".escapedForMessage    // Flabébé
  /// ```
  ///
  /// - Complexity: O(*n*); the text itself when nothing needs escaping.
  package var escapedForMessage: String {
    guard unicodeScalars.contains(where: \.needsEscapeInMessage) else { return self }
    var result = ""
    result.reserveCapacity(utf8.count + 16)
    for scalar in unicodeScalars {
      if scalar.needsEscapeInMessage {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}

extension Unicode.Scalar {
  /// Whether a message shows the scalar as an escape: it is a control, format or
  /// separator character.
  fileprivate var needsEscapeInMessage: Bool {
    if value < 0x20 || value == 0x7F { return true }
    if value < 0x80 { return false }
    switch properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator: return true
    default: return false
    }
  }
}
