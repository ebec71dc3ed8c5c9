import PokedexTestSupport
import Testing

@testable import TerminalUI

private func decodeAll(_ text: String) -> [KeyEvent] {
  var decoder = KeyDecoder()
  return decoder.decode(Array(text.utf8)) + decoder.flush()
}

@Suite struct KeyDecoderTests {
  @Test(arguments: [
    ("\u{1B}[A", KeyEvent.plain(.up)), ("\u{1B}OB", .plain(.down)), ("\u{1B}[C", .plain(.right)),
    ("\u{1B}[D", .plain(.left)), ("\u{1B}[H", .plain(.home)), ("\u{1B}[1~", .plain(.home)),
    ("\u{1B}[7~", .plain(.home)), ("\u{1B}OH", .plain(.home)), ("\u{1B}[F", .plain(.end)),
    ("\u{1B}[4~", .plain(.end)), ("\u{1B}[8~", .plain(.end)), ("\u{1B}OF", .plain(.end)),
    ("\u{1B}[5~", .plain(.pageUp)), ("\u{1B}[6~", .plain(.pageDown)),
    ("\u{1B}[3~", .plain(.delete)), ("\u{1B}[2~", .plain(.insert)),
    ("\u{1B}OP", .plain(.function(1))), ("\u{1B}[15~", .plain(.function(5))),
    ("\u{1B}[24~", .plain(.function(12))), ("\u{1B}[1;5A", .key(.up, .control)),
    ("\u{1B}[1;2D", .key(.left, .shift)), ("\u{1B}[5;3~", .key(.pageUp, .alt)),
    ("\u{1B}[Z", .key(.tab, .shift)), ("\r", .plain(.enter)), ("\t", .plain(.tab)),
    ("\u{7F}", .plain(.backspace)), ("\u{08}", .plain(.backspace)), ("\u{03}", .control("c")),
    ("\u{1A}", .control("z")), ("\u{1B}j", .key(.character("j"), .alt)),
    ("é", .plain(.character("é"))),
    ("\u{1B}[<64;10;5M", .wheel(up: true, row: 5, column: 10)),
    ("\u{1B}[<65;1;2M", .wheel(up: false, row: 2, column: 1)),
    ("\u{1B}[<0;3;4m", .mouse(button: 0, pressed: false, row: 4, column: 3)),
  ])
  func eachSequenceIsItsKey(bytes: String, expected: KeyEvent) {
    #expect(decodeAll(bytes) == [expected])
  }

  @Test func aLoneEscapeWaitsForTheTimeout() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("q\u{1B}".utf8)) == [.plain(.character("q"))])
    #expect(decoder.hasPending)
    #expect(decoder.flush() == [.plain(.escape)])
    #expect(!decoder.hasPending)
    #expect(decoder.decode([0x1B, 0x1B]) == [.plain(.escape)])
    #expect(decoder.flush() == [.plain(.escape)])
  }

  @Test func halfASequenceIsKeptForTheNextRead() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("j\u{1B}[1;".utf8)) == [.plain(.character("j"))])
    #expect(decoder.decode(Array("5B".utf8)) == [.key(.down, .control)])
    let pikachu = Array("ピ".utf8)
    #expect(decoder.decode(pikachu.prefix(2)).isEmpty)
    #expect(decoder.decode(pikachu.dropFirst(2)) == [.plain(.character("ピ"))])
    // An incomplete sequence at the timeout: its bytes as typed.
    #expect(decoder.decode(Array("\u{1B}[".utf8)).isEmpty)
    #expect(decoder.flush() == [.plain(.escape), .plain(.character("["))])
  }

  @Test func pastedTextIsNotTyped() {
    var decoder = KeyDecoder()
    let events = decoder.decode(Array("a\u{1B}[200~q\r\u{1B}[A:x\u{1B}[201~b".utf8))
    #expect(events == [.plain(.character("a")), .paste("q\r\u{1B}[A:x"), .plain(.character("b"))])
    // A paste and its end marker split across reads.
    #expect(decoder.decode(Array("\u{1B}[200~type:".utf8)).isEmpty)
    #expect(decoder.hasPending && decoder.flush().isEmpty)
    #expect(decoder.decode(Array("fire\u{1B}[20".utf8)).isEmpty)
    #expect(decoder.decode(Array("1~".utf8)) == [.paste("type:fire")])
  }

  @Test func anEndlessPasteIsCutAndAnEndlessSequenceDropped() {
    var decoder = KeyDecoder()
    _ = decoder.decode(Array("\u{1B}[200~".utf8))
    let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 16)
    for _ in 0..<20 { #expect(decoder.decode(chunk).isEmpty) }
    let events = decoder.decode(Array("\u{1B}[201~".utf8))
    guard case .paste(let text)? = events.first else {
      Issue.record("no paste: \(events)")
      return
    }
    #expect(text.utf8.count == KeyDecoder.maximumPaste)
    let long = "\u{1B}[" + String(repeating: "1;", count: 100) + "A"
    #expect(decodeAll(long + "k").last == .plain(.character("k")))
  }

  /// However the bytes are split into reads, the events are the same.
  @Test(arguments: [UInt64(5), 6, 7])
  func splittingTheInputChangesNothing(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let pieces = [
      "a", "ピ", "\u{1B}[A", "\u{1B}[1;5C", "\u{1B}OP", "\u{1B}[200~x\u{1B}[Ay\u{1B}[201~", "\r",
      "\u{7F}", "\u{1B}[<64;2;3M", "\u{1B}[6~", "\u{03}", "\u{1B}x", "\u{FF}", "\u{1B}[9999X",
    ]
    for _ in 0..<200 {
      let text = (0..<Int.random(in: 1...12, using: &random))
        .map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }.joined()
      var bytes = Array(text.utf8)
      if Bool.random(using: &random) { bytes.append(UInt8.random(in: 0...255, using: &random)) }
      var whole = KeyDecoder()
      let expected = whole.decode(bytes) + whole.flush()
      var split = KeyDecoder()
      var events: [KeyEvent] = []
      var rest = bytes[...]
      while !rest.isEmpty {
        let count = Int.random(in: 1...max(1, rest.count), using: &random)
        events += split.decode(rest.prefix(count))
        rest = rest.dropFirst(count)
      }
      events += split.flush()
      #expect(events == expected, "\(bytes)")
    }
  }
}
