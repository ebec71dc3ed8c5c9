import Foundation
import JSONCore
import PokedexTestSupport
import Testing

@testable import PokedexKit

/// Reading an array of records on two threads (`DexReader.readRecords`): whatever offset the
/// second thread starts at, right or wrong, the result is the single-threaded one.
@Suite struct DexReaderRecordsTests {
  /// Records whose strings hold what a record boundary looks like (`}, {`), with nested
  /// arrays of objects (more `}, {` that are not boundaries), and one far longer than the
  /// rest.
  static let document = """
    [{"chainId": 1, "from": [], "to": [{"from": "a}, {b", "to": "c", "trigger": "}, {", \
    "conditions": ["x}, {y"]}, {"from": "d", "to": "e", "trigger": "level-up", "conditions": []}]},
      {"chainId": 2, "from": [{"from": "f", "to": "g", "trigger": "t", "conditions": []}], "to": []} ,
    {"chainId": 3, "from": [], "to": [{"from": "\(String(repeating: "W", count: 300))", \
    "to": "h", "trigger": "trade", "conditions": ["}},{", "],[{"]}]},{"chainId": 4, "from": [], "to": []},
    {"chainId": 5, "from": [], "to": []}]
    """

  static func read<Record: SchemaModel & Sendable>(
    _ text: String,
    split: DexReader.RecordSplit,
    as record: Record.Type = Evolution.self
  ) -> Result<(records: [Record], splitUsed: Int?), DexReader.Failure> {
    Result { () throws(DexReader.Failure) in
      try DexReader.reading(Array(text.utf8)) { reader throws(DexReader.Failure) in
        try reader.readRecords(splitAt: split) {
          (reader: inout DexReader) throws(DexReader.Failure) in try Record.read(from: &reader)
        }
      }
    }
  }

  /// The offsets at which a record starts, as one thread finds them.
  static func recordStarts(_ text: String) -> [Int] {
    let bytes = Array(text.utf8)
    var starts: [Int] = []
    var depth = 0
    var inString = false
    for (offset, byte) in bytes.enumerated() {
      if inString {
        if byte == UInt8(ascii: "\"") { inString = false }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        if depth == 1, byte == UInt8(ascii: "{") { starts.append(offset) }
        depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
      default: break
      }
    }
    return starts
  }

  @Test func everySplitOffsetReadsWhatOneThreadReads() throws {
    let expected = try Self.read(Self.document, split: .none).get()
    #expect(expected.records.map(\.chainId) == [1, 2, 3, 4, 5])
    #expect(expected.splitUsed == nil)
    let starts = Set(Self.recordStarts(Self.document).dropFirst())
    #expect(starts.count == 4)
    for offset in 0...Self.document.utf8.count {
      let outcome = try Self.read(Self.document, split: .at(offset)).get()
      #expect(outcome.records == expected.records, "split at \(offset)")
      // The second thread's records are taken exactly when it started at a record.
      #expect((outcome.splitUsed != nil) == starts.contains(offset), "split at \(offset)")
    }
  }

  /// A document broken before, at or after the split fails where one thread fails.
  @Test(arguments: ["\"chainId\": 2", "\"chainId\": 4", "\"chainId\": 5"])
  func everySplitOffsetFailsWhereOneThreadFails(broken key: String) throws {
    let text = Self.document.replacingOccurrences(of: key, with: "\"chainId\": \"two\"")
    guard case .failure(let expected) = Self.read(text, split: .none) else {
      Issue.record("the broken document read")
      return
    }
    for offset in 0...text.utf8.count {
      guard case .failure(let failure) = Self.read(text, split: .at(offset)) else {
        Issue.record("split at \(offset) read a broken document")
        continue
      }
      #expect(failure.offset == expected.offset, "split at \(offset)")
    }
  }

  /// On the bundled data the guess is right: the second thread's half is used.
  @Test func theBundledDataIsReadOnTwoThreads() throws {
    let text = try DexReaderTests.bundledText()
    let start = try #require(text.range(of: "\"pokemon\": [")).upperBound
    let end = try #require(text.range(of: "]", options: .backwards)).upperBound
    let array = "[" + text[start..<end]
    let outcome = try Self.read(array, split: .automatic, as: Pokemon.self).get()
    #expect(outcome.records.count == 1351)
    #expect(outcome.records.map(\.id) == outcome.records.map(\.id).sorted())
    #expect(outcome.splitUsed != nil)
  }
}
