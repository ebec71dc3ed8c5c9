import DiffableSnapshots
import Foundation
import PokedexCLI
import PokedexKit
import PokedexTestSupport
import TerminalUI
import Testing

/// `pokedex browse` in-process: the state machine and its screens, without a terminal.
@Suite struct BrowseAppTests {
  /// The bundled dex, indexed once.
  static let index: PokedexIndex? = (try? PokedexLoader.load()).map(PokedexIndex.init)

  func makeApp(
    _ scene: BrowseScene = BrowseScene(),
    rows: Int = 24,
    columns: Int = 80,
    filters: [String: [String]] = [:]
  ) throws -> BrowseApp {
    let index = try #require(Self.index)
    let content = BrowseContent(
      index: index,
      names: NameResolver(language: "en", dex: index.pokedex),
      filters: filters,
      includesForms: false
    )
    return try BrowseApp(
      content: content,
      scene: scene,
      size: TerminalSize(rows: rows, columns: columns)
    )
  }

  func scene(query: String = "", layout: LayoutPreset = .grid, sectionBy: String = "")
    -> BrowseScene
  {
    var scene = BrowseScene()
    scene.query = query
    scene.layout = layout
    scene.sectionBy = sectionBy
    return scene
  }

  func type(_ text: String, into app: BrowseApp, now: Double = 0) {
    for character in text { app.handle(.key(.plain(.character(character))), now: now) }
  }

  func press(_ key: KeyEvent.Key, _ app: BrowseApp, times: Int = 1) {
    for _ in 0..<times { app.handle(.key(.plain(key)), now: 0) }
  }

  func selectedName(_ app: BrowseApp) -> String? {
    app.state.selected.flatMap(app.content.pokemon(for:))?.slug
  }

  // MARK: Golden screens

  /// Every layout at the three sizes the issue names, over fire types sectioned by
  /// generation (headers, several sections, a strip that scrolls sideways).
  @Test(arguments: LayoutPreset.allCases)
  func goldenScreens(layout: LayoutPreset) throws {
    for (rows, columns) in [(12, 40), (24, 80), (50, 200)] {
      let app = try makeApp(
        scene(query: "fire", layout: layout, sectionBy: "generation"),
        rows: rows,
        columns: columns
      )
      assertGolden(
        app.render().text + "\n",
        named: "browse-\(layout.rawValue)-\(columns)x\(rows).txt"
      )
    }
  }

  @Test func goldenOverlays() throws {
    let app = try makeApp(scene(query: "name:pikachu"))
    app.handle(.key(.plain(.character("?"))), now: 0)
    assertGolden(app.render().text + "\n", named: "browse-help-80x24.txt")
    app.handle(.key(.plain(.escape)), now: 0)
    app.handle(.key(.plain(.enter)), now: 0)
    assertGolden(app.render().text + "\n", named: "browse-card-80x24.txt")
  }

  // MARK: Keys

  @Test func arrowsAndVimKeysMoveTheSelection() throws {
    let app = try makeApp()  // grid of 4 columns at 80
    #expect(selectedName(app) == "bulbasaur")
    press(.right, app)
    #expect(selectedName(app) == "ivysaur")
    press(.down, app)
    #expect(selectedName(app) == "charizard")
    app.handle(.key(.plain(.character("j"))), now: 0)
    #expect(selectedName(app) == "caterpie")
    app.handle(.key(.plain(.character("k"))), now: 0)
    #expect(selectedName(app) == "charizard")
    app.handle(.key(.plain(.character("h"))), now: 0)
    #expect(selectedName(app) == "charmeleon")
    press(.left, app)
    #expect(selectedName(app) == "charmander")
    press(.up, app)
    #expect(selectedName(app) == "charmander", "the first row has nothing above")
    press(.tab, app)
    #expect(selectedName(app) == "charmeleon")
  }

