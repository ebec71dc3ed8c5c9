import CollectionLayout
import DiffableSnapshots
import Foundation
import PokedexKit
import TerminalUI

/// `pokedex browse` without a terminal: a state machine from events to a new state and
/// effects, and a pure rendering of that state into a ``ScreenBuffer``.
///
/// The host (``BrowseSession``) reads keys and signals, feeds them to ``handle(_:now:)``,
/// performs the effects (saving the scene, suspending, quitting), and writes the
/// difference between the previous and the next ``render()``. Everything else is here,
/// so it is tested in-process.
///
/// ```swift
/// let app = try BrowseApp(content: content, scene: BrowseScene(), size: .init(rows: 24, columns: 80))
/// app.handle(.key(.plain(.character("/"))), now: 0)
/// for key in "fire" { app.handle(.key(.plain(.character(key))), now: 0) }
/// app.render().line(1)   // the first row of fire types
/// ```
package final class BrowseApp {
  /// The state after the last event.
  package internal(set) var state: BrowseState
  /// The Pokémon shown.
  package let content: BrowseContent
  /// The smallest terminal the browser draws in; a smaller one shows a message.
  package static let minimumSize = TerminalSize(rows: 8, columns: 32)

  private var specs: [LayoutPreset: LayoutSpec] = [:]
  private var cachedLayout: (key: LayoutKey, layout: LaidOutLayout)?
  /// The layout's inputs: when they are unchanged, so is the solved layout.
  private struct LayoutKey: Equatable {
    var preset: LayoutPreset
    var size: TerminalSize
    var counts: [Int]
    var version: Int
  }
  /// Bumped on every change of the contents.
  private var contentVersion = 0

  /// A browser over `content`, showing `scene` (its query, sort and sections are applied;
  /// a query that no longer compiles is kept on the query line with its error). Whether
  /// forms are listed is `content`'s ``BrowseContent/includesForms``, and the scene's from
  /// then on.
  ///
  /// - Throws: exit 66 or 65 when a layout preset cannot be read.
  package init(
    content: BrowseContent,
    scene: BrowseScene,
    size: TerminalSize,
    colors: ColorDepth = .monochrome
  ) throws(CLIError) {
    self.content = content
    state = BrowseState(scene: scene, size: size, colors: colors)
    state.scene.includesForms = content.includesForms
    for preset in LayoutPreset.allCases { specs[preset] = try preset.load(columns: 1) }
    if let problem = content.show(query: scene.query, sort: scene.sort, sectionBy: scene.sectionBy)
    {
      // The saved query no longer compiles (a saved filter was deleted, say): show all,
      // with the query on the line and its error, as if it were being typed.
      state.scene.query = ""
      state.scene.sort = ""
      state.scene.sectionBy = ""
      content.show(query: "", sort: "", sectionBy: "")
      state.mode = .editingQuery
      state.problem = problem
    }
    contentVersion += 1
    state.selected =
      scene.selection.flatMap { content.item(slug: $0, section: scene.selectionSection) }
      ?? firstItem()
    clampScroll()
    revealSelection()
  }

  // MARK: Events

  /// Applies `event` at time `now` (seconds on any steady clock) and returns what the host
  /// must do.
  @discardableResult
  package func handle(_ event: BrowseEvent, now: Double) -> [BrowseEffect] {
    switch event {
    case .key(let key):
      state.note = nil
      return handle(key, now: now)
    case .resize(let size):
      state.size = size
      clampScroll()
      revealSelection()
      return []
    case .tick:
      guard state.hasUnsavedChanges, now - state.lastChange >= Self.idleSaveDelay else { return [] }
      return [save()]
    case .suspend:
      return [save(), .suspend]
    case .resume:
      return [.redrawAll]
    case .terminate(let signal):
      return [save(), .quitBySignal(signal)]
    }
  }

  /// How long the keyboard must be idle before a change is saved, in seconds.
  package static let idleSaveDelay = 1.0

  /// The scene as it is now, to save: with the selected Pokémon and the scroll position.
  package var sceneToSave: BrowseScene {
    var scene = state.scene
    if let selected = state.selected, let pokemon = content.pokemon(for: selected) {
      scene.selection = pokemon.slug
      scene.selectionSection =
        selected.section >= 0
        ? content.dataSource.snapshot().sectionIdentifier(containingItem: selected) : nil
    } else {
      scene.selection = nil
      scene.selectionSection = nil
    }
    return scene
  }

  private func save() -> BrowseEffect {
    state.hasUnsavedChanges = false
    return .save(sceneToSave)
  }

  /// Tells the app that saving failed at `now`: the footer says so until the next key,
  /// and the scene is saved again after the next idle second.
  package func saveFailed(_ message: String, now: Double) {
    state.note = "not saved: \(message)"
    changed(now)
  }

  private func changed(_ now: Double) {
    state.hasUnsavedChanges = true
    state.lastChange = now
  }

  private func handle(_ event: KeyEvent, now: Double) -> [BrowseEffect] {
    // Keys that mean the same in every mode.
    switch event {
    // Ctrl-C arrives as a key in raw mode; it quits with 130 (128 + SIGINT), as fzf does.
    case .control("c"): return [save(), .quit(status: ExitCode.interrupted.rawValue)]
    case .control("z"): return [save(), .suspend]
    case .control("l"): return [.redrawAll]
    default: break
    }
    guard !isTooSmall else {
      if case .key(.character("q"), []) = event { return [save(), .quit(status: 0)] }
      return []
    }
    switch state.mode {
    case .browsing: return browse(event, now: now)
    case .editingQuery: return editQuery(event, now: now)
    case .detail: return detail(event, now: now)
    case .help:
      state.mode = .browsing
      return []
    }
  }

  private func browse(_ event: KeyEvent, now: Double) -> [BrowseEffect] {
    let before = (state.selected, state.scene.scrollRow, state.stripOffsets)
    switch event {
    case .key(.character("q"), []): return [save(), .quit(status: 0)]
    case .key(.up, _), .key(.character("k"), []): move(.up)
    case .key(.down, _), .key(.character("j"), []): move(.down)
    case .key(.left, _), .key(.character("h"), []): move(.left)
    case .key(.right, _), .key(.tab, []): move(.right)
    case .key(.pageDown, _), .key(.character(" "), []), .control("f"): page(down: true)
    case .key(.pageUp, _), .control("b"): page(down: false)
    case .key(.home, _), .key(.character("g"), []): select(firstItem())
    case .key(.end, _), .key(.character("G"), _): select(lastItem())
    case .key(.enter, _):
      guard state.selected != nil else { return [] }
      state.mode = .detail
      state.detailScroll = 0
    case .key(.character("/"), []):
      state.mode = .editingQuery
      state.queryBeforeEditing = state.scene.query
      state.draft = state.scene.query
      state.cursor = state.draft.count
      state.problem = nil
    case .key(.character("?"), _):
      state.mode = .help
    case .key(.character("l"), []):
      show(BrowseCycles.next(after: state.scene.layout, in: BrowseCycles.layouts), now: now)
    case .key(.character("L"), _):
      let layouts = Array(BrowseCycles.layouts.reversed())
      show(BrowseCycles.next(after: state.scene.layout, in: layouts), now: now)
    case .key(.character("s"), []):
      let sort = BrowseCycles.nextSort(after: state.scene.sort)
      apply(query: state.scene.query, sort: sort, sectionBy: state.scene.sectionBy, now: now)
    case .key(.character("r"), []):
      let sort = BrowseCycles.reversed(state.scene.sort)
      apply(query: state.scene.query, sort: sort, sectionBy: state.scene.sectionBy, now: now)
    case .key(.character("f"), []):
      toggleForms(now: now)
    case .key(.character("S"), _):
      let sections =
        BrowseCycles.next(after: state.scene.sectionBy, in: BrowseCycles.sections) ?? ""
      apply(query: state.scene.query, sort: state.scene.sort, sectionBy: sections, now: now)
    case .wheel(let up, _, _):
      scroll(by: up ? -3 : 3)
    case .mouse(button: 0, pressed: true, let row, let column):
      if let item = item(atScreenRow: row - 1, column: column - 1) { select(item) }
    default:
      break
    }
    if before != (state.selected, state.scene.scrollRow, state.stripOffsets) { changed(now) }
    return []
  }

  /// Shows the collection in another layout, the selection in view.
  private func show(_ layout: LayoutPreset?, now: Double) {
    state.scene.layout = layout ?? .grid
    state.stripOffsets = [:]
    changed(now)
    revealSelection()
  }

  /// Lists alternate forms, or stops listing them, with the same query, sort and sections.
  private func toggleForms(now: Double) {
    content.includesForms.toggle()
    let problem = apply(
      query: state.scene.query,
      sort: state.scene.sort,
      sectionBy: state.scene.sectionBy,
      now: now
    )
    if problem != nil {
      // The query no longer compiles this way: nothing changes.
      content.includesForms.toggle()
      return
    }
    state.scene.includesForms = content.includesForms
  }

  /// Runs a new query, sort or section key; the selection stays on its Pokémon when it is
  /// still shown.
  @discardableResult
  private func apply(query: String, sort: String, sectionBy: String, now: Double)
    -> BrowseContent.Problem?
  {
    let selectedSlug = state.selected.flatMap(content.pokemon(for:))?.slug
    let section = state.selected.flatMap {
      content.dataSource.snapshot().sectionIdentifier(containingItem: $0)
    }
    if let problem = content.show(query: query, sort: sort, sectionBy: sectionBy) {
      return problem
    }
    contentVersion += 1
    state.scene.query = query
    state.scene.sort = sort
    state.scene.sectionBy = sectionBy
    state.stripOffsets = [:]
    let kept =
      state.selected.flatMap { content.dataSource.indexPath(for: $0) != nil ? $0 : nil }
      ?? selectedSlug.flatMap { content.item(slug: $0, section: section) }
    state.selected = kept ?? firstItem()
    if kept == nil { state.scene.scrollRow = 0 }
    changed(now)
    clampScroll()
    revealSelection()
    return nil
  }

  // MARK: The query line

  private func editQuery(_ event: KeyEvent, now: Double) -> [BrowseEffect] {
    var characters = Array(state.draft)
    var cursor = min(max(0, state.cursor), characters.count)
    switch event {
    case .key(.enter, _):
      closeQueryLine(keeping: true, now: now)
      return []
    case .key(.escape, _):
      closeQueryLine(keeping: false, now: now)
      return []
    case .key(.up, _), .key(.down, _), .key(.pageUp, _), .key(.pageDown, _):
      return browse(event, now: now)
    case .key(.left, _): cursor = max(0, cursor - 1)
    case .key(.right, _): cursor = min(characters.count, cursor + 1)
    case .key(.home, _), .control("a"): cursor = 0
    case .key(.end, _), .control("e"): cursor = characters.count
    case .key(.backspace, _), .control("h"):
      guard cursor > 0 else { return [] }
      characters.remove(at: cursor - 1)
      cursor -= 1
    case .key(.delete, _), .control("d"):
      guard cursor < characters.count else { return [] }
      characters.remove(at: cursor)
    case .control("u"):
      characters.removeSubrange(0..<cursor)
      cursor = 0
    case .control("k"):
      characters.removeSubrange(cursor...)
    case .control("w"):
      var start = cursor
      while start > 0, characters[start - 1] == " " { start -= 1 }
      while start > 0, characters[start - 1] != " " { start -= 1 }
      characters.removeSubrange(start..<cursor)
      cursor = start
    case .key(.character(let character), let modifiers)
    where modifiers.isDisjoint(with: [.control, .alt]):
      characters.insert(character, at: cursor)
      cursor += 1
    case .paste(let text):
      let cleaned = text.map { $0.isNewline || $0 == "\t" ? " " : $0 }.filter {
        !$0.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
      }
      characters.insert(contentsOf: cleaned, at: cursor)
      cursor += cleaned.count
    default:
      return []
    }
    let draft = String(characters)
    guard draft.utf8.count <= BrowseScene.maximumQueryLength else {
      state.note = "the query line holds at most \(BrowseScene.maximumQueryLength) bytes"
      return []
    }
    state.cursor = cursor
    guard draft != state.draft else { return [] }
    state.draft = draft
    // Every keystroke recompiles: a query that compiles is shown at once; one that does
    // not keeps the last good result on screen, with its error under the line.
    state.problem = apply(
      query: draft,
      sort: state.scene.sort,
      sectionBy: state.scene.sectionBy,
      now: now
    )
    return []
  }

  /// Closes the query line: Enter keeps the last query that compiled, Esc goes back to
  /// the query before the line was opened.
  private func closeQueryLine(keeping: Bool, now: Double) {
    if !keeping, state.scene.query != state.queryBeforeEditing {
      apply(
        query: state.queryBeforeEditing,
        sort: state.scene.sort,
        sectionBy: state.scene.sectionBy,
        now: now
      )
    }
    state.mode = .browsing
    state.problem = nil
    state.draft = state.scene.query
    state.cursor = state.draft.count
  }

  // MARK: The card

  private func detail(_ event: KeyEvent, now: Double) -> [BrowseEffect] {
    let page = max(1, cardHeight - 1)
    switch event {
    case .key(.right, _), .key(.character("n"), []): showNeighbourCard(step: 1, now: now)
    case .key(.left, _), .key(.character("p"), []): showNeighbourCard(step: -1, now: now)
    case .key(.escape, _), .key(.character("q"), []), .key(.enter, _), .key(.backspace, _):
      state.mode = .browsing
    case .key(.down, _), .key(.character("j"), []): state.detailScroll += 1
    case .key(.up, _), .key(.character("k"), []): state.detailScroll -= 1
    case .key(.pageDown, _), .key(.character(" "), []): state.detailScroll += page
    case .key(.pageUp, _): state.detailScroll -= page
    case .key(.home, _), .key(.character("g"), []): state.detailScroll = 0
    case .key(.end, _), .key(.character("G"), _): state.detailScroll = Int.max / 2
    case .wheel(let up, _, _): state.detailScroll += up ? -3 : 3
    default: break
    }
    state.detailScroll = min(max(0, state.detailScroll), max(0, cardLines().count - cardHeight))
    return []
  }

  /// Shows the card of the Pokémon `step` places away in the collection's order, without
  /// going back; the collection behind follows it. At either end the card stays.
  private func showNeighbourCard(step: Int, now: Double) {
    guard let path = selectedPath, let other = neighbour(of: path, step: step) else { return }
    select(other)
    state.detailScroll = 0
    changed(now)
  }

  // MARK: Geometry shared by the events and the rendering

  /// Whether the terminal is smaller than ``minimumSize``.
  package var isTooSmall: Bool {
    state.size.rows < Self.minimumSize.rows || state.size.columns < Self.minimumSize.columns
  }

  /// The rows of the screen the layout takes: all but the title, the query line and the
  /// footer.
  package var viewportHeight: Int { max(1, state.size.rows - 3) }

  /// The rows a card shows at a time.
  var cardHeight: Int { max(1, viewportHeight - 2) }

  /// The layout of the contents at the current size and preset, solved once per change.
  package var layout: LaidOutLayout? {
    let key = LayoutKey(
      preset: state.scene.layout,
      size: state.size,
      counts: content.itemCounts,
      version: contentVersion
    )
    if let cachedLayout, cachedLayout.key == key { return cachedLayout.layout }
    guard var spec = specs[state.scene.layout] else { return nil }
    let columns = max(1, state.size.columns)
    if state.scene.layout == .grid {
      try? LayoutPreset.setColumns(
        LayoutPreset.gridColumns(forWidth: columns),
        in: &spec,
        path: "preset 'grid'"
      )
    }
    spec.environment.container.contentSize = CGSize(
      width: Double(columns) * ASCIILayoutRenderer.pointsPerColumn,
      height: Double(viewportHeight) * ASCIILayoutRenderer.pointsPerRow
    )
    let counts = key.counts.isEmpty ? [0] : key.counts
    guard let withCounts = try? spec.replacingItemCounts(with: counts, displayPath: ""),
      let solution = try? withCounts.solve()
    else { return nil }
    let content = self.content
    let sections = (0..<counts.count).map { section in
      PokemonSection(
        identifier: "",
        name: section < content.sectionNames.count ? content.sectionNames[section] : "",
        pokemon: []
      )
    }
    var laidOut = LaidOutLayout(
      source: .preset(state.scene.layout, columns: 0),
      spec: withCounts,
      solution: solution,
      content: LaidOutLayout.Content(
        terms: state.scene.terms,
        includesForms: content.includesForms,
        sort: state.scene.sort,
        sectionKey: state.scene.sectionBy.isEmpty ? nil : state.scene.sectionBy,
        sections: sections,
        matchCount: content.matchCount,
        names: content.names
      )
    )
    laidOut.content?.lookup = { path in
      content.pokemon(at: ItemPath(section: path.section, item: path.item))
    }
    cachedLayout = (key, laidOut)
    return laidOut
  }

  /// The renderer of the layout, with the strips' offsets.
  var renderer: ASCIILayoutRenderer? {
    layout.map {
      var renderer = ASCIILayoutRenderer(
        layout: $0,
        ascii: false,
        showsStats: state.scene.layout == .row
      )
      renderer.stripOffsets = state.stripOffsets
      return renderer
    }
  }

  /// The lines of the selected Pokémon's card, as `pokedex show` prints it (without colour).
  func cardLines() -> [String] {
    guard let selected = state.selected, let pokemon = content.pokemon(for: selected) else {
      return []
    }
    let width = max(20, state.size.columns - 4)
    let card = PokemonCard(
      pokemon: pokemon,
      dex: content.context,
      names: content.names,
      style: Style(isEnabled: false),
      width: width,
      wrapWidth: width
    )
    var lines = card.render().split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init
    )
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines
  }
}
