import DiffableSnapshots
import PokedexKit
import TerminalUI

/// Something the browser reacts to: a key, a resize, time passing, or the app's lifecycle.
package enum BrowseEvent: Equatable, Sendable {
  /// A key, paste or mouse report.
  case key(KeyEvent)
  /// The terminal has a new size (`SIGWINCH`).
  case resize(TerminalSize)
  /// Time passed with nothing typed: the moment to save after an idle second.
  case tick
  /// The app goes to the background: Ctrl-Z, or `SIGTSTP`.
  case suspend
  /// The app is back in the foreground (`SIGCONT`): the screen must be drawn afresh.
  case resume
  /// The app is being terminated: `SIGTERM`, `SIGHUP`, `SIGINT`.
  case terminate(signal: Int32)
}

/// What the host must do after an event: the app itself touches no file and no terminal.
package enum BrowseEffect: Equatable, Sendable {
  /// Store the scene (scene restoration).
  case save(BrowseScene)
  /// Restore the terminal and stop the process until it is resumed.
  case suspend
  /// Forget what the terminal shows and draw everything (after a resume, or Ctrl-L).
  case redrawAll
  /// Leave, with this exit status.
  case quit(status: Int32)
}

/// The state of a browser: the scene that is saved, and what only this run has (the mode,
/// the query line being edited, the size).
package struct BrowseState: Equatable, Sendable {
  /// What the screen is showing.
  package enum Mode: Equatable, Sendable {
    /// The collection, with a selection.
    case browsing
    /// The query line is open for editing.
    case editingQuery
    /// The selected Pokémon's card.
    case detail
    /// The keys.
    case help
  }

  /// What is saved and restored.
  package var scene: BrowseScene
  package var mode = Mode.browsing
  /// The query line while it is edited; ``BrowseScene/query`` is the last query that
  /// compiled.
  package var draft: String
  /// The cursor on the query line, in characters.
  package var cursor: Int
  /// The query before the line was opened, for Esc.
  package var queryBeforeEditing = ""
  /// Why the query line does not compile, while it does not.
  package var problem: BrowseContent.Problem?
  /// The selected item.
  package var selected: PokemonRowID?
  /// The first line of the card shown.
  package var detailScroll = 0
  /// The terminal's size.
  package var size: TerminalSize
  /// How far each orthogonal section has scrolled sideways, in points, by section index.
  package var stripOffsets: [Int: Double] = [:]
  /// Whether cells use colour (types, errors); attributes (inverse, bold) are always used.
  package var usesColor: Bool
  /// Whether the scene changed since it was last saved.
  package var hasUnsavedChanges = false
  /// When the last change happened, in seconds of the host's clock.
  package var lastChange = 0.0
  /// A one-line note for the footer (a failed save), until the next key.
  package var note: String?

  package init(scene: BrowseScene, size: TerminalSize, usesColor: Bool) {
    self.scene = scene
    self.size = size
    self.usesColor = usesColor
    draft = scene.query
    cursor = scene.query.count
  }
}

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
