import Foundation

/// A check of a binary property list's objects before Foundation parses it.
///
/// swift-corelibs-foundation crashes (a segmentation fault while bridging) on a binary plist
/// that holds a set, an object no preference has; found by the plist fuzz target. So the
/// object table is walked first, with every offset checked against the bytes, and a set or
/// a keyed-archiver UID is refused as damage.
enum BinaryPlistCheck {
  /// Why `bytes` (which start with `bplist00`) must not reach Foundation, or `nil` when
  /// every object is of a kind preferences use (or the table is too damaged to walk, which
  /// Foundation reports as a parse error on its own).
  ///
  /// - Complexity: O(*n*) in the number of objects, each looked at by its first byte.
  static func problem(in bytes: Data) -> String? {
    let data = [UInt8](bytes)
    // The trailer: 6 unused bytes, the offset size, the reference size, then the object
    // count, the top object and the offset table's offset, 8 bytes each, big-endian.
    guard data.count >= 40 else { return nil }
    let trailer = data.count - 32
    let offsetSize = Int(data[trailer + 6])
    guard (1...8).contains(offsetSize),
      let count = bigEndian(data, at: trailer + 8, size: 8),
      let table = bigEndian(data, at: trailer + 24, size: 8),
      table < trailer, count <= (trailer - table) / offsetSize
    else { return nil }
    for index in 0..<count {
      guard let offset = bigEndian(data, at: table + index * offsetSize, size: offsetSize),
        offset < trailer
      else { return nil }
      switch data[offset] >> 4 {
      case 0xC: return "the binary property list holds a set, which preferences never use"
      case 0x8: return "the binary property list holds a keyed-archiver UID, not a preference"
      default: continue
      }
    }
    return nil
  }

  /// The unsigned big-endian integer of `size` bytes at `offset`, if it lies in `data` and
  /// fits in an `Int`.
  private static func bigEndian(_ data: [UInt8], at offset: Int, size: Int) -> Int? {
    guard offset >= 0, size <= data.count, offset <= data.count - size else { return nil }
    var value: UInt64 = 0
    for byte in data[offset..<(offset + size)] { value = value << 8 | UInt64(byte) }
    return value <= UInt64(Int.max) ? Int(value) : nil
  }
}
