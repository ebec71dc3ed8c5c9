import CollectionLayout
import DiffableSnapshots
import Foundation
import PlistPreferences
import TerminalUI

// `pokedex-bench engines [--runs N]`: issue #32. Each speed-only mechanism of the generic
// engines against its plain version, side by side in one run (the two run in turn, A, B,
// A, B, ...), at the scale the tool meets (the bundled dex's 1,351 Pokémon, a frame of
// 80x24 or 200x50, the ten keys of the preferences file) and at one larger scale to show
// how cost grows. Both versions' results are compared before anything is timed. A row's
// ratio is plain / optimized: a mechanism stays only where it is at least 2x on the
// tool's scale.

enum EngineBenchmarks {
  /// One measured pair.
  struct Row {
    var mechanism: String
    var workload: String
    var scale: String
    var plain: Double
    var optimized: Double
    var ratio: Double { plain / max(optimized, 1) }
  }

  static func run(_ arguments: [String]) -> Int32 {
    let usage = "pokedex-bench engines [--runs N] [--only diff|fetch|layout|terminal|prefs]"
    guard let runs = runsOption(arguments, default: 31, usage: usage) else { return 64 }
    var only: String?
    if let flag = arguments.firstIndex(of: "--only") {
      guard arguments.indices.contains(flag + 1) else {
        FileHandle.standardError.write(Data("usage: \(usage)\n".utf8))
        return 64
      }
      only = arguments[flag + 1]
    }
    var rows: [Row] = []
    let groups: [(String, (Int) -> [Row])] = [
      ("diff", diffRows), ("fetch", fetchRows), ("layout", layoutRows),
      ("terminal", terminalRows), ("prefs", prefsRows),
    ]
    for (name, rowsOf) in groups where only == nil || only == name {
      rows += rowsOf(runs)
    }
    print(
      "\n### Engine mechanisms against their plain versions (medians of \(runs) runs, in turn)\n"
    )
    print("| mechanism | workload | scale | plain | optimized | plain / optimized |")
    print("|---|---|---:|---:|---:|---:|")
    for row in rows {
      print(
        "| \(row.mechanism) | \(row.workload) | \(row.scale) | \(formatDuration(row.plain)) | "
          + "\(formatDuration(row.optimized)) | " + String(format: "%.2fx", row.ratio) + " |"
      )
    }
    return 0
  }

  // MARK: Timing

  /// The medians of `body` with the mechanism off (`set(false)`) and on, run in turn, per
  /// call of `body`: each timed run repeats it enough times to last about 0.2 ms.
  static func pair(
    _ mechanism: String,
    _ workload: String,
    scale: Int,
    runs: Int,
    set: @escaping (Bool) -> Void,
    _ body: @escaping () -> Any
  ) -> Row {
    let start = now()
    blackHole(body())
    let once = max(1, now() - start)
    let repeats = max(1, Int(200_000 / once))
    let measured = measureInterleaved(
      [
        (
          "plain",
          {
            set(false)
            defer { set(true) }
            for _ in 0..<repeats { blackHole(body()) }
            return 0
          }
        ),
        (
          "optimized",
          {
            for _ in 0..<repeats { blackHole(body()) }
            return 0
          }
        ),
      ],
      runs: runs
    )
    return Row(
      mechanism: mechanism,
      workload: workload,
      scale: scale.formatted(),
      plain: measured[0].median / Double(repeats),
      optimized: measured[1].median / Double(repeats)
    )
  }

  /// `value()` with the mechanism off, checked equal to the value with it on.
  static func checkSame<T: Equatable>(
    _ what: String,
    set: (Bool) -> Void,
    _ value: () -> T
  ) {
    let optimized = value()
    set(false)
    let plain = value()
    set(true)
    check(plain == optimized, "\(what): the plain version gives another result")
  }

  // MARK: Diffs

  /// A row identifier like the browser's: a position and a section.
  struct RowID: Hashable, Sendable {
    var position: Int32
    var section: Int32
  }

  typealias RowSnapshot = Snapshot<String, RowID>

  static func ids(_ positions: [Int]) -> [RowID] {
    positions.map { RowID(position: Int32($0), section: -1) }
  }

