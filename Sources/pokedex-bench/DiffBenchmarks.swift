import DiffableSnapshots
import Foundation
import SeededRandom

// `pokedex-bench diff`: DiffableSnapshots' `difference(from:)` against the
// standard library's `CollectionDifference` (`difference(from:)` +
// `inferringMoves()`), flat snapshots of unique ids, side by side in one run.
//
// The standard library's Myers diff is O((N+M)·D) time and O(D²) memory, so
// each of its measurements runs in a child process (`diff-stdlib-child`) that
// is terminated after a time budget (`--stdlib-budget`, seconds) and reported
// as "> budget".

private let diffUsage = """
  usage: pokedex-bench diff [--sizes 10000,100000,1000000] [--runs 7] [--stdlib-runs 3]
                            [--stdlib-budget 10] [--ids int,string | both]
                            [--workloads churn,moves,shuffle,reverse]
         pokedex-bench diff --build [--sizes ...] [--runs 5]
    --build times building a snapshot one appendItems call per item instead.
    --ids both measures Int and String ids side by side, runs alternating, and
      prints the String/Int ratio of the medians (wall and CPU); the standard
      library is not run.
    Workloads on N unique ids 0..<N (SplitMix64, seed 42):
      churn    10% deleted and 10% new ids inserted at random positions
      moves    1% of the items moved to random positions
      shuffle  a random permutation
      reverse  the reversed order
    The standard library runs at 10,000 for every workload, at 100,000 for churn,
    moves, shuffle and reverse (cut at the budget), never at 1,000,000.
  """

/// The CPU time of the calling thread, in nanoseconds: unlike wall time, it
/// leaves out the time other processes take the core (the machine is shared).
private func threadCPUTime() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

private enum Workload: String, CaseIterable {
  case churn, moves, shuffle, reverse
}

/// The old and new orders of ids (as integers) for a workload.
private func makeWorkload(_ workload: Workload, count: Int) -> (old: [Int], new: [Int]) {
  var random = SplitMix64(seed: 42)
  let old = Array(0..<count)
  var new = old
  switch workload {
  case .churn:
    let tenth = count / 10
    var doomed = Set<Int>()
    while doomed.count < tenth { doomed.insert(Int.random(in: 0..<count, using: &random)) }
    new.removeAll { doomed.contains($0) }
    // Insert at random positions in one pass.
    var slots = (0..<tenth).map { _ in Int.random(in: 0...new.count, using: &random) }
    slots.sort()
    var merged: [Int] = []
    merged.reserveCapacity(new.count + tenth)
    var fresh = count
    var slot = 0
    for (index, id) in new.enumerated() {
      while slot < slots.count && slots[slot] == index {
        merged.append(fresh)
        fresh += 1
        slot += 1
      }
      merged.append(id)
    }
    while slot < slots.count {
      merged.append(fresh)
      fresh += 1
      slot += 1
    }
    new = merged
  case .moves:
    for _ in 0..<(count / 100) {
      let id = new.remove(at: Int.random(in: 0..<new.count, using: &random))
      new.insert(id, at: Int.random(in: 0...new.count, using: &random))
    }
  case .shuffle:
    new.shuffle(using: &random)
  case .reverse:
    new.reverse()
  }
  return (old, new)
}

/// `"pokemon-0000123"`: 15 UTF-8 bytes, a small string.
private func stringID(_ id: Int) -> String {
  let digits = String(id)
  return "pokemon-" + String(repeating: "0", count: max(0, 7 - digits.count)) + digits
}

private func option(_ name: String, in arguments: [String]) -> String? {
  guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else {
    return nil
  }
  return arguments[index + 1]
}

private func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  guard !sorted.isEmpty else { return .nan }
  return sorted.count.isMultiple(of: 2)
    ? (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2 : sorted[sorted.count / 2]
}

private func formatMilliseconds(_ value: Double) -> String {
  if value >= 1_000 { return String(format: "%.2f s", value / 1_000) }
  if value >= 100 { return String(format: "%.0f ms", value) }
  if value >= 10 { return String(format: "%.1f ms", value) }
  return String(format: "%.2f ms", value)
}

private func formatCount(_ value: Int) -> String {
  let digits = String(value)
  var result = ""
  for (index, character) in digits.enumerated() {
    if index > 0 && (digits.count - index).isMultiple(of: 3) { result.append(",") }
    result.append(character)
  }
  return result
}

