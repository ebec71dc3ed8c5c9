import PlistPreferences
import PokedexKit

/// What `pokedex browse` remembers between runs, as an iOS app's scene restoration does:
/// the query, the sort, the sections, whether alternate forms are listed, the layout, the
/// selected Pokémon and the scroll position.
///
/// Saved under the `browse.scene` preference on quit, on `SIGTERM` and `SIGHUP`, when the
/// app is suspended, and after a change once the keyboard has been idle for a second.
///
/// ```swift
/// var scene = BrowseScene()
/// scene.query = "fire spe>100"
/// scene.layout = .list
/// try store.set(scene, for: PokedexPreferences.browseScene)
/// ```
package struct BrowseScene: Codable, Hashable, Sendable {
  /// The query, as typed on the query line (terms separated by spaces).
  package var query = ""
  /// The sort keys, as `--sort` takes them; empty for national-number order.
  package var sort = ""
  /// The `--section-by` key; empty for one section.
  package var sectionBy = ""
  /// Whether alternate forms (Mega, regional, Gigantamax …) are listed, as `--forms` does.
  package var includesForms = false
  /// The layout preset.
  package var layout = LayoutPreset.grid
  /// The slug of the selected Pokémon (`"charizard"`), if any.
  package var selection: String?
  /// The identifier of the section it was selected in, for keys that list a Pokémon in
  /// several sections (`types`, `egg`).
  package var selectionSection: String?
  /// The first layout row shown.
  package var scrollRow = 0

  package init() {}

  private enum CodingKeys: String, CodingKey {
    case query, sort, sectionBy = "section_by", includesForms = "forms", layout, selection
    case selectionSection = "selection_section", scrollRow = "scroll_row"
  }

  /// Decodes a saved scene; a missing key keeps its default, so a scene saved by another
  /// version still restores what it can.
  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    query = try container.decodeIfPresent(String.self, forKey: .query) ?? ""
    sort = try container.decodeIfPresent(String.self, forKey: .sort) ?? ""
    sectionBy = try container.decodeIfPresent(String.self, forKey: .sectionBy) ?? ""
    includesForms = try container.decodeIfPresent(Bool.self, forKey: .includesForms) ?? false
    layout = try container.decodeIfPresent(LayoutPreset.self, forKey: .layout) ?? .grid
    selection = try container.decodeIfPresent(String.self, forKey: .selection)
    selectionSection = try container.decodeIfPresent(String.self, forKey: .selectionSection)
    scrollRow = try container.decodeIfPresent(Int.self, forKey: .scrollRow) ?? 0
  }

  /// The query's terms: the query line split at spaces.
  package var terms: [String] { query.split(whereSeparator: \.isWhitespace).map(String.init) }

  /// Why the scene cannot be used, or `nil` when it can (the query is checked against the
  /// data when it is used, not here).
  package var problem: String? {
    if query.utf8.count > BrowseScene.maximumQueryLength {
      return "the query is longer than \(BrowseScene.maximumQueryLength) bytes"
    }
    if !sort.isEmpty {
      do throws(QueryError) {
        _ = try PokemonSortDescriptor.parse(sort)
      } catch { return error.message }
    }
    if !sectionBy.isEmpty {
      do throws(QueryError) {
        _ = try PokemonSectionKey(parsing: sectionBy)
      } catch { return error.message }
    }
    guard (0...BrowseScene.maximumScrollRow).contains(scrollRow) else {
      return "scroll_row must be from 0 to \(BrowseScene.maximumScrollRow)"
    }
    return nil
  }

  /// The longest query the query line takes, in bytes.
  package static let maximumQueryLength = 4_096
  /// The largest scroll position kept.
  package static let maximumScrollRow = 1 << 30
}

extension LayoutPreset: Codable {}

extension PokedexPreferences {
  /// `browse.scene`: the scene `pokedex browse` restores (see ``BrowseScene``).
  package static let browseScene = PreferenceKey("browse.scene", default: BrowseScene()) {
    $0.problem
  }
}
