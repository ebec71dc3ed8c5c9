import Foundation

/// Keeps a value alive so the optimizer cannot delete the work that made it.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// Monotonic time in nanoseconds.
@inline(__always)
func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// Timing of one benchmark: every run's duration and their median.
struct Measurement {
  var name: String
  var nanoseconds: [UInt64]

  var median: Double {
    let sorted = nanoseconds.sorted()
    guard !sorted.isEmpty else { return 0 }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1
      ? Double(sorted[middle]) : Double(sorted[middle - 1] + sorted[middle]) / 2
  }
  var minimum: Double { Double(nanoseconds.min() ?? 0) }
}

/// Runs `body` `warmup` times untimed, then `runs` times timed, and returns the timings.
///
/// `body` receives the run index and returns a value that is sent to ``blackHole(_:)``.
func measure<T>(_ name: String, runs: Int = 11, warmup: Int = 2, _ body: (Int) throws -> T) rethrows
  -> Measurement
{
  for index in 0..<warmup { blackHole(try body(index)) }
  var timings: [UInt64] = []
  timings.reserveCapacity(runs)
  for index in 0..<runs {
    let start = now()
    let result = try body(index)
    timings.append(now() - start)
    blackHole(result)
  }
  return Measurement(name: name, nanoseconds: timings)
}

/// Like ``measure(_:runs:warmup:_:)`` for several bodies, run in turn (A, B, C, A, B, C,
/// ...) so that a shared machine's changing load falls on every row alike.
func measureInterleaved(
  _ bodies: [(name: String, body: () -> Any)],
  runs: Int = 11,
  warmup: Int = 2
) -> [Measurement] {
  for _ in 0..<warmup {
    for entry in bodies { blackHole(entry.body()) }
  }
  var timings = Array(repeating: [UInt64](), count: bodies.count)
  for _ in 0..<runs {
    for (index, entry) in bodies.enumerated() {
      let start = now()
      let result = entry.body()
      timings[index].append(now() - start)
      blackHole(result)
    }
  }
  return zip(bodies, timings).map { Measurement(name: $0.name, nanoseconds: $1) }
}

/// A duration in the most readable unit: `412 ns`, `3.21 µs`, `12.4 ms`, `1.52 s`.
func formatDuration(_ nanoseconds: Double) -> String {
  switch nanoseconds {
  case ..<1_000: return String(format: "%.0f ns", nanoseconds)
  case ..<1_000_000: return String(format: "%.2f µs", nanoseconds / 1_000)
  case ..<1_000_000_000: return String(format: "%.2f ms", nanoseconds / 1_000_000)
  default: return String(format: "%.2f s", nanoseconds / 1_000_000_000)
  }
}

/// Prints a Markdown table: one row per measurement, with median, minimum and run count.
func printTable(_ title: String, _ measurements: [Measurement], notes: [String: String] = [:]) {
  print("\n### \(title)\n")
  print("| benchmark | median | min | runs | note |")
  print("|---|---:|---:|---:|---|")
  for m in measurements {
    print(
      "| \(m.name) | \(formatDuration(m.median)) | \(formatDuration(m.minimum)) | \(m.nanoseconds.count) | \(notes[m.name] ?? "") |"
    )
  }
}

/// Stops the benchmark with a message when a result is wrong: a fast wrong answer is no result.
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition {
    FileHandle.standardError.write(Data("benchmark check failed: \(message())\n".utf8))
    exit(1)
  }
}

/// Runs `argv` (its first word the executable's path) with standard output to `path`,
/// standard error discarded and `environment` (`NAME=value`), and waits for it: its exit
/// status, or `nil` if it could not start. `posix_spawn` rather than Foundation's
/// `Process`, whose wait on Linux wakes in steps of about 50 ms.
func spawnAndWait(_ argv: [String], stdout path: String, environment: [String]) -> Int32? {
  guard let binary = argv.first else { return nil }
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
  let arguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
  defer { arguments.forEach { free($0) } }
  let variables: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
  defer { variables.forEach { free($0) } }
  var pid = pid_t()
  guard posix_spawn(&pid, binary, &actions, nil, arguments, variables) == 0 else { return nil }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  return (status >> 8) & 0xFF
}

/// The number after `--runs` in `arguments`, or `defaultRuns` without one; `nil`, after
/// `usage` on stderr, when it is not a positive whole number.
///
/// ```swift
/// guard let runs = runsOption(arguments, default: 41, usage: "pokedex-bench compat [--runs N]") else { return 64 }
/// ```
func runsOption(_ arguments: [String], default defaultRuns: Int, usage: String) -> Int? {
  guard let index = arguments.firstIndex(of: "--runs") else { return defaultRuns }
  guard index + 1 < arguments.count, let value = Int(arguments[index + 1]), value > 0 else {
    FileHandle.standardError.write(Data("usage: \(usage)\n".utf8))
    return nil
  }
  return value
}
