/// An error reading a JSON document: where it is and what is wrong.
///
/// The description reads like a compiler diagnostic, with the JSON path of the
/// value (when known) and the 1-based line and column:
///
/// ```
/// 3:18: pokemon[12].stats.hp: expected a number, found "x"
/// ```
public struct JSONError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What kind of problem it is.
  public enum Kind: Hashable, Sendable {
    /// The bytes are not valid JSON.
    case syntax
    /// A value has the wrong type, or a required key or value is missing.
    case decoding
  }

  public var kind: Kind
  /// The path of the offending value, like `pokemon[12].stats.hp`; empty for syntax errors.
  public var path: String
  /// What is wrong, lower-case, without a trailing period.
  public var message: String
  /// 1-based line of the offending value.
  public var line: Int
  /// 1-based column (in Unicode scalars) of the offending value.
  public var column: Int

  public init(kind: Kind, path: String, message: String, line: Int, column: Int) {
    self.kind = kind
    self.path = path
    self.message = message
    self.line = line
    self.column = column
  }

  package init(
    _ kind: Kind,
    _ message: String,
    at location: (line: Int, column: Int),
    path: String = ""
  ) {
    self.init(
      kind: kind,
      path: path,
      message: message,
      line: location.line,
      column: location.column
    )
  }

  public var description: String {
    path.isEmpty ? "\(line):\(column): \(message)" : "\(line):\(column): \(path): \(message)"
  }
}

extension JSONError {
  /// Renders a coding path as a JSON path: `pokemon[12].stats.hp`.
  package static func pathString(_ codingPath: [any CodingKey]) -> String {
    var result = ""
    for key in codingPath {
      if let index = key.intValue,
        key.stringValue == "Index \(index)" || key.stringValue == "\(index)"
      {
        result += "[\(index)]"
      } else {
        if !result.isEmpty { result += "." }
        result += key.stringValue
      }
    }
    return result
  }

  /// Renders path components as a JSON path: `pokemon[12].stats.hp`.
  package static func pathString(_ components: [JSONPathComponent]) -> String {
    var result = ""
    for component in components {
      switch component {
      case .index(let index): result += "[\(index)]"
      case .key(let key): result += result.isEmpty ? key : "." + key
      }
    }
    return result
  }
}
