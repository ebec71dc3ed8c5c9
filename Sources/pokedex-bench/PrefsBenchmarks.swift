import Foundation
import PlistPreferences

/// `pokedex-bench prefs`: PlistPreferences against Foundation's `UserDefaults`
/// in the same run, on the same file system.
///
/// Rows: a durable commit of a small change (`set` of one integer), the same in
/// `.relaxed` mode, `UserDefaults.set` + `synchronize()`, a read with no change
/// on disk, a read right after another process-like writer committed (a full
/// refresh), and a `UserDefaults` read. Each row is the median over `--runs`
/// runs of the per-operation median.
enum PrefsBenchmarks {
  struct Row {
    var name: String
    var runs: [Double]  // per-operation medians, nanoseconds
    var median: Double { runs.sorted()[runs.count / 2] }
  }

  static func run(_ arguments: [String]) {
    func option(_ name: String, _ fallback: Int) -> Int {
      guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else {
        return fallback
      }
      return max(Int(arguments[index + 1]) ?? fallback, 1)
    }
    let runs = option("--runs", 5)
    let commits = option("--commits", 200)
    let reads = option("--reads", 200_000)
    // UserDefaults on Linux writes `$XDG_CONFIG_HOME/<suite>.plist` and reads the
    // variable once at startup, so the measurement runs in a child process whose
    // XDG_CONFIG_HOME and HOME point into a scratch directory.
    let marker = "POKEDEX_BENCH_PREFS_DIR"
    guard let directory = ProcessInfo.processInfo.environment[marker] else {
      var base = NSTemporaryDirectory()
      if let index = arguments.firstIndex(of: "--dir"), index + 1 < arguments.count {
        base = arguments[index + 1]
      }
      let scratch = (base as NSString).appendingPathComponent("pokedex-bench-prefs-\(getpid())")
      defer { try? FileManager.default.removeItem(atPath: scratch) }
      var environment = ProcessInfo.processInfo.environment
      environment[marker] = scratch
      environment["XDG_CONFIG_HOME"] = scratch + "/xdg"
      environment["HOME"] = scratch + "/home"
      let child = Process()
      child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      if let executable = Bundle.main.executableURL,
        !FileManager.default.fileExists(atPath: "/proc/self/exe")
      {
        child.executableURL = executable
      }
      child.arguments = CommandLine.arguments.dropFirst().map { $0 }
      child.environment = environment
      do {
        try FileManager.default.createDirectory(
          atPath: scratch + "/xdg",
          withIntermediateDirectories: true
        )
        try child.run()
        child.waitUntilExit()
      } catch {
        print("error: cannot start the benchmark process: \(error)")
      }
      return
    }

    let counter = PreferenceKey("counter", default: 0)
    let durable = PreferencesStore(path: directory + "/durable/prefs.plist")
    let relaxed = PreferencesStore(
      path: directory + "/relaxed/prefs.plist",
      options: PreferencesOptions(durability: .relaxed)
    )
    let other = PreferencesStore(path: directory + "/durable/prefs.plist")
    let suite = "pokedex-bench-\(getpid())"
    guard let defaults = UserDefaults(suiteName: suite) else {
      print("error: cannot open UserDefaults suite '\(suite)'")
      return
    }
    // A realistic small document: a handful of settings besides the counter.
    for store in [durable, relaxed] {
      do {
        try store.update { transaction in
          transaction["layout.style"] = .string("grid")
          transaction["layout.columns"] = .integer(3)
          transaction["list.fields"] = .array([.string("name"), .string("hp")])
        }
      } catch {
        print("error: \(error)")
        return
      }
    }
    defaults.set("grid", forKey: "layout.style")
    defaults.set(3, forKey: "layout.columns")
    defaults.set(["name", "hp"], forKey: "list.fields")

    var rows = [
      Row(name: "PlistPreferences set, durable (fsync file + dir)", runs: []),
      Row(name: "PlistPreferences set, relaxed (no fsync)", runs: []),
      Row(name: "UserDefaults set + synchronize()", runs: []),
      Row(name: "PlistPreferences read, no change on disk", runs: []),
      Row(name: "PlistPreferences read after another writer's commit", runs: []),
      Row(name: "UserDefaults integer(forKey:)", runs: []),
    ]
    var value = 0
    for _ in 0..<runs {
      rows[0].runs.append(
        medianOfEach(commits) {
          value += 1
          try? durable.set(value, for: counter)
        }
      )
      guard durable[counter] == value,
        PreferencesStore(path: durable.location.path)[counter] == value
      else {
        print("error: the durable store lost a commit")
        return
      }
      rows[1].runs.append(
        medianOfEach(commits) {
          value += 1
          try? relaxed.set(value, for: counter)
        }
      )
      guard PreferencesStore(path: relaxed.location.path)[counter] == value else {
        print("error: the relaxed store lost a commit")
        return
      }
      rows[2].runs.append(
        medianOfEach(commits) {
          value += 1
          defaults.set(value, forKey: "counter")
          blackHole(defaults.synchronize())
        }
      )
      guard defaults.integer(forKey: "counter") == value else {
        print("error: UserDefaults lost a value")
        return
      }
      rows[3].runs.append(
        perOperation(reads) {
          blackHole(durable[counter])
        }
      )
      // Another store on the same file commits; the measured read must notice.
      var refreshTimes: [Double] = []
      for _ in 0..<commits {
        value += 1
        try? other.set(value, for: counter)
        let start = DispatchTime.now().uptimeNanoseconds
        let seen = durable[counter]
        refreshTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start))
        guard seen == value else {
          print("error: a read missed another writer's commit")
          return
        }
      }
      rows[4].runs.append(refreshTimes.sorted()[refreshTimes.count / 2])
      rows[5].runs.append(
        perOperation(reads) {
          blackHole(defaults.integer(forKey: "counter"))
        }
      )
    }
    defaults.removePersistentDomain(forName: suite)

    print(
      "PlistPreferences vs UserDefaults, \(runs) runs, \(commits) commits and \(reads) reads per run"
    )
    print("directory: \(directory)")
    print("| operation | median | runs (per-operation median) |")
    print("|---|---:|---|")
    for row in rows {
      print(
        "| \(row.name) | \(format(row.median)) | \(row.runs.map(format).joined(separator: ", ")) |"
      )
    }
  }

  /// The median duration of `count` individually timed calls, in nanoseconds.
  static func medianOfEach(_ count: Int, _ body: () -> Void) -> Double {
    var times: [Double] = []
    times.reserveCapacity(count)
    for _ in 0..<count {
      let start = DispatchTime.now().uptimeNanoseconds
      body()
      times.append(Double(DispatchTime.now().uptimeNanoseconds - start))
    }
    return times.sorted()[times.count / 2]
  }

  /// The mean duration of one of `count` calls timed together, in nanoseconds.
  static func perOperation(_ count: Int, _ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<count { body() }
    return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(count)
  }

  static func format(_ nanoseconds: Double) -> String {
    nanoseconds >= 1_000_000
      ? String(format: "%.2f ms", nanoseconds / 1_000_000)
      : nanoseconds >= 1_000
        ? String(format: "%.1f µs", nanoseconds / 1_000) : String(format: "%.0f ns", nanoseconds)
  }
}
