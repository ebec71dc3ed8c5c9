import Foundation
import PokedexKit

extension BuildContext {
  /// The prose table `name` (`ability_prose.csv`, ...), read once, forgiving one quirk of
  /// hand-edited prose: spaces between a field's separating comma and its opening quote.
  ///
  /// PokeAPI's `ability_prose.csv` has `249,9,"Just being next to ...", "The power of ..."`
  /// (line 1928 at commit bbef3d9): RFC 4180, which ``CSVReader`` follows, calls that quote
  /// a stray `"` in an unquoted field. Here the spaces are dropped before parsing, so the
  /// field reads as the quoted text it is meant to be; every other rule (and its error,
  /// with line and column) stays. A column number on such a line is then counted without
  /// the dropped spaces.
  mutating func proseTable(_ name: String) throws(DataPipelineError) -> CSVTable {
    if let table = tables[name] { return table }
    let url = directory.appendingPathComponent(name)
    guard FileManager.default.fileExists(atPath: url.path) else {
      throw .missingTable(file: name, directory: directory.path)
    }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw .fileError(
        path: url.path,
        reason: "cannot read the file (\(error.localizedDescription))"
      )
    }
    let table = try CSVReader.read(Self.droppingSpacesBeforeQuotes([UInt8](data)), fileName: name)
    tables[name] = table
    return table
  }

  /// `bytes` without the spaces that stand between a field's start (after a comma or a
  /// line break, outside quotes) and an opening quote.
  ///
  /// - Complexity: O(*n*) in the number of bytes.
  static func droppingSpacesBeforeQuotes(_ bytes: [UInt8]) -> [UInt8] {
    let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), space = UInt8(ascii: " ")
    let newline = UInt8(ascii: "\n")
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var inQuotes = false
    var atFieldStart = true
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if !inQuotes, atFieldStart, byte == space {
        var next = index
        while next < bytes.count, bytes[next] == space { next += 1 }
        if next < bytes.count, bytes[next] == quote {
          index = next
          continue
        }
      }
      if byte == quote { inQuotes.toggle() }
      atFieldStart = !inQuotes && (byte == comma || byte == newline)
      output.append(byte)
      index += 1
    }
    return output
  }
}
