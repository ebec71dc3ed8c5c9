import PokedexKit

extension CommandContext {
  /// The data file to read: `--data`, then `POKEDEX_DATA`, then the bundled file.
  package func dataPath(_ arguments: ParsedArguments) throws(CLIError) -> String {
    if let path = arguments.value("--data") ?? environment["POKEDEX_DATA"].flatMap({ $0.isEmpty ? nil : $0 }) {
      return absolutePath(path)
    }
    do {
      return try PokedexLoader.bundledDataPath()
    } catch {
      throw CLIError(
        .noInput,
        "\(error)\nreinstall pokedex with its resource bundle, or point --data FILE or POKEDEX_DATA at a pokemons.json file")
    }
  }

  /// Loads the dex the arguments and environment select.
  package func loadDex(_ arguments: ParsedArguments) throws(CLIError) -> Pokedex {
    let path = try dataPath(arguments)
    do {
      return try PokedexLoader.load(path: path)
    } catch {
      throw CLIError(loadError: error)
    }
  }
}

extension CLIError {
  /// Maps a load failure to its exit status: 66 for a missing or unreadable file, 65 for bad data.
  package init(loadError error: PokedexLoadError) {
    switch error {
    case .unreadable(.ioError):
      self.init(.ioError, error.description)
    case .unreadable:
      self.init(.noInput, "\(error.description)\npoint --data FILE or POKEDEX_DATA at a pokemons.json file")
    case .bundledDataNotFound:
      self.init(.noInput, "\(error.description)\npoint --data FILE or POKEDEX_DATA at a pokemons.json file")
    case .malformed, .unsupportedSchemaVersion:
      self.init(.data, "\(error.description)\nregenerate it with 'pokedex data build' or fix the file")
    }
  }
}
