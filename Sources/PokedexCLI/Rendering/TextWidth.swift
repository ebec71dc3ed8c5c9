/// Terminal display width of text: East Asian wide and fullwidth characters
/// take two columns, combining marks and zero-width characters none.
package enum TextWidth {
  /// The number of terminal columns `text` occupies.
  ///
  /// - Complexity: O(n) in the number of Unicode scalars.
  package static func of(_ text: some StringProtocol) -> Int {
    var width = 0
    for scalar in text.unicodeScalars { width += columns(of: scalar) }
    return width
  }

  /// The columns one scalar occupies: 0, 1 or 2.
  package static func columns(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x300 { return value < 0x20 || (0x7F..<0xA0).contains(value) ? 0 : 1 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if value == 0x200B { return 0 }
    return isWide(value) ? 2 : 1
  }

  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
      0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB,
      0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA,
      0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757,
      0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55, 0x2E80...0x303E,
      0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F,
      0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
      return true
    default:
      return false
    }
  }

  /// `text` cut to at most `width` columns, ending in `…` when cut.
  package static func truncate(_ text: String, to width: Int, ellipsis: String = "…") -> String {
    guard width > 0 else { return "" }
    guard of(text) > width else { return text }
    let budget = width - of(ellipsis)
    var result = ""
    var used = 0
    for character in text {
      let columns = of(String(character))
      if used + columns > budget { break }
      result.append(character)
      used += columns
    }
    return budget >= 0 ? result + ellipsis : String(ellipsis.prefix(width))
  }

  /// `text` padded with spaces (or cut) to exactly `width` columns.
  package static func pad(_ text: String, to width: Int, alignRight: Bool = false) -> String {
    let cut = truncate(text, to: width)
    let padding = String(repeating: " ", count: max(0, width - of(cut)))
    return alignRight ? padding + cut : cut + padding
  }
}
