import Foundation

/// `pokedex-bench interleave [--runs N] COMMAND...`: whole commands run in turn (A, B, C,
/// A, B, C, ...), each run timed from spawn to exit, so that a shared machine's drift falls
/// on every row alike; hyperfine runs each command's runs back to back instead. A command's
/// words are separated by spaces (no quoting); its output is discarded.
///
///   pokedex-bench interleave --runs 40 "$bin show pikachu" "$bin learnset pikachu"
enum InterleavedCommands {
  static func run(_ arguments: [String]) -> Int32 {
    var runs = 40
    var commands: [[String]] = []
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      if argument == "--runs" {
        guard let value = rest.popFirst().flatMap({ Int($0) }), (1...10_000).contains(value) else {
          print("pokedex-bench interleave: --runs needs a number of runs, 1 to 10000")
          return 64
        }
        runs = value
      } else {
        let words = argument.split(separator: " ").map(String.init)
        guard !words.isEmpty else { continue }
        commands.append(words)
      }
    }
    guard !commands.isEmpty else {
      print("usage: pokedex-bench interleave [--runs N] COMMAND...")
      return 64
    }
    // A command that fails measures nothing: check each once before timing.
    for words in commands where spawn(words) != 0 {
      print("pokedex-bench interleave: '\(words.joined(separator: " "))' failed")
      return 1
    }
    let rows = measureInterleaved(
      commands.map { words in (words.joined(separator: " "), { spawn(words) as Any }) },
      runs: runs,
      warmup: 3
    )
    let first = rows[0].median
    var notes: [String: String] = [:]
    for row in rows.dropFirst() {
      notes[row.name] = String(format: "%.2fx the first row", row.median / max(first, 1))
    }
    printTable("Whole commands, interleaved, \(runs) rounds", rows, notes: notes)
    return 0
  }

  /// Runs `words` (the first a path, or a name found on `PATH`) with its output discarded
  /// and this process's environment, and returns its exit status (-1 if it could not start).
  private static func spawn(_ words: [String]) -> Int32 {
    var argv = words
    argv[0] = executablePath(words[0])
    let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
    return spawnAndWait(argv, stdout: "/dev/null", environment: environment) ?? -1
  }

  /// `name` if it is a path, else the first executable of that name on `PATH`.
  private static func executablePath(_ name: String) -> String {
    guard !name.contains("/") else { return name }
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = "\(directory)/\(name)"
      if access(candidate, X_OK) == 0 { return candidate }
    }
    return name
  }
}