  static func snapshot<ID>(_ sections: [(String, [ID])]) -> Snapshot<String, ID> {
    var snapshot = Snapshot<String, ID>()
    for (name, items) in sections {
      try? snapshot.appendSections([name])
      try? snapshot.appendItems(items, toSection: name)
    }
    return snapshot
  }

  /// The old and new orders of `0..<count` for what a browser does to its list.
  static func workloads(count: Int) -> [(String, old: [Int], new: [Int])] {
    var random = SeededRandom(state: 42)
    let all = Array(0..<count)
    // A query typed: about 30 % of the rows stay, in order.
    let filtered = all.filter { _ in Int.random(in: 0..<10, using: &random) < 3 }
    var moved = all
    for _ in 0..<max(1, count / 100) {
      let item = moved.remove(at: Int.random(in: 0..<moved.count, using: &random))
      moved.insert(item, at: Int.random(in: 0...moved.count, using: &random))
    }
    return [
      ("query typed (30 % stay)", all, filtered),
      ("query deleted (all return)", filtered, all),
      ("another sort (shuffle)", all, all.shuffled(using: &random)),
      ("order reversed", all, all.reversed()),
      ("1 % moved", all, moved),
    ]
  }

  static func diffRows(runs: Int) -> [Row] {
    var rows: [Row] = []
    for count in [1_351, 100_000] {
      for (workload, old, new) in workloads(count: count) {
        let before = snapshot([("", ids(old))])
        let after = snapshot([("", ids(new))])
        let diff = { after.difference(from: before) as Any }
        let patience: (Bool) -> Void = { DiffableSnapshotsTuning.patienceTails = $0 }
        let prediction: (Bool) -> Void = { DiffableSnapshotsTuning.prediction = $0 }
        checkSame("LIS", set: patience) { after.difference(from: before) }
        checkSame("prediction", set: prediction) { after.difference(from: before) }
        rows.append(
          pair("PatienceTails (LIS)", workload, scale: count, runs: runs, set: patience, diff)
        )
        rows.append(
          pair(
            "prediction of old positions",
            workload,
            scale: count,
            runs: runs,
            set: prediction,
            diff
          )
        )
      }
      // `pokedex data diff`: two versions of the dex as generations of ids, a few Pokémon
      // added, one removed, two moved to another generation.
      if count == 1_351 {
        let generations = [151, 100, 135, 107, 156, 72, 88, 96, 446]
        var next = 0
        var old: [(String, [Int])] = []
        for (offset, size) in generations.enumerated() {
          old.append(("\(offset + 1)", Array(next..<next + size)))
          next += size
        }
        var new = old
        new[2].1.remove(at: 40)
        let moved = [new[7].1.remove(at: 10), new[7].1.remove(at: 20)]
        new[8].1.insert(contentsOf: moved, at: 200)
        new[8].1.append(contentsOf: next..<next + 5)
        let before = snapshot(old)
        let after = snapshot(new)
        let diff = { after.difference(from: before) as Any }
        for (mechanism, set) in [
          ("PatienceTails (LIS)", { DiffableSnapshotsTuning.patienceTails = $0 }),
          ("prediction of old positions", { DiffableSnapshotsTuning.prediction = $0 }),
          ("unchanged sections skipped", { DiffableSnapshotsTuning.unchangedSections = $0 }),
        ] as [(String, (Bool) -> Void)] {
          checkSame(mechanism, set: set) { after.difference(from: before) }
          rows.append(
            pair(
              mechanism,
              "two dex versions (9 generations)",
              scale: count,
              runs: runs,
              set: set,
              diff
            )
          )
        }
      }
      // String identifiers: the only diffs the ASCII index takes part in.
      var random = SeededRandom(state: 7)
      let names = (0..<count).map { "pokemon-" + String($0 + 10_000_000).dropFirst() }
      let before = snapshot([("", names)])
      let after = snapshot([("", names.shuffled(using: &random))])
      let index: (Bool) -> Void = { DiffableSnapshotsTuning.stringIndex = $0 }
      checkSame("ASCII index", set: index) { after.difference(from: before) }
      rows.append(
        pair("ASCIIIdentifierIndex", "String ids, shuffle", scale: count, runs: runs, set: index) {
          after.difference(from: before)
        }
      )
      // Sections by type: one item moves within one section, the others are unchanged.
      let sectioned = (0..<18).map { section in
        ("type \(section)", ids(Array(stride(from: section, to: count, by: 18))))
      }
      var changed = sectioned
      changed[0].1.append(changed[0].1.removeFirst())
      // A key that does not change the results: the same items, fetched again (new arrays).
      let again = sectioned.map { ($0.0, $0.1.map { $0 }) }
      let unchanged: (Bool) -> Void = { DiffableSnapshotsTuning.unchangedSections = $0 }
      for (workload, old, new) in [
        ("18 sections, 1 item moved", sectioned, changed),
        ("18 sections, same results again", sectioned, again),
        (
          "1 section, same results again", [("", ids(Array(0..<count)))],
          [("", ids(Array(0..<count)))]
        ),
      ] {
        let sectionedBefore = snapshot(old)
        let sectionedAfter = snapshot(new)
        for (mechanism, set) in [
          ("unchanged sections skipped", unchanged),
          ("PatienceTails (LIS)", { DiffableSnapshotsTuning.patienceTails = $0 }),
          ("prediction of old positions", { DiffableSnapshotsTuning.prediction = $0 }),
        ] as [(String, (Bool) -> Void)] {
          checkSame(mechanism, set: set) { sectionedAfter.difference(from: sectionedBefore) }
          rows.append(
            pair(mechanism, workload, scale: count, runs: runs, set: set) {
              sectionedAfter.difference(from: sectionedBefore)
            }
          )
        }
      }
    }
    return rows
  }

