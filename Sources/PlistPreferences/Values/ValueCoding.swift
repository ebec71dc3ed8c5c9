import Foundation

/// Converts `Codable` values to and from property-list subtrees.
///
/// Values go through `PropertyListEncoder` wrapped in a one-element array,
/// because Foundation refuses top-level scalars.
enum ValueCoding {
  static func encode<Value: Encodable>(_ value: Value, key: String) throws(PreferencesError)
    -> PropertyListValue
  {
    // Fast paths for the common scalar types skip two Foundation round trips.
    switch value {
    case let flag as Bool: return .boolean(flag)
    case let string as String: return .string(string)
    case let number as Int: return .integer(number)
    case let number as Double: return .real(number)
    default: break
    }
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .binary
    do {
      let bytes = try encoder.encode([value])
      let object = try PropertyListSerialization.propertyList(from: bytes, format: nil)
      guard case .array(let items)? = PropertyListValue(foundation: object), let first = items.first
      else {
        throw PreferencesError.unencodableValue(
          key: key,
          reason: "it does not encode to a property list"
        )
      }
      return first
    } catch let error as PreferencesError {
      throw error
    } catch {
      throw .unencodableValue(key: key, reason: describe(error))
    }
  }

  static func decode<Value: Decodable>(
    _ type: Value.Type,
    from value: PropertyListValue,
    key: String
  ) throws(PreferencesError) -> Value {
    switch value {
    case .string(let string): if let typed = string as? Value { return typed }
    case .integer(let number): if let typed = number as? Value { return typed }
    case .boolean(let flag): if let typed = flag as? Value { return typed }
    case .real(let number): if let typed = number as? Value { return typed }
    default: break
    }
    do {
      let encoder = PropertyListEncoder()
      encoder.outputFormat = .binary
      let bytes = try encoder.encode([value])
      guard let first = try PropertyListDecoder().decode([Value].self, from: bytes).first else {
        throw PreferencesError.typeMismatch(key: key, expected: "\(Value.self)", reason: "no value")
      }
      return first
    } catch let error as PreferencesError {
      throw error
    } catch DecodingError.typeMismatch(_, let context) where context.codingPath.count <= 1 {
      throw .typeMismatch(
        key: key,
        expected: "\(Value.self)",
        reason: "found \(value.typeName) \(value)"
      )
    } catch {
      throw .typeMismatch(key: key, expected: "\(Value.self)", reason: describe(error))
    }
  }

  static func describe(_ error: any Error) -> String {
    switch error {
    case DecodingError.typeMismatch(let type, let context):
      return "expected \(type)\(path(context.codingPath)), found something else"
    case DecodingError.valueNotFound(let type, let context):
      return "expected \(type)\(path(context.codingPath)), found nothing"
    case DecodingError.keyNotFound(let key, let context):
      return "missing key '\(key.stringValue)'\(path(context.codingPath))"
    case DecodingError.dataCorrupted(let context):
      return context.debugDescription + path(context.codingPath)
    case EncodingError.invalidValue(let value, let context):
      return "\(value) cannot be encoded\(path(context.codingPath)): \(context.debugDescription)"
    default:
      return "\(error)"
    }
  }

  /// The coding path without the wrapping array's index.
  private static func path(_ codingPath: [any CodingKey]) -> String {
    let parts = codingPath.dropFirst().map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }
    return parts.isEmpty ? "" : " at '\(parts.joined())'"
  }
}
