import Foundation

// Benchmarks for the targets in BENCHMARKS.md. Run in release:
//   swift run -c release pokedex-bench <area> [options]
let arguments = Array(CommandLine.arguments.dropFirst())
let areas = [
  "decode", "decode-files", "pipeline", "layout", "layout-cli", "query", "prefs", "diff",
  "interleave", "compat", "browse", "teams-fixture", "engines",
]

switch arguments.first {
case "decode": DecodeBenchmarks.run(Array(arguments.dropFirst()))
case "decode-files": DecodeBenchmarks.files()
case "decode-profile": DecodeBenchmarks.profile(Array(arguments.dropFirst()))
case "pipeline": runPipelineBenchmarks(Array(arguments.dropFirst()))
case "layout":
  do {
    try LayoutBenchmarks.run(arguments: Array(arguments.dropFirst()))
  } catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
  }
case "layout-cli": exit(LayoutCommandBenchmarks.run(Array(arguments.dropFirst())))
case "query": exit(runQueryBenchmarks(Array(arguments.dropFirst())))
case "prefs": PrefsBenchmarks.run(Array(arguments.dropFirst()))
case "diff": runDiffBenchmarks(Array(arguments.dropFirst()))
case "diff-stdlib-child": runStdlibDiffChild(Array(arguments.dropFirst()))
case "interleave": exit(InterleavedCommands.run(Array(arguments.dropFirst())))
case "compat": exit(CompatBenchmarks.run(Array(arguments.dropFirst())))
case "browse": exit(BrowseBenchmarks.run(Array(arguments.dropFirst())))
case "teams-fixture": exit(TeamBenchmarks.fixture(Array(arguments.dropFirst())))
case "engines": exit(EngineBenchmarks.run(Array(arguments.dropFirst())))
default:
  print("usage: pokedex-bench <\(areas.joined(separator: "|"))> [options]")
  exit(arguments.isEmpty ? 0 : 64)
}
