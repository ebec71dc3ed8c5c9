import CollectionLayout
import Foundation

/// `pokedex-bench layout`: solve, converge and query a compositional layout at scale.
enum LayoutBenchmarks {
  @inline(never)
  static func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
  }

  static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

  /// The median time of `runs` runs of `body`, in nanoseconds.
  static func median(runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var times: [UInt64] = []
    for _ in 0..<runs {
      let start = now()
      try body()
      times.append(now() - start)
    }
    times.sort()
    return Double(times[times.count / 2])
  }

  static func size(_ w: LayoutDimension, _ h: LayoutDimension) -> LayoutSize {
    LayoutSize(widthDimension: w, heightDimension: h)
  }

  /// A 5-column grid of squares with spacing.
  static var grid: CompositionalLayout {
    let item = LayoutItem(layoutSize: size(.fractionalWidth(0.2), .fractionalHeight(1)))
    var group = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .fractionalWidth(0.2)),
      subitems: [item]
    )
    group.interItemSpacing = .fixed(2)
    var section = LayoutSection(group: group)
    section.interGroupSpacing = 2
    section.contentInsets = DirectionalEdgeInsets(all: 8)
    return CompositionalLayout(section: section)
  }

  /// One large item beside a column of two small ones, then a row of three.
  static var nested: CompositionalLayout {
    let large = LayoutItem(layoutSize: size(.fractionalWidth(2.0 / 3), .fractionalHeight(1)))
    let small = LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(0.5)))
    let column = LayoutGroup.vertical(
      layoutSize: size(.fractionalWidth(1.0 / 3), .fractionalHeight(1)),
      subitems: [small]
    )
    let top = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .fractionalHeight(2.0 / 3)),
      subitems: [large, column]
    )
    let third = LayoutItem(layoutSize: size(.fractionalWidth(1.0 / 3), .fractionalHeight(1)))
    let bottom = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .fractionalHeight(1.0 / 3)),
      subitems: [third]
    )
    let group = LayoutGroup.vertical(
      layoutSize: size(.fractionalWidth(1), .fractionalWidth(1)),
      subitems: [top, bottom]
    )
    return CompositionalLayout(section: LayoutSection(group: group))
  }

  /// A list of full-width rows with estimated heights.
  static var list: CompositionalLayout {
    let item = LayoutItem(layoutSize: size(.fractionalWidth(1), .estimated(44)))
    let group = LayoutGroup.vertical(
      layoutSize: size(.fractionalWidth(1), .estimated(44)),
      subitems: [item]
    )
    var section = LayoutSection(group: group)
    section.interGroupSpacing = 1
    return CompositionalLayout(section: section)
  }

  static func measured(_ count: Int) -> (MeasuredSizes, Double) {
    var sizes = MeasuredSizes()
    sizes.reserveCapacity(count, inSection: 0)
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    var total = 0.0
    for item in 0..<count {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let height = Double(30 + (state >> 33) % 91)
      total += height
      sizes[LayoutIndexPath(section: 0, item: item)] = CGSize(width: 375, height: height)
    }
    return (sizes, total)
  }

  static let environment = LayoutEnvironment(
    containerSize: CGSize(width: 375, height: 667),
    displayScale: 3
  )

  static func format(_ nanoseconds: Double) -> String {
    if nanoseconds >= 1_000_000 { return String(format: "%.2f ms", nanoseconds / 1_000_000) }
    if nanoseconds >= 1_000 { return String(format: "%.2f µs", nanoseconds / 1_000) }
    return String(format: "%.0f ns", nanoseconds)
  }

  enum Failure: Error, CustomStringConvertible {
    case wrong(String)
    var description: String {
      switch self {
      case .wrong(let what): return "benchmark check failed: \(what)"
      }
    }
  }

  static func run(arguments: [String]) throws {
    let runs = Int(arguments.first ?? "") ?? 9
    print("layout benchmarks (median of \(runs) runs, release build)")
    print("| benchmark | items | engine | baseline (eager frames / full scan) |")
    print("|---|---:|---:|---:|")
    for (name, layout) in [("5-column grid solve", grid), ("nested-group solve", nested)] {
      for count in [10_000, 100_000, 1_000_000] {
        var solution: LayoutSolution?
        let engine = try median(runs: runs) {
          solution = try layout.solve(in: environment, itemCounts: [count])
          blackHole(solution)
        }
        guard let solution else { throw Failure.wrong("no solution") }
        // Check: the last item lies inside the content and every frame is finite.
        guard let last = solution.frameForItem(at: LayoutIndexPath(section: 0, item: count - 1)),
          last.maxY <= solution.contentSize.height, last.width > 0
        else { throw Failure.wrong("\(name): last frame") }
        // Baseline: what an engine that stores a frame per item does (materialize all).
        let baseline = median(runs: max(1, runs / 3)) {
          var frames: [CGRect] = []
          frames.reserveCapacity(count)
          solution.forEachElement(in: nil) { frames.append($0.frame) }
          blackHole(frames)
        }
        print(
          "| \(name) | \(count) | \(format(engine)) | \(format(baseline)) |"
        )
      }
    }
    for count in [10_000, 100_000, 1_000_000] {
      let (sizes, total) = measured(count)
      var solution: LayoutSolution?
      let engine = try median(runs: runs) {
        solution = try list.solve(in: environment, itemCounts: [count], measuredSizes: sizes)
        blackHole(solution)
      }
      guard let solution else { throw Failure.wrong("no solution") }
      let expected = total + Double(count - 1)
      guard abs(Double(solution.contentSize.height) - expected) < 1e-6 * expected else {
        throw Failure.wrong(
          "estimated content height \(solution.contentSize.height) != \(expected)"
        )
      }
      let baseline = median(runs: max(1, runs / 3)) {
        var frames: [CGRect] = []
        frames.reserveCapacity(count)
        solution.forEachElement(in: nil) { frames.append($0.frame) }
        blackHole(frames)
      }
      print(
        "| estimated heights converge (\(count) measured) | \(count) | \(format(engine)) | \(format(baseline)) | bytes/item \(String(format: "%.1f", Double(solution.storageBytes) / Double(count)))"
      )
    }
    // Visible-rect queries over 1M-item solutions.
    let million = 1_000_000
    let (sizes, _) = measured(million)
    let solutions = [
      ("grid", try grid.solve(in: environment, itemCounts: [million])),
      ("nested", try nested.solve(in: environment, itemCounts: [million])),
      (
        "estimated list",
        try list.solve(in: environment, itemCounts: [million], measuredSizes: sizes)
      ),
    ]
    for (name, solution) in solutions {
      let height = Double(solution.contentSize.height)
      var state: UInt64 = 42
      let rects: [CGRect] = (0..<1_000).map { _ in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let y = Double(state >> 11) / Double(1 << 53) * (height - 667)
        return CGRect(x: 0, y: y, width: 375, height: 667)
      }
      // Check: the query equals a full scan for a few rects.
      for rect in rects.prefix(3) {
        let query = solution.layoutAttributesForElements(in: rect)
        let scan = solution.allLayoutAttributes().filter {
          $0.frame.intersects(rect) && $0.frame.width > 0
        }
        guard query.map(\.indexPath) == scan.map(\.indexPath) else {
          throw Failure.wrong("\(name): query differs from scan")
        }
      }
      var index = 0
      let perQuery =
        median(runs: 101) {
          for _ in 0..<100 {
            blackHole(solution.layoutAttributesForElements(in: rects[index % rects.count]))
            index += 1
          }
        } / 100
      let scan = median(runs: 3) {
        let rect = rects[index % rects.count]
        var hits = 0
        solution.forEachElement(in: nil) { if $0.frame.intersects(rect) { hits += 1 } }
        blackHole(hits)
        index += 1
      }
      print(
        "| visible-rect query (\(name), 375x667) | \(million) | \(format(perQuery)) | \(format(scan)) |"
      )
    }
  }
}
