import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// UTC times as text, the one implementation of the package's date stamps: plist `<date>`s,
/// the collection file's dates and quarantine file names.
///
/// ```swift
/// UTCDateText.iso8601(secondsSince1970: 0)  // "1970-01-01T00:00:00Z"
/// UTCDateText.compact(secondsSince1970: 0)  // "19700101T000000Z"
/// ```
package enum UTCDateText {
  /// Seconds since 1970 of the times the text can hold: 0001-01-01T00:00:00Z to
  /// 9999-12-31T23:59:59Z.
  package static let representableRange: ClosedRange<Double> = -62_135_596_800...253_402_300_799

  /// The seconds since 1970 that ``iso8601(_:)`` writes for `date`: rounded down, and
  /// clamped to ``representableRange`` (NaN to its start), so that reading the text back
  /// gives exactly this time.
  package static func wholeSeconds(of date: Date) -> Double {
    let interval = date.timeIntervalSince1970
    guard !interval.isNaN else { return representableRange.lowerBound }
    return min(max(interval, representableRange.lowerBound), representableRange.upperBound)
      .rounded(.down)
  }

  /// `2026-11-24T21:05:00Z` for `date`, at ``wholeSeconds(of:)``.
  package static func iso8601(_ date: Date) -> String {
    iso8601(secondsSince1970: Int(wholeSeconds(of: date)))
  }

  /// `2026-11-24T21:05:00Z`. The caller keeps `seconds` within years 1 to 9999.
  package static func iso8601(secondsSince1970 seconds: Int) -> String {
    text(seconds, dateSeparator: 0x2D, timeSeparator: 0x3A)
  }

  /// `20261124T210500Z`, for file names.
  package static func compact(secondsSince1970 seconds: Int) -> String {
    text(seconds, dateSeparator: nil, timeSeparator: nil)
  }

  /// The digits are written by hand: `String(format:)` costs microseconds, and a collection
  /// file's header has two dates per section.
  private static func text(_ seconds: Int, dateSeparator: UInt8?, timeSeparator: UInt8?)
    -> String
  {
    var time = time_t(seconds)
    var parts = tm()
    gmtime_r(&time, &parts)
    var bytes = [UInt8]()
    bytes.reserveCapacity(20)
    func append(_ value: Int, digits: Int, then separator: UInt8?) {
      var divisor = 1
      for _ in 1..<digits { divisor *= 10 }
      while divisor > 0 {
        bytes.append(UInt8(truncatingIfNeeded: 0x30 + (value / divisor) % 10))
        divisor /= 10
      }
      if let separator { bytes.append(separator) }
    }
    append(Int(parts.tm_year) + 1900, digits: 4, then: dateSeparator)
    append(Int(parts.tm_mon) + 1, digits: 2, then: dateSeparator)
    append(Int(parts.tm_mday), digits: 2, then: 0x54)
    append(Int(parts.tm_hour), digits: 2, then: timeSeparator)
    append(Int(parts.tm_min), digits: 2, then: timeSeparator)
    append(Int(parts.tm_sec), digits: 2, then: 0x5A)
    return String(decoding: bytes, as: UTF8.self)
  }
}