/// Measures DiffableSnapshots on one workload; checks the result.
private func measureSnapshots<ID: Hashable & Sendable>(
  old oldIDs: [ID],
  new newIDs: [ID],
  expectedMoves: Int?,
  runs: Int
) -> (median: Double, min: Double, cpu: Double, build: Double, moves: Int, changes: Int) {
  func build(_ ids: [ID]) -> Snapshot<Int, ID> {
    var snapshot = Snapshot<Int, ID>()
    do {
      try snapshot.appendSections([0])
      try snapshot.appendItems(ids)
    } catch {
      print("error: cannot build the snapshot: \(error)")
    }
    return snapshot
  }
  let buildStart = now()
  let new = build(newIDs)
  let buildTime = Double(now() - buildStart) / 1e6
  let old = build(oldIDs)
  var times: [Double] = []
  var cpuTimes: [Double] = []
  var diff = new.difference(from: old)  // warm-up
  for _ in 0..<runs {
    // Free the previous result outside the timed region (with String ids,
    // releasing a million moves' identifiers is not part of the diff).
    blackHole(diff)
    diff = old.difference(from: old)
    let start = now()
    let cpuStart = threadCPUTime()
    diff = new.difference(from: old)
    cpuTimes.append(Double(threadCPUTime() - cpuStart) / 1e6)
    times.append(Double(now() - start) / 1e6)
    blackHole(diff)
  }
  // Correctness: the diff replays, and moves are the minimum where known.
  do {
    let replayed = try old.applying(diff)
    if replayed.itemIdentifiers != newIDs { print("error: the diff does not replay") }
  } catch {
    print("error: the diff does not apply: \(error)")
  }
  if let expectedMoves, diff.itemMoves.count != expectedMoves {
    print("error: \(diff.itemMoves.count) moves, expected \(expectedMoves)")
  }
  return (
    median(times), times.min() ?? .nan, median(cpuTimes), buildTime, diff.itemMoves.count,
    diff.changeCount
  )
}

/// The minimal number of moves for a permutation-with-churn: survivors not
/// in a longest increasing subsequence of their old positions (O(n log n),
/// used only to check the benchmarked diff).
private func minimalMoves(old: [Int], new: [Int]) -> Int {
  var position: [Int: Int] = [:]
  position.reserveCapacity(old.count)
  for (index, id) in old.enumerated() { position[id] = index }
  let survivors = new.compactMap { position[$0] }
  var tails: [Int] = []
  for value in survivors {
    var low = 0
    var high = tails.count
    while low < high {
      let middle = (low + high) / 2
      if tails[middle] < value { low = middle + 1 } else { high = middle }
    }
    if low == tails.count { tails.append(value) } else { tails[low] = value }
  }
  return survivors.count - tails.count
}

/// The child: one standard-library measurement; prints
/// `<milliseconds> <removals> <insertions> <moves>`.
func runStdlibDiffChild(_ arguments: [String]) {
  guard let size = option("--size", in: arguments).flatMap(Int.init),
    let workload = option("--workload", in: arguments).flatMap(Workload.init(rawValue:))
  else {
    print("error: diff-stdlib-child needs --size N --workload W")
    return
  }
  let (old, new) = makeWorkload(workload, count: size)
  func run<T: Hashable>(_ old: [T], _ new: [T]) {
    let start = now()
    let difference = new.difference(from: old).inferringMoves()
    let elapsed = Double(now() - start) / 1e6
    var moves = 0
    for change in difference.insertions {
      if case .insert(_, _, let associated) = change, associated != nil { moves += 1 }
    }
    blackHole(difference)
    print(elapsed, difference.removals.count, difference.insertions.count, moves)
  }
  if option("--ids", in: arguments) == "string" {
    run(old.map(stringID), new.map(stringID))
  } else {
    run(old, new)
  }
}

/// Runs the child `runs` times, each cut at `budget` seconds.
private func measureStdlib(
  size: Int,
  workload: Workload,
  ids: String,
  runs: Int,
  budget: Double
) -> String {
  guard let executable = Bundle.main.executableURL else { return "n/a" }
  var times: [Double] = []
  var moves = 0
  for _ in 0..<runs {
    let process = Process()
    process.executableURL = executable
    process.arguments = [
      "diff-stdlib-child", "--size", String(size), "--workload", workload.rawValue, "--ids", ids,
    ]
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch { return "cannot run: \(error)" }
    let deadline = Date().addingTimeInterval(budget)
    while process.isRunning && Date() < deadline { usleep(20_000) }
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
      return "> \(Int(budget)) s (cut)"
    }
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let fields = output.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
    guard fields.count == 4 else { return "failed: \(output)" }
    times.append(fields[0])
    moves = Int(fields[3])
  }
  return "\(formatMilliseconds(median(times))) (\(formatCount(moves)) moves)"
}