  @Test func pagesAndEnds() throws {
    let app = try makeApp()
    press(.pageDown, app)
    let afterPage = try #require(app.state.selected?.position)
    #expect(afterPage > 12)
    #expect(app.state.scene.scrollRow > 0)
    press(.pageUp, app)
    #expect(app.state.selected?.position ?? 99 < afterPage)
    press(.end, app)
    #expect(selectedName(app) == "pecharunt")
    let bottom = app.render()
    #expect(bottom.text.contains("Pecharunt"))
    press(.home, app)
    #expect(selectedName(app) == "bulbasaur")
    #expect(app.state.scene.scrollRow == 0)
    app.handle(.key(.key(.character("G"), .shift)), now: 0)
    #expect(selectedName(app) == "pecharunt")
    app.handle(.key(.plain(.character("g"))), now: 0)
    #expect(selectedName(app) == "bulbasaur")
    app.handle(.key(.plain(.character(" "))), now: 0)
    #expect(app.state.scene.scrollRow > 0, "Space pages down")
  }

  @Test func enterOpensTheCardAndEscOrQGoesBack() throws {
    let app = try makeApp(scene(query: "name:charizard"))
    press(.enter, app)
    #expect(app.state.mode == .detail)
    let card = app.render().text
    #expect(card.contains("#0006 Charizard"))
    #expect(card.contains("Blaze"))
    press(.down, app, times: 3)
    #expect(app.state.detailScroll == 3)
    app.handle(.key(.plain(.character("k"))), now: 0)
    #expect(app.state.detailScroll == 2)
    press(.end, app)
    let end = app.state.detailScroll
    press(.down, app)
    #expect(app.state.detailScroll == end, "the card stops at its last line")
    press(.escape, app)
    #expect(app.state.mode == .browsing)
    press(.enter, app)
    app.handle(.key(.plain(.character("q"))), now: 0)
    #expect(app.state.mode == .browsing, "q in the card goes back, it does not quit")
  }

  @Test func layoutSortAndSectionKeysCycle() throws {
    let app = try makeApp()
    var layouts: [LayoutPreset] = []
    for _ in 0..<5 {
      app.handle(.key(.plain(.character("l"))), now: 0)
      layouts.append(app.state.scene.layout)
    }
    #expect(layouts == [.row, .list, .featured, .carousel, .grid])
    app.handle(.key(.key(.character("L"), .shift)), now: 0)
    #expect(app.state.scene.layout == .carousel)

    app.handle(.key(.plain(.character("s"))), now: 0)
    #expect(app.state.scene.sort == "name")
    #expect(selectedName(app) == "bulbasaur", "the selection follows its Pokémon")
    app.handle(.key(.plain(.character("s"))), now: 0)
    #expect(app.state.scene.sort == "bst:desc")
    #expect(app.render().line(0).contains("sort bst ↓"))

    app.handle(.key(.key(.character("S"), .shift)), now: 0)
    #expect(app.state.scene.sectionBy == "type")
    #expect(app.content.numberOfSections == 18)
    #expect(app.render().text.contains("Grass · "))
  }

  @Test func helpOverlayOpensWithQuestionMarkAndAnyKeyCloses() throws {
    let app = try makeApp()
    app.handle(.key(.plain(.character("?"))), now: 0)
    #expect(app.state.mode == .help)
    #expect(app.render().text.contains("filter by name (char) or query"))
    app.handle(.key(.plain(.character("x"))), now: 0)
    #expect(app.state.mode == .browsing)
  }

  /// `q` quits with 0; Ctrl-C, a key in raw mode, with 130 as fzf does (issue #37). Both save
  /// the scene first.
  @Test func quitKeysSaveTheScene() throws {
    for (key, status) in [(KeyEvent.plain(.character("q")), Int32(0)), (.control("c"), 130)] {
      let app = try makeApp(scene(query: "fire"))
      press(.right, app)
      let effects = app.handle(.key(key), now: 0)
      guard case .save(let saved)? = effects.first else {
        Issue.record("no save before quitting: \(effects)")
        continue
      }
      #expect(saved.query == "fire")
      #expect(saved.selection == "charmeleon")
      #expect(effects.last == .quit(status: status))
    }
    // In every mode: on the query line and on the card too.
    let app = try makeApp()
    app.handle(.key(.plain(.character("/"))), now: 0)
    #expect(app.handle(.key(.control("c")), now: 0).last == .quit(status: 130))
    press(.enter, app)
    press(.enter, app)
    #expect(app.state.mode == .detail)
    #expect(app.handle(.key(.control("c")), now: 0).last == .quit(status: 130))
  }

