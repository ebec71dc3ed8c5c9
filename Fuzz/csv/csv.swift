// Fuzz target `csv`: the pipeline's CSV reader.
//
// Property: never a crash; a table that reads has every field and position readable, and
// writing its fields back out (every field quoted) reads again to the same fields.
import Foundation

@testable import PokedexKit

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
  // Round trip: quote every field, undouble nothing by hand, read again.
  var text = ""
  for row in [table.columnNames] + fields {
    text += row.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
      .joined(separator: ",")
    text += "\n"
  }
  let again: CSVTable
  do {
    again = try CSVReader.read(Array(text.utf8), fileName: "again.csv")
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
