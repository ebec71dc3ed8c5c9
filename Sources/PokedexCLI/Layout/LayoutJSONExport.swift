import CollectionLayout
import Foundation
import JSONCore
import PokedexKit

/// The frames export of `pokedex layout --format json`: ``LayoutExport``'s format plus what
/// makes the file self-describing.
///
/// After `formatVersion` come `source` (the preset and its columns, or the spec file as
/// named), `query` (terms, forms, sort, sections, language; only when items stand for
/// Pokémon) and `environment` (the one the layout was solved in, with the terminal scale).
/// Each item carries the Pokémon's `id` and `name`, each section its `title` and
/// `identifier`. The bytes depend only on the input.
package struct LayoutJSONExport {
  package var layout: LaidOutLayout

  package init(layout: LaidOutLayout) { self.layout = layout }

  /// The most elements an export holds: 1,000,000 (about 100 MB of JSON). A larger layout
  /// is refused rather than written in part, since a frames file is data a program reads.
  package static let maximumElements = 1_000_000

  /// The export, ending with a newline.
  ///
  /// - Throws: exit 65 when the layout has more than ``maximumElements`` elements, found
  ///   by counting at most that many before anything is written.
  /// - Complexity: O(n) for `n` elements.
  package func jsonString() throws(CLIError) -> String {
    var count = 0
    layout.solution.visitElements(in: nil) { _ in
      count += 1
      return count <= Self.maximumElements
    }
    guard count <= Self.maximumElements else {
      throw CLIError.failed(
        .data,
        "\(layout.sourceName): the layout has more than \(Self.maximumElements) elements, more than a JSON export holds; lower the item counts, or draw part of it with --format ascii --viewport Y:HEIGHT"
      )
    }
    let content = layout.content
    let sections = content?.sections ?? []
    let language = content?.names
    let export = LayoutExport(
      solution: layout.solution,
      itemFields: { path in
        guard path.section < sections.count, path.item < sections[path.section].pokemon.count else {
          return []
        }
        let pokemon = sections[path.section].pokemon[path.item]
        return [
          LayoutExport.Field("id", .int(pokemon.id)),
          LayoutExport.Field("name", .string(language?.name(of: pokemon) ?? pokemon.slug)),
        ]
      },
      sectionFields: { index in
        guard index < sections.count else { return [] }
        return [
          LayoutExport.Field("title", .string(sections[index].name)),
          LayoutExport.Field("identifier", .string(sections[index].identifier)),
        ]
      }
    )
    var text = export.jsonString()
    // LayoutExport writes `{\n  "formatVersion": 1,\n` first; the descriptive keys follow it.
    let head = "{\n  \"formatVersion\": \(LayoutExport.formatVersion),\n"
    guard text.hasPrefix(head) else { return text }
    text.removeFirst(head.count)
    return head + header + text
  }

  /// The `source`, `query` and `environment` members, each line ending with `,\n`.
  var header: String {
    var lines: [String] = []
    switch layout.source {
    case .preset(let preset, let columns):
      var source = "{\"preset\": \(quote(preset.rawValue))"
      if preset == .grid { source += ", \"columns\": \(columns)" }
      lines.append("\"source\": " + source + "}")
    case .spec(let path):
      lines.append("\"source\": {\"spec\": \(quote(path))}")
    }
    if let content = layout.content {
      let terms = "[" + content.terms.map(quote).joined(separator: ", ") + "]"
      lines.append(
        "\"query\": {\"terms\": \(terms), \"forms\": \(content.includesForms), \"sort\": \(quote(content.sort)), "
          + "\"sectionBy\": \(content.sectionKey.map(quote) ?? "null"), \"language\": \(quote(content.names.language))}"
      )
    }
    let environment = layout.spec.environment
    let size = environment.container.contentSize
    lines.append(
      "\"environment\": {\"containerSize\": {\"width\": \(formatNumber(Double(size.width))), \"height\": \(formatNumber(Double(size.height)))}, "
        + "\"displayScale\": \(formatNumber(environment.displayScale)), \"layoutDirection\": \(quote(environment.layoutDirection.rawValue)), "
        + "\"safeAreaInsets\": \(insets(environment.safeAreaInsets)), \"layoutMargins\": \(insets(environment.layoutMargins)), "
        + "\"contentInsetsReference\": \(quote(layout.spec.configuration.contentInsetsReference.rawValue)), "
        + "\"terminalScale\": {\"pointsPerColumn\": \(formatNumber(ASCIILayoutRenderer.pointsPerColumn)), \"pointsPerRow\": \(formatNumber(ASCIILayoutRenderer.pointsPerRow))}}"
    )
    return lines.map { "  " + $0 + ",\n" }.joined()
  }

  private func insets(_ insets: DirectionalEdgeInsets) -> String {
    "{\"top\": \(formatNumber(insets.top)), \"leading\": \(formatNumber(insets.leading)), \"bottom\": \(formatNumber(insets.bottom)), \"trailing\": \(formatNumber(insets.trailing))}"
  }

  private func quote(_ string: String) -> String { JSONOutput.quoted(string) }
}
