import CollectionLayout
import DiffableSnapshots
import Foundation
import PlistPreferences
import SeededRandom

// `pokedex-bench engines [--runs N] [--only diff|fetch|layout|prefs]`: issue #32. Each
// speed-only mechanism the engines keep, against its plain twin, side by side in one run
// (the two run in turn, A, B, A, B, ...), at the scale the tool meets (the bundled dex's
// 1,351 Pokémon, the ten keys of the preferences file) and at 100,000 items to show how
// cost grows. Both versions' results are compared before anything is timed. A row's ratio
// is plain / optimized; a mechanism stays only while it is at least 2x at the tool's
// scale (BENCHMARKS.md, "Engines").

enum EngineBenchmarks {
  /// One measured pair.
  struct Row {
    var mechanism: String
    var workload: String
    var scale: Int
    var plain: Double
    var optimized: Double
    var ratio: Double { plain / max(optimized, 1) }
  }

  static func run(_ arguments: [String]) -> Int32 {
    let usage = "pokedex-bench engines [--runs N] [--only diff|fetch|layout|prefs]"
    guard let runs = runsOption(arguments, default: 31, usage: usage) else { return 64 }
    var only: String?
    if let flag = arguments.firstIndex(of: "--only") {
      guard arguments.indices.contains(flag + 1) else {
        FileHandle.standardError.write(Data("usage: \(usage)\n".utf8))
        return 64
      }
      only = arguments[flag + 1]
    }
    let groups: [(String, (Int) -> [Row])] = [
      ("diff", diffRows), ("fetch", fetchRows), ("layout", layoutRows), ("prefs", prefsRows),
    ]
    var rows: [Row] = []
    for (name, rowsOf) in groups where only == nil || only == name {
      rows += rowsOf(runs)
    }
    print(
      "\n### The engines' mechanisms against their plain twins (medians of \(runs) runs, in turn)\n"
    )
    print("| mechanism | workload | scale | plain | optimized | plain / optimized |")
    print("|---|---|---:|---:|---:|---:|")
    for row in rows {
      print(
        "| \(row.mechanism) | \(row.workload) | \(row.scale.formatted()) | "
          + "\(formatDuration(row.plain)) | \(formatDuration(row.optimized)) | "
          + String(format: "%.2fx", row.ratio) + " |"
      )
    }
    return 0
  }

  // MARK: Timing

  /// How many calls of `body` last about 0.2 ms, so that short calls are timed in a batch.
  static func batch(_ body: () -> Any) -> Int {
    let start = now()
    blackHole(body())
    return max(1, Int(200_000 / max(1, now() - start)))
  }

  /// The medians of `plain` and `optimized` per call, run in turn.
  static func pair(
    _ mechanism: String,
    _ workload: String,
    scale: Int,
    runs: Int,
    plain: @escaping () -> Any,
    optimized: @escaping () -> Any
  ) -> Row {
    let plainBatch = batch(plain)
    let optimizedBatch = batch(optimized)
    let measured = measureInterleaved(
      [
        (
          "plain",
          {
            for _ in 0..<plainBatch { blackHole(plain()) }
            return 0
          }
        ),
        (
          "optimized",
          {
            for _ in 0..<optimizedBatch { blackHole(optimized()) }
            return 0
          }
        ),
      ],
      runs: runs
    )
    return Row(
      mechanism: mechanism,
      workload: workload,
      scale: scale,
      plain: measured[0].median / Double(plainBatch),
      optimized: measured[1].median / Double(optimizedBatch)
    )
  }

  // MARK: Diffs

  /// A row identifier like the browser's: a position and a section.
  struct RowID: Hashable, Sendable {
    var position: Int32
    var section: Int32
  }

