import DiffableSnapshots
import PokedexKit
import TerminalUI

/// The choices `s`, `S` and `l` cycle through, and `r`'s reversed sort.
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

  /// The sort after `sort` in ``sorts``, wrapping back to number order; a reversed one
  /// (`bst`, from `bst:desc`) counts as its place in the cycle.
  package static func nextSort(after sort: String) -> String {
    let place = sorts.firstIndex { $0 == sort || reversed($0) == sort }
    guard let place else { return sorts.first ?? "" }
    return place + 1 < sorts.count ? sorts[place + 1] : sorts.first ?? ""
  }

  /// `sort` in the other direction, each key turned around: `bst:desc` → `bst`,
  /// `name` → `name:desc`, number order → `num:desc`; a sort that does not parse stays.
  package static func reversed(_ sort: String) -> String {
    let descriptors: [PokemonSortDescriptor]
    do throws(QueryError) {
      descriptors =
        sort.isEmpty ? [PokemonSortDescriptor(.number)] : try PokemonSortDescriptor.parse(sort)
    } catch { return sort }
    let turned = descriptors.map { $0.key.rawValue + ($0.isAscending ? ":desc" : "") }
      .joined(separator: ",")
    // Number order is the default: reversed twice, it is empty again.
    return turned == "num" ? "" : turned
  }

  /// How the title bar names a sort, with its direction: `number ↑`, `bst ↓`, `name ↑`.
  package static func sortName(_ sort: String) -> String {
    guard !sort.isEmpty else { return "number ↑" }
    guard let descriptors = try? PokemonSortDescriptor.parse(sort) else { return sort }
    return descriptors.map { descriptor in
      let name = descriptor.key == .number ? "number" : descriptor.key.rawValue
      return name + (descriptor.isAscending ? " ↑" : " ↓")
    }.joined(separator: ", ")
  }
}
