import Foundation
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
    let foundation = measure("JSONDecoder (Foundation)", runs: runs) { _ in
      try? JSONDecoder().decode(Pokedex.self, from: data)
    }
    let fast = measure("FastJSONDecoder (Codable)", runs: runs) { _ in
      try? FastJSONDecoder().decode(Pokedex.self, from: bytes)
    }
    let load = measure("PokedexLoader.load (read + decode)", runs: runs) { _ in
      try? PokedexLoader.load(path: path)
    }
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
    let speedup = foundation.median / max(fast.median, 1)
    printTable(
      "Decoding \(path) (\(bytes.count) bytes)",
      [foundation, fast, load],
      notes: [
        "FastJSONDecoder (Codable)": String(format: "%.1fx faster than JSONDecoder", speedup),
        "PokedexLoader.load (read + decode)": String(
          format: "%.1fx faster than JSONDecoder",
          foundation.median / max(load.median, 1)
        ),
      ]
    )
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
