/// A layout spec that cannot be read or laid out.
///
/// Every case names the JSON path of the culprit (`$.layout.sections[0].definition.group`)
/// or, for malformed JSON, its line and column.
///
/// ```swift
/// do { _ = try LayoutSpec(jsonData: data) } catch {
///   print(error)  // $.layout.sections[0].itemCount: expected an integer, found a string
/// }
/// ```
public enum LayoutSpecError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The bytes are not valid JSON.
  case invalidJSON(line: Int, column: Int, reason: String)
  /// A key the format does not define.
  case unknownKey(path: String)
  /// A key appears twice in one object.
  case duplicateKey(path: String)
  /// A required key is absent.
  case missingKey(path: String)
  /// A value has the wrong JSON type.
  case typeMismatch(path: String, expected: String, found: String)
  /// A value has the right type but is not allowed.
  case invalidValue(path: String, reason: String)
  /// The spec decodes but cannot be laid out.
  case layout(path: String, error: LayoutError)

  /// The JSON path of the culprit, if any.
  public var path: String? {
    switch self {
    case .invalidJSON: return nil
    case .unknownKey(let path), .duplicateKey(let path), .missingKey(let path),
      .typeMismatch(let path, _, _), .invalidValue(let path, _), .layout(let path, _):
      return path
    }
  }

  /// A lower-case message: where, what is wrong and what to do.
  public var description: String {
    switch self {
    case .invalidJSON(let line, let column, let reason):
      return "invalid JSON at line \(line), column \(column): \(reason)"
    case .unknownKey(let path):
      return "\(path): unknown key; remove it or check its spelling"
    case .duplicateKey(let path):
      return "\(path): duplicate key; keep only one"
    case .missingKey(let path):
      return "\(path): missing required key"
    case .typeMismatch(let path, let expected, let found):
      return "\(path): expected \(expected), found \(found)"
    case .invalidValue(let path, let reason):
      return "\(path): \(reason)"
    case .layout(let path, let error):
      return "\(path): \(error.reason)"
    }
  }
}

/// A recoverable problem found while decoding leniently: an unknown key.
///
/// ```swift
/// let (spec, diagnostics) = try LayoutSpec.decode(data, lenient: true)
/// for diagnostic in diagnostics { print("warning: \(diagnostic)") }
/// ```
public struct LayoutSpecDiagnostic: Hashable, Sendable, CustomStringConvertible {
  /// The JSON path of the key.
  public var path: String
  /// What is wrong.
  public var message: String

  /// `path: message`.
  public var description: String { "\(path): \(message)" }
}
