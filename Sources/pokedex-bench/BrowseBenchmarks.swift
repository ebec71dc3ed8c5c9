import Foundation
import PokedexCLI
import PokedexKit
import TerminalUI

// `pokedex-bench browse [--runs N] [--forms] [--synthetic N]`: issue #15's keystroke
// benchmark. A fixed script of 200 keystrokes (typing and deleting queries, moving, paging,
// switching layouts, sorts and sections) is replayed against the browser's core, at 80x24
// and 200x50, over the bundled dex and over a synthetic collection of 100,000 Pokémon (or
// N), with alternate forms listed when `--forms` is given (issue #37 measures `--forms
// --synthetic 10000`). For each key: the time from the key to its frame's bytes (event,
// rendering, screen difference), and the bytes written, beside the bytes of a full repaint
// of the same frame.

enum BrowseBenchmarks {
  static func run(_ arguments: [String]) -> Int32 {
    let usage = "pokedex-bench browse [--runs N] [--slowest N] [--forms] [--synthetic N]"
    guard let runs = runsOption(arguments, default: 5, usage: usage) else { return 64 }
    guard let slowest = count(after: "--slowest", in: arguments, default: 0, usage: usage),
      let syntheticCount = count(
        after: "--synthetic",
        in: arguments,
        default: 100_000,
        usage: usage
      )
    else { return 64 }
    let includesForms = arguments.contains("--forms")
    guard let dex = try? PokedexLoader.load() else {
      FileHandle.standardError.write(Data("cannot load the bundled dex\n".utf8))
      return 66
    }
    let collections = [
      ("bundled dex (\(dex.pokemon.count))", dex),
      ("synthetic \(syntheticCount.formatted())", synthetic(dex, count: syntheticCount)),
    ]
    let forms = includesForms ? ", --forms" : ""
    print(
      "\n### pokedex browse: 200 keystrokes replayed on the app core (\(runs) runs of the script\(forms))\n"
    )
    print(
      "| collection | screen | key to frame, median | p99 | max | bytes per key, median | full repaint, median | repaint / key |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    var failed = false
    for (name, dex) in collections {
      let index = PokedexIndex(dex)
      for size in [TerminalSize(rows: 24, columns: 80), TerminalSize(rows: 50, columns: 200)] {
        var times: [Double] = []
        var bytes: [Double] = []
        var repaints: [Double] = []
        var phases: [(key: Int, handle: Double, render: Double, write: Double)] = []
        for _ in 0..<runs {
          guard let result = replay(index: index, size: size, includesForms: includesForms) else {
            return 70
          }
          times += result.times
          bytes += result.bytes
          repaints += result.repaints
          phases += result.phases
        }
        if slowest > 0 {
          printSlowest(slowest, of: phases, in: "\(name), \(size.columns)x\(size.rows)")
        }
        let p99 = percentile(times, 0.99)
        let ratio = median(repaints) / max(1, median(bytes))
        if p99 > 16e6 { failed = true }
        if ratio < 5 { failed = true }
        print(
          "| \(name) | \(size.columns)x\(size.rows) | \(formatDuration(median(times))) | "
            + "\(formatDuration(p99)) | \(formatDuration(times.max() ?? 0)) | "
            + "\(Int(median(bytes))) | \(Int(median(repaints))) | "
            + String(format: "%.1fx", ratio) + " |"
        )
      }
    }
    print(
      "\nTargets: p99 under 16 ms; bytes per key at least 5x fewer than a repaint."
    )
    return failed ? 1 : 0
  }

  /// The non-negative integer after `flag`, `fallback` when the flag is absent, `nil` (after
  /// printing the usage) when its value is missing or not such a number.
  static func count(
    after flag: String,
    in arguments: [String],
    default fallback: Int,
    usage: String
  )
    -> Int?
  {
    guard let position = arguments.firstIndex(of: flag) else { return fallback }
    guard arguments.indices.contains(position + 1), let value = Int(arguments[position + 1]),
      value >= 0
    else {
      FileHandle.standardError.write(Data("usage: \(usage)\n".utf8))
      return nil
    }
    return value
  }

  /// The script: 200 keys, the same every run.
  static let script: [KeyEvent] = {
    var keys: [KeyEvent] = []
    func type(_ text: String) { keys += text.map { .plain(.character($0)) } }
    func press(_ key: KeyEvent.Key, _ times: Int = 1) {
      keys += Array(repeating: .plain(key), count: times)
    }
    type("/")
    type("fire spe>90")
    press(.backspace, 6)
    type("gen:1-4")
    press(.enter)
    press(.down, 8)
    press(.right, 6)
    press(.pageDown, 2)
    press(.pageUp)
    type("l")
    press(.down, 6)
    type("l")
    press(.down, 6)
    type("s")
    press(.down, 5)
    type("S")
    press(.down, 10)
    type("l")
    press(.right, 8)
    type("l")
    press(.right, 8)
    press(.down, 4)
    type("S")
    type("/")
    press(.backspace, 20)
    type("water|grass bst>400")
    press(.enter)
    press(.down, 10)
    type("l")
    press(.end)
    press(.home)
    type("s")
    type("s")
    press(.down, 10)
    press(.right, 10)
    type("/")
    press(.backspace, 20)
    type("dragon")
    press(.escape)
    while keys.count < 200 { press(keys.count % 2 == 0 ? .down : .right) }
    return Array(keys.prefix(200))
  }()

  struct Replay {
    var times: [Double] = []
    var bytes: [Double] = []
    var repaints: [Double] = []
    /// Each key's position in the script and the time of its three steps.
    var phases: [(key: Int, handle: Double, render: Double, write: Double)] = []
  }

  /// Prints the `count` slowest keys of `phases`, with where their time went.
  static func printSlowest(
    _ count: Int,
    of phases: [(key: Int, handle: Double, render: Double, write: Double)],
    in row: String
  ) {
    print("\nSlowest keys, \(row): script position, key, handle + render + screen difference")
    for phase in phases.sorted(by: {
      $0.handle + $0.render + $0.write > $1.handle + $1.render + $1.write
    })
    .prefix(count) {
      print(
        "  \(phase.key) \(script[phase.key]): \(formatDuration(phase.handle)) + "
          + "\(formatDuration(phase.render)) + \(formatDuration(phase.write))"
      )
    }
    print()
  }

  /// Replays the script from a fresh scene; `nil` when the app cannot start.
  static func replay(index: PokedexIndex, size: TerminalSize, includesForms: Bool) -> Replay? {
    let content = BrowseContent(
      index: index,
      names: NameResolver(language: "en", dex: index.pokedex),
      filters: [:],
      includesForms: includesForms
    )
    guard
      let app = try? BrowseApp(
        content: content,
        scene: BrowseScene(),
        size: size,
        colors: .palette256
      )
    else { return nil }
    var shown = app.render()
    var result = Replay()
    for (position, key) in script.enumerated() {
      let start = now()
      app.handle(.key(key), now: 0)
      let handled = now()
      let frame = app.render()
      let rendered = now()
      let written = ScreenWriter.update(from: shown, to: frame)
      let end = now()
      let elapsed = Double(end - start)
      result.phases.append(
        (position, Double(handled - start), Double(rendered - handled), Double(end - rendered))
      )
      blackHole(written)
      result.times.append(elapsed)
      result.bytes.append(Double(written.count))
      result.repaints.append(Double(ScreenWriter.update(from: nil, to: frame).count))
      shown = frame
    }
    return result
  }

  /// `count` Pokémon: the dex's, repeated, each copy with its own id and slug.
  static func synthetic(_ dex: Pokedex, count: Int) -> Pokedex {
    var big = dex
    let base = dex.pokemon
    guard !base.isEmpty else { return dex }
    big.pokemon = (0..<count).map { index in
      var pokemon = base[index % base.count]
      pokemon.id = index + 1
      if index >= base.count { pokemon.slug += "-\(index / base.count)" }
      return pokemon
    }
    return big
  }

  static func median(_ values: [Double]) -> Double { percentile(values, 0.5) }

  static func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    let index = min(sorted.count - 1, max(0, Int((Double(sorted.count - 1) * fraction).rounded())))
    return sorted[index]
  }
}
