import Foundation
import Testing

@testable import PlistPreferences

/// Dates a `<date>` cannot write (NaN, or beyond years 1 to 9999), found by fuzzing a binary
/// property list: they trapped when written back (`prefs export` exited 132).
@Suite struct DateRangeTests {
  static func binaryPlist(date seconds: Double) throws -> Data {
    try PropertyListSerialization.data(
      fromPropertyList: ["when": Date(timeIntervalSince1970: seconds)],
      format: .binary,
      options: 0
    )
  }

  @Test(arguments: [1e300, -1e300, Double.nan, 253_402_300_800])
  func aDateOutOfRangeIsADamagedFile(seconds: Double) throws {
    guard case .failure(let failure) = PropertyListCodec.parse(try Self.binaryPlist(date: seconds))
    else {
      Issue.record("a date of \(seconds) s decoded")
      return
    }
    #expect(failure.reason.contains("a date outside years 1 to 9999"))
  }

  @Test func theEndsOfTheRangeDecodeAndWrite() throws {
    for (seconds, text) in [
      (-62_135_596_800.0, "0001-01-01T00:00:00Z"), (253_402_300_799.0, "9999-12-31T23:59:59Z"),
    ] {
      guard case .success = PropertyListCodec.parse(try Self.binaryPlist(date: seconds)) else {
        Issue.record("\(text) did not decode")
        continue
      }
      #expect(ISO8601.string(from: Date(timeIntervalSince1970: seconds)) == text)
    }
  }

  @Test func writingADateOutOfRangeDoesNotTrap() {
    #expect(ISO8601.string(from: Date(timeIntervalSince1970: .nan)) == "0001-01-01T00:00:00Z")
    #expect(ISO8601.string(from: Date(timeIntervalSince1970: 1e300)) == "9999-12-31T23:59:59Z")
  }

  /// A date a hair before a whole second of 1970's count (found by the plist fuzz target:
  /// a binary date of -1e-150 s after 2001) is written as that second, and the value kept
  /// in memory after an XML save is that same second, not the one before.
  @Test func truncationMatchesWhatTheXMLHolds() throws {
    let date = Date(timeIntervalSinceReferenceDate: -1e-150)
    let kept = PropertyListValue.date(date).truncatingDates
    #expect(kept == .date(Date(timeIntervalSince1970: 978_307_200)))
    #expect(ISO8601.string(from: date) == "2001-01-01T00:00:00Z")
  }
}

/// A binary property list holding a set crashed Foundation's parser (a segmentation fault
/// while bridging; found by the plist fuzz target): it is refused before Foundation sees it.
@Suite struct BinaryPlistSetTests {
  @Test func aSetIsRefusedNotParsed() throws {
    let url = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fuzz/plist/corpus/set-object-binary.bplist")
    let bytes = try Data(contentsOf: url)
    guard case .failure(let failure) = PropertyListCodec.parse(bytes) else {
      Issue.record("a plist with a set parsed")
      return
    }
    #expect(failure.reason.contains("holds a set"))
  }

  @Test func everyBinaryPlistTheStoreWritesPassesTheCheck() throws {
    let document: [String: PropertyListValue] = [
      "a": .array([.string("x"), .integer(1), .real(2.5), .boolean(true)]),
      "d": .dictionary(["k": .date(Date(timeIntervalSince1970: 0)), "b": .data(Data([1, 2]))]),
    ]
    let bytes = try PropertyListCodec.serialize(document, format: .binary)
    #expect(BinaryPlistCheck.problem(in: bytes) == nil)
    guard case .success(let parsed) = PropertyListCodec.parse(bytes) else {
      Issue.record("the store's own binary plist did not parse")
      return
    }
    #expect(parsed.document == document)
  }
}