  // MARK: Fetches

  /// A fetched row: a Pokémon's position and a value to filter and sort by.
  struct Row2: Equatable, Sendable {
    var id: RowID
    var value: Double
    var name: String
    var types: [String]
  }

  final class SilentHost: DataSourceHost {
    typealias Cell = Int
    var updates = 0
    func performBatchUpdates(_ update: BatchUpdate, animated: Bool) { updates += 1 }
    func reloadData() {}
  }

  static let typeNames = [
    "normal", "fire", "water", "grass", "electric", "ice", "fighting", "poison", "ground",
    "flying", "psychic", "bug", "rock", "ghost", "dragon", "dark", "steel", "fairy",
  ]

  static func fetchRows(runs: Int) -> [Row] {
    var rows: [Row] = []
    for count in [1_351, 100_000] {
      var random = SeededRandom(state: 11)
      let elements = (0..<count).map { position in
        Row2(
          id: RowID(position: Int32(position), section: -1),
          value: Double(Int.random(in: 0..<800, using: &random)),
          name: "pokemon-\(Int.random(in: 0..<count, using: &random))",
          types: Array(
            typeNames.shuffled(using: &random).prefix(Int.random(in: 1...2, using: &random))
          )
        )
      }
      // `pokedex list`: one fetch, its snapshot read once, nothing diffed.
      let lazyItems: (Bool) -> Void = { DiffableSnapshotsTuning.lazyItemIndex = $0 }
      let lazyIDs: (Bool) -> Void = { DiffableSnapshotsTuning.lazyIdentifierIndex = $0 }
      let request = FetchRequest<Row2>(predicate: { $0.value >= 300 })
      for (name, predicate) in [
        ("one fetch, `value >= 300`", { @Sendable (row: Row2) in row.value >= 300 }),
        (
          "one fetch, `types contains fire`",
          { @Sendable (row: Row2) in row.types.contains("fire") }
        ),
      ] {
        let list = {
          let controller = try? FetchedResultsController(
            elements: elements,
            fetchRequest: FetchRequest<Row2>(predicate: predicate),
            uncheckedIdentifiedBy: { $0.id }
          )
          return controller?.snapshot.numberOfItems ?? -1
        }
        checkSame("fetch", set: lazyItems, list)
        rows.append(
          pair(
            "fetched snapshot without index",
            name,
            scale: count,
            runs: runs,
            set: lazyItems,
            list
          )
        )
        rows.append(
          pair(
            "controller's lazy identifier index",
            name,
            scale: count,
            runs: runs,
            set: lazyIDs,
            list
          )
        )
      }
      // `pokedex browse`: each keystroke refetches with another query and the data source
      // shows the result (a diff against what it shows).
      let thresholds = [300.0, 350, 400, 350, 300, 200, 300]
      guard
        let controller = try? FetchedResultsController(
          elements: elements,
          fetchRequest: request,
          uncheckedIdentifiedBy: { $0.id }
        )
      else { continue }
      let host = SilentHost()
      let dataSource = DiffableDataSource<String, RowID, SilentHost>(host: host) { _, _, _ in 0 }
      var step = 0
      let keystroke = {
        step += 1
        let threshold = thresholds[step % thresholds.count]
        controller.fetchRequest.predicate = { $0.value >= threshold }
        try? controller.performFetch()
        dataSource.apply(controller.snapshot, animatingDifferences: false)
        return dataSource.snapshot().numberOfItems
      }
      rows.append(
        pair(
          "fetched snapshot without index",
          "keystroke: refetch + apply",
          scale: count,
          runs: runs,
          set: lazyItems,
          keystroke
        )
      )
      let skips: (Bool) -> Void = { DiffableSnapshotsTuning.skipsUnobservedDiff = $0 }
      let refetch = {
        step += 1
        let threshold = thresholds[step % thresholds.count]
        controller.fetchRequest.predicate = { $0.value >= threshold }
        try? controller.performFetch()
        return controller.snapshot.numberOfItems
      }
      rows.append(
        pair(
          "no diff without observers",
          "refetch, nobody observing",
          scale: count,
          runs: runs,
          set: skips,
          refetch
        )
      )
      // Sorting a fetch by a number and by a string.
      let orderKeys: (Bool) -> Void = { DiffableSnapshotsTuning.orderKeys = $0 }
      let skipsSorted: (Bool) -> Void = { DiffableSnapshotsTuning.skipsSortedInput = $0 }
      for (name, descriptors) in [
        ("sort by a number, then name", [.init(\Row2.value), .init(\Row2.name)]),
        ("sort by name", [FetchRequest<Row2>.SortDescriptor(\Row2.name)]),
      ] {
        let sortRequest = FetchRequest<Row2>(sortDescriptors: descriptors)
        checkSame(name, set: orderKeys) { sortRequest.sorted(elements).map(\.id) }
        rows.append(
          pair("order keys + radix sort", name, scale: count, runs: runs, set: orderKeys) {
            sortRequest.sorted(elements)
          }
        )
        let sorted = sortRequest.sorted(elements)
        rows.append(
          pair(
            "sorted input not sorted again",
            name + ", in order already",
            scale: count,
            runs: runs,
            set: skipsSorted
          ) { sortRequest.sorted(sorted) }
        )
      }
    }
    return rows
  }

