/// Conversions of JSON number and string text, shared by every reader.
package enum JSONNumbers {
  /// The integer that `text` (a JSON number) spells, or `nil` if it has a fraction or an
  /// exponent, or does not fit in `I`.
  ///
  /// ```swift
  /// JSONNumbers.integer(Array("-12".utf8), as: Int.self)   // -12
  /// JSONNumbers.integer(Array("1e3".utf8), as: Int.self)   // nil
  /// ```
  @inlinable
  package static func integer<I: FixedWidthInteger>(
    _ text: some Collection<UInt8>,
    as type: I.Type = I.self
  ) -> I? {
    var digits = text[...]
    let negative = digits.first == UInt8(ascii: "-")
    if negative { digits = digits.dropFirst() }
    guard !digits.isEmpty else { return nil }
    var value: I = 0
    for byte in digits {
      guard byte.isDigit else { return nil }
      let digit = I(byte &- UInt8(ascii: "0"))
      let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (added, overflow2) =
        negative
        ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
      guard !overflow1, !overflow2 else { return nil }
      value = added
    }
    return value
  }

  /// The nearest `Double` to `text` (a JSON number's text), or `nil` when it is out of
  /// range.
  package static func double(_ text: ArraySlice<UInt8>) -> Double? {
    guard let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite else {
      return nil
    }
    return value
  }

  /// 10⁰ through 10²², each exact in a `Double`.
  package static let powersOfTen: [Double] = [
    1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]
}

/// Backslash escapes in JSON strings.
package enum JSONEscapes {
  /// The bytes of a string's raw contents with its escapes decoded (UTF-8 for `\u`), or
  /// `nil` for an unpaired surrogate. The escapes' form was checked by the scanner.
  package static func unescape(_ raw: ArraySlice<UInt8>) -> [UInt8]? {
    var output: [UInt8] = []
    output.reserveCapacity(raw.count)
    var position = raw.startIndex
    while position < raw.endIndex {
      let byte = raw[position]
      guard byte == UInt8(ascii: "\\"), position + 1 < raw.endIndex else {
        output.append(byte)
        position += 1
        continue
      }
      let escaped = raw[position + 1]
      position += 2
      switch escaped {
      case UInt8(ascii: "b"): output.append(0x08)
      case UInt8(ascii: "f"): output.append(0x0C)
      case UInt8(ascii: "n"): output.append(0x0A)
      case UInt8(ascii: "r"): output.append(0x0D)
      case UInt8(ascii: "t"): output.append(0x09)
      case UInt8(ascii: "u"):
        guard let (scalar, length) = unicodeEscape(raw, at: position) else { return nil }
        position += length
        output.append(contentsOf: String(Character(scalar)).utf8)
      default: output.append(escaped)  // \" \\ \/
      }
    }
    return output
  }

  /// The scalar of the `\u` escape whose four hex digits start at `position` (and of the
  /// low surrogate's escape after it, for a high surrogate), and how many bytes it spans.
  private static func unicodeEscape(_ raw: ArraySlice<UInt8>, at position: Int)
    -> (Unicode.Scalar, Int)?
  {
    guard let high = hex4(raw, at: position) else { return nil }
    if (0xD800...0xDBFF).contains(high) {
      guard position + 10 <= raw.endIndex, raw[position + 4] == UInt8(ascii: "\\"),
        raw[position + 5] == UInt8(ascii: "u"),
        let low = hex4(raw, at: position + 6), (0xDC00...0xDFFF).contains(low)
      else { return nil }
      let scalar = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
      return Unicode.Scalar(scalar).map { ($0, 10) }
    }
    return Unicode.Scalar(high).map { ($0, 4) }
  }

  private static func hex4(_ raw: ArraySlice<UInt8>, at position: Int) -> UInt32? {
    guard position + 4 <= raw.endIndex else { return nil }
    var value: UInt32 = 0
    for byte in raw[position..<position + 4] {
      let lower = byte | 0x20
      guard byte.isHexDigit else { return nil }
      value =
        value << 4
        | UInt32(lower >= UInt8(ascii: "a") ? lower - UInt8(ascii: "a") + 10 : byte - 0x30)
    }
    return value
  }
}