/// One diff to time repeatedly: both snapshots built once.
private struct DiffCase<ID: Hashable & Sendable> {
  let old: Snapshot<Int, ID>
  let new: Snapshot<Int, ID>
  let newIDs: [ID]
  var diff = SnapshotDiff<Int, ID>()

  init(old oldIDs: [ID], new newIDs: [ID]) {
    func build(_ ids: [ID]) -> Snapshot<Int, ID> {
      var snapshot = Snapshot<Int, ID>()
      do {
        try snapshot.appendSections([0])
        try snapshot.appendItems(ids)
      } catch {
        print("error: cannot build the snapshot: \(error)")
      }
      return snapshot
    }
    old = build(oldIDs)
    new = build(newIDs)
    self.newIDs = newIDs
    diff = new.difference(from: old)  // warm-up
  }

  /// One timed diff: (wall, CPU) in milliseconds. The previous result is
  /// freed before the clock starts, and the thread sleeps 2 ms first so that
  /// the run starts a fresh scheduler time slice (on the shared machine a
  /// slice boundary otherwise falls on the same phase of every Int/String
  /// pair, in the wall time of one of the two).
  mutating func run() -> (wall: Double, cpu: Double) {
    blackHole(diff)
    diff = old.difference(from: old)
    usleep(2_000)
    let start = now()
    let cpuStart = threadCPUTime()
    diff = new.difference(from: old)
    let cpu = Double(threadCPUTime() - cpuStart) / 1e6
    let wall = Double(now() - start) / 1e6
    blackHole(diff)
    return (wall, cpu)
  }

  /// Whether the last diff replays and has `expectedMoves` moves.
  func check(expectedMoves: Int) -> Bool {
    do {
      let replayed = try old.applying(diff)
      return replayed.itemIdentifiers == newIDs && diff.itemMoves.count == expectedMoves
    } catch {
      return false
    }
  }
}

/// `--ids both`: Int and String ids on the same workloads, runs alternating
/// (Int, String, Int, ...) so that both see the same machine; the ratio of
/// the medians is what the String target is stated in.
private func measureSideBySide(sizes: [Int], workloads: [Workload], runs: Int) {
  print(
    "Int and String ids side by side, runs alternating (each after a 2 ms sleep); "
      + "median of \(runs) each"
  )
  print("")
  print(
    "| N | workload | Int median (CPU) | String median (CPU) | String/Int wall "
      + "| String/Int CPU | moves (minimum) |"
  )
  print("|---|---|---|---|---|---|---|")
  for size in sizes {
    for workload in workloads {
      let (old, new) = makeWorkload(workload, count: size)
      let minimum = minimalMoves(old: old, new: new)
      var ints = DiffCase(old: old, new: new)
      var strings = DiffCase(old: old.map(stringID), new: new.map(stringID))
      var intTimes: [(wall: Double, cpu: Double)] = []
      var stringTimes: [(wall: Double, cpu: Double)] = []
      for run in 0..<runs {
        // Alternate which goes first, too.
        if run.isMultiple(of: 2) {
          intTimes.append(ints.run())
          stringTimes.append(strings.run())
        } else {
          stringTimes.append(strings.run())
          intTimes.append(ints.run())
        }
      }
      if !ints.check(expectedMoves: minimum) || !strings.check(expectedMoves: minimum) {
        print("error: a diff does not replay or its moves are not \(minimum)")
      }
      let intWall = median(intTimes.map(\.wall))
      let intCPU = median(intTimes.map(\.cpu))
      let stringWall = median(stringTimes.map(\.wall))
      let stringCPU = median(stringTimes.map(\.cpu))
      print(
        "| \(formatCount(size)) | \(workload.rawValue) "
          + "| \(formatMilliseconds(intWall)) (\(formatMilliseconds(intCPU))) "
          + "| \(formatMilliseconds(stringWall)) (\(formatMilliseconds(stringCPU))) "
          + "| \(String(format: "%.2fx", stringWall / intWall)) "
          + "| \(String(format: "%.2fx", stringCPU / intCPU)) "
          + "| \(formatCount(ints.diff.itemMoves.count)) (\(formatCount(minimum))) |"
      )
      fflush(nil)
    }
  }
}