  // MARK: Layout

  static func preset(_ name: String) -> LayoutSpec? {
    let path = FileManager.default.currentDirectoryPath + "/Data/layouts/\(name).json"
    guard let data = FileManager.default.contents(atPath: path) else {
      FileHandle.standardError.write(Data("cannot read \(path): run from the package root\n".utf8))
      return nil
    }
    return try? LayoutSpec(jsonData: data)
  }

  static func layoutRows(runs: Int) -> [Row] {
    var rows: [Row] = []
    let handle: (Bool) -> Void = { CollectionLayoutTuning.unsafeHandle = $0 }
    let templateFrames: (Bool) -> Void = { CollectionLayoutTuning.templateFrames = $0 }
    for count in [1_351, 100_000] {
      // `pokedex layout`: a preset solved for every Pokémon, every frame rendered.
      for name in ["grid", "featured"] {
        guard var spec = preset(name) else { continue }
        spec.sections = spec.sections.map {
          LayoutSpec.Section(itemCount: count, definition: $0.definition)
        }
        let render = { (try? spec.solve())?.allLayoutAttributes() ?? [] }
        checkSame("\(name) frames", set: handle, render)
        checkSame("\(name) frames", set: templateFrames, render)
        rows.append(
          pair(
            "InstanceArranger.UnsafeHandle",
            "\(name) preset: solve + every frame",
            scale: count,
            runs: runs,
            set: handle,
            render
          )
        )
        rows.append(
          pair(
            "template leaf frames",
            "\(name) preset: solve + every frame",
            scale: count,
            runs: runs,
            set: templateFrames,
            render
          )
        )
        // `pokedex browse`: the visible rect of a solved layout, at random offsets.
        guard let solution = try? spec.solve() else { continue }
        let height = Double(solution.contentSize.height)
        var random = SeededRandom(state: 3)
        let rects = (0..<64).map { _ in
          CGRect(
            x: 0,
            y: Double.random(in: 0..<max(1, height - 384), using: &random),
            width: 640,
            height: 384
          )
        }
        var next = 0
        let query = {
          next += 1
          return solution.layoutAttributesForElements(in: rects[next % rects.count])
        }
        rows.append(
          pair(
            "template leaf frames",
            "\(name) preset: visible rect",
            scale: count,
            runs: runs,
            set: templateFrames,
            query
          )
        )
        // The rect query's search against a scan of every element.
        let scan = {
          next += 1
          let rect = rects[next % rects.count]
          return solution.allLayoutAttributes().filter {
            $0.frame.intersects(rect) && $0.frame.width > 0
          }
        }
        for rect in rects.prefix(3) {
          check(
            solution.layoutAttributesForElements(in: rect)
              == solution.allLayoutAttributes().filter {
                $0.frame.intersects(rect) && $0.frame.width > 0
              },
            "\(name): the rect query differs from a scan"
          )
        }
        let scanRow = measureInterleaved(
          [("scan", { scan() }), ("query", { query() })],
          runs: runs
        )
        rows.append(
          Row(
            mechanism: "rect query search (sections, instances)",
            workload: "\(name) preset: visible rect vs scan",
            scale: count.formatted(),
            plain: scanRow[0].median,
            optimized: scanRow[1].median
          )
        )
      }
      // Estimated heights (no preset has them): a list of rows measured one by one.
      let (sizes, _) = LayoutBenchmarks.measured(count)
      let layout = LayoutBenchmarks.list
      let solve = {
        (try? layout.solve(
          in: LayoutBenchmarks.environment,
          itemCounts: [count],
          measuredSizes: sizes
        ))?
        .contentSize ?? .zero
      }
      checkSame("estimated solve", set: handle, solve)
      rows.append(
        pair(
          "InstanceArranger.UnsafeHandle",
          "estimated list: solve",
          scale: count,
          runs: runs,
          set: handle,
          solve
        )
      )
      guard
        let solution = try? layout.solve(
          in: LayoutBenchmarks.environment,
          itemCounts: [count],
          measuredSizes: sizes
        )
      else { continue }
      let height = Double(solution.contentSize.height)
      var random = SeededRandom(state: 5)
      let rects = (0..<64).map { _ in
        CGRect(
          x: 0,
          y: Double.random(in: 0..<max(1, height - 667), using: &random),
          width: 375,
          height: 667
        )
      }
      var next = 0
      let query = {
        next += 1
        return solution.layoutAttributesForElements(in: rects[next % rects.count])
      }
      checkSame("estimated query", set: handle) {
        solution.layoutAttributesForElements(in: rects[0])
      }
      rows.append(
        pair(
          "InstanceArranger.UnsafeHandle",
          "estimated list: visible rect",
          scale: count,
          runs: runs,
          set: handle,
          query
        )
      )
    }
    return rows
  }

