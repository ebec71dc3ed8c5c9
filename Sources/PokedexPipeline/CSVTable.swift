import PokedexKit

/// A parsed CSV file: a header of column names and rows of text fields.
///
/// Fields are kept as ranges into the file's bytes and decoded when read, so
/// reading a large table costs one pass and a few integers per field.
///
/// ```swift
/// let table = try CSVReader.read(Array("id,identifier\n1,bulbasaur\n".utf8),
///                                fileName: "pokemon.csv")
/// let identifier = try table.column(named: "identifier")
/// table[0, identifier]  // "bulbasaur"
/// ```
public struct CSVTable: Sendable {
  /// The file name errors refer to, `"pokemon.csv"`.
  public let fileName: String
  /// The header's column names, in file order.
  public let columnNames: [String]
  let bytes: [UInt8]
  let fieldStarts: [Int]
  let fieldEnds: [Int]
  let rowLines: [Int]

  init(
    fileName: String,
    columnNames: [String],
    bytes: [UInt8],
    fieldStarts: [Int],
    fieldEnds: [Int],
    rowLines: [Int]
  ) {
    self.fileName = fileName
    self.columnNames = columnNames
    self.bytes = bytes
    self.fieldStarts = fieldStarts
    self.fieldEnds = fieldEnds
    self.rowLines = rowLines
  }

  /// The number of rows, not counting the header.
  public var rowCount: Int { rowLines.count }

  /// The index of the column called `name`.
  ///
  /// - Throws: ``DataPipelineError/missingColumn(file:column:)`` when the header lacks it.
  public func column(named name: String) throws(DataPipelineError) -> Int {
    guard let index = columnNames.firstIndex(of: name) else {
      throw .missingColumn(file: fileName, column: name)
    }
    return index
  }

  /// The text of a field, with quotes removed and doubled quotes undoubled.
  ///
  /// `row` must be in `0..<rowCount` and `column` in `columnNames.indices`.
  public subscript(row: Int, column: Int) -> String {
    let field = row * columnNames.count + column
    return Self.decodeField(bytes, start: fieldStarts[field], end: fieldEnds[field])
  }

  /// The 1-based line a row starts on (the header is line 1).
  public func line(ofRow row: Int) -> Int { rowLines[row] }

  /// The 1-based line and column (in Unicode scalars) where a field starts.
  public func position(row: Int, column: Int) -> (line: Int, column: Int) {
    let rowStart = fieldStarts[row * columnNames.count]
    let fieldStart = fieldStarts[row * columnNames.count + column]
    var line = rowLines[row]
    var lineStart = rowStart
    var index = rowStart
    while index < fieldStart {
      if bytes[index] == 0x0A {
        line += 1
        lineStart = index + 1
      }
      index += 1
    }
    return (line, Self.scalarCount(bytes, from: lineStart, to: fieldStart) + 1)
  }

  /// Whether the field is empty (PokeAPI's "none").
  package func isEmpty(row: Int, column: Int) -> Bool {
    let field = row * columnNames.count + column
    let start = fieldStarts[field]
    let end = fieldEnds[field]
    return end <= start || (end == start + 1 && bytes[start] == 0x22)
  }

  /// The field as an integer, or `nil` when it is empty.
  package func optionalInt(row: Int, column: Int) throws(DataPipelineError) -> Int? {
    let field = row * columnNames.count + column
    var start = fieldStarts[field]
    let end = fieldEnds[field]
    if start < end, bytes[start] == 0x22 { start += 1 }
    if start >= end { return nil }
    var index = start
    var negative = false
    if bytes[index] == 0x2D {
      negative = true
      index += 1
    }
    var value = 0
    var valid = index < end && end - index <= 18
    while valid && index < end {
      let digit = Int(bytes[index]) &- 0x30
      if digit < 0 || digit > 9 {
        valid = false
      } else {
        value = value * 10 + digit
      }
      index += 1
    }
    guard valid else { throw invalid(row: row, column: column, expected: "an integer") }
    return negative ? -value : value
  }

  /// The field as an integer.
  package func int(row: Int, column: Int) throws(DataPipelineError) -> Int {
    guard let value = try optionalInt(row: row, column: column) else {
      throw invalid(row: row, column: column, expected: "an integer")
    }
    return value
  }

  /// The field as a boolean written `0` or `1`.
  package func bool(row: Int, column: Int) throws(DataPipelineError) -> Bool {
    switch try optionalInt(row: row, column: column) {
    case 0: return false
    case 1: return true
    default: throw invalid(row: row, column: column, expected: "0 or 1")
    }
  }

  /// The field as text, or `nil` when it is empty.
  package func optionalString(row: Int, column: Int) -> String? {
    isEmpty(row: row, column: column) ? nil : self[row, column]
  }

  /// An ``DataPipelineError/invalidValue(file:line:column:columnName:expected:found:)`` for a field.
  package func invalid(row: Int, column: Int, expected: String) -> DataPipelineError {
    let position = position(row: row, column: column)
    return .invalidValue(
      file: fileName,
      line: position.line,
      column: position.column,
      columnName: columnNames[column],
      expected: expected,
      found: self[row, column]
    )
  }

  /// An ``DataPipelineError/unknownReference(file:line:column:columnName:value:table:)`` for a field.
  package func unknownReference(row: Int, column: Int, table: String) -> DataPipelineError {
    let position = position(row: row, column: column)
    return .unknownReference(
      file: fileName,
      line: position.line,
      column: position.column,
      columnName: columnNames[column],
      value: self[row, column],
      table: table
    )
  }

  // MARK: Byte helpers shared with the reader

  /// Decodes the field whose raw bytes are `start..<end` (an opening quote
  /// included, the closing quote excluded).
  static func decodeField(_ bytes: [UInt8], start: Int, end: Int) -> String {
    guard start < end else { return "" }
    guard bytes[start] == 0x22 else {
      return String(decoding: bytes[start..<end], as: UTF8.self)
    }
    let content = bytes[(start + 1)..<end]
    guard content.contains(0x22) else { return String(decoding: content, as: UTF8.self) }
    var unescaped: [UInt8] = []
    unescaped.reserveCapacity(content.count)
    var skipNext = false
    for byte in content {
      if skipNext {
        skipNext = false
        continue
      }
      unescaped.append(byte)
      if byte == 0x22 { skipNext = true }
    }
    return String(decoding: unescaped, as: UTF8.self)
  }

  /// The 1-based line and column of the byte at `offset`.
  static func position(in bytes: [UInt8], of offset: Int) -> (line: Int, column: Int) {
    var line = 1
    var lineStart = 0
    var index = 0
    let limit = min(offset, bytes.count)
    while index < limit {
      if bytes[index] == 0x0A {
        line += 1
        lineStart = index + 1
      }
      index += 1
    }
    if lineStart == 0, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
      lineStart = min(3, limit)
    }
    return (line, scalarCount(bytes, from: lineStart, to: limit) + 1)
  }

  /// The number of Unicode scalars (UTF-8 lead bytes) in `start..<end`.
  static func scalarCount(_ bytes: [UInt8], from start: Int, to end: Int) -> Int {
    var count = 0
    var index = start
    while index < end {
      if bytes[index] & 0xC0 != 0x80 { count += 1 }
      index += 1
    }
    return count
  }
}
