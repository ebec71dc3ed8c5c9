import DiffableSnapshots
import PokedexKit
import TerminalUI

/// The choices `s`, `S` and `l` cycle through.
package enum BrowseCycles {
  /// Sort orders: national number, name, then the stats from highest.
  package static let sorts = [
    "", "name", "bst:desc", "hp:desc", "atk:desc", "def:desc", "spa:desc", "spd:desc",
    "spe:desc", "weight:desc", "height:desc",
  ]
  /// Section keys: none, then the `--section-by` keys.
  package static let sections = [
    "", "type", "generation", "color", "habitat", "legendary", "egg", "types",
  ]
  /// The layout presets, in `pokedex layout`'s order.
  package static let layouts = LayoutPreset.allCases

  /// The element after `current` in `list`, wrapping; the first when `current` is not in it.
  package static func next<Element: Equatable>(after current: Element, in list: [Element])
    -> Element?
  {
    guard let first = list.first else { return nil }
    guard let index = list.firstIndex(of: current) else { return first }
    return index + 1 < list.count ? list[index + 1] : first
  }

  /// How the title bar names a sort: `number`, `bst ↓`.
  package static func sortName(_ sort: String) -> String {
    sort.isEmpty ? "number" : sort.replacingOccurrences(of: ":desc", with: " ↓")
  }
}
