import Foundation
import Testing

@testable import CollectionStore

/// The dates of a collection file: whole seconds, UTC, years 1 to 9999.
@Suite struct CollectionDateTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var seconds: Double
    var text: String
    var testDescription: String { text }
  }

  static let cases = [
    Case(seconds: 0, text: "1970-01-01T00:00:00Z"),
    Case(seconds: -1, text: "1969-12-31T23:59:59Z"),
    Case(seconds: 1_790_000_000, text: "2026-09-21T14:13:20Z"),
    Case(seconds: 951_782_400, text: "2000-02-29T00:00:00Z"),
    Case(seconds: CollectionDate.range.lowerBound, text: "0001-01-01T00:00:00Z"),
    Case(seconds: CollectionDate.range.upperBound, text: "9999-12-31T23:59:59Z"),
  ]

  @Test(arguments: cases)
  func datesRoundTripThroughTheirText(_ testCase: Case) throws {
    let date = Date(timeIntervalSince1970: testCase.seconds)
    #expect(CollectionDate.string(from: date) == testCase.text)
    #expect(CollectionDate.date(from: testCase.text) == date)
  }

  @Test func datesAreRoundedDownAndClamped() {
    #expect(
      CollectionDate.wholeSeconds(Date(timeIntervalSince1970: 1.9))
        == Date(timeIntervalSince1970: 1)
    )
    #expect(
      CollectionDate.wholeSeconds(Date(timeIntervalSince1970: -0.5))
        == Date(timeIntervalSince1970: -1)
    )
    let first = Date(timeIntervalSince1970: CollectionDate.range.lowerBound)
    let last = Date(timeIntervalSince1970: CollectionDate.range.upperBound)
    #expect(CollectionDate.wholeSeconds(.distantPast.addingTimeInterval(-1e12)) == first)
    #expect(CollectionDate.wholeSeconds(Date(timeIntervalSince1970: .infinity)) == last)
    #expect(CollectionDate.wholeSeconds(Date(timeIntervalSince1970: .nan)) == first)
  }

  @Test(arguments: [
    "", "2026-09-21", "2026-09-21T14:13:20", "2026-09-21 14:13:20Z", "2026-13-01T00:00:00Z",
    "2026-09-21T24:00:00Z", "0000-01-01T00:00:00Z", "2026-09-21T14:13:20.5Z",
    "+026-09-21T14:13:20Z",
  ])
  func otherTextIsNotADate(_ text: String) {
    #expect(CollectionDate.date(from: text) == nil)
  }
}
