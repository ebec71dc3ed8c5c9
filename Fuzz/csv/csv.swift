// Fuzz target `csv`: the pipeline's CSV reader.
//
// Property: never a crash; a table that reads has every field and position readable, and
// writing its fields back out (every field quoted) reads again to the same fields.
import Foundation

@testable import PokedexPipeline

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: start, count: count))
  guard let table = try? CSVReader.read(bytes, fileName: "fuzz.csv") else { return 0 }
  let fields = readAll(table)
  for name in table.columnNames {
    guard (try? table.column(named: name)) != nil else {
      fatalError("csv: a header column cannot be found by its name")
    }
  }
  // Round trip: quote every field, double its quotes, read again.
  let text = quotedCSV([table.columnNames] + fields)
  let again: CSVTable
  do {
    again = try CSVReader.read(text, fileName: "again.csv")
  } catch {
    fatalError("csv: the table written back out does not read: \(error)")
  }
  guard again.columnNames == table.columnNames, readAll(again) == fields else {
    fatalError("csv: the table written back out reads to other fields")
  }
  return 0
}

/// Every field of every row, and its position (which must be inside the file).
private func readAll(_ table: CSVTable) -> [[String]] {
  var rows: [[String]] = []
  for row in 0..<table.rowCount {
    _ = table.line(ofRow: row)
    var fields: [String] = []
    for column in table.columnNames.indices {
      fields.append(table[row, column])
      let position = table.position(row: row, column: column)
      guard position.line >= 1, position.column >= 1 else {
        fatalError("csv: a field's position is not 1-based")
      }
    }
    rows.append(fields)
  }
  return rows
}

/// The rows as CSV with every field quoted. Quotes are doubled byte by byte: a quote followed
/// by a combining mark is one `Character` to `String`, but still a quote to a CSV reader.
private func quotedCSV(_ rows: [[String]]) -> [UInt8] {
  let quote = UInt8(ascii: "\"")
  var bytes: [UInt8] = []
  for row in rows {
    for (index, field) in row.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      bytes.append(quote)
      for byte in field.utf8 {
        if byte == quote { bytes.append(quote) }
        bytes.append(byte)
      }
      bytes.append(quote)
    }
    bytes.append(UInt8(ascii: "\n"))
  }
  return bytes
}
