/// JSON text being written: the one place where strings are escaped and numbers formatted,
/// so that every writer of the package produces the same bytes for the same value.
///
/// ```swift
/// var output = JSONOutput()
/// output.append("{")
/// output.string("name")
/// output.append(": ")
/// output.string("Flabébé \"fairy\"")
/// output.append("}")
/// String(decoding: output.bytes, as: UTF8.self)   // {"name": "Flabébé \"fairy\""}
/// ```
///
/// Writers that keep an array or build `String`s of their own use the static forms
/// (``appendQuoted(_:to:)``, ``appendNumber(_:to:)``, ``quoted(_:)``).
package struct JSONOutput: Sendable {
  /// The bytes written so far.
  package private(set) var bytes: [UInt8] = []

  /// An empty output with room for `capacity` bytes.
  package init(capacity: Int = 0) {
    bytes.reserveCapacity(capacity)
  }

  /// Appends one byte.
  @inline(__always)
  package mutating func append(_ byte: UInt8) { bytes.append(byte) }

  /// Appends punctuation or other fixed text as it stands.
  @inline(__always)
  package mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// Appends bytes as they stand (text already in JSON form).
  @inline(__always)
  package mutating func append(contentsOf other: some Sequence<UInt8>) {
    bytes.append(contentsOf: other)
  }

  /// A line feed and `indent` spaces.
  @inline(__always)
  package mutating func newline(indent: Int) {
    bytes.append(0x0A)
    bytes.append(contentsOf: repeatElement(0x20, count: max(indent, 0)))
  }

  /// `true` or `false`.
  @inline(__always)
  package mutating func bool(_ value: Bool) { append(value ? "true" : "false") }

  /// `null`.
  package mutating func null() { append("null") }

  /// A quoted string; only `"`, `\`, control characters and DEL are escaped.
  package mutating func string(_ string: String) { Self.appendQuoted(string, to: &bytes) }

  /// A quoted string given as UTF-8, escaped like ``string(_:)``.
  package mutating func string(utf8: ArraySlice<UInt8>) {
    bytes.append(0x22)
    Self.appendEscaped(utf8, to: &bytes)
    bytes.append(0x22)
  }

  /// An integer in decimal.
  package mutating func integer(_ value: Int) {
    bytes.append(contentsOf: String(value).utf8)
  }

  /// A finite `Double`: a whole number of tenths in fixed notation (`0.7`, `90.5`, `1000`),
  /// anything else in Swift's shortest round-tripping form (`1e+20`, `0.123`).
  ///
  /// The caller checks that the value is finite (JSON has no infinity or NaN).
  package mutating func number(_ value: Double) { Self.appendNumber(value, to: &bytes) }

  // MARK: The core, for writers of their own

  /// `string` as a JSON string literal, for writers that build `String`s.
  ///
  /// ```swift
  /// JSONOutput.quoted("say \"hi\"\n")   // "\"say \\\"hi\\\"\\n\""
  /// ```
  package static func quoted(_ string: String) -> String {
    var bytes: [UInt8] = []
    appendQuoted(string, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `string`, quoted and escaped, to `bytes`.
  package static func appendQuoted(_ string: String, to bytes: inout [UInt8]) {
    bytes.append(0x22)
    if string.utf8.withContiguousStorageIfAvailable({ appendEscaped($0, to: &bytes) }) == nil {
      appendEscaped(Array(string.utf8), to: &bytes)
    }
    bytes.append(0x22)
  }

  /// Appends the text of a finite `Double` (see ``number(_:)``) to `bytes`.
  package static func appendNumber(_ value: Double, to bytes: inout [UInt8]) {
    assert(value.isFinite, "JSON numbers are finite")
    let tenths = (value * 10).rounded()
    guard tenths.magnitude < 1e15, tenths / 10 == value else {
      bytes.append(contentsOf: value.description.utf8)
      return
    }
    let whole = Int(tenths)
    let magnitude = whole.magnitude
    if whole < 0 { bytes.append(UInt8(ascii: "-")) }
    bytes.append(contentsOf: String(magnitude / 10).utf8)
    if magnitude % 10 != 0 {
      bytes.append(UInt8(ascii: "."))
      bytes.append(0x30 + UInt8(magnitude % 10))
    }
  }

  /// Appends the contents of a string, escaped; runs that need no escape are copied whole.
  private static func appendEscaped(
    _ utf8: some RandomAccessCollection<UInt8>,
    to bytes: inout [UInt8]
  ) {
    var runStart = utf8.startIndex
    var index = utf8.startIndex
    while index != utf8.endIndex {
      let byte = utf8[index]
      if byte == 0x22 || byte == 0x5C || byte < 0x20 || byte == 0x7F {
        bytes.append(contentsOf: utf8[runStart..<index])
        appendEscape(byte, to: &bytes)
        runStart = utf8.index(after: index)
      }
      index = utf8.index(after: index)
    }
    bytes.append(contentsOf: utf8[runStart..<index])
  }

  private static func appendEscape(_ byte: UInt8, to bytes: inout [UInt8]) {
    bytes.append(0x5C)
    switch byte {
    case 0x22, 0x5C: bytes.append(byte)
    case 0x0A: bytes.append(UInt8(ascii: "n"))
    case 0x0D: bytes.append(UInt8(ascii: "r"))
    case 0x09: bytes.append(UInt8(ascii: "t"))
    default:
      bytes.append(contentsOf: "u00".utf8)
      bytes.append(hexDigit(byte >> 4))
      bytes.append(hexDigit(byte & 0xF))
    }
  }

  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? 0x30 + value : 0x61 + value - 10
  }
}
