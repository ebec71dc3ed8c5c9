// Benchmarks: `swift run -c release pokedex-bench <area> [options]`.
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "prefs":
  PrefsBenchmarks.run(Array(arguments.dropFirst()))
default:
  print("usage: pokedex-bench prefs [--runs N] [--commits N] [--reads N] [--dir PATH]")
}
