import JSONCore
import PokedexKit

/// A JSON value the tool writes, whose objects keep their keys in the order given: the JSON
/// output of `move`, `moves`, `learnset`, `ability`, `nature` and the additions to `show`.
/// (Parsed JSON is JSONCore's tape; a layout spec's values are CollectionLayout's own.)
///
/// ```swift
/// OutputJSON.object([("name", .string("Thunderbolt")), ("power", .int(90))]).compact
/// // {"name": "Thunderbolt", "power": 90}
/// ```
indirect enum OutputJSON: Equatable, Sendable {
  case string(String)
  case int(Int)
  case bool(Bool)
  case null
  case array([OutputJSON])
  case object([(String, OutputJSON)])

  static func == (lhs: OutputJSON, rhs: OutputJSON) -> Bool { lhs.compact == rhs.compact }

  /// A string, or `null` for `nil`.
  static func string(_ value: String?) -> OutputJSON { value.map { .string($0) } ?? .null }

  /// A number, or `null` for `nil`.
  static func int(_ value: Int?) -> OutputJSON { value.map { .int($0) } ?? .null }

  /// An array of strings.
  static func strings(_ values: [String]) -> OutputJSON { .array(values.map { .string($0) }) }

  /// Names by language, in the order of the data.
  static func names(_ names: LocalizedNames) -> OutputJSON {
    .object(names.map { ($0.key, .string($0.value)) })
  }

  /// Which fields came from Pokémon Showdown: `{"taken": [...], "overridden": [...]}`.
  static func showdownFields(_ fields: ShowdownFields) -> OutputJSON {
    .object([("taken", .strings(fields.taken)), ("overridden", .strings(fields.overridden))])
  }

  /// On one line, with a space after each `:` and `,` (an NDJSON line, without its newline).
  ///
  /// - Complexity: O(*n*) in the size of the output.
  var compact: String {
    switch self {
    case .string(let text): return JSONOutput.quoted(text)
    case .int(let number): return String(number)
    case .bool(let flag): return flag ? "true" : "false"
    case .null: return "null"
    case .array(let elements): return "[" + elements.map(\.compact).joined(separator: ", ") + "]"
    case .object(let members):
      return "{"
        + members.map { JSONOutput.quoted($0.0) + ": " + $0.1.compact }.joined(separator: ", ")
        + "}"
    }
  }

  /// Indented by two spaces a level, with the final newline; arrays of scalars and empty
  /// containers stay on one line.
  var pretty: String { pretty(indent: "") + "\n" }

  /// Indented as a value that starts after `indent` (no final newline).
  func pretty(indent: String) -> String {
    let inner = indent + "  "
    switch self {
    case .array(let elements) where !elements.isEmpty && !elements.allSatisfy(\.isScalar):
      return "[\n" + elements.map { inner + $0.pretty(indent: inner) }.joined(separator: ",\n")
        + "\n" + indent + "]"
    case .object(let members) where !members.isEmpty:
      return "{\n"
        + members.map { inner + JSONOutput.quoted($0.0) + ": " + $0.1.pretty(indent: inner) }
        .joined(separator: ",\n") + "\n" + indent + "}"
    default:
      return compact
    }
  }

  private var isScalar: Bool {
    switch self {
    case .array, .object: false
    default: true
    }
  }
}
