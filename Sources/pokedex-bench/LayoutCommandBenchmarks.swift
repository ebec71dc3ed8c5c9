import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `pokedex-bench layout-cli [--pokedex PATH] [--runs N]`: times `pokedex layout` end to end,
/// as separate processes, side by side with the process floor (`pokedex --version`) and the
/// data floor (`pokedex list num<=1 --forms`: load the dex and run a query, print one row).
///
/// The binary defaults to the `pokedex` beside this executable, so build both the same way:
/// `swift build -c release --static-swift-stdlib --product pokedex` and `... --product pokedex-bench`.
/// Every command's output is checked once before it is timed.
enum LayoutCommandBenchmarks {
  static func run(_ arguments: [String]) -> Int32 {
    var runs = 21
    var binary =
      Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent("pokedex").path
      ?? "pokedex"
    var index = 0
    while index < arguments.count {
      switch arguments[index] {
      case "--runs" where index + 1 < arguments.count:
        runs = max(1, Int(arguments[index + 1]) ?? runs)
        index += 2
      case "--pokedex" where index + 1 < arguments.count:
        binary = arguments[index + 1]
        index += 2
      default:
        print("usage: pokedex-bench layout-cli [--pokedex PATH] [--runs N]")
        return 64
      }
    }
    guard FileManager.default.isExecutableFile(atPath: binary) else {
      print("error: no pokedex binary at \(binary); build it or pass --pokedex PATH")
      return 66
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pokedex-bench-layout-\(getpid())"
    )
    defer { try? FileManager.default.removeItem(at: directory) }
    let big = directory.appendingPathComponent("big.json").path
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try Data(synthetic(itemCount: 1_000_000, columns: 5).utf8).write(
        to: URL(fileURLWithPath: big)
      )
    } catch {
      print("error: cannot write the synthetic spec: \(error)")
      return 73
    }

    let cases: [(name: String, arguments: [String], check: (String) -> String?)] = [
      (
        "pokedex --version (process floor, baseline)", ["--version"],
        { $0.hasPrefix("pokedex ") ? nil : "no version" }
      ),
      (
        "pokedex list num<=1 --forms (load + query floor, baseline)",
        ["list", "num<=1", "--forms", "--no-prefs"],
        { $0.contains("Bulbasaur") ? nil : "expected Bulbasaur" }
      ),
      (
        "pokedex layout --style grid --format json --forms (1,351 items)",
        [
          "layout", "--style", "grid", "--format", "json", "--forms", "--width", "80", "--no-prefs",
        ],
        { count("\"id\": ", in: $0) == 1351 ? nil : "expected 1351 items with ids" }
      ),
      (
        "pokedex layout --style grid --forms (ASCII, whole dex)",
        ["layout", "--style", "grid", "--forms", "--width", "80", "--no-prefs"],
        { $0.contains("#1025") || $0.contains("#0001") ? nil : "no Pokémon drawn" }
      ),
      (
        "pokedex layout --spec big.json --viewport 500000:50 (1,000,000 items, ASCII screen)",
        ["layout", "--spec", big, "--viewport", "500000:50", "--no-prefs"],
        { out in
          let lines = out.split(separator: "\n", omittingEmptySubsequences: false).count - 1
          return lines == 50 && out.contains("[0, 250000]")
            ? nil : "expected 50 rows showing item 250000"
        }
      ),
    ]
    print("layout-cli benchmarks: \(binary), \(runs) runs each, wall time of the whole process")
    var measurements: [Measurement] = []
    for test in cases {
      let output = directory.appendingPathComponent("check.out").path
      guard let status = spawn(binary, test.arguments, stdout: output), status == 0 else {
        print("error: '\(test.name)' failed")
        return 1
      }
      let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
      if let problem = test.check(text) {
        check(false, "\(test.name): \(problem)")
      }
      measurements.append(
        measure(test.name, runs: runs, warmup: 2) { _ in
          spawn(binary, test.arguments, stdout: "/dev/null") ?? -1
        }
      )
    }
    printTable("pokedex layout, end to end", measurements)
    return 0
  }

  private static func count(_ needle: String, in text: String) -> Int {
    text.components(separatedBy: needle).count - 1
  }

  /// Runs `binary` with `arguments`, stdout to `path`, stderr discarded; returns its status.
  private static func spawn(_ binary: String, _ arguments: [String], stdout path: String) -> Int32?
  {
    spawnAndWait(
      [binary] + arguments,
      stdout: path,
      environment: ["PATH=/usr/bin:/bin", "POKEDEX_NO_PREFS=1"]
    )
  }

  /// A spec of `itemCount` items in one section, `columns` to a 160-pt row of a 640-pt container.
  static func synthetic(itemCount: Int, columns: Int) -> String {
    """
    {"environment": {"containerSize": {"width": 640, "height": 800}, "displayScale": 1},
     "layout": {"sections": [{"itemCount": \(itemCount), "definition": {"group": {
       "kind": "group", "axis": "horizontal", "count": \(columns),
       "size": {"width": {"kind": "fractionalWidth", "value": 1}, "height": {"kind": "absolute", "value": 160}},
       "subitems": [{"kind": "item", "size": {"width": {"kind": "fractionalWidth", "value": 1},
                                             "height": {"kind": "fractionalHeight", "value": 1}}}]}}}]}}
    """
  }
}