  // MARK: Terminal

  static func terminalRows(runs: Int) -> [Row] {
    var rows: [Row] = []
    let ascii: (Bool) -> Void = { TerminalUITuning.asciiWrite = $0 }
    let lead: (Bool) -> Void = { TerminalUITuning.wideLeadByte = $0 }
    let rowsCompared: (Bool) -> Void = { TerminalUITuning.rowComparison = $0 }
    let names = [
      "Pikachu", "Flabébé", "Charizard", "Mr. Mime", "Nidoran♀", "Farfetch’d", "Bulbasaur",
    ]
    let types = ["Electric", "Fairy", "Fire/Flying", "Psychic/Fairy", "Poison", "Normal/Flying"]
    for (rowCount, columns) in [(24, 80), (50, 200)] {
      let lines = (0..<rowCount).map { row in
        let text =
          String(format: "#%04d  ", row + 1)
          + names[row % names.count].padding(toLength: 14, withPad: " ", startingAt: 0)
          + types[row % types.count].padding(toLength: 16, withPad: " ", startingAt: 0)
          + "\(300 + row)"
        return String(text.padding(toLength: columns, withPad: " ", startingAt: 0).prefix(columns))
      }
      let draw = {
        var screen = ScreenBuffer(rows: rowCount, columns: columns)
        for (row, line) in lines.enumerated() {
          screen.write(
            line,
            row: row,
            column: 0,
            style: row == 3 ? TextStyle(foreground: .ansi(3)) : .plain
          )
        }
        return screen
      }
      let scale = rowCount * columns
      checkSame("draw", set: ascii, draw)
      rows.append(
        pair(
          "ScreenBuffer printable-ASCII write",
          "draw a \(columns)x\(rowCount) list",
          scale: scale,
          runs: runs,
          set: ascii,
          draw
        )
      )
      let frame = draw()
      let repaint = { ScreenWriter.update(from: nil, to: frame) }
      checkSame("repaint", set: lead, repaint)
      rows.append(
        pair(
          "ScreenCell.isWide lead byte",
          "full repaint \(columns)x\(rowCount)",
          scale: scale,
          runs: runs,
          set: lead,
          repaint
        )
      )
      var next = frame
      next.write(lines[5].uppercased(), row: 4, column: 0)
      next.restyle(row: 5, columns: 0..<columns) { $0.inverse = true }
      let update = { ScreenWriter.update(from: frame, to: next) }
      checkSame("update", set: rowsCompared, update)
      rows.append(
        pair(
          "ScreenWriter row comparison",
          "cursor moved \(columns)x\(rowCount)",
          scale: scale,
          runs: runs,
          set: rowsCompared,
          update
        )
      )
    }
    return rows
  }

