import PokedexTestSupport
import Testing

@testable import TerminalUI

@Suite struct ScreenBufferTests {
  @Test func textIsCutAtTheEdgeAndWideCharactersTakeTwoCells() {
    var screen = ScreenBuffer(rows: 2, columns: 10)
    #expect(screen.write("ピカチュウ!", row: 0, column: 0) == 10)
    #expect(screen.line(0) == "ピカチュウ")
    #expect(screen[0, 1]?.isContinuation == true)
    // A wide character that would be split at the edge becomes a space.
    #expect(screen.write("abcピ", row: 1, column: 6) == 10)
    #expect(screen.line(1) == "      abc")
    #expect(screen[1, 9] == .blank)
  }

  @Test func overwritingHalfOfAWideCharacterBlanksTheOtherHalf() {
    var screen = ScreenBuffer(rows: 1, columns: 6)
    screen.write("ピカチ", row: 0, column: 0)
    screen.write("x", row: 0, column: 1)  // the right half of ピ
    screen.write("y", row: 0, column: 2)  // the left half of カ
    #expect(screen.line(0) == " xy チ")
    #expect(!screen.cells.contains { $0.isContinuation && $0 != screen[0, 5] })
  }

  @Test func controlCharactersAreShownAndCombiningMarksJoin() {
    var screen = ScreenBuffer(rows: 1, columns: 8)
    screen.write("a\u{1B}[31mb", row: 0, column: 0)
    #expect(screen.line(0) == "a\u{FFFD}[31mb")
    screen.clear()
    screen.write("e\u{301}te\u{301}", row: 0, column: 0)
    #expect(screen.line(0) == "e\u{301}te\u{301}")
    #expect(screen[0, 1]?.text == "t")
  }

  @Test func writingOutsideDoesNothing() {
    var screen = ScreenBuffer(rows: 2, columns: 3)
    screen.write("abc", row: 5, column: 0)
    screen.write("abc", row: -1, column: 0)
    screen.write("abcdef", row: 0, column: -2)
    screen.fill(row: 1, from: -4, to: 99, style: TextStyle(background: .ansi(4)))
    #expect(screen.line(0) == "cde")
    #expect(screen[1, 2]?.style.background == .ansi(4))
    #expect(ScreenBuffer(rows: -3, columns: 4).cells.isEmpty)
    #expect(screen[2, 0] == nil && screen[0, -1] == nil)
  }
}

@Suite struct ScreenWriterTests {
  static let characters: [String] = ["a", "b", "Z", " ", "ピ", "カ", "é", "-", "│", "😀"]
  static let styles: [TextStyle] = {
    var bold = TextStyle(foreground: .ansi(1))
    bold.bold = true
    var inverse = TextStyle(foreground: .palette(202), background: .ansi(12))
    inverse.inverse = true
    return [.plain, bold, inverse, TextStyle(foreground: .rgb(10, 20, 30))]
  }()

  static func randomScreen(rows: Int, columns: Int, using random: inout SplitMix64) -> ScreenBuffer
  {
    var screen = ScreenBuffer(rows: rows, columns: columns)
    for _ in 0..<Int.random(in: 0...(rows * 3), using: &random) {
      let text = (0..<Int.random(in: 1...6, using: &random))
        .map { _ in characters[Int.random(in: 0..<characters.count, using: &random)] }.joined()
      screen.write(
        text,
        row: Int.random(in: 0..<rows, using: &random),
        column: Int.random(in: 0..<columns, using: &random),
        style: styles[Int.random(in: 0..<styles.count, using: &random)]
      )
    }
    return screen
  }

  static func edited(_ screen: ScreenBuffer, using random: inout SplitMix64) -> ScreenBuffer {
    var next = screen
    for _ in 0..<Int.random(in: 0...4, using: &random) {
      next.write(
        characters[Int.random(in: 0..<characters.count, using: &random)],
        row: Int.random(in: 0..<screen.rows, using: &random),
        column: Int.random(in: 0..<screen.columns, using: &random),
        style: styles[Int.random(in: 0..<styles.count, using: &random)]
      )
    }
    return next
  }

  /// Replaying the writer's output on a terminal that shows the old frame gives the new.
  @Test(arguments: [UInt64(1), 2, 3, 4])
  func theUpdateReproducesTheNextFrame(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    for _ in 0..<300 {
      let rows = Int.random(in: 1...6, using: &random)
      let columns = Int.random(in: 1...12, using: &random)
      let old = Self.randomScreen(rows: rows, columns: columns, using: &random)
      let new =
        Bool.random(using: &random)
        ? Self.edited(old, using: &random)
        : Self.randomScreen(rows: rows, columns: columns, using: &random)
      var terminal = TerminalModel(showing: old)
      terminal.apply(ScreenWriter.update(from: old, to: new))
      #expect(terminal.screen == new, "\(old.text)\n→\n\(new.text)")
      #expect(terminal.unknown.isEmpty)
      #expect(terminal.style == .plain)
      var fresh = TerminalModel(
        showing: Self.randomScreen(rows: rows, columns: columns, using: &random)
      )
      fresh.apply(ScreenWriter.update(from: nil, to: new))
      #expect(fresh.screen == new)
    }
  }

  @Test func nothingChangedWritesNothing() {
    var screen = ScreenBuffer(rows: 3, columns: 10)
    screen.write("Pikachu", row: 1, column: 2)
    #expect(ScreenWriter.update(from: screen, to: screen).isEmpty)
  }

  @Test func oneChangedCellIsOneMoveAndOneCharacter() {
    var old = ScreenBuffer(rows: 24, columns: 80)
    old.write("Pikachu", row: 3, column: 10)
    var new = old
    new.write("P", row: 3, column: 10, style: TextStyle(foreground: .ansi(3)))
    let bytes = String(decoding: ScreenWriter.update(from: old, to: new), as: UTF8.self)
    #expect(bytes == "\u{1B}[?2026h\u{1B}[4;11H\u{1B}[0;33mP\u{1B}[0m\u{1B}[?2026l")
    let full = ScreenWriter.update(from: nil, to: new)
    #expect(full.count > 24 * 80)
  }

  @Test func shortGapsAreBridgedLongOnesMovedOver() {
    var old = ScreenBuffer(rows: 1, columns: 40)
    old.write("abcdefghijklmnopqrstuvwxyz", row: 0, column: 0)
    var new = old
    new.write("A", row: 0, column: 0)
    new.write("E", row: 0, column: 4)  // 3 unchanged between: rewritten
    new.write("Z", row: 0, column: 25)  // far: a cursor move
    let bytes = String(decoding: ScreenWriter.update(from: old, to: new), as: UTF8.self)
    #expect(bytes == "\u{1B}[?2026h\u{1B}[1;1H\u{1B}[0mAbcdE\u{1B}[1;26HZ\u{1B}[?2026l")
  }
}