  /// Issue #37 item 4: typed words filter by name as fzf does (a word in any part of a
  /// name, in any language), mixed with query terms; a word no name contains is the
  /// command line's error, with its "did you mean", under the word as typed.
  @Test func bareWordsFilterByNameMixedWithQueryTerms() throws {
    let app = try makeApp()
    press(.character("/"), app)
    type("char", into: app)
    #expect(app.state.problem == nil, "\(String(describing: app.state.problem))")
    let names = (0..<app.content.numberOfItems(inSection: 0)).compactMap {
      app.content.pokemon(at: ItemPath(section: 0, item: $0))?.slug
    }
    #expect(names.starts(with: ["charmander", "charmeleon", "charizard"]), "\(names)")
    #expect(names.contains("charjabug"))
    // A substring, not only a prefix.
    press(.backspace, app, times: 4)
    type("izard", into: app)
    #expect(app.state.problem == nil)
    let izard = (0..<app.content.numberOfItems(inSection: 0)).compactMap {
      app.content.pokemon(at: ItemPath(section: 0, item: $0))?.slug
    }
    #expect(izard.contains("charizard") && !izard.contains("charmander"), "\(izard)")

    // Mixed with query terms, negated, and typed as a query term again.
    press(.backspace, app, times: 5)
    type("char type:fire", into: app)
    #expect(app.state.problem == nil)
    let fire = (0..<app.content.numberOfItems(inSection: 0)).compactMap {
      app.content.pokemon(at: ItemPath(section: 0, item: $0))
    }
    #expect(!fire.isEmpty && fire.allSatisfy { $0.types.contains("fire") })
    #expect(!fire.contains { $0.slug == "charjabug" })

    // A typo: the command line's message and suggestion, the caret under the word.
    press(.backspace, app, times: 14)
    type("fire chrizard", into: app)
    let problem = try #require(app.state.problem)
    #expect(problem.message == "unknown term 'chrizard' · did you mean 'charizard'?")
    #expect(problem.column == 5)
    #expect(problem.length == 8)
    // A misspelt type: the command line's suggestion.
    press(.backspace, app, times: 8)
    type("firre", into: app)
    #expect(app.state.problem?.message == "unknown term 'firre' · did you mean 'fire'?")
    #expect(app.render().text.contains("type a name or a query") == false)
    press(.escape, app)
    #expect(app.render().line(22).contains("/ type a name or a query"))
  }

  /// The caret of an error after a word read as a name points into the line as typed.
  @Test func errorColumnsAfterANameWordAreTheTypedOnes() {
    let terms = ["name:*char*", "spe>", "fire"]
    let typed = ["char", "spe>", "fire"]
    // `spe>` starts at 12 in the rewritten terms, at 5 as typed.
    #expect(BrowseContent.typedOffset(12, in: terms, typed: typed) == 5)
    #expect(BrowseContent.typedOffset(3, in: terms, typed: typed) == 3)
    #expect(BrowseContent.typedOffset(9, in: terms, typed: typed) == 4)
    #expect(BrowseContent.typedOffset(17, in: terms, typed: typed) == 10)
    #expect(BrowseContent.isNameWord("farfetch'd"))
    #expect(!BrowseContent.isNameWord("spe>100"))
    #expect(!BrowseContent.isNameWord("ch*"))
  }

  /// Issue #37 item 5: the title counts the selection's place (`17/81`, as fzf does), `r`
  /// reverses the sort and the title shows its direction, `s` cycles on from a reversed
  /// sort and comes back to number order, and cells show the sort key's value.
  @Test func positionCounterReverseSortAndTheSortValueInEachCell() throws {
    let app = try makeApp(scene(query: "fire"))
    #expect(app.render().line(0).contains("Pokédex · 81 Pokémon · 1/81"))
    press(.right, app, times: 16)
    #expect(app.render().line(0).contains("· 17/81"), "\(app.render().line(0))")
    press(.end, app)
    #expect(app.render().line(0).contains("· 81/81"))

    // Number order reversed: the last fire type first, and back.
    press(.character("r"), app)
    #expect(app.state.scene.sort == "num:desc")
    #expect(app.render().line(0).contains("sort number ↓"))
    press(.home, app)
    let last = try #require(selectedName(app))
    #expect(last != "charmander")
    press(.character("r"), app)
    #expect(app.state.scene.sort == "")
    #expect(app.render().line(0).contains("sort number ↑"))

    // bst:desc, reversed to ascending; `s` goes on to the next key from either direction.
    press(.character("s"), app, times: 2)
    #expect(app.state.scene.sort == "bst:desc")
    let highest = app.render().text
    press(.character("r"), app)
    #expect(app.state.scene.sort == "bst")
    #expect(app.render().line(0).contains("sort bst ↑"))
    press(.home, app)
    let lowest = try #require(app.state.selected.flatMap(app.content.pokemon(for:)))
    #expect(app.render().text.contains("BST \(lowest.stats.total)"))
    #expect(highest.contains("BST "), "each cell shows the total it is sorted by")
    press(.character("s"), app)
    #expect(app.state.scene.sort == "hp:desc")
    press(.character("s"), app, times: BrowseCycles.sorts.count - 3)
    #expect(app.state.scene.sort == "", "the cycle comes back to number order")
    #expect(!app.render().text.contains("BST "), "number order shows no value")
  }

