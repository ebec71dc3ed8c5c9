/// Entry point of the `pokedex` command-line tool.
public enum PokedexCLI {
  /// Runs the tool and returns its exit status.
  public static func main(arguments: [String]) -> Int32 { 0 }
}