  // MARK: Preferences

  static func prefsRows(runs: Int) -> [Row] {
    let directory = NSTemporaryDirectory() + "pokedex-bench-engines-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let store = PreferencesStore(path: directory + "/prefs.plist")
    // The tool's keys (PokedexPreferences), with values.
    let strings = ["layout.style", "list.sort", "list.format", "lang", "color"].map {
      PreferenceKey($0, default: "")
    }
    let integers = ["layout.columns", "layout.width"].map { PreferenceKey($0, default: 0) }
    let lists = ["layout.query", "list.fields"].map { PreferenceKey($0, default: [String]()) }
    let filters = PreferenceKey("filters", default: [String: [String]]())
    do {
      try store.update { document in
        for (key, value) in zip(strings, ["grid", "bst:desc,name", "table", "en", "auto"]) {
          document[key] = value
        }
        document[integers[0]] = 4
        document[integers[1]] = 120
        document[lists[0]] = ["type:fire", "gen:1"]
        document[lists[1]] = ["num", "name", "types", "bst"]
        document[filters] = ["starters": ["id:1,4,7"], "legends": ["legendary"]]
      }
    } catch {
      FileHandle.standardError.write(Data("cannot write \(directory): \(error)\n".utf8))
      return []
    }
    struct Values: Equatable {
      var strings: [String]
      var integers: [Int]
      var lists: [[String]]
      var filters: [String: [String]]
    }
    let readAll = {
      Values(
        strings: strings.map { store[$0] },
        integers: integers.map { store[$0] },
        lists: lists.map { store[$0] },
        filters: store[filters]
      )
    }
    let decode: (Bool) -> Void = { PlistPreferencesTuning.decodeCache = $0 }
    let document: (Bool) -> Void = { PlistPreferencesTuning.documentCache = $0 }
    checkSame("preferences", set: decode, readAll)
    checkSame("preferences", set: document, readAll)
    // What a command does: a store opened, each key read once.
    let command = {
      let fresh = PreferencesStore(path: directory + "/prefs.plist")
      return Values(
        strings: strings.map { fresh[$0] },
        integers: integers.map { fresh[$0] },
        lists: lists.map { fresh[$0] },
        filters: fresh[filters]
      )
    }
    return [
      pair(
        "decoded-value cache",
        "a command: open, read the 10 keys once",
        scale: 10,
        runs: runs,
        set: decode,
        command
      ),
      pair(
        "decoded-value cache",
        "the 10 keys read again",
        scale: 10,
        runs: runs,
        set: decode,
        readAll
      ),
      pair(
        "document kept while the file is unchanged",
        "a command: open, read the 10 keys once",
        scale: 10,
        runs: runs,
        set: document,
        command
      ),
      pair(
        "document kept while the file is unchanged",
        "the 10 keys read again",
        scale: 10,
        runs: runs,
        set: document,
        readAll
      ),
    ]
  }
}

/// SplitMix64, for workloads that are the same every run.
struct SeededRandom: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
