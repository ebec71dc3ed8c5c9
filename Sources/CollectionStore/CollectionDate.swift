import FileKit
import Foundation
import JSONCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The dates of a collection file: UTC, whole seconds, `2026-11-24T21:05:00Z`.
///
/// ```swift
/// CollectionDate.string(from: Date(timeIntervalSince1970: 0))  // "1970-01-01T00:00:00Z"
/// ```
public enum CollectionDate {
  /// Seconds since 1970 of the dates written: years 1 to 9999.
  static let range = UTCDateText.representableRange

  /// `date` rounded down to whole seconds and clamped to ``range`` (NaN to its start), so
  /// that writing and reading it back gives the same date.
  static func wholeSeconds(_ date: Date) -> Date {
    Date(timeIntervalSince1970: UTCDateText.wholeSeconds(of: date))
  }

  /// `2026-11-24T21:05:00Z`.
  public static func string(from date: Date) -> String { UTCDateText.iso8601(date) }

  /// Parses exactly the form ``string(from:)`` writes; `nil` for anything else.
  static func date(from text: String) -> Date? {
    let bytes = Array(text.utf8)
    guard bytes.count == 20, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54,
      bytes[13] == 0x3A, bytes[16] == 0x3A, bytes[19] == 0x5A
    else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for byte in bytes[range] {
        guard (0x30...0x39).contains(byte) else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
      year >= 1, (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60,
      second < 61
    else { return nil }
    var parts = tm()
    parts.tm_year = Int32(year - 1900)
    parts.tm_mon = Int32(month - 1)
    parts.tm_mday = Int32(day)
    parts.tm_hour = Int32(hour)
    parts.tm_min = Int32(minute)
    parts.tm_sec = Int32(second)
    return Date(timeIntervalSince1970: Double(timegm(&parts)))
  }

  /// Decodes a date written by ``string(from:)``.
  static func decode<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, _ key: Key) throws
    -> Date
  {
    let text = try container.decode(String.self, forKey: key)
    guard let date = date(from: text) else {
      throw DecodingError.dataCorruptedError(
        forKey: key,
        in: container,
        debugDescription: invalidDate(text)
      )
    }
    return date
  }

  /// The date of `key` in `object`, read as ``decode(_:_:)`` reads it.
  static func read(_ key: String, in object: inout JSONTapeObject) throws(JSONError) -> Date {
    let text = try object.string(key)
    guard let date = date(from: text) else { throw object.error(invalidDate(text), key: key) }
    return date
  }

  private static func invalidDate(_ text: String) -> String {
    "expected a date such as 2026-11-24T21:05:00Z, found '\(text)'"
  }

  /// Decodes a record's `created` date and its `modified` date, which is absent when equal.
  static func decodeDates<Key: CodingKey>(
    _ container: KeyedDecodingContainer<Key>,
    _ created: Key,
    _ modified: Key
  ) throws -> (created: Date, modified: Date) {
    let creation = try decode(container, created)
    return (creation, try container.contains(modified) ? decode(container, modified) : creation)
  }

  /// Encodes a record's dates, leaving out `modified` when it equals `created`.
  static func encodeDates<Key: CodingKey>(
    _ created: Date,
    _ modified: Date,
    into container: inout KeyedEncodingContainer<Key>,
    _ createdKey: Key,
    _ modifiedKey: Key
  ) throws {
    try container.encode(string(from: created), forKey: createdKey)
    if modified != created { try container.encode(string(from: modified), forKey: modifiedKey) }
  }
}
