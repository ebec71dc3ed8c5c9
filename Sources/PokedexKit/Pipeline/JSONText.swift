/// The JSON text of scalars, shared by ``PokedexEncoder`` and ``DexJSONWriter``
/// so both write byte-identical output.
enum JSONText {
  /// A quoted string; only `"`, `\` and control characters are escaped.
  static func writeString(_ string: String, to output: inout [UInt8]) {
    var string = string
    string.withUTF8 { writeString(utf8: $0, to: &output) }
  }

  /// A string given as UTF-8, quoted and escaped; runs that need no escape are copied whole.
  static func writeString(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
    output.append(0x22)
    if let base = bytes.baseAddress {
      var position = 0
      while position < bytes.count {
        let run = plainStringRun(base, from: position, count: bytes.count)
        output.append(
          contentsOf: UnsafeBufferPointer(start: base + position, count: run - position)
        )
        guard run < bytes.count else { break }
        writeEscape(base[run], to: &output)
        position = run + 1
      }
    }
    output.append(0x22)
  }

  private static func writeEscape(_ byte: UInt8, to output: inout [UInt8]) {
    output.append(0x5C)
    switch byte {
    case 0x22, 0x5C: output.append(byte)
    case 0x0A: output.append(0x6E)
    case 0x0D: output.append(0x72)
    case 0x09: output.append(0x74)
    default:
      for digit in [0x75, 0x30, 0x30, hexDigit(byte >> 4), hexDigit(byte & 0xF)] as [UInt8] {
        output.append(digit)
      }
    }
  }

  /// A line feed and `indent` spaces.
  @inline(__always)
  static func newline(indent: Int, to output: inout [UInt8]) {
    let text: StaticString = "\n                                                                "
    guard indent < text.utf8CodeUnitCount else {
      output.append(0x0A)
      output.append(contentsOf: repeatElement(0x20, count: indent))
      return
    }
    output.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: indent + 1))
  }

  /// `true` or `false`.
  @inline(__always)
  static func writeBool(_ value: Bool, to output: inout [UInt8]) {
    write(value ? "true" : "false", to: &output)
  }

  /// Appends the bytes of `text` (a few punctuation bytes, without allocating).
  @inline(__always)
  static func write(_ text: StaticString, to output: inout [UInt8]) {
    let count = text.utf8CodeUnitCount
    // A byte or two is cheaper appended alone than through `append(contentsOf:)`.
    guard count > 2 else {
      for index in 0..<count { output.append(text.utf8Start[index]) }
      return
    }
    output.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: count))
  }

  /// A finite `Double`: a whole number of tenths in fixed notation (`0.7`, `90.5`, `1000`),
  /// anything else in Swift's shortest round-tripping form.
  static func writeNumber(_ value: Double, to output: inout [UInt8]) {
    let tenths = (value * 10).rounded()
    guard abs(tenths) < 1e15, tenths / 10 == value else {
      output.append(contentsOf: value.description.utf8)
      return
    }
    let whole = Int(tenths)
    let magnitude = whole.magnitude
    if whole < 0 { output.append(0x2D) }
    writeInteger(Int(magnitude / 10), to: &output)
    if magnitude % 10 != 0 {
      output.append(0x2E)
      output.append(0x30 + UInt8(magnitude % 10))
    }
  }

  /// An integer in decimal.
  static func writeInteger(_ value: Int, to output: inout [UInt8]) {
    if value < 0 {
      output.append(0x2D)
      if value == .min {
        output.append(contentsOf: String(value).utf8.dropFirst())
        return
      }
    }
    var magnitude = value.magnitude
    var digits:
      (
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
      ) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var count = 0
    withUnsafeMutableBytes(of: &digits) { buffer in
      repeat {
        buffer[19 - count] = 0x30 + UInt8(magnitude % 10)
        magnitude /= 10
        count += 1
      } while magnitude > 0
      output.append(contentsOf: buffer[(20 - count)...])
    }
  }

  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? 0x30 + value : 0x61 + value - 10
  }
}
