// Benchmarks: `swift run -c release pokedex-bench <area> [options]`.
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "diff":
  runDiffBenchmarks(Array(arguments.dropFirst()))
case "diff-stdlib-child":
  runStdlibDiffChild(Array(arguments.dropFirst()))
default:
  print("usage: pokedex-bench <area> [options]\nareas: diff (pokedex-bench diff --help)")
}
