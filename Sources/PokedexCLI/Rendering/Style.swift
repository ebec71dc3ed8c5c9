/// ANSI styling, applied only when colour is on.
package struct Style: Sendable {
  /// Whether escape sequences are written.
  package var isEnabled: Bool

  package init(isEnabled: Bool) { self.isEnabled = isEnabled }

  /// Resolves `--color auto|always|never`: `auto` colours only a terminal, and only when
  /// `NO_COLOR` is unset or empty.
  package init(mode: String?, isTerminal: Bool, environment: [String: String]) {
    switch mode ?? "auto" {
    case "always": isEnabled = true
    case "never": isEnabled = false
    default: isEnabled = isTerminal && (environment["NO_COLOR"] ?? "").isEmpty
    }
  }

  package func bold(_ text: String) -> String { wrap(text, "1") }
  package func dim(_ text: String) -> String { wrap(text, "2") }
  package func red(_ text: String) -> String { wrap(text, "31") }
  package func green(_ text: String) -> String { wrap(text, "32") }
  package func yellow(_ text: String) -> String { wrap(text, "33") }
  package func cyan(_ text: String) -> String { wrap(text, "36") }
  /// A 24-bit foreground colour from `#rrggbb`.
  package func color(_ text: String, hex: String) -> String {
    let digits = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
    guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return text }
    return wrap(text, "38;2;\(value >> 16);\((value >> 8) & 0xFF);\(value & 0xFF)")
  }

  private func wrap(_ text: String, _ code: String) -> String {
    isEnabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
