import Foundation
import JSONCore
import PokedexKit

/// Decoding the bundled data: FastJSONDecoder (+ index) against Foundation's JSONDecoder.
enum DecodeBenchmarks {
  static func run(_ arguments: [String]) {
    let path: String
    do {
      path = try arguments.first ?? PokedexLoader.bundledDataPath()
    } catch {
      print("\(error)")
      exit(66)
    }
    let bytes: [UInt8]
    do { bytes = try readFileBytes(atPath: path) } catch {
      print("\(error)")
      exit(66)
    }
    let data = Data(bytes)
    let runs = 21
    // Interleaved, so that load on the shared machine falls on every row alike.
    let rows = measureInterleaved(
      [
        (
          "JSONDecoder (Foundation)",
          { (try? JSONDecoder().decode(Pokedex.self, from: data)) as Any }
        ),
        (
          "FastJSONDecoder (Codable)",
          { (try? FastJSONDecoder().decode(Pokedex.self, from: bytes)) as Any }
        ),
        ("PokedexLoader.load (read + decode)", { (try? PokedexLoader.load(path: path)) as Any }),
        (
          "PokedexLoader.load + PokedexIndex (read + decode + index)",
          { (try? PokedexLoader.load(path: path)).map(PokedexIndex.init) as Any }
        ),
      ],
      runs: runs
    )
    let foundation = rows[0]
    let expected = try? JSONDecoder().decode(Pokedex.self, from: data)
    check(expected != nil, "JSONDecoder could not decode \(path)")
    check(
      (try? FastJSONDecoder().decode(Pokedex.self, from: bytes)) == expected,
      "FastJSONDecoder and JSONDecoder disagree on \(path)"
    )
    check(
      (try? PokedexLoader.load(path: path)) == expected,
      "PokedexLoader and JSONDecoder disagree"
    )
    var notes: [String: String] = [:]
    for row in rows.dropFirst() {
      notes[row.name] = String(
        format: "%.1fx faster than JSONDecoder",
        foundation.median / max(row.median, 1)
      )
    }
    printTable("Decoding \(path) (\(bytes.count) bytes), interleaved runs", rows, notes: notes)
  }
}

extension DecodeBenchmarks {
  /// Decodes `path` `count` times with FastJSONDecoder only: a steady workload for profilers
  /// (`valgrind --tool=callgrind pokedex-bench decode-profile FILE 5`).
  static func profile(_ arguments: [String]) {
    guard let path = arguments.first, let bytes = try? readFileBytes(atPath: path) else {
      print("usage: pokedex-bench decode-profile FILE [COUNT]")
      exit(64)
    }
    for _ in 0..<(arguments.dropFirst().first.flatMap { Int($0) } ?? 5) {
      blackHole(try? PokedexLoader.decode(bytes, path: path))
    }
  }
}

extension DecodeBenchmarks {
  /// Loads each bundled file (read + decode), interleaved: what each adds to a command.
  ///   pokedex-bench decode-files
  static func files() {
    func row<File: DexDataFile>(_ type: File.Type, _ name: String) -> (String, () -> Any) {
      ("\(name)", { (try? PokedexLoader.load(File.self)) as Any })
    }
    let rows = measureInterleaved(
      [
        ("pokemons.json", { (try? PokedexLoader.load()) as Any }),
        row(LearnsetDex.self, "learnsets.json"),
        row(MoveDex.self, "moves.json"),
        row(AbilityDex.self, "abilities.json"),
      ],
      runs: 31
    )
    printTable("Loading each bundled file (read + decode), interleaved runs", rows)
  }
}
