/// The JSON text of scalars, shared by ``PokedexEncoder`` and ``DexJSONWriter``
/// so both write byte-identical output.
enum JSONText {
  /// A quoted string; only `"`, `\` and control characters are escaped.
  static func writeString(_ string: String, to output: inout [UInt8]) {
    output.append(0x22)
    for byte in string.utf8 {
      switch byte {
      case 0x22: output.append(contentsOf: [0x5C, 0x22])
      case 0x5C: output.append(contentsOf: [0x5C, 0x5C])
      case 0x0A: output.append(contentsOf: [0x5C, 0x6E])
      case 0x0D: output.append(contentsOf: [0x5C, 0x72])
      case 0x09: output.append(contentsOf: [0x5C, 0x74])
      case 0..<0x20:
        output.append(contentsOf: [
          0x5C, 0x75, 0x30, 0x30, hexDigit(byte >> 4), hexDigit(byte & 0xF),
        ])
      default: output.append(byte)
      }
    }
    output.append(0x22)
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
