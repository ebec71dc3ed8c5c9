/// A key, a paste or a mouse event read from a terminal in raw mode.
public enum KeyEvent: Hashable, Sendable {
  /// A key, with the modifiers held.
  case key(Key, Modifiers)
  /// Text pasted while bracketed paste was on: to insert, never to run as commands.
  case paste(String)
  /// The mouse wheel turned over a cell (1-based row and column, as reported).
  case wheel(up: Bool, row: Int, column: Int)
  /// A mouse button pressed or released over a cell.
  case mouse(button: Int, pressed: Bool, row: Int, column: Int)

  /// A key.
  public enum Key: Hashable, Sendable {
    /// A printable character (with Ctrl held, the letter: `.character("c")` + `.control`).
    case character(Character)
    case enter, tab, backspace, escape, delete, insert
    case up, down, left, right, home, end, pageUp, pageDown
    /// F1–F12.
    case function(Int)
  }

  /// Modifier keys.
  public struct Modifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let shift = Modifiers(rawValue: 1)
    public static let alt = Modifiers(rawValue: 2)
    public static let control = Modifiers(rawValue: 4)
  }

  /// A key with no modifier.
  public static func plain(_ key: Key) -> KeyEvent { .key(key, []) }
  /// A character typed with Ctrl held.
  public static func control(_ letter: Character) -> KeyEvent { .key(.character(letter), .control) }
}

/// Turns the bytes a terminal sends in raw mode into ``KeyEvent``s: UTF-8 text, control
/// bytes, CSI and SS3 escape sequences (arrows, Home/End, PgUp/PgDn, F-keys, with
/// modifiers), bracketed paste and SGR mouse reports.
///
/// A read may end in the middle of a sequence: the decoder keeps the incomplete part for
/// the next call. A lone Esc looks like the start of a sequence, so it stays pending
/// until more bytes come or the caller, after a short wait with nothing to read (tens of
/// milliseconds), calls ``flush()``.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.decode(Array("j\u{1B}[B\u{1B}[1;5".utf8))  // [j, down]; "ESC[1;5" pending
/// decoder.decode([UInt8(ascii: "A")])                  // [up with control]
/// ```
public struct KeyDecoder: Sendable {
  /// Pasted text is kept up to this many bytes; the rest of a longer paste is dropped.
  public static let maximumPaste = 1 << 20
  /// An escape sequence longer than this is not one: its bytes are dropped.
  static let maximumSequence = 64

  private var pending: [UInt8] = []
  private var paste: [UInt8]?

  /// A decoder with nothing pending.
  public init() {}

  /// Whether bytes are waiting for more (a lone Esc, half a sequence, an open paste).
  public var hasPending: Bool { !pending.isEmpty || paste != nil }

  /// Decodes `bytes` after whatever was pending, returning every complete event.
  ///
  /// - Complexity: O(n) in the bytes given and pending.
  public mutating func decode(_ bytes: some Sequence<UInt8>) -> [KeyEvent] {
    pending += bytes
    var events: [KeyEvent] = []
    var index = 0
    while index < pending.count {
      if paste != nil {
        let next = continuePaste(from: index, into: &events)
        guard next > index else { break }  // the end marker's first bytes: wait for the rest
        index = next
        continue
      }
      guard let (event, length) = decodeOne(at: index, final: false) else { break }
      if let event { events.append(event) }
      index += length
    }
    pending.removeFirst(index)
    return events
  }

  /// Decides what pending bytes were, after a wait with nothing more to read: a lone Esc is
  /// the Esc key, an incomplete sequence its keys as typed. An open paste stays open.
  public mutating func flush() -> [KeyEvent] {
    guard paste == nil else { return [] }
    var events: [KeyEvent] = []
    var index = 0
    while index < pending.count {
      guard let (event, length) = decodeOne(at: index, final: true) else { break }
      if let event { events.append(event) }
      index += length
    }
    pending = []
    return events
  }

  /// The event at `index` and the bytes it takes, or `nil` when more bytes are needed
  /// (never when `final`). A `nil` event consumes bytes that mean nothing.
  private mutating func decodeOne(at index: Int, final: Bool) -> (KeyEvent?, Int)? {
    let byte = pending[index]
    switch byte {
    case 0x1B:
      guard index + 1 < pending.count else { return final ? (.plain(.escape), 1) : nil }
      let next = pending[index + 1]
      if next == UInt8(ascii: "[") || next == UInt8(ascii: "O") {
        if let sequence = escapeSequence(at: index, final: final) { return sequence }
        return final ? (.plain(.escape), 1) : nil
      }
      if next == 0x1B { return (.plain(.escape), 1) }
      // Alt held: Esc then the key.
      guard let (event, length) = decodeOne(at: index + 1, final: final) else { return nil }
      if case .key(let key, let modifiers)? = event {
        return (.key(key, modifiers.union(.alt)), length + 1)
      }
      return (event, length + 1)
    case 0x0D, 0x0A: return (.plain(.enter), 1)
    case 0x09: return (.plain(.tab), 1)
    case 0x7F, 0x08: return (.plain(.backspace), 1)
    case 0x00: return (.key(.character(" "), .control), 1)
    case 0x01...0x1A: return (.control(Character(Unicode.Scalar(byte + 0x60))), 1)
    case 0x1C...0x1F: return (nil, 1)
    default: return utf8Character(at: index, final: final)
    }
  }

