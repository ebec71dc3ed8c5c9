import CollectionLayout
import Foundation
import PokedexKit
import TerminalUI

/// Draws a solved layout as a standalone SVG document, one user unit per point.
///
/// Each item is a rounded card with the Pokémon's number and name and an accent bar in the
/// colours of its types (``TypePalette``); section headers and footers are titles over a
/// rule; an orthogonal section's cards are clipped to its strip (`clipPath`), and a strip
/// with more content off to the side fades out under a `›` chevron. Output is deterministic.
///
/// ```swift
/// let svg = SVGLayoutRenderer(layout: layout, showsStats: false).render()
/// ```
///
/// - Complexity: O(n) for the `n` elements within the container's width.
package struct SVGLayoutRenderer {
  package var layout: LaidOutLayout
  /// Whether cards show a stat-total bar (the `row` style).
  package var showsStats: Bool

  package init(layout: LaidOutLayout, showsStats: Bool) {
    self.layout = layout
    self.showsStats = showsStats
  }

  private static let background = "#f4f5f7"
  private static let cardStroke = "#d5d9df"
  private static let muted = "#6b7280"
  private static let ink = "#111827"

  /// The widest and tallest drawing, in points: 100,000. Larger content is clipped on the
  /// trailing side and at the bottom.
  package static let maximumExtent = 100_000.0
  /// The most elements one document draws: 20,000 (about 12 MB of SVG). When more lie in
  /// the drawing, it is cut along the scroll axis before the first element left out.
  package static let maximumElements = 20_000

  /// A document and what was left out of it.
  package struct Rendering: Equatable, Sendable {
    /// The SVG document, ending with a newline.
    package var text: String
    /// One line per limit that clipped the drawing, for stderr; empty when nothing was.
    package var notes: [String]
  }

  /// The elements drawn, in the engine's order, and where the drawing ends.
  private struct Visible {
    var elements: [LayoutAttributes] = []
    var width: Double
    var height: Double
    var notes: [String] = []
  }

  /// The elements within the drawing's bounds, at most ``maximumElements``.
  ///
  /// - Throws: exit 65 when the budget runs out before anything can be drawn.
  private func visibleElements() throws(CLIError) -> Visible {
    let size = layout.solution.contentSize
    let contentWidth = Double(size.width)
    let contentHeight = Double(size.height)
    var visible = Visible(
      width: min(contentWidth, Self.maximumExtent),
      height: min(contentHeight, Self.maximumExtent)
    )
    if visible.width < contentWidth || visible.height < contentHeight {
      visible.notes.append(
        "the SVG shows the first \(formatNumber(visible.width)) × \(formatNumber(visible.height)) points of \(formatNumber(contentWidth)) × \(formatNumber(contentHeight)) (at most \(formatNumber(Self.maximumExtent)) each way); use --format json for every frame"
      )
    }
    var cut: Double?
    let vertical = layout.spec.configuration.scrollDirection == .vertical
    layout.solution.visitElements(
      in: CGRect(x: 0, y: 0, width: visible.width, height: visible.height)
    ) {
      attributes in
      guard visible.elements.count < Self.maximumElements else {
        cut = Double(vertical ? attributes.frame.minY : attributes.frame.minX)
        return false
      }
      visible.elements.append(attributes)
      return true
    }
    guard let cut else { return visible }
    guard cut > 0 else {
      throw CLIError.failed(
        .data,
        "\(layout.sourceName): more than \(Self.maximumElements) elements lie at the start of the layout, too many to draw; check the spec for items of zero size"
      )
    }
    if vertical {
      visible.height = min(visible.height, cut)
    } else {
      visible.width = min(visible.width, cut)
    }
    visible.notes.append(
      "the SVG stops at \(vertical ? "y" : "x") = \(formatNumber(cut)): it draws at most \(Self.maximumElements) elements; use --format json for every frame"
    )
    return visible
  }

  /// The SVG document within the documented limits, and notes on what was clipped.
  ///
  /// - Throws: exit 65 when more than ``maximumElements`` elements lie at the very start.
  package func render() throws(CLIError) -> Rendering {
    let visible = try visibleElements()
    let width = visible.width
    let height = visible.height
    var strips: [Int: OrthogonalSectionGeometry] = [:]
    for strip in layout.solution.orthogonalSections { strips[strip.section] = strip }
    var body = ""
    var stripBodies: [Int: String] = [:]
    for attributes in visible.elements {
      switch attributes.representedElementCategory {
      case .cell:
        let card = self.card(attributes.indexPath, frame: attributes.frame)
        if strips[attributes.indexPath.section] != nil {
          stripBodies[attributes.indexPath.section, default: ""] += card
        } else {
          body += card
        }
      case .supplementaryView:
        body += title(attributes)
      case .decorationView:
        let frame = attributes.frame
        body +=
          "  <rect x=\"\(n(frame.minX))\" y=\"\(n(frame.minY))\" width=\"\(n(frame.width))\" height=\"\(n(frame.height))\" rx=\"10\" fill=\"#e9ecf1\"/>\n"
      }
    }
    var defs = ""
    var stripsText = ""
    let rightToLeft = layout.spec.environment.layoutDirection == .rightToLeft
    for strip in strips.values.sorted(by: { $0.section < $1.section }) {
      let frame = strip.stripFrame
      let low = max(0, Double(frame.minX))
      let high = max(low, min(width, Double(frame.maxX)))
      let clip =
        "x=\"\(n(low))\" y=\"\(n(frame.minY))\" width=\"\(n(high - low))\" height=\"\(n(frame.height))\""
      defs += "    <clipPath id=\"strip-\(strip.section)\"><rect \(clip)/></clipPath>\n"
      stripsText +=
        "  <g clip-path=\"url(#strip-\(strip.section))\">\n" + (stripBodies[strip.section] ?? "")
        + "  </g>\n"
      guard Double(strip.scrollContentSize.width) > Double(frame.width) + 0.5 else { continue }
      let fade = min(48, (high - low) / 4)
      let fadeX = rightToLeft ? low : high - fade
      let chevronX = rightToLeft ? low + 10 : high - 10
      stripsText +=
        "  <rect x=\"\(n(fadeX))\" y=\"\(n(frame.minY))\" width=\"\(n(fade))\" height=\"\(n(frame.height))\" fill=\"url(#\(rightToLeft ? "fade-left" : "fade-right"))\"/>\n"
        + "  <text x=\"\(n(chevronX))\" y=\"\(n(Double(frame.midY) + 9))\" font-size=\"26\" font-weight=\"700\" text-anchor=\"middle\" fill=\"\(Self.muted)\">\(rightToLeft ? "‹" : "›")</text>\n"
    }
    var svg = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    svg +=
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" viewBox=\"0 0 \(n(width)) \(n(height))\" "
      + "font-family=\"'DejaVu Sans', Helvetica, Arial, sans-serif\">\n"
    svg += "  <title>\(escape(documentTitle))</title>\n"
    svg += "  <defs>\n"
    svg +=
      "    <linearGradient id=\"fade-right\" x1=\"0\" x2=\"1\" y1=\"0\" y2=\"0\"><stop offset=\"0\" stop-color=\"\(Self.background)\" stop-opacity=\"0\"/><stop offset=\"1\" stop-color=\"\(Self.background)\"/></linearGradient>\n"
    svg +=
      "    <linearGradient id=\"fade-left\" x1=\"1\" x2=\"0\" y1=\"0\" y2=\"0\"><stop offset=\"0\" stop-color=\"\(Self.background)\" stop-opacity=\"0\"/><stop offset=\"1\" stop-color=\"\(Self.background)\"/></linearGradient>\n"
    svg += defs
    svg += "  </defs>\n"
    svg += "  <rect width=\"\(n(width))\" height=\"\(n(height))\" fill=\"\(Self.background)\"/>\n"
    svg += body + stripsText
    svg += "</svg>\n"
    return Rendering(text: svg, notes: visible.notes)
  }

  private var documentTitle: String {
    let count = (0..<layout.solution.numberOfSections).reduce(0) {
      $0 + layout.solution.numberOfItems(inSection: $1)
    }
    switch layout.source {
    case .preset(let preset, _): return "pokedex layout: \(preset.rawValue), \(count) items"
    case .spec(let path): return "pokedex layout: \(path), \(count) items"
    }
  }

  private func card(_ indexPath: LayoutIndexPath, frame rect: CGRect) -> String {
    let x = Double(rect.minX) + 2
    let y = Double(rect.minY) + 2
    let width = Double(rect.width) - 4
    let height = Double(rect.height) - 4
    guard width > 4, height > 4 else { return "" }
    let pokemon = layout.pokemon(at: indexPath)
    let colors = pokemon?.types.map(TypePalette.color(of:)) ?? ["#9ca3af"]
    var text = "  <g>\n"
    text +=
      "    <rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(height))\" rx=\"6\" fill=\"#ffffff\" stroke=\"\(Self.cardStroke)\"/>\n"
    // The accent: a bar down the leading side, split between the types.
    let accentHeight = height - 8
    for (index, color) in colors.enumerated() {
      let share = accentHeight / Double(colors.count)
      text +=
        "    <rect x=\"\(n(x + 4))\" y=\"\(n(y + 4 + share * Double(index)))\" width=\"4\" height=\"\(n(share))\" rx=\"2\" fill=\"\(color)\"/>\n"
    }
    let left = x + 14
    let room = width - 20
    var lines: [(String, Double, String, Bool)] = []  // text, font size, colour, bold
    let number = pokemon.map { "#" + pad4($0.nationalNumber) } ?? indexPath.description
    let name =
      layout.member(at: indexPath)?.title
      ?? pokemon.flatMap { p in layout.content.map { $0.names.name(of: p) } } ?? ""
    let types =
      pokemon.flatMap { p in
        layout.content.map { c in p.types.map { c.names.typeName($0) }.joined(separator: " / ") }
      } ?? ""
    if height >= 64 {
      lines = [
        (number, 12, Self.muted, false), (name, 15, Self.ink, true), (types, 11, Self.muted, false),
      ]
    } else if height >= 40 {
      lines = [((number + " " + name), 13, Self.ink, true), (types, 11, Self.muted, false)]
    } else {
      let size = max(8, min(13, height * 0.45))
      lines = [
        ((number + " " + name + (types.isEmpty ? "" : " · " + types)), size, Self.ink, false)
      ]
    }
    var baseline = y + 6
    let totalHeight = lines.reduce(0) { $0 + $1.1 * 1.3 }
    if totalHeight < height - 8 && lines.count == 1 {
      baseline = y + (height - lines[0].1 * 1.3) / 2
    }
    for (string, size, color, bold) in lines where !string.isEmpty {
      baseline += size * 1.3
      guard baseline <= y + height - 2 else { break }
      let columns = Int(min(max(room / (size * 0.6), 0), 10_000))
      let fitted = TextWidth.truncate(string, to: max(1, columns))
      text +=
        "    <text x=\"\(n(left))\" y=\"\(n(baseline - size * 0.3))\" font-size=\"\(n(size))\"\(bold ? " font-weight=\"700\"" : "") fill=\"\(color)\">\(escape(fitted))</text>\n"
    }
    if showsStats, let pokemon, width > 220 {
      let barWidth = min(200, width / 3)
      let barX = x + width - barWidth - 12
      let barY = y + height / 2 - 4
      let fill = barWidth * min(1, Double(pokemon.stats.total) / 720)
      text +=
        "    <rect x=\"\(n(barX))\" y=\"\(n(barY))\" width=\"\(n(barWidth))\" height=\"8\" rx=\"4\" fill=\"#e5e7eb\"/>\n"
      text +=
        "    <rect x=\"\(n(barX))\" y=\"\(n(barY))\" width=\"\(n(fill.rounded()))\" height=\"8\" rx=\"4\" fill=\"\(colors[0])\"/>\n"
      text +=
        "    <text x=\"\(n(barX - 6))\" y=\"\(n(barY + 8))\" font-size=\"11\" text-anchor=\"end\" fill=\"\(Self.muted)\">BST \(pokemon.stats.total)</text>\n"
    }
    return text + "  </g>\n"
  }

  private func title(_ attributes: LayoutAttributes) -> String {
    let frame = attributes.frame
    let kind = attributes.representedElementKind ?? ""
    let section = attributes.indexPath.section
    let title: String
    switch kind {
    case "header": title = layout.sectionTitle(section)
    case "footer": title = "end of " + layout.sectionTitle(section)
    default: title = kind
    }
    let size = max(9, min(15, Double(frame.height) * 0.5))
    let baseline = Double(frame.minY) + Double(frame.height) / 2 + size * 0.35
    let ruleY = Double(frame.maxY) - 3
    return
      "  <text x=\"\(n(Double(frame.minX) + 8))\" y=\"\(n(baseline))\" font-size=\"\(n(size))\" font-weight=\"700\" fill=\"\(Self.ink)\">\(escape(title))</text>\n"
      + "  <line x1=\"\(n(Double(frame.minX) + 8))\" y1=\"\(n(ruleY))\" x2=\"\(n(Double(frame.maxX) - 8))\" y2=\"\(n(ruleY))\" stroke=\"\(Self.cardStroke)\"/>\n"
  }

  private func n(_ value: CGFloat) -> String { n(Double(value)) }

  private func n(_ value: Double) -> String {
    formatNumber((value * 100).rounded() / 100)
  }

  /// Escapes text for XML character data and attribute values; control characters, which
  /// XML 1.0 forbids, are dropped.
  package func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": continue
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
