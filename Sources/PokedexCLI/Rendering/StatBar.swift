import PokedexKit
import TerminalUI

/// A horizontal bar of `width` cells with eighth-cell resolution.
package enum StatBar {
  package static func render(value: Int, maximum: Int, width: Int, ascii: Bool = false) -> String {
    // The value is clamped to 0...maximum and the product taken at full width, so no value
    // (a stat built in code, a total far past the maximum) can overflow.
    let maximum = max(maximum, 1)
    let eighthCells = min(max(0, width), 1 << 40) * 8
    let product = min(max(value, 0), maximum).multipliedFullWidth(by: eighthCells)
    let eighths = maximum.dividingFullWidth(product).quotient
    if ascii { return String(repeating: "#", count: eighths / 8) }
    let partials = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
    return String(repeating: "█", count: eighths / 8) + partials[eighths % 8]
  }
}
