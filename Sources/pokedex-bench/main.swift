import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "query":
  exit(runQueryBenchmarks(Array(arguments.dropFirst())))
default:
  print("usage: pokedex-bench <area> [options]\nareas: query")
}
