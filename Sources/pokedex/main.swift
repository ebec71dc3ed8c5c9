#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import PokedexCLI

exit(PokedexCLI.main(arguments: CommandLine.arguments))
