import FileKit
import Foundation

/// One value of a property list: the types a plist file can hold.
///
/// The store keeps its whole document as `[String: PropertyListValue]`, so keys
/// written by newer versions of a program are carried through every rewrite
/// untouched, and the untyped entry points (`value(forKey:)`, `setValue(_:forKey:)`)
/// can never be handed a value that a plist cannot represent.
///
/// ```swift
/// let value: PropertyListValue = .dictionary(["columns": .integer(3), "style": .string("grid")])
/// print(value)  // {columns = 3; style = "grid"}
/// ```
public enum PropertyListValue: Hashable, Sendable {
  /// A `<string>`.
  case string(String)
  /// An `<integer>`, a signed 64-bit number.
  case integer(Int)
  /// A `<real>`, a 64-bit floating-point number.
  case real(Double)
  /// A `<true/>` or `<false/>`.
  case boolean(Bool)
  /// A `<date>`. XML plists store whole seconds; binary plists keep the fraction.
  case date(Date)
  /// A `<data>` blob.
  case data(Data)
  /// An `<array>`.
  case array([PropertyListValue])
  /// A `<dict>` with string keys.
  case dictionary([String: PropertyListValue])

  /// Two reals are equal when `==` says so or when both are NaN, so a document
  /// holding NaN still compares equal to itself after a round trip.
  public static func == (lhs: PropertyListValue, rhs: PropertyListValue) -> Bool {
    switch (lhs, rhs) {
    case (.string(let a), .string(let b)): return a == b
    case (.integer(let a), .integer(let b)): return a == b
    case (.real(let a), .real(let b)): return a == b || (a.isNaN && b.isNaN)
    case (.boolean(let a), .boolean(let b)): return a == b
    case (.date(let a), .date(let b)): return a == b
    case (.data(let a), .data(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.dictionary(let a), .dictionary(let b)): return a == b
    default: return false
    }
  }

  public func hash(into hasher: inout Hasher) {
    switch self {
    case .string(let value): hasher.combine(0); hasher.combine(value)
    case .integer(let value): hasher.combine(1); hasher.combine(value)
    case .real(let value): hasher.combine(2); hasher.combine(value.isNaN ? .nan : value)
    case .boolean(let value): hasher.combine(3); hasher.combine(value)
    case .date(let value): hasher.combine(4); hasher.combine(value)
    case .data(let value): hasher.combine(5); hasher.combine(value)
    case .array(let value): hasher.combine(6); hasher.combine(value)
    case .dictionary(let value): hasher.combine(7); hasher.combine(value)
    }
  }

  /// The plist element name of the value: `string`, `integer`, `real`, `boolean`,
  /// `date`, `data`, `array` or `dictionary`.
  public var typeName: String {
    switch self {
    case .string: "string"
    case .integer: "integer"
    case .real: "real"
    case .boolean: "boolean"
    case .date: "date"
    case .data: "data"
    case .array: "array"
    case .dictionary: "dictionary"
    }
  }
}

extension PropertyListValue: CustomStringConvertible {
  /// A compact, OpenStep-like rendering for messages and diagnostics:
  /// strings quoted, dictionaries with sorted keys.
  public var description: String {
    switch self {
    case .string(let value): return "\"\(value.debugDescriptionBody)\""
    case .integer(let value): return String(value)
    case .real(let value): return String(value)
    case .boolean(let value): return value ? "true" : "false"
    case .date(let value): return ISO8601.string(from: value)
    case .data(let value): return "<\(value.count) bytes>"
    case .array(let items): return "(" + items.map(\.description).joined(separator: ", ") + ")"
    case .dictionary(let entries):
      let body = entries.keys.sorted().map { key in
        "\(key) = \(entries[key]?.description ?? ""); "
      }
      return "{" + body.joined().dropLast() + "}"
    }
  }
}

extension String {
  /// The text with quotes, backslashes and control characters escaped.
  @usableFromInline
  var debugDescriptionBody: String {
    String(debugDescription.dropFirst().dropLast())
  }
}

extension PropertyListValue {
  /// Converts an object tree produced by `PropertyListSerialization` into a value.
  ///
  /// Booleans and numbers both arrive as `NSNumber`; the Objective-C type code
  /// tells them apart (`c`/`B` for booleans, `d`/`f` for reals).
  init?(foundation object: Any) {
    switch object {
    case let string as String:
      self = .string(string)
    case let date as Date:
      // A date the `<date>` format cannot write (NaN, or beyond years 1 to 9999) is not a
      // preference anyone saved: the file is damaged.
      guard ISO8601.representableRange.contains(date.timeIntervalSince1970) else { return nil }
      self = .date(date)
    case let data as Data:
      self = .data(data)
    case let number as NSNumber:
      switch String(cString: number.objCType) {
      case "c", "B": self = .boolean(number.boolValue)
      case "d", "f": self = .real(number.doubleValue)
      case "Q", "L", "I", "S", "C":
        let unsigned = number.uint64Value
        self = unsigned <= UInt64(Int.max) ? .integer(Int(unsigned)) : .real(Double(unsigned))
      default: self = .integer(number.intValue)
      }
    case let array as [Any]:
      var items: [PropertyListValue] = []
      items.reserveCapacity(array.count)
      for element in array {
        guard let item = PropertyListValue(foundation: element) else { return nil }
        items.append(item)
      }
      self = .array(items)
    case let dictionary as [String: Any]:
      var entries: [String: PropertyListValue] = [:]
      entries.reserveCapacity(dictionary.count)
      for (key, element) in dictionary {
        guard let item = PropertyListValue(foundation: element) else { return nil }
        entries[key] = item
      }
      self = .dictionary(entries)
    default:
      return nil
    }
  }

