import Foundation

// Benchmarks for the targets in BENCHMARKS.md. Run in release:
//   swift run -c release pokedex-bench <area> [options]
let arguments = Array(CommandLine.arguments.dropFirst())
let areas = ["decode", "pipeline"]

switch arguments.first {
case "decode": DecodeBenchmarks.run(Array(arguments.dropFirst()))
case "decode-profile": DecodeBenchmarks.profile(Array(arguments.dropFirst()))
case "pipeline": runPipelineBenchmarks(Array(arguments.dropFirst()))
default:
  print("usage: pokedex-bench <\(areas.joined(separator: "|"))> [options]")
  exit(arguments.isEmpty ? 0 : 64)
}
