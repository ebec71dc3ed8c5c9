import PokedexTestSupport
import Testing

@testable import FileKit

/// `Checksum` against a byte-by-byte twin, pinned values and one-bit changes.
@Suite struct ChecksumTests {
  /// The slow twin: the same function, assembling each little-endian word byte by byte.
  static func reference(_ bytes: [UInt8]) -> String {
    func mix(_ value: UInt64) -> UInt64 {
      var x = value &* 0xBF58_476D_1CE4_E5B9
      x ^= x >> 31
      return x
    }
    var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
    var offset = 0
    while offset + 8 <= bytes.count {
      var word: UInt64 = 0
      for index in 0..<8 { word |= UInt64(bytes[offset + index]) << (8 * index) }
      hash = mix(hash ^ word)
      offset += 8
    }
    var tail: UInt64 = 0
    for (index, byte) in bytes[offset...].enumerated() { tail |= UInt64(byte) << (8 * index) }
    let digits = String(mix(mix(hash ^ tail)), radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  static func checksum(_ bytes: [UInt8]) -> String { Checksum.hex(of: bytes[...]) }

  /// Computed once with an independent implementation (Python), and pinned.
  @Test func knownValuesArePinned() {
    #expect(Self.checksum([]) == "07f44527d0ff6572")
    #expect(
      Self.checksum(Array("The quick brown fox jumps over the lazy dog".utf8))
        == "d94fc0f6740d197d"
    )
    #expect(Self.checksum(Array("[{\"id\":1}]".utf8)) == "bb6e86d551aa2205")
  }

  @Test(arguments: 0...17)
  func everyLengthMatchesTheTwinAndEveryBitCounts(length: Int) {
    var rng = SplitMix64(seed: UInt64(length))
    let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
    let checksum = Self.checksum(bytes)
    #expect(checksum == Self.reference(bytes))
    #expect(checksum.count == 16)
    #expect(checksum.allSatisfy { "0123456789abcdef".contains($0) })

    // A slice of a larger array, at an odd (unaligned) offset, gives the same checksum.
    let padded = [0xAA, 0xBB, 0xCC] + bytes + [0xDD]
    #expect(Checksum.hex(of: padded[3..<(3 + length)]) == checksum)

    // Every one-bit change gives another checksum.
    for index in bytes.indices {
      for bit in 0..<8 {
        var changed = bytes
        changed[index] ^= 1 << bit
        #expect(Self.checksum(changed) != checksum, "byte \(index) bit \(bit)")
      }
    }
  }

  @Test func trailingZerosChangeTheChecksum() {
    let checksums = (0...17).map { Self.checksum([UInt8](repeating: 0, count: $0)) }
    #expect(Set(checksums).count == checksums.count)
  }

  @Test func longInputsMatchTheTwin() {
    var rng = SplitMix64(seed: 99)
    for length in [64, 100, 1_000, 4_097] {
      let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
      #expect(Self.checksum(bytes) == Self.reference(bytes), "length \(length)")
    }
  }
}
