import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "layout":
  do {
    try LayoutBenchmarks.run(arguments: Array(arguments.dropFirst()))
  } catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
  }
default:
  print("usage: pokedex-bench layout [runs]")
}
