import Foundation
import PokedexKit

/// An RFC 4180 CSV reader over UTF-8 bytes.
///
/// The first record is the header. Fields may be quoted; a quoted field can
/// hold commas, line breaks and doubled quotes (`""` stands for one `"`).
/// Records end with LF or CRLF; a final line break is optional. A leading
/// byte order mark is skipped. Every record must have as many fields as the
/// header, so no row is ever dropped or padded silently.
///
/// ```swift
/// let table = try CSVReader.read(Array("id,name\n1,\"Mr. Mime, \"\"Jr.\"\"\"\n".utf8),
///                                fileName: "names.csv")
/// table[0, 1]  // "Mr. Mime, \"Jr.\""
/// ```
///
/// Malformed input throws ``DataPipelineError/malformedCSV(file:line:column:message:)``:
///
/// ```swift
/// try CSVReader.read(Array("a,b\n1,2,3\n".utf8), fileName: "t.csv")
/// // t.csv:2:4: expected 2 fields as in the header, found 3
/// ```
///
/// - Complexity: O(*n*) in the number of bytes; fields are stored as byte
///   ranges and decoded only when read.
public enum CSVReader {
  /// Reads the CSV file at `url`; its last path component names it in errors.
  ///
  /// - Throws: ``DataPipelineError/fileError(path:reason:)`` when the file cannot be
  ///   read, ``DataPipelineError/malformedCSV(file:line:column:message:)`` when it is
  ///   not well-formed.
  public static func read(contentsOf url: URL) throws(DataPipelineError) -> CSVTable {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw .fileError(
        path: url.path,
        reason: "cannot read the file (\(error.localizedDescription))"
      )
    }
    return try read([UInt8](data), fileName: url.lastPathComponent)
  }

  /// Parses `bytes` as UTF-8 CSV text; `fileName` names it in errors.
  ///
  /// - Throws: ``DataPipelineError/malformedCSV(file:line:column:message:)`` with the
  ///   position of the first problem.
  public static func read(_ bytes: [UInt8], fileName: String) throws(DataPipelineError) -> CSVTable
  {
    var parser = Parser(bytes: bytes, fileName: fileName)
    try parser.parse()
    let columnCount = parser.columnCount
    var names: [String] = []
    names.reserveCapacity(columnCount)
    for column in 0..<columnCount {
      let start = parser.fieldStarts[column]
      let end = parser.fieldEnds[column]
      names.append(CSVTable.decodeField(bytes, start: start, end: end))
    }
    var seen: Set<String> = []
    for (index, name) in names.enumerated() where !seen.insert(name).inserted {
      let (line, column) = CSVTable.position(in: bytes, of: parser.fieldStarts[index])
      throw .malformedCSV(
        file: fileName,
        line: line,
        column: column,
        message: "duplicate column '\(name)' in the header"
      )
    }
    return CSVTable(
      fileName: fileName,
      columnNames: names,
      bytes: bytes,
      fieldStarts: Array(parser.fieldStarts.dropFirst(columnCount)),
      fieldEnds: Array(parser.fieldEnds.dropFirst(columnCount)),
      rowLines: Array(parser.rowLines.dropFirst())
    )
  }

  /// The state of one parse: a cursor over the bytes and the fields found so far.
  private struct Parser {
    let bytes: [UInt8]
    let fileName: String
    /// Each field's first byte (its opening quote, if quoted).
    var fieldStarts: [Int] = []
    /// Each field's end, exclusive, before its closing quote if quoted.
    var fieldEnds: [Int] = []
    /// The line each record starts on, header included.
    var rowLines: [Int] = []
    var columnCount = 0

    init(bytes: [UInt8], fileName: String) {
      self.bytes = bytes
      self.fileName = fileName
      let estimate = bytes.count / 6
      fieldStarts.reserveCapacity(estimate)
      fieldEnds.reserveCapacity(estimate)
    }

    static let quote: UInt8 = 0x22
    static let comma: UInt8 = 0x2C
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D

    /// Reads every record, header first, into the field ranges and row lines.
    mutating func parse() throws(DataPipelineError) {
      let count = bytes.count
      var index = 0
      if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
      if index == count { throw error(at: index, "empty file; expected a header line") }
      var line = 1
      var fieldsInRecord = 0
      var firstExtraField = -1
      rowLines.append(line)
      while true {
        // One field.
        let start = index
        let end: Int
        if index < count, bytes[index] == Self.quote {
          end = try readQuotedField(at: &index, line: &line)
        } else {
          end = try readUnquotedField(at: &index)
        }
        if columnCount > 0, fieldsInRecord == columnCount, firstExtraField < 0 {
          firstExtraField = start > 0 ? start - 1 : start
        }
        fieldStarts.append(start)
        fieldEnds.append(end)
        fieldsInRecord += 1

        // The delimiter after it.
        if index < count, bytes[index] == Self.comma {
          index += 1
          continue
        }
        let recordEnd = index
        try skipLineBreak(at: &index)
        try finishRecord(fields: fieldsInRecord, end: recordEnd, firstExtraField: firstExtraField)
        fieldsInRecord = 0
        firstExtraField = -1
        if index >= count { break }
        line += 1
        rowLines.append(line)
      }
    }

    /// Reads the quoted field whose opening quote is at `index`, counting the
    /// line feeds inside it into `line`; returns its end (the closing quote's
    /// position) and leaves `index` after the closing quote.
    func readQuotedField(at index: inout Int, line: inout Int) throws(DataPipelineError) -> Int {
      let (start, count) = (index, bytes.count)
      index += 1
      while true {
        guard index < count else {
          throw error(
            at: start,
            "unterminated quoted field; expected a closing '\"' before the end of the file"
          )
        }
        let byte = bytes[index]
        if byte == Self.quote {
          if index + 1 < count, bytes[index + 1] == Self.quote {
            index += 2
            continue
          }
          break
        }
        if byte == Self.lineFeed { line += 1 }
        if byte >= 0x80 { try validateScalar(at: &index) } else { index += 1 }
      }
      let end = index
      index += 1
      if index < count {
        let next = bytes[index]
        if next != Self.comma && next != Self.lineFeed && next != Self.carriageReturn {
          throw error(
            at: index,
            "expected ',' or a line break after the closing quote, found \(describe(at: index))"
          )
        }
      }
      return end
    }

    /// Reads the unquoted field starting at `index` up to the next comma or
    /// line break, where it leaves `index`; returns its end.
    func readUnquotedField(at index: inout Int) throws(DataPipelineError) -> Int {
      while index < bytes.count {
        let byte = bytes[index]
        if byte == Self.comma || byte == Self.lineFeed || byte == Self.carriageReturn { break }
        if byte == Self.quote {
          throw error(
            at: index,
            "unexpected '\"' in an unquoted field; expected the whole field in quotes with '\"' doubled"
          )
        }
        if byte >= 0x80 { try validateScalar(at: &index) } else { index += 1 }
      }
      return index
    }

    /// Moves past the LF or CRLF at `index`, if any (none at the end of the file).
    func skipLineBreak(at index: inout Int) throws(DataPipelineError) {
      guard index < bytes.count else { return }
      if bytes[index] == Self.carriageReturn {
        guard index + 1 < bytes.count, bytes[index + 1] == Self.lineFeed else {
          throw error(at: index + 1, "expected a line feed after a carriage return")
        }
        index += 2
      } else {
        index += 1
      }
    }

    /// Checks a record's field count against the header's.
    mutating func finishRecord(
      fields: Int,
      end: Int,
      firstExtraField: Int
    ) throws(DataPipelineError) {
      if columnCount == 0 {
        columnCount = fields
        return
      }
      if fields < columnCount {
        throw error(
          at: end,
          "expected \(columnCount) fields as in the header, found \(fields)"
        )
      }
      if fields > columnCount {
        throw error(
          at: firstExtraField,
          "expected \(columnCount) fields as in the header, found \(fields)"
        )
      }
    }

    /// Checks the UTF-8 sequence starting at `index` and moves past it.
    func validateScalar(at index: inout Int) throws(DataPipelineError) {
      let lead = bytes[index]
      let length: Int
      var lower: UInt8 = 0x80
      var upper: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0:
        length = 3
        lower = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED:
        length = 3
        upper = 0x9F
      case 0xF0:
        length = 4
        lower = 0x90
      case 0xF1...0xF3: length = 4
      case 0xF4:
        length = 4
        upper = 0x8F
      default:
        throw error(at: index, "invalid UTF-8 byte \(hex(lead)); expected UTF-8 text")
      }
      for offset in 1..<length {
        let position = index + offset
        guard position < bytes.count else {
          throw error(at: index, "truncated UTF-8 sequence; expected UTF-8 text")
        }
        let byte = bytes[position]
        let range = offset == 1 ? lower...upper : 0x80...0xBF
        guard range.contains(byte) else {
          throw error(
            at: index,
            "invalid UTF-8 byte \(hex(byte)) in a sequence; expected UTF-8 text"
          )
        }
      }
      index += length
    }

    func hex(_ byte: UInt8) -> String {
      let digits = String(byte, radix: 16, uppercase: true)
      return "0x" + (digits.count < 2 ? "0" + digits : digits)
    }

    /// A readable rendering of the character at `index` for messages.
    func describe(at index: Int) -> String {
      let byte = bytes[index]
      if byte < 0x20 || byte == 0x7F { return "byte \(hex(byte))" }
      var end = index + 1
      while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
      return "'" + String(decoding: bytes[index..<end], as: UTF8.self) + "'"
    }

    func error(at offset: Int, _ message: String) -> DataPipelineError {
      let (line, column) = CSVTable.position(in: bytes, of: offset)
      return .malformedCSV(file: fileName, line: line, column: column, message: message)
    }
  }
}