  /// The value with every date rounded down to whole seconds, as an XML plist stores it.
  var truncatingDates: PropertyListValue {
    switch self {
    case .date(let value):
      .date(Date(timeIntervalSince1970: ISO8601.wholeSeconds(of: value)))
    case .array(let items): .array(items.map(\.truncatingDates))
    case .dictionary(let entries): .dictionary(entries.mapValues(\.truncatingDates))
    default: self
    }
  }
}

/// ISO 8601 dates in UTC with whole seconds, the `<date>` format of XML plists: the
/// package's one date text (``UTCDateText``).
enum ISO8601 {
  /// Seconds since 1970 of the dates the format writes: 0001-01-01T00:00:00Z to
  /// 9999-12-31T23:59:59Z.
  static let representableRange = UTCDateText.representableRange

  /// The date as `2024-01-31T23:59:59Z`; a date outside ``representableRange`` (which
  /// decoding refuses) is written as the nearest end of it, and NaN as the earliest.
  static func string(from date: Date) -> String { UTCDateText.iso8601(date) }

  /// The seconds since 1970 that ``string(from:)`` writes for `date`; reading the string
  /// back gives exactly this date, so ``PropertyListValue/truncatingDates`` uses it too.
  static func wholeSeconds(of date: Date) -> Double { UTCDateText.wholeSeconds(of: date) }
}

/// Encoding a value with `PropertyListEncoder` writes it as the same property-list subtree,
/// in pure Swift: no Foundation object is bridged, which fails in binaries linked with
/// `--static-swift-stdlib` on Linux ("property lists cannot contain objects of type
/// 'Not A Type'").
extension PropertyListValue: Encodable {
  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .array(let items):
      var container = encoder.unkeyedContainer()
      for item in items { try container.encode(item) }
    case .dictionary(let entries):
      var container = encoder.container(keyedBy: PlistKey.self)
      for key in entries.keys.sorted() {
        if let item = entries[key] { try container.encode(item, forKey: PlistKey(key)) }
      }
    default:
      var container = encoder.singleValueContainer()
      switch self {
      case .string(let value): try container.encode(value)
      case .integer(let value): try container.encode(value)
      case .real(let value): try container.encode(value)
      case .boolean(let value): try container.encode(value)
      case .date(let value): try container.encode(value)
      case .data(let value): try container.encode(value)
      case .array, .dictionary: break
      }
    }
  }

  private struct PlistKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}
