import Foundation
import JSONCore

extension PropertyListValue {
  /// The value as JSON text with sorted keys and two-space indentation.
  ///
  /// Data becomes a Base64 string and a date an ISO 8601 string, so the
  /// conversion is lossy for those two types; NaN and infinities cannot be
  /// represented and throw.
  func jsonText(key: String, indent: Int = 0) throws(PreferencesError) -> String {
    let pad = String(repeating: "  ", count: indent)
    switch self {
    case .string(let value): return Self.jsonString(value)
    case .integer(let value): return String(value)
    case .real(let value):
      guard value.isFinite else {
        throw .unencodableValue(key: key, reason: "JSON cannot represent the real \(value)")
      }
      return String(value)
    case .boolean(let value): return value ? "true" : "false"
    case .date(let value): return Self.jsonString(ISO8601.string(from: value))
    case .data(let value): return Self.jsonString(value.base64EncodedString())
    case .array(let items):
      guard !items.isEmpty else { return "[]" }
      var parts: [String] = []
      for item in items {
        parts.append(pad + "  " + (try item.jsonText(key: key, indent: indent + 1)))
      }
      return "[\n" + parts.joined(separator: ",\n") + "\n\(pad)]"
    case .dictionary(let entries):
      guard !entries.isEmpty else { return "{}" }
      var parts: [String] = []
      for name in entries.keys.sorted() {
        guard let item = entries[name] else { continue }
        let text = try item.jsonText(key: indent == 0 ? name : key, indent: indent + 1)
        parts.append(pad + "  " + Self.jsonString(name) + ": " + text)
      }
      return "{\n" + parts.joined(separator: ",\n") + "\n\(pad)}"
    }
  }

  /// `string` as a JSON string literal: quotes, backslashes and control characters escaped.
  package static func jsonString(_ string: String) -> String { JSONOutput.quoted(string) }

  /// Parses JSON text into a value: booleans, integers, reals, strings,
  /// arrays and objects (`null` is refused, a plist has no null).
  static func parseJSON(_ bytes: Data) -> Result<PropertyListValue, PropertyListCodec.ParseFailure>
  {
    do {
      return .success(try JSONDecoder().decode(JSONValue.self, from: bytes).value)
    } catch let error as DecodingError {
      return .failure(
        .init(reason: "the JSON does not convert to a property list: \(describe(error))")
      )
    } catch {
      return .failure(.init(reason: "the JSON does not parse: \(error)"))
    }
  }

  private static func describe(_ error: DecodingError) -> String {
    switch error {
    case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context),
      .keyNotFound(_, let context):
      let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }
      let location = path.isEmpty ? "" : " at '\(path.joined())'"
      return context.debugDescription + location
    @unknown default:
      return "\(error)"
    }
  }
}

/// A decoding wrapper that turns any JSON value into a ``PropertyListValue``.
private struct JSONValue: Decodable {
  var value: PropertyListValue

  init(from decoder: any Decoder) throws {
    if var array = try? decoder.unkeyedContainer() {
      var items: [PropertyListValue] = []
      while !array.isAtEnd { items.append(try array.decode(JSONValue.self).value) }
      value = .array(items)
      return
    }
    if let object = try? decoder.container(keyedBy: AnyKey.self) {
      var entries: [String: PropertyListValue] = [:]
      for key in object.allKeys {
        entries[key.stringValue] = try object.decode(JSONValue.self, forKey: key).value
      }
      value = .dictionary(entries)
      return
    }
    let single = try decoder.singleValueContainer()
    if single.decodeNil() {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath,
          debugDescription: "null has no property-list equivalent"
        )
      )
    }
    if let flag = try? single.decode(Bool.self) {
      value = .boolean(flag)
    } else if let number = try? single.decode(Int.self) {
      value = .integer(number)
    } else if let number = try? single.decode(Double.self) {
      value = .real(number)
    } else {
      value = .string(try single.decode(String.self))
    }
  }

  private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}
