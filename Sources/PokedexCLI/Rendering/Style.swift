import TerminalUI

/// ANSI styling, applied only when colour is on, in the colours the terminal takes.
///
/// One rule decides colour for every command, `browse` included (``init(mode:isTerminal:environment:)``).
package struct Style: Sendable {
  /// The colours written: none, the 256-colour palette, or 24-bit.
  package var depth: ColorDepth

  /// Whether escape sequences are written.
  package var isEnabled: Bool { depth != .monochrome }

  /// Styling at `depth`.
  package init(depth: ColorDepth) { self.depth = depth }

  /// Styling on or off; on, in 24-bit colour.
  package init(isEnabled: Bool) { depth = isEnabled ? .trueColor : .monochrome }

  /// The rule: `--color auto|always|never` (or `POKEDEX_COLOR`, or the `color`
  /// preference), then the terminal's environment.
  ///
  /// - `never`: no colour.
  /// - `auto` (the default): no colour unless the stream is a terminal, `NO_COLOR` is unset
  ///   or empty, and `TERM` is not `dumb`.
  /// - `always`, or `auto` when colour is on: 24-bit colour where `COLORTERM` is
  ///   `truecolor` or `24bit`, the 256-colour palette otherwise
  ///   (``ColorDepth/supported(by:)``).
  ///
  /// ```swift
  /// Style(mode: nil, isTerminal: true, environment: ["TERM": "xterm-256color"]).depth  // .palette256
  /// Style(mode: nil, isTerminal: true, environment: ["TERM": "dumb"]).depth            // .monochrome
  /// ```
  package init(mode: String?, isTerminal: Bool, environment: [String: String]) {
    switch mode ?? "auto" {
    case "always": depth = ColorDepth.supported(by: environment)
    case "never": depth = .monochrome
    default:
      let wanted =
        isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
      depth = wanted ? ColorDepth.supported(by: environment) : .monochrome
    }
  }

  package func bold(_ text: String) -> String { wrap(text, "1") }
  package func dim(_ text: String) -> String { wrap(text, "2") }
  package func red(_ text: String) -> String { wrap(text, "31") }
  package func green(_ text: String) -> String { wrap(text, "32") }
  package func yellow(_ text: String) -> String { wrap(text, "33") }
  package func cyan(_ text: String) -> String { wrap(text, "36") }

  /// A foreground colour from `#rrggbb`: itself in 24-bit, the nearest palette colour in
  /// 256 colours.
  package func color(_ text: String, hex: String) -> String {
    guard let (red, green, blue) = Self.channels(ofHex: hex) else { return text }
    switch depth.color(red: red, green: green, blue: blue) {
    case .rgb(let red, let green, let blue)?: return wrap(text, "38;2;\(red);\(green);\(blue)")
    case .palette(let index)?: return wrap(text, "38;5;\(index)")
    default: return text
    }
  }

  /// The text colour of `#rrggbb` in a full-screen app's cells (``TextStyle``), or `nil`
  /// without colour.
  package func textColor(hex: String) -> TextStyle.Color? {
    Self.channels(ofHex: hex).flatMap { depth.color(red: $0.0, green: $0.1, blue: $0.2) }
  }

  /// The channels of `#rrggbb` (or `rrggbb`); `nil` for anything else.
  private static func channels(ofHex hex: String) -> (UInt8, UInt8, UInt8)? {
    let digits = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
    guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
    return (
      UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8),
      UInt8(truncatingIfNeeded: value)
    )
  }

  private func wrap(_ text: String, _ code: String) -> String {
    isEnabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
