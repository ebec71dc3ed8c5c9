import Foundation
import PokedexKit
import PokedexPipeline

/// `pokedex-bench pipeline [CSV-DIRECTORY] [--runs N]`: times the data pipeline
/// on PokeAPI's tables (default `../shared/pokeapi-csv`) and prints a table of
/// medians: reading every CSV table, building the dex, and encoding it with
/// `PokedexEncoder` side by side with Foundation's `JSONEncoder` (sorted keys,
/// pretty printed) as the baseline.
func runPipelineBenchmarks(_ arguments: [String]) {
  var directory = "../shared/pokeapi-csv"
  var runs = 9
  var index = 0
  while index < arguments.count {
    if arguments[index] == "--runs", index + 1 < arguments.count,
      let value = Int(arguments[index + 1])
    {
      runs = max(1, value)
      index += 2
    } else {
      directory = arguments[index]
      index += 1
    }
  }
  let source = URL(fileURLWithPath: directory)
  do {
    let names = try FileManager.default.contentsOfDirectory(atPath: source.path)
      .filter { $0.hasSuffix(".csv") }.sorted()
    let files = try names.map { [UInt8](try Data(contentsOf: source.appendingPathComponent($0))) }
    let totalBytes = files.reduce(0) { $0 + $1.count }

    let read = try measure(runs) {
      var rows = 0
      for (name, bytes) in zip(names, files) {
        rows += try CSVReader.read(bytes, fileName: name).rowCount
      }
      return rows
    }
    let build = try measure(runs) { try DexBuilder().build(fromDirectory: source).pokemon.count }
    let dex = try DexBuilder().build(fromDirectory: source)
    guard dex.pokemon.count == 1351, dex.pokemon.filter(\.isDefault).count == 1025 else {
      print("error: the build produced \(dex.pokemon.count) pokemon, expected 1351")
      return
    }
    let ours = try PokedexEncoder().encode(dex)
    guard try JSONDecoder().decode(Pokedex.self, from: Data(ours)) == dex else {
      print("error: PokedexEncoder's output does not decode to the same dex")
      return
    }
    let encode = try measure(runs) { try PokedexEncoder().encode(dex).count }
    let baseline = try measure(runs) {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
      return try encoder.encode(dex).count
    }
    print("pipeline benchmarks, \(runs) runs each, median (min) in ms; source \(source.path)")
    print("| step | median ms | min ms | notes |")
    print("|---|---:|---:|---|")
    row("CSVReader.read, \(names.count) tables", read, "\(totalBytes) bytes")
    row("DexBuilder.build (reads + builds)", build, "1351 pokemon")
    row("PokedexEncoder.encode", encode, "\(ours.count) bytes")
    row("JSONEncoder (sortedKeys, pretty), baseline", baseline, "")
  } catch {
    print("error: \(error)")
  }
}

private func row(_ name: String, _ times: [Double], _ notes: String) {
  let sorted = times.sorted()
  let median = sorted[sorted.count / 2]
  let minimum = sorted[0]
  print(
    "| \(name) | \(String(format: "%.1f", median)) | \(String(format: "%.1f", minimum)) | \(notes) |"
  )
}

/// Runs `body` `runs` times and returns each run's milliseconds.
private func measure(_ runs: Int, _ body: () throws -> Int) throws -> [Double] {
  var times: [Double] = []
  for _ in 0..<runs {
    let start = DispatchTime.now().uptimeNanoseconds
    let result = try body()
    let end = DispatchTime.now().uptimeNanoseconds
    consume(result)
    times.append(Double(end - start) / 1e6)
  }
  return times
}

/// Keeps a result alive so the optimizer cannot drop the work that made it.
@inline(never)
private func consume<T>(_ value: T) {
  withExtendedLifetime(value) {}
}