/// Building a snapshot one `appendItems` call per item, to show the O(n)
/// total (Apple's and the backport's grow faster than linearly).
private func measureIncrementalBuild(sizes: [Int], runs: Int) {
  print("")
  print("| N | one appendItems call per item (median) | per item | batched, one call |")
  print("|---|---|---|---|")
  for size in sizes {
    var incremental: [Double] = []
    var batched: [Double] = []
    for _ in 0..<runs {
      var start = now()
      var snapshot = Snapshot<Int, Int>()
      do {
        try snapshot.appendSections([0, 1])
        for id in 0..<size { try snapshot.appendItems([id], toSection: id & 1) }
      } catch {
        print("error: \(error)")
      }
      incremental.append(Double(now() - start) / 1e6)
      if snapshot.numberOfItems != size || snapshot.indexOfItem(1) != (size + 1) / 2 {
        print("error: the incremental build is wrong")
      }
      blackHole(snapshot)
      start = now()
      var whole = Snapshot<Int, Int>()
      do {
        try whole.appendSections([0])
        try whole.appendItems(Array(0..<size))
      } catch {
        print("error: \(error)")
      }
      batched.append(Double(now() - start) / 1e6)
      blackHole(whole)
    }
    let perItem = median(incremental) * 1e6 / Double(size)
    print(
      "| \(formatCount(size)) | \(formatMilliseconds(median(incremental))) "
        + "| \(String(format: "%.0f ns", perItem)) | \(formatMilliseconds(median(batched))) |"
    )
  }
}

func runDiffBenchmarks(_ arguments: [String]) {
  if arguments.contains("--build") {
    let sizes = (option("--sizes", in: arguments) ?? "10000,100000,1000000")
      .split(separator: ",").compactMap { Int($0) }
    measureIncrementalBuild(
      sizes: sizes,
      runs: option("--runs", in: arguments).flatMap(Int.init) ?? 5
    )
    return
  }
  if arguments.contains("--help") {
    print(diffUsage)
    return
  }
  let sizes = (option("--sizes", in: arguments) ?? "10000,100000,1000000")
    .split(separator: ",").compactMap { Int($0) }
  let runs = option("--runs", in: arguments).flatMap(Int.init) ?? 7
  let stdlibRuns = option("--stdlib-runs", in: arguments).flatMap(Int.init) ?? 3
  let budget = option("--stdlib-budget", in: arguments).flatMap(Double.init) ?? 10
  let idKinds = (option("--ids", in: arguments) ?? "int,string").split(separator: ",")
  let workloads = (option("--workloads", in: arguments) ?? "churn,moves,shuffle,reverse")
    .split(separator: ",").compactMap { Workload(rawValue: String($0)) }
  if option("--ids", in: arguments) == "both" {
    measureSideBySide(sizes: sizes, workloads: workloads, runs: runs)
    return
  }

  print(
    "DiffableSnapshots difference(from:) vs stdlib difference(from:).inferringMoves(); "
      + "median of \(runs) (stdlib: \(stdlibRuns), cut at \(Int(budget)) s)"
  )
  print("")
  print(
    "| ids | N | workload | DiffableSnapshots median (min) | CPU median | moves (minimum) "
      + "| changes | snapshot build | stdlib (moves) |"
  )
  print("|---|---|---|---|---|---|---|---|---|")
  for kind in idKinds {
    for size in sizes {
      for workload in workloads {
        let (old, new) = makeWorkload(workload, count: size)
        let minimum = minimalMoves(old: old, new: new)
        let result =
          kind == "string"
          ? measureSnapshots(
            old: old.map(stringID),
            new: new.map(stringID),
            expectedMoves: minimum,
            runs: runs
          )
          : measureSnapshots(old: old, new: new, expectedMoves: minimum, runs: runs)
        let runsStdlib = size <= 100_000
        let stdlib =
          runsStdlib
          ? measureStdlib(
            size: size,
            workload: workload,
            ids: String(kind),
            runs: stdlibRuns,
            budget: budget
          ) : "not run"
        print(
          "| \(kind) | \(formatCount(size)) | \(workload.rawValue) "
            + "| \(formatMilliseconds(result.median)) (\(formatMilliseconds(result.min))) "
            + "| \(formatMilliseconds(result.cpu)) "
            + "| \(formatCount(result.moves)) (\(formatCount(minimum))) "
            + "| \(formatCount(result.changes)) | \(formatMilliseconds(result.build)) | \(stdlib) |"
        )
        fflush(nil)
      }
    }
  }
}
