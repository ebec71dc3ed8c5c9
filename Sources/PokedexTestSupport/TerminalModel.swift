import TerminalUI

/// A tiny terminal: enough of ECMA-48 to replay what ``ScreenWriter`` writes (cursor
/// position, SGR, erase display, private modes) onto a ``ScreenBuffer``, and to fail
/// loudly on anything else.
public struct TerminalModel {
  /// What the terminal shows.
  public var screen: ScreenBuffer
  var row = 0
  var column = 0
  /// The style the next character is written in.
  public private(set) var style = TextStyle.plain
  /// The sequences the model does not know, which the writer should never send.
  public var unknown: [String] = []

  /// A terminal showing `screen`.
  public init(showing screen: ScreenBuffer) { self.screen = screen }

  /// Replays what a program wrote.
  public mutating func apply(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    var characters = Array(text)[...]
    while let character = characters.popFirst() {
      guard character == "\u{1B}" else {
        column = screen.write(String(character), row: row, column: column, style: style)
        continue
      }
      guard characters.popFirst() == "[" else {
        unknown.append("ESC without [")
        continue
      }
      var body = ""
      while let next = characters.popFirst() {
        if let ascii = next.asciiValue, (0x40...0x7E).contains(ascii) {
          command(body, final: next)
          break
        }
        body.append(next)
      }
    }
  }

  private mutating func command(_ body: String, final: Character) {
    let numbers = body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
    switch final {
    case "H":
      row = max(1, numbers.first ?? 1) - 1
      column = max(1, numbers.count > 1 ? numbers[1] : 1) - 1
    case "J" where body == "2":
      screen = ScreenBuffer(rows: screen.rows, columns: screen.columns)
    case "m":
      style = Self.style(numbers)
    case "h" where body.hasPrefix("?"), "l" where body.hasPrefix("?"):
      break
    default:
      unknown.append("\(body)\(final)")
    }
  }

  /// The style SGR parameters set, read as the writer writes them (always from a reset).
  public static func style(_ numbers: [Int]) -> TextStyle {
    var style = TextStyle.plain
    var index = 0
    func color(_ base: Int) -> TextStyle.Color {
      if numbers[index] == base + 8, index + 2 < numbers.count, numbers[index + 1] == 5 {
        index += 2
        return numbers[index] < 16 ? .ansi(UInt8(numbers[index])) : .palette(UInt8(numbers[index]))
      }
      if numbers[index] == base + 8, index + 4 < numbers.count, numbers[index + 1] == 2 {
        index += 4
        return .rgb(UInt8(numbers[index - 2]), UInt8(numbers[index - 1]), UInt8(numbers[index]))
      }
      let value = numbers[index]
      return value >= base + 60 ? .ansi(UInt8(value - base - 60 + 8)) : .ansi(UInt8(value - base))
    }
    while index < numbers.count {
      switch numbers[index] {
      case 0: style = .plain
      case 1: style.bold = true
      case 2: style.dim = true
      case 4: style.underline = true
      case 7: style.inverse = true
      case 30...38, 90...97: style.foreground = color(30)
      case 40...48, 100...107: style.background = color(40)
      default: break
      }
      index += 1
    }
    return style
  }
}
