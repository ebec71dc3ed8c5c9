import PokedexCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

exit(PokedexCLI.main(arguments: CommandLine.arguments))
