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

  /// The columns `text` occupies on a terminal once its ANSI escape sequences (`ESC [ ... m`,
  /// as ``Style`` writes them) are left out: they take no room.
  ///
  /// - Complexity: O(n) in the number of Unicode scalars.
  package static func visible(_ text: some StringProtocol) -> Int {
    var width = 0
    var escape = EscapeState.text
    for scalar in text.unicodeScalars {
      escape = escape.next(scalar)
      if escape == .text { width += columns(of: scalar) }
    }
    return width
  }

  /// `prefix` then the words of `text`, in lines of at most `width` columns; each line after
  /// the first starts with `indent` spaces (a hanging indent under a label).
  ///
  /// Words are the runs between spaces; a word is split only when it is longer than a
  /// whole line. Escape sequences take no room, so styled text wraps like plain text.
  /// A line that fits is returned as it is (spaces and all).
  ///
  /// ```swift
  /// TextWidth.wrap("Pichu, Raichu", width: 14, prefix: "Forms ", indent: 6)
  /// // ["Forms Pichu,", "      Raichu"]
  /// ```
  ///
  /// - Complexity: O(n) in the length of `text`.
  package static func wrap(_ text: String, width: Int, prefix: String = "", indent: Int = 0)
    -> [String]
  {
    let indent = max(0, min(indent, width - 1))
    guard visible(prefix) + visible(text) > width else { return [prefix + text] }
    var wrapper = Wrapper(width: max(width, 1), indent: indent, line: prefix)
    for word in text.split(separator: " ") { wrapper.add(word) }
    return wrapper.finish()
  }

  /// `text` padded with spaces (or cut) to exactly `width` columns.
  package static func pad(_ text: String, to width: Int, alignRight: Bool = false) -> String {
    let cut = truncate(text, to: width)
    let padding = String(repeating: " ", count: max(0, width - of(cut)))
    return alignRight ? padding + cut : cut + padding
  }
}

extension TextWidth {
  /// Where a scan stands in `ESC [ parameters final-byte` sequences.
  fileprivate enum EscapeState {
    case text, escape, sequence, end

    /// The state after `scalar`; `.text` when the scalar is shown.
    func next(_ scalar: Unicode.Scalar) -> EscapeState {
      switch self {
      case .text, .end:
        return scalar == "\u{1B}" ? .escape : .text
      case .escape:
        return scalar == "[" ? .sequence : .end
      case .sequence:
        return (0x40...0x7E).contains(scalar.value) ? .end : .sequence
      }
    }
  }

  /// Lines being filled word by word.
  fileprivate struct Wrapper {
    let width: Int
    let indent: Int
    var lines: [String] = []
    var line: String
    var used: Int
    var hasWord = false

    init(width: Int, indent: Int, line: String) {
      self.width = width
      self.indent = indent
      self.line = line
      used = TextWidth.visible(line)
    }

    /// Puts `word` on this line after a space, or on the next line when it does not fit;
    /// a word longer than a whole line is split where each line ends.
    mutating func add(_ word: Substring) {
      if hasWord, used + 1 + TextWidth.visible(word) > width { newLine() }
      if hasWord {
        line += " "
        used += 1
      }
      var rest = word
      while used + TextWidth.visible(rest) > width {
        var (head, tail) = Self.split(rest, columns: width - used)
        if head.isEmpty {
          guard used == indent, let first = rest.indices.first else {
            newLine()
            continue
          }
          // A character wider than a whole line: it overflows on a line of its own.
          (head, tail) = (rest[...first], rest[rest.index(after: first)...])
        }
        line += head
        rest = tail
        if rest.isEmpty {
          used += TextWidth.visible(head)
          break
        }
        newLine()
      }
      line += rest
      used += TextWidth.visible(rest)
      hasWord = true
    }

    mutating func newLine() {
      while line.last == " " { line.removeLast() }
      lines.append(line)
      line = String(repeating: " ", count: indent)
      used = indent
      hasWord = false
    }

    mutating func finish() -> [String] {
      while line.last == " " { line.removeLast() }
      return lines + [line]
    }

    /// The longest start of `word` that takes at most `columns` columns (escape sequences
    /// go with it), and the rest.
    static func split(_ word: Substring, columns: Int) -> (Substring, Substring) {
      var used = 0
      var escape = EscapeState.text
      var end = word.startIndex
      for index in word.indices {
        var shown = 0
        for scalar in word[index].unicodeScalars {
          escape = escape.next(scalar)
          if escape == .text { shown += TextWidth.columns(of: scalar) }
        }
        if used + shown > columns { break }
        used += shown
        end = word.index(after: index)
      }
      return (word[..<end], word[end...])
    }
  }
}