  /// Issue #37 item 5: at wide sizes the list layout is a table, each stat in the same
  /// column on every row; narrow, it stays number, name and types.
  @Test func theWideListIsATableWithColumns() throws {
    let wide = try makeApp(scene(query: "fire", layout: .list), rows: 50, columns: 200).render()
    let rows = (0..<50).map { wide.line($0) }.filter { $0.contains("#0") }
    #expect(rows.count >= 10)
    for header in ["HP ", "Atk ", "SpA ", "BST "] {
      let columns = Set(
        rows.compactMap { row in
          row.range(of: header).map { row.distance(from: row.startIndex, to: $0.lowerBound) }
        }
      )
      #expect(columns.count == 1, "\(header) in columns \(columns.sorted())")
    }
    let narrow = try makeApp(scene(query: "fire", layout: .list)).render()
    #expect(!narrow.text.contains("HP "))
  }

  /// Issue #37 item 6: on the card, → and `n` show the next Pokémon's card, ← and `p` the
  /// previous one, without going back; the collection behind follows, and the ends stay.
  @Test func theCardShowsTheNextAndPreviousPokemon() throws {
    let app = try makeApp(scene(query: "fire"))
    press(.enter, app)
    #expect(app.state.mode == .detail)
    #expect(app.render().text.contains("Charmander"))
    press(.character("j"), app)
    press(.right, app)
    #expect(app.state.mode == .detail)
    #expect(selectedName(app) == "charmeleon")
    #expect(app.state.detailScroll == 0, "a new card starts at its top")
    #expect(app.render().text.contains("Charmeleon"))
    press(.character("n"), app)
    #expect(selectedName(app) == "charizard")
    press(.character("p"), app)
    press(.left, app)
    #expect(selectedName(app) == "charmander")
    press(.left, app)
    #expect(selectedName(app) == "charmander", "the first card stays")
    #expect(app.state.hasUnsavedChanges)
    press(.escape, app)
    #expect(app.state.mode == .browsing)
  }

