import PokedexKit

/// An error reading PokeAPI's CSV tables, or building, encoding or writing a dex from them.
///
/// Every case says where the problem is (a `file:line:column`, a file and a
/// column name, or a JSON path) and what was expected, so the message alone
/// is enough to fix the input:
///
/// ```swift
/// do {
///   _ = try CSVReader.read(Array("id,name\n1,\"Bulba".utf8), fileName: "names.csv")
/// } catch {
///   print(error)
///   // names.csv:2:3: unterminated quoted field; expected a closing '"' before the end of the file
/// }
/// ```
public enum DataPipelineError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The CSV text of `file` is not well-formed at `line`:`column` (both 1-based; the
  /// column counts Unicode scalars). `message` says what was expected there.
  case malformedCSV(file: String, line: Int, column: Int, message: String)
  /// A table the build needs is not in the source directory.
  case missingTable(file: String, directory: String)
  /// A table's header lacks a column the build needs.
  case missingColumn(file: String, column: String)
  /// A field does not hold the kind of value its column needs (`expected` is, for
  /// example, `"an integer"` or `"0 or 1"`).
  case invalidValue(
    file: String,
    line: Int,
    column: Int,
    columnName: String,
    expected: String,
    found: String
  )
  /// A field refers to an id that the table it points into does not have.
  case unknownReference(
    file: String,
    line: Int,
    column: Int,
    columnName: String,
    value: String,
    table: String
  )
  /// A table lacks rows the build needs, such as a stat of a Pokémon.
  case missingData(file: String, message: String)
  /// A floating-point value at the JSON path `path` is not finite, so JSON cannot hold it.
  case nonFiniteNumber(path: String)
  /// Reading or writing the file at `path` failed for `reason`.
  case fileError(path: String, reason: String)

  /// The message, in the form `file:line:column: what was expected`.
  public var description: String {
    switch self {
    case .malformedCSV(let file, let line, let column, let message):
      return "\(file):\(line):\(column): \(message)"
    case .missingTable(let file, let directory):
      return
        "missing table '\(file)' in '\(directory)'; point the source at a copy of PokeAPI's data/v2/csv"
    case .missingColumn(let file, let column):
      return "\(file):1: missing column '\(column)' in the header"
    case .invalidValue(let file, let line, let column, let columnName, let expected, let found):
      return
        "\(file):\(line):\(column): expected \(expected) in column '\(columnName)', found '\(Self.abbreviated(found))'"
    case .unknownReference(let file, let line, let column, let columnName, let value, let table):
      return
        "\(file):\(line):\(column): column '\(columnName)' refers to '\(Self.abbreviated(value))', which is not in \(table)"
    case .missingData(let file, let message):
      return "\(file): \(message)"
    case .nonFiniteNumber(let path):
      return "\(path): cannot write a non-finite number as JSON"
    case .fileError(let path, let reason):
      return "\(path): \(reason)"
    }
  }

  /// `text`, cut to 40 characters so one bad field cannot flood a message.
  static func abbreviated(_ text: String) -> String {
    text.count <= 40 ? text : String(text.prefix(39)) + "…"
  }
}