  /// A UTF-8 character (an invalid byte becomes U+FFFD).
  private func utf8Character(at index: Int, final: Bool) -> (KeyEvent?, Int)? {
    let byte = pending[index]
    let length: Int
    switch byte {
    case 0x00..<0x80: length = 1
    case 0xC2..<0xE0: length = 2
    case 0xE0..<0xF0: length = 3
    case 0xF0..<0xF5: length = 4
    default: return (.plain(.character("\u{FFFD}")), 1)
    }
    guard index + length <= pending.count else {
      return final ? (.plain(.character("\u{FFFD}")), pending.count - index) : nil
    }
    let bytes = pending[index..<index + length]
    guard let scalar = String(validating: bytes, as: UTF8.self)?.unicodeScalars.first else {
      return (.plain(.character("\u{FFFD}")), 1)
    }
    return (.plain(.character(Character(scalar))), length)
  }

  /// A CSI (`ESC [`) or SS3 (`ESC O`) sequence at `index`, or `nil` when it is incomplete.
  private mutating func escapeSequence(at index: Int, final: Bool) -> (KeyEvent?, Int)? {
    let ss3 = pending[index + 1] == UInt8(ascii: "O")
    var end = index + 2
    // Parameters and intermediates (0x20–0x3F), then one final byte (0x40–0x7E).
    while end < pending.count, (0x20...0x3F).contains(pending[end]) {
      end += 1
      if end - index > Self.maximumSequence { return (nil, end - index) }
    }
    guard end < pending.count else { return nil }
    let finalByte = pending[end]
    let length = end - index + 1
    guard (0x40...0x7E).contains(finalByte) else { return (nil, length - 1) }
    let body = String(decoding: pending[(index + 2)..<end], as: UTF8.self)
    if ss3 { return (Self.ss3Key(finalByte).map { .plain($0) }, length) }
    if body == "200", finalByte == UInt8(ascii: "~") {
      paste = []
      return (nil, length)
    }
    if finalByte == UInt8(ascii: "Z") { return (.key(.tab, .shift), length) }  // Shift-Tab
    if body.hasPrefix("<"), finalByte == UInt8(ascii: "M") || finalByte == UInt8(ascii: "m") {
      return (Self.mouse(body.dropFirst(), pressed: finalByte == UInt8(ascii: "M")), length)
    }
    let numbers = body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
    let modifiers = Self.modifiers(numbers.count > 1 ? numbers[1] : nil)
    guard let key = Self.csiKey(finalByte, first: numbers.first ?? nil) else {
      return (nil, length)
    }
    return (.key(key, modifiers), length)
  }

  /// Collects pasted bytes until `ESC[201~`; returns the index after what it took, which is
  /// `index` itself when the bytes there may be the start of the end marker.
  private mutating func continuePaste(from index: Int, into events: inout [KeyEvent]) -> Int {
    let terminator = Array("\u{1B}[201~".utf8)
    var position = index
    while position < pending.count {
      if pending[position] == 0x1B {
        let available = min(terminator.count, pending.count - position)
        guard pending[position..<position + available].elementsEqual(terminator.prefix(available))
        else {
          append(toPaste: pending[position])
          position += 1
          continue
        }
        guard available == terminator.count else { return position }  // wait for the rest
        events.append(.paste(String(decoding: paste ?? [], as: UTF8.self)))
        paste = nil
        return position + terminator.count
      }
      append(toPaste: pending[position])
      position += 1
    }
    return position
  }

  private mutating func append(toPaste byte: UInt8) {
    if let count = paste?.count, count < Self.maximumPaste { paste?.append(byte) }
  }

  private static func modifiers(_ parameter: Int??) -> KeyEvent.Modifiers {
    guard let value = parameter ?? nil, value > 1 else { return [] }
    return KeyEvent.Modifiers(rawValue: UInt8(clamping: (value - 1) & 0b111))
  }

  private static func ss3Key(_ byte: UInt8) -> KeyEvent.Key? {
    switch byte {
    case UInt8(ascii: "A"): return .up
    case UInt8(ascii: "B"): return .down
    case UInt8(ascii: "C"): return .right
    case UInt8(ascii: "D"): return .left
    case UInt8(ascii: "H"): return .home
    case UInt8(ascii: "F"): return .end
    case UInt8(ascii: "P")...UInt8(ascii: "S"): return .function(Int(byte - UInt8(ascii: "P")) + 1)
    default: return nil
    }
  }

  private static func csiKey(_ byte: UInt8, first: Int?) -> KeyEvent.Key? {
    guard byte == UInt8(ascii: "~") else { return ss3Key(byte) }
    switch first {
    case 1, 7: return .home
    case 2: return .insert
    case 3: return .delete
    case 4, 8: return .end
    case 5: return .pageUp
    case 6: return .pageDown
    case 11, 12, 13, 14, 15: return .function((first ?? 11) - 10)
    case 17, 18, 19, 20, 21: return .function((first ?? 17) - 11)
    case 23, 24: return .function((first ?? 23) - 12)
    default: return nil
    }
  }

  /// An SGR mouse report, `b;x;y`.
  private static func mouse(_ body: Substring, pressed: Bool) -> KeyEvent? {
    let numbers = body.split(separator: ";").compactMap { Int($0) }
    guard numbers.count == 3 else { return nil }
    let (button, column, row) = (numbers[0], numbers[1], numbers[2])
    if button & 64 != 0 { return .wheel(up: button & 1 == 0, row: row, column: column) }
    return .mouse(button: button & 3, pressed: pressed, row: row, column: column)
  }
}