  /// Issue #37 item 7: `f` lists alternate forms and back, the title says so, and the
  /// saved scene keeps it.
  @Test func formsAreToggledByAKeyShownAndSaved() throws {
    let app = try makeApp(scene(query: "name:charizard"))
    #expect(app.content.matchCount == 1)
    #expect(!app.render().line(0).contains("forms"))
    press(.character("f"), app)
    #expect(app.content.matchCount > 1, "Mega Charizard X and Y, Gigantamax")
    #expect(app.render().line(0).contains("· forms"), "\(app.render().line(0))")
    #expect(app.sceneToSave.includesForms)
    #expect(app.state.hasUnsavedChanges)
    press(.character("f"), app)
    #expect(app.content.matchCount == 1)
    #expect(!app.sceneToSave.includesForms)

    var saved = BrowseScene()
    saved.includesForms = true
    let data = try JSONEncoder().encode(saved)
    #expect(String(decoding: data, as: UTF8.self).contains("\"forms\":true"))
    #expect(try JSONDecoder().decode(BrowseScene.self, from: data).includesForms)
    let old = Data(#"{"query":"fire"}"#.utf8)
    #expect(try JSONDecoder().decode(BrowseScene.self, from: old).includesForms == false)
  }

  /// Issue #37: in the row layout every stat bar starts in the same column and is drawn on
  /// the same scale, so the bars compare from row to row (Charizard's 109 used to push its
  /// bar one column right of Charmander's).
  @Test func rowStatBarsShareAColumnAndAScale() throws {
    let app = try makeApp(scene(query: "fire", layout: .row), rows: 50, columns: 200)
    let screen = app.render()
    var starts: Set<Int> = []
    var ends: [(total: Int, end: Int)] = []
    for row in 0..<50 {
      let line = Array(screen.line(row))
      guard let bst = line.firstIndex(of: "B"), line[bst...].starts(with: "BST"),
        let bar = line.firstIndex(where: { "█▏▎▍▌▋▊▉".contains($0) })
      else { continue }
      starts.insert(bar)
      let total = Int(String(line[(bst + 3)..<bar]).trimmingCharacters(in: .whitespaces)) ?? -1
      let end = line[bar...].lastIndex(where: { "█▏▎▍▌▋▊▉".contains($0) }) ?? bar
      ends.append((total, end))
    }
    #expect(ends.count >= 5)
    #expect(starts.count == 1, "bars start in columns \(starts.sorted())")
    // One scale: a larger total never has a shorter bar.
    for first in ends {
      for second in ends where first.total < second.total {
        #expect(first.end <= second.end, "\(first) vs \(second)")
      }
    }
  }

  @Test func mouseWheelScrollsAndClickSelects() throws {
    let app = try makeApp()
    app.handle(.key(.wheel(up: false, row: 5, column: 5)), now: 0)
    #expect(app.state.scene.scrollRow == 3)
    app.handle(.key(.wheel(up: true, row: 5, column: 5)), now: 0)
    #expect(app.state.scene.scrollRow == 0)
    // Row 10 of the screen (1-based, as reported) is the second grid row; column 30 the second cell.
    app.handle(.key(.mouse(button: 0, pressed: true, row: 10, column: 30)), now: 0)
    #expect(selectedName(app) == "charizard")
  }

  @Test func carouselScrollsSideways() throws {
    let app = try makeApp(scene(query: "gen:1", layout: .carousel))
    #expect(app.state.stripOffsets.isEmpty)
    press(.right, app, times: 4)
    #expect(selectedName(app) == "charmeleon")
    #expect((app.state.stripOffsets[0] ?? 0) > 0)
    let screen = app.render().text
    #expect(screen.contains("Charmeleon"))
    #expect(!screen.contains("Bulbasaur"), "the strip scrolled past the first cells")
    #expect(screen.contains("‹"))
    press(.home, app)
    #expect(app.state.stripOffsets.isEmpty)
  }

  // MARK: The query line

  @Test func typingFiltersAtEveryKeystroke() throws {
    let app = try makeApp()
    app.handle(.key(.plain(.character("/"))), now: 0)
    #expect(app.state.mode == .editingQuery)
    type("fir", into: app)
    #expect(app.state.problem == nil, "'fir' is no term yet: it filters by name")
    #expect(app.content.matchCount < 1025)
    type("e", into: app)
    #expect(app.state.problem == nil)
    #expect(app.content.matchCount == 81)
    #expect(app.render().line(0).contains("81 Pokémon"))
    press(.enter, app)
    #expect(app.state.mode == .browsing)
    #expect(app.state.scene.query == "fire")
  }

  @Test func aQueryThatDoesNotCompileShowsACaretAndKeepsTheLastResult() throws {
    let app = try makeApp()
    app.handle(.key(.plain(.character("/"))), now: 0)
    type("fire spe", into: app)
    let lastGood = app.content.matchCount
    type(">", into: app)
    let problem = try #require(app.state.problem)
    #expect(problem.message.contains("spe>"))
    #expect(app.content.matchCount == lastGood, "the last good result stays")
    let screen = app.render()
    #expect(screen.line(22) == "/ fire spe>")
    // The caret is under 'spe>', the fifth character after "/ ".
    let caretLine = screen.line(23)
    #expect(caretLine.hasPrefix("       ^"), "\(caretLine)")
    #expect(caretLine.contains(problem.message))
    type("100", into: app)
    #expect(app.state.problem == nil)
    #expect(app.content.matchCount < 81)
    #expect(app.content.matchCount > lastGood)
  }

  @Test func escapeUndoesTheEditAndLineEditingKeysWork() throws {
    let app = try makeApp(scene(query: "fire"))
    app.handle(.key(.plain(.character("/"))), now: 0)
    type(" gen:1", into: app)
    #expect(app.content.matchCount == 12)
    press(.home, app)
    app.handle(.key(.plain(.delete)), now: 0)
    #expect(app.state.draft == "ire gen:1")
    app.handle(.key(.control("e")), now: 0)
    app.handle(.key(.control("w")), now: 0)
    #expect(app.state.draft == "ire ")
    press(.backspace, app)
    press(.left, app)
    app.handle(.key(.control("u")), now: 0)
    #expect(app.state.draft == "e")
    app.handle(.key(.paste("wat\ner")), now: 0)
    #expect(app.state.draft == "wat ere")
    press(.escape, app)
    #expect(app.state.scene.query == "fire")
    #expect(app.content.matchCount == 81)
    #expect(app.state.mode == .browsing)
  }

  @Test func aSavedQueryThatNoLongerCompilesOpensTheLineWithItsError() throws {
    let app = try makeApp(scene(query: "@gone"))
    #expect(app.state.mode == .editingQuery)
    #expect(app.state.problem?.message.contains("gone") == true)
    #expect(app.content.matchCount == 1025)
  }

  @Test func noResultsSaysSo() throws {
    let app = try makeApp(scene(query: "fire hp>250"))
    #expect(app.render().text.contains("No Pokémon match 'fire hp>250'."))
    for key: KeyEvent.Key in [.up, .down, .left, .right, .pageDown, .pageUp, .home, .end, .enter] {
      press(key, app)
    }
    #expect(app.state.mode == .browsing)
  }

  // MARK: Resize and small terminals

  @Test func resizeKeepsTheSelectionInView() throws {
    let app = try makeApp()
    press(.down, app, times: 10)
    let selected = try #require(selectedName(app))
    app.handle(.resize(TerminalSize(rows: 12, columns: 40)), now: 0)
    #expect(selectedName(app) == selected)
    let id = try #require(app.state.selected)
    let name = try #require(app.content.pokemon(for: id)?.names["en"])
    #expect(app.render().text.contains(name))
    app.handle(.resize(TerminalSize(rows: 50, columns: 200)), now: 0)
    #expect(app.render().text.contains(name))
  }

  @Test func aTooSmallTerminalSaysSoUntilResized() throws {
    let app = try makeApp(rows: 6, columns: 30)
    let text = app.render().text
    #expect(text.contains("Terminal too small: 30×6."))
    #expect(text.contains("Browsing needs 32×8."))
    press(.down, app)
    app.handle(.resize(TerminalSize(rows: 24, columns: 80)), now: 0)
    #expect(app.render().text.contains("Bulbasaur"))
    let small = try makeApp(rows: 6, columns: 30)
    #expect(small.handle(.key(.plain(.character("q"))), now: 0).last == .quit(status: 0))
  }

  // MARK: Lifecycle

  @Test func changesAreSavedAfterAnIdleSecond() throws {
    let app = try makeApp()
    #expect(app.handle(.tick, now: 5).isEmpty, "nothing changed")
    app.handle(.key(.plain(.down)), now: 10)
    #expect(app.handle(.tick, now: 10.5).isEmpty, "not idle for a second yet")
    let effects = app.handle(.tick, now: 11.01)
    guard case .save(let scene)? = effects.first else {
      Issue.record("no save after an idle second: \(effects)")
      return
    }
    #expect(scene.selection == "charmeleon")
    #expect(app.handle(.tick, now: 12).isEmpty, "saved once")
    // A failed save shows in the footer and is tried again after the next idle second.
    app.saveFailed("disk full", now: 13)
    #expect(app.render().line(23).contains("not saved: disk full"))
    #expect(app.handle(.tick, now: 13.5).isEmpty)
    guard case .save? = app.handle(.tick, now: 14.1).first else {
      Issue.record("the failed save was not retried")
      return
    }
  }

  @Test func signalsSaveThenSuspendOrQuit() throws {
    let app = try makeApp()
    let suspend = app.handle(.suspend, now: 0)
    #expect(suspend.count == 2 && suspend.last == .suspend)
    #expect(app.handle(.key(.control("z")), now: 0).last == .suspend)
    #expect(app.handle(.resume, now: 0) == [.redrawAll])
    #expect(app.handle(.key(.control("l")), now: 0) == [.redrawAll])
    let term = app.handle(.terminate(signal: 15), now: 0)
    #expect(term.last == .quitBySignal(15))
    guard case .save? = term.first else {
      Issue.record("no save on SIGTERM: \(term)")
      return
    }
  }

  @Test func sceneRestorationBringsBackQuerySortSectionsLayoutSelectionAndScroll() throws {
    let app = try makeApp(scene(query: "water", layout: .list, sectionBy: "generation"))
    app.handle(.key(.plain(.character("s"))), now: 0)
    press(.down, app, times: 30)
    guard case .save(let saved)? = app.handle(.key(.plain(.character("q"))), now: 0).first else {
      Issue.record("no save on quit")
      return
    }
    let restored = try makeApp(saved)
    #expect(restored.state.scene.query == "water")
    #expect(restored.state.scene.sort == "name")
    #expect(restored.state.scene.sectionBy == "generation")
    #expect(restored.state.scene.layout == .list)
    #expect(selectedName(restored) == selectedName(app))
    #expect(restored.state.scene.scrollRow == app.state.scene.scrollRow)
    #expect(restored.render() == app.render())
  }

  @Test func aSelectionListedInSeveralSectionsIsRestoredInItsSection() throws {
    let app = try makeApp(scene(query: "name:charizard", sectionBy: "types"))
    press(.right, app)  // Charizard under Flying
    guard case .save(let saved)? = app.handle(.suspend, now: 0).first else {
      Issue.record("no save on suspend")
      return
    }
    #expect(saved.selectionSection == "fire", "Flying comes first in type-chart order")
    let restored = try makeApp(saved)
    #expect(restored.state.selected == app.state.selected)
  }

  // MARK: The writer

  /// Replaying the writer's bytes for each frame of a key script on a tiny terminal model
  /// gives exactly the frame the app drew; after the first frame, each key writes a small
  /// part of a full repaint.
  @Test func theWriterReproducesEveryFrame() throws {
    let app = try makeApp()
    var terminal = TerminalModel(showing: ScreenBuffer(rows: 24, columns: 80))
    var previous: ScreenBuffer?
    var script: [BrowseEvent] = [.key(.plain(.character("/")))]
    script += "fire spe>1".map { .key(.plain(.character($0))) }
    script += [.key(.plain(.enter)), .key(.plain(.down)), .key(.plain(.character("l")))]
    script += [.resize(TerminalSize(rows: 30, columns: 100)), .key(.plain(.enter))]
    for event in script {
      app.handle(event, now: 0)
      let frame = app.render()
      if previous.map({ $0.rows != frame.rows || $0.columns != frame.columns }) ?? false {
        previous = nil
        terminal = TerminalModel(showing: ScreenBuffer(rows: frame.rows, columns: frame.columns))
      }
      terminal.apply(ScreenWriter.update(from: previous, to: frame))
      #expect(terminal.unknown.isEmpty)
      #expect(terminal.screen == frame, "after \(event)")
      previous = frame
    }
  }

  @Test func movingTheSelectionWritesFarLessThanARepaint() throws {
    let app = try makeApp()
    let first = app.render()
    let full = ScreenWriter.update(from: nil, to: first).count
    app.handle(.key(.plain(.right)), now: 0)
    let step = ScreenWriter.update(from: first, to: app.render()).count
    #expect(step * 5 < full, "\(step) bytes for one step, \(full) for the whole screen")
  }

  // MARK: The command

  @Test func browseWithoutATerminalExits64AndSuggestsList() {
    let result = pokedex("browse", "fire")
    #expect(result.code == .usage)
    #expect(result.stderr.contains("browse needs a terminal"))
    #expect(result.stderr.contains("pokedex list"))
    #expect(result.stdout.isEmpty)
  }

  @Test func sceneValidation() {
    var scene = BrowseScene()
    #expect(scene.problem == nil)
    scene.sort = "speed:sideways"
    #expect(scene.problem != nil)
    scene.sort = ""
    scene.scrollRow = -1
    #expect(scene.problem != nil)
    scene.scrollRow = 0
    scene.query = String(repeating: "a", count: BrowseScene.maximumQueryLength + 1)
    #expect(scene.problem != nil)
  }
}
