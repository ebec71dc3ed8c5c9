/// The value of one field of a model, as ``DexComparison`` reports it.
///
/// ```swift
/// FieldValue.integer(35).description              // "35"
/// FieldValue.string("Pikachu").description        // "\"Pikachu\""
/// FieldValue.list(["fire", "flying"]).description // "[fire, flying]"
/// FieldValue.absent.description                   // "none"
/// ```
public enum FieldValue: Hashable, Sendable, CustomStringConvertible {
  /// The field is missing: an optional that is `nil`, a name in a language
  /// the other side lacks, a table entry that does not exist.
  case absent
  /// A flag.
  case bool(Bool)
  /// A whole number.
  case integer(Int)
  /// A measurement (height in metres, weight in kilograms).
  case number(Double)
  /// Text: a name, an identifier.
  case string(String)
  /// An ordered list of identifiers or short phrases: types, egg groups,
  /// abilities (`"levitate (hidden)"`), evolution steps.
  case list([String])

  /// The value as it reads in a diff: numbers plainly, strings quoted, lists
  /// in brackets, `none` for an absent value.
  public var description: String {
    switch self {
    case .absent: "none"
    case .bool(let value): value ? "true" : "false"
    case .integer(let value): String(value)
    case .number(let value): Self.format(value)
    case .string(let value): "\"\(value)\""
    case .list(let values): "[\(values.joined(separator: ", "))]"
    }
  }

  /// `0.7`, `1000` (a whole number without `.0`), as the data file writes it.
  static func format(_ value: Double) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
      return String(Int(value))
    }
    return String(value)
  }
}
