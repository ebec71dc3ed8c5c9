/// The JSON text of scalars, shared by ``PokedexEncoder`` and ``DexJSONWriter``
/// so both write byte-identical output.
enum JSONText {
  /// A quoted string; only `"`, `\` and control characters are escaped.
  static func writeString<Output: ByteSink & ~Copyable>(_ string: String, to output: inout Output) {
    var string = string
    string.withUTF8 { writeString(utf8: $0, to: &output) }
  }

  /// A string given as UTF-8, quoted and escaped; runs that need no escape are copied whole.
  static func writeString<Output: ByteSink & ~Copyable>(
    utf8 bytes: UnsafeBufferPointer<UInt8>,
    to output: inout Output
  ) {
    output.append(0x22)
    if let base = bytes.baseAddress {
      var position = 0
      while position < bytes.count {
        let run = plainStringRun(base, from: position, count: bytes.count)
        output.append(bytes: UnsafeBufferPointer(start: base + position, count: run - position))
        guard run < bytes.count else { break }
        writeEscape(base[run], to: &output)
        position = run + 1
      }
    }
    output.append(0x22)
  }

  private static func writeEscape<Output: ByteSink & ~Copyable>(
    _ byte: UInt8,
    to output: inout Output
  ) {
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
  static func newline<Output: ByteSink & ~Copyable>(indent: Int, to output: inout Output) {
    let text: StaticString = "\n                                                                "
    guard indent < text.utf8CodeUnitCount else {
      output.append(0x0A)
      for _ in 0..<indent { output.append(0x20) }
      return
    }
    output.append(bytes: UnsafeBufferPointer(start: text.utf8Start, count: indent + 1))
  }

  /// `true` or `false`.
  @inline(__always)
  static func writeBool<Output: ByteSink & ~Copyable>(_ value: Bool, to output: inout Output) {
    write(value ? "true" : "false", to: &output)
  }

  /// Appends the bytes of `text` (a few punctuation bytes, without allocating).
  @inline(__always)
  static func write<Output: ByteSink & ~Copyable>(_ text: StaticString, to output: inout Output) {
    output.append(bytes: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// A finite `Double`: a whole number of tenths in fixed notation (`0.7`, `90.5`, `1000`),
  /// anything else in Swift's shortest round-tripping form.
  static func writeNumber<Output: ByteSink & ~Copyable>(_ value: Double, to output: inout Output) {
    let tenths = (value * 10).rounded()
    guard abs(tenths) < 1e15, tenths / 10 == value else {
      var description = value.description
      description.withUTF8 { output.append(bytes: $0) }
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
  static func writeInteger<Output: ByteSink & ~Copyable>(_ value: Int, to output: inout Output) {
    if value < 0 {
      output.append(0x2D)
      if value == .min {
        var text = String(value)
        text.withUTF8 { output.append(bytes: UnsafeBufferPointer(rebasing: $0.dropFirst())) }
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
      output.append(
        bytes: UnsafeBufferPointer(rebasing: buffer.bindMemory(to: UInt8.self)[(20 - count)...])
      )
    }
  }

  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? 0x30 + value : 0x61 + value - 10
  }
}

/// Where JSON text goes: an array of bytes, or a ``ByteWriter``.
protocol ByteSink: ~Copyable {
  mutating func append(_ byte: UInt8)
  mutating func append(bytes: UnsafeBufferPointer<UInt8>)
}

extension Array: ByteSink where Element == UInt8 {
  @inline(__always)
  mutating func append(bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }
}

/// Bytes appended through a pointer: the cheapest way to append many short pieces (an
/// array's `append(contentsOf:)` costs about a hundred instructions a call).
///
/// Not copyable: it owns its memory, which ``finish()`` hands over as an array.
///
/// ```swift
/// var writer = ByteWriter(capacity: 1_024)
/// JSONText.writeString("Pikachu", to: &writer)
/// let bytes = writer.finish()     // [0x22, 0x50, ...]
/// ```
struct ByteWriter: ByteSink, ~Copyable {
  private var base: UnsafeMutablePointer<UInt8>
  private(set) var count = 0
  private var capacity: Int

  init(capacity: Int) {
    self.capacity = max(capacity, 64)
    base = .allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  @inline(__always)
  mutating func append(_ byte: UInt8) {
    if count == capacity { grow(toHold: 1) }
    base[count] = byte
    count += 1
  }

  @inline(__always)
  mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress else { return }
    if count + bytes.count > capacity { grow(toHold: bytes.count) }
    (base + count).update(from: source, count: bytes.count)
    count += bytes.count
  }

  private mutating func grow(toHold extra: Int) {
    capacity = max(capacity * 2, count + extra)
    let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    grown.update(from: base, count: count)
    base.deallocate()
    base = grown
  }

  /// The bytes written.
  consuming func finish() -> [UInt8] {
    Array(UnsafeBufferPointer(start: base, count: count))
  }
}
