/// How the text of a cell is drawn: colours and attributes, as SGR (Select Graphic
/// Rendition) sets them.
///
/// ```swift
/// var selected = TextStyle(foreground: .ansi(15), background: .ansi(4))
/// selected.bold = true
/// ```
public struct TextStyle: Hashable, Sendable {
  /// A terminal colour.
  public enum Color: Hashable, Sendable {
    /// The terminal's own foreground or background.
    case `default`
    /// One of the 16 standard colours (0–7, and 8–15 bright).
    case ansi(UInt8)
    /// One of the 256 palette colours.
    case palette(UInt8)
    /// A 24-bit colour, for terminals that take one (`COLORTERM=truecolor`).
    case rgb(UInt8, UInt8, UInt8)
  }

  /// The text's colour.
  public var foreground: Color
  /// The cell's colour.
  public var background: Color
  /// Bold (or bright) text.
  public var bold = false
  /// Faint text.
  public var dim = false
  /// Underlined text.
  public var underline = false
  /// Foreground and background swapped.
  public var inverse = false

  /// A style with these colours and no attributes.
  public init(foreground: Color = .default, background: Color = .default) {
    self.foreground = foreground
    self.background = background
  }

  /// The terminal's default: no colour, no attribute.
  public static let plain = TextStyle()

  /// The SGR parameters that set this style from a reset, `0;1;38;5;202`.
  var parameters: String {
    var parameters = ["0"]
    if bold { parameters.append("1") }
    if dim { parameters.append("2") }
    if underline { parameters.append("4") }
    if inverse { parameters.append("7") }
    parameters += Self.parameters(for: foreground, base: 30)
    parameters += Self.parameters(for: background, base: 40)
    return parameters.joined(separator: ";")
  }

  private static func parameters(for color: Color, base: Int) -> [String] {
    switch color {
    case .default: return []
    case .ansi(let index) where index < 8: return ["\(base + Int(index))"]
    case .ansi(let index) where index < 16: return ["\(base + 60 + Int(index) - 8)"]
    case .ansi(let index), .palette(let index): return ["\(base + 8)", "5", "\(index)"]
    case .rgb(let red, let green, let blue):
      return ["\(base + 8)", "2", "\(red)", "\(green)", "\(blue)"]
    }
  }
}
