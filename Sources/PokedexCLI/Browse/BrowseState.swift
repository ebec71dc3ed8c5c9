import DiffableSnapshots
import PokedexKit
import TerminalUI

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
  /// The colours cells use (types, errors), by the rule every command follows
  /// (``Style/init(mode:isTerminal:environment:)``); attributes (inverse, bold) are always
  /// used.
  package var colors: ColorDepth
  /// Whether the scene changed since it was last saved.
  package var hasUnsavedChanges = false
  /// When the last change happened, in seconds of the host's clock.
  package var lastChange = 0.0
  /// A one-line note for the footer (a failed save), until the next key.
  package var note: String?

  package init(scene: BrowseScene, size: TerminalSize, colors: ColorDepth) {
    self.scene = scene
    self.size = size
    self.colors = colors
    draft = scene.query
    cursor = scene.query.count
  }
}
