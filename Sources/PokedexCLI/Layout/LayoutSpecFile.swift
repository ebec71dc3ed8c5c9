import CollectionLayout
import FileKit
import Foundation
import PokedexKit

/// Reading a layout spec file with the tool's exit codes.
package enum LayoutSpecFile {
  /// Reads and decodes the spec at `path`; `displayPath` names it in messages.
  ///
  /// - Throws: exit 66 when the file cannot be read, 65 with the JSON path when it is not a
  ///   valid spec.
  /// The largest spec file read: far above any real layout, and small enough that a
  /// device or a runaway file is refused before it fills memory.
  package static let maximumSpecSize = 16 << 20

  package static func read(
    path: String,
    displayPath: String,
    lenient: Bool,
    diagnostics report: (LayoutSpecDiagnostic) -> Void
  ) throws(CLIError) -> (spec: LayoutSpec, diagnostics: [LayoutSpecDiagnostic]) {
    let data: Data
    do {
      data = Data(try FileReader.read(atPath: path, limit: maximumSpecSize).bytes)
    } catch {
      throw .readingLayoutSpec(displayPath: displayPath, error)
    }
    guard data.contains(where: { !" \t\n\r".utf8.contains($0) }) else {
      throw CLIError.failed(
        .data,
        "\(displayPath): the layout spec is empty; write a JSON object with \"environment\" and \"layout\" (see 'pokedex help layout')"
      )
    }
    do {
      let result = try LayoutSpec.decode(data, lenient: lenient)
      result.diagnostics.forEach(report)
      return result
    } catch {
      throw .layout(error, displayPath: displayPath)
    }
  }
}
