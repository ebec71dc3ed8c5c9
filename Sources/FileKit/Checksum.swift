/// A 64-bit checksum of bytes (a file, or one of its lines), so that a changed byte is found
/// when the file is opened, without decoding it.
///
/// Not cryptographic: it catches corruption (a flipped bit, a truncated or spliced line,
/// an editor's mistake), not tampering.
///
/// Unsafe code, contained here: the bytes are read eight at a time with
/// `loadUnaligned(fromByteOffset:as:)` inside `withUnsafeBytes`.
/// Invariant: every load reads 8 bytes at an offset `o` with `o + 8 <= count`, and the
/// tail (fewer than 8 bytes) is read byte by byte through the buffer's checked subscript.
package enum Checksum {
  /// The checksum of `bytes`, as 16 lowercase hexadecimal digits.
  ///
  /// - Complexity: O(n); about 1 ms for 8 MB.
  package static func hex(of bytes: ArraySlice<UInt8>) -> String {
    let value = bytes.withUnsafeBytes { buffer -> UInt64 in
      var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(buffer.count)
      var offset = 0
      while offset + 8 <= buffer.count {
        assert(offset >= 0 && offset + 8 <= buffer.count)
        let word = UInt64(
          littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        )
        hash = mix(hash ^ word)
        offset += 8
      }
      var tail: UInt64 = 0
      var shift: UInt64 = 0
      while offset < buffer.count {
        tail |= UInt64(buffer[offset]) << shift
        shift += 8
        offset += 1
      }
      return mix(mix(hash ^ tail))
    }
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// Whether `text` is a checksum as ``hex(of:)`` writes it: 16 lowercase hexadecimal
  /// digits. A checksum read from a file is checked with it before it names anything (a
  /// file named after it cannot then be `../victim`).
  package static func isHex(_ text: some StringProtocol) -> Bool {
    text.utf8.count == 16
      && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
  }

  /// One round of a multiply-xorshift mixer.
  @inline(__always)
  private static func mix(_ value: UInt64) -> UInt64 {
    var x = value &* 0xBF58_476D_1CE4_E5B9
    x ^= x >> 31
    return x
  }
}