  static func ids(_ positions: some Sequence<Int>) -> [RowID] {
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

  /// Sections whose items did not change, skipped by the diff, against scanned.
  static func diffRows(runs: Int) -> [Row] {
    var rows: [Row] = []
    for count in [1_351, 100_000] {
      // Sections by type.
      let sectioned = (0..<18).map { section in
        ("type \(section)", ids(stride(from: section, to: count, by: 18)))
      }
      var moved = sectioned
      moved[0].1.append(moved[0].1.removeFirst())
      // A key that does not change the results: the same items, fetched again (new arrays).
      let again = sectioned.map { ($0.0, $0.1.map { $0 }) }
      var workloads = [
        ("a key that keeps the results, 1 section", [("", ids(0..<count))], [("", ids(0..<count))]),
        ("a key that keeps the results, 18 sections", sectioned, again),
        ("18 sections, 1 item moved in one", sectioned, moved),
      ]
      if count == 1_351 {
        // `pokedex data diff`: two versions of the dex by generation, one Pokémon removed,
        // two moved to the last generation and five added to it.
        let sizes = [151, 100, 135, 107, 156, 72, 88, 96, 446]
        let starts = sizes.indices.map { sizes[..<$0].reduce(0, +) }
        let old = zip(sizes, starts).enumerated().map {
          ("\($0.offset + 1)", ids($0.element.1..<$0.element.1 + $0.element.0))
        }
        var new = old
        new[2].1.remove(at: 40)
        let movedAway = [new[7].1.remove(at: 10), new[7].1.remove(at: 20)]
        new[8].1.insert(contentsOf: movedAway, at: 200)
        new[8].1.append(contentsOf: ids(count..<count + 5))
        workloads.append(("two dex versions, 9 generations", old, new))
      }
      for (workload, old, new) in workloads {
        let before = snapshot(old)
        let after = snapshot(new)
        let skipping = { SnapshotDiff(from: before, to: after, skippingUnchangedSections: true) }
        let scanning = { SnapshotDiff(from: before, to: after, skippingUnchangedSections: false) }
        check(skipping() == scanning(), "\(workload): the scan gives another diff")
        rows.append(
          pair(
            "unchanged sections skipped",
            workload,
            scale: count,
            runs: runs,
            plain: scanning,
            optimized: skipping
          )
        )
      }
    }
    return rows
  }

  // MARK: Fetches

  /// A fetched row: a Pokémon's position and values to filter by.
  struct FetchedRow: Equatable, Sendable {
    var id: RowID
    var total: Double
    var types: [String]
  }

  static let typeNames = [
    "normal", "fire", "water", "grass", "electric", "ice", "fighting", "poison", "ground",
    "flying", "psychic", "bug", "rock", "ghost", "dragon", "dark", "steel", "fairy",
  ]

  /// A controller that ignores the changes it is told about.
  final class IgnoringDelegate: FetchedResultsControllerDelegate {
    func controller(
      _ controller: FetchedResultsController<FetchedRow, RowID>,
      didChangeContentWith change: FetchedResultsChange<RowID>
    ) {}
  }

  /// A row as PokedexKit sorts them: section and order ranks, national number and id, name.
  struct RankedRow: Equatable, Sendable {
    var section: Int
    var rank: Int
    var number: Int
    var id: Int
    var name: String
  }

  /// Reads `key` of each row once and compares two positions by it, as a sort descriptor
  /// whose keys are not numbers or strings does.
  static func column<Key: Comparable>(_ key: @escaping (RankedRow) -> Key) -> ([RankedRow]) -> (
    Int, Int
  ) -> Int {
    { rows in
      let keys = rows.map(key)
      return { lhs, rhs in keys[lhs] < keys[rhs] ? -1 : keys[rhs] < keys[lhs] ? 1 : 0 }
    }
  }

  /// `rows` sorted by `columns` in turn, then by position: the plain sort, each key read
  /// once per row and compared through a closure.
  static func comparisonSort(_ rows: [RankedRow], by columns: [([RankedRow]) -> (Int, Int) -> Int])
    -> [RankedRow]
  {
    let comparisons = columns.map { $0(rows) }
    let order = rows.indices.sorted { lhs, rhs in
      for compare in comparisons {
        let order = compare(lhs, rhs)
        if order != 0 { return order < 0 }
      }
      return lhs < rhs
    }
    return order.map { rows[$0] }
  }

  /// The controller's identifier index left to the first change, against built by `init`;
  /// the refetch of a controller nobody observes, against one whose changes are diffed;
  /// sorting by order keys with a radix sort, against comparisons.
  static func fetchRows(runs: Int) -> [Row] {
    var rows: [Row] = []
    for count in [1_351, 100_000] {
      var shuffle = SplitMix64(seed: 17)
      let ranked = (0..<count).map { position in
        RankedRow(
          section: Int.random(in: 0..<18, using: &shuffle),
          rank: position,
          number: position * 1_025 / count + 1,
          id: position + 1,
          name: "pokemon-\(Int.random(in: 0..<count, using: &shuffle))"
        )
      }.shuffled(using: &shuffle)
      let sorts:
        [(String, [FetchRequest<RankedRow>.SortDescriptor], [([RankedRow]) -> (Int, Int) -> Int])] =
          [
            (
              "sort by national number, then id", [.init(\.number), .init(\.id)],
              [column(\.number), column(\.id)]
            ),
            (
              "sort by section rank, then order rank", [.init(\.section), .init(\.rank)],
              [column(\.section), column(\.rank)]
            ),
            (
              "sort by national number, then name", [.init(\.number), .init(\.name)],
              [column(\.number), column(\.name)]
            ),
          ]
      for (workload, descriptors, keys) in sorts {
        let request = FetchRequest<RankedRow>(sortDescriptors: descriptors)
        check(
          request.sorted(ranked) == comparisonSort(ranked, by: keys),
          "\(workload): the sorts disagree"
        )
        rows.append(
          pair(
            "order keys and a radix sort",
            workload,
            scale: count,
            runs: runs,
            plain: { comparisonSort(ranked, by: keys) },
            optimized: { request.sorted(ranked) }
          )
        )
        let inOrder = request.sorted(ranked)
        rows.append(
          pair(
            "rows in order already not sorted",
            workload + " (plain: the same rows shuffled)",
            scale: count,
            runs: runs,
            plain: { request.sorted(ranked) },
            optimized: { request.sorted(inOrder) }
          )
        )
      }
      var random = SplitMix64(seed: 11)
      let elements = (0..<count).map { position in
        FetchedRow(
          id: RowID(position: Int32(position), section: -1),
          total: Double(Int.random(in: 180..<720, using: &random)),
          types: Array(
            typeNames.shuffled(using: &random).prefix(Int.random(in: 1...2, using: &random))
          )
        )
      }
      // `pokedex list`: one fetch, its snapshot read, nothing changed.
      for (workload, predicate) in [
        ("one fetch, `bst>=300`", { @Sendable (row: FetchedRow) in row.total >= 300 }),
        ("one fetch, `type:fire`", { @Sendable (row: FetchedRow) in row.types.contains("fire") }),
      ] {
        let request = FetchRequest<FetchedRow>(predicate: predicate)
        let lazy = {
          (try? FetchedResultsController(
            elements: elements,
            fetchRequest: request,
            uncheckedIdentifiedBy: \.id
          ))?
          .snapshot
        }
        let eager = {
          (try? FetchedResultsController(
            elements: elements,
            fetchRequest: request,
            identifiedBy: \.id
          ))?.snapshot
        }
        check(lazy() == eager(), "\(workload): the controllers disagree")
        rows.append(
          pair(
            "controller's identifier index left to the first change",
            workload,
            scale: count,
            runs: runs,
            plain: eager,
            optimized: lazy
          )
        )
      }
      // `pokedex browse`: each keystroke refetches with another query; the browser applies
      // the snapshot to its data source, which diffs it there.
      let totals = [300.0, 350, 400, 350, 300, 200, 300]
      let request = FetchRequest<FetchedRow>(predicate: { $0.total >= 300 })
      guard
        let unobserved = try? FetchedResultsController(
          elements: elements,
          fetchRequest: request,
          uncheckedIdentifiedBy: \.id
        ),
        let observed = try? FetchedResultsController(
          elements: elements,
          fetchRequest: request,
          uncheckedIdentifiedBy: \.id
        )
      else { continue }
      let delegate = IgnoringDelegate()
      observed.delegate = delegate
      var step = 0
      func refetch(_ controller: FetchedResultsController<FetchedRow, RowID>) -> () -> Any {
        {
          step += 1
          let total = totals[step % totals.count]
          controller.fetchRequest.predicate = { $0.total >= total }
          try? controller.performFetch()
          return controller.snapshot.numberOfItems
        }
      }
      rows.append(
        pair(
          "no diff without observers",
          "refetch with another query",
          scale: count,
          runs: runs,
          plain: refetch(observed),
          optimized: refetch(unobserved)
        )
      )
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

  /// The visible-rect query (a binary search for the section and the instances) against a
  /// scan of every element.
  static func layoutRows(runs: Int) -> [Row] {
    var rows: [Row] = []
    for count in [1_351, 100_000] {
      var solutions: [(String, LayoutSolution, CGSize)] = []
      for name in ["grid", "featured"] {
        guard var spec = preset(name) else { continue }
        spec.sections = spec.sections.map { .init(itemCount: count, definition: $0.definition) }
        guard let solution = try? spec.solve() else { continue }
        solutions.append(("\(name) preset", solution, spec.environment.container.contentSize))
      }
      let (sizes, _) = LayoutBenchmarks.measured(count)
      if let solution = try? LayoutBenchmarks.list.solve(
        in: LayoutBenchmarks.environment,
        itemCounts: [count],
        measuredSizes: sizes
      ) {
        solutions.append(
          ("estimated list", solution, LayoutBenchmarks.environment.container.contentSize)
        )
      }
      for (name, solution, screen) in solutions {
        let height = Double(solution.contentSize.height)
        var random = SplitMix64(seed: 3)
        let rects = (0..<64).map { _ in
          CGRect(
            x: 0,
            y: Double.random(in: 0..<max(1, height - screen.height), using: &random),
            width: screen.width,
            height: screen.height
          )
        }
        func scan(_ rect: CGRect) -> [LayoutAttributes] {
          solution.allLayoutAttributes().filter { $0.frame.intersects(rect) && $0.frame.width > 0 }
        }
        for rect in rects.prefix(3) {
          check(
            solution.layoutAttributesForElements(in: rect) == scan(rect),
            "\(name): the query differs from a scan"
          )
        }
        var next = 0
        rows.append(
          pair(
            "rect query: sections and instances found by search",
            "\(name), a visible rect",
            scale: count,
            runs: runs,
            plain: {
              next += 1
              return scan(rects[next % rects.count])
            },
            optimized: {
              next += 1
              return solution.layoutAttributesForElements(in: rects[next % rects.count])
            }
          )
        )
      }
    }
    return rows
  }

  // MARK: Preferences

  /// The document kept while a `stat` says the file is unchanged, against read and parsed
  /// for each key.
  static func prefsRows(runs: Int) -> [Row] {
    let directory = NSTemporaryDirectory() + "pokedex-bench-engines-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/prefs.plist"
    // The tool's ten keys (PokedexPreferences), with values.
    let strings = ["layout.style", "list.sort", "list.format", "lang", "color"].map {
      PreferenceKey($0, default: "")
    }
    let integers = ["layout.columns", "layout.width"].map { PreferenceKey($0, default: 0) }
    let lists = ["layout.query", "list.fields"].map { PreferenceKey($0, default: [String]()) }
    let filters = PreferenceKey("filters", default: [String: [String]]())
    do {
      try PreferencesStore(path: path).update { document in
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
    /// Each key read from the store `store()` gives for it.
    func readAll(_ store: () -> PreferencesStore) -> Values {
      Values(
        strings: strings.map { store()[$0] },
        integers: integers.map { store()[$0] },
        lists: lists.map { store()[$0] },
        filters: store()[filters]
      )
    }
    // A command opens the store and reads each key once.
    let cached = { readAll { [store = PreferencesStore(path: path)] in store } }
    let reread = { readAll { PreferencesStore(path: path) } }
    check(cached() == reread(), "preferences: the two reads disagree")
    return [
      pair(
        "document kept while the file is unchanged",
        "a command: open, read the 10 keys",
        scale: 10,
        runs: runs,
        plain: reread,
        optimized: cached
      )
    ]
  }
}
