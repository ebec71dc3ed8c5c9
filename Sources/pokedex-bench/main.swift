let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "pipeline": runPipelineBenchmarks(Array(arguments.dropFirst()))
default: print("usage: pokedex-bench <area> [options]\nareas: pipeline")
}
