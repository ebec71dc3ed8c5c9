import Foundation
import PokedexKit
import Synchronization

extension CommandContext {
  /// The data file to read: `--data`, then `POKEDEX_DATA`, then the bundled file.
  package func dataPath(_ global: ParsedArguments<GlobalOptions>) throws(CLIError) -> String {
    if let path = global[\.data]
      ?? environment["POKEDEX_DATA"].flatMap({ $0.isEmpty ? nil : $0 })
    {
      return absolutePath(path)
    }
    do {
      return try PokedexLoader.bundledDataPath()
    } catch {
      throw CLIError.failed(
        .noInput,
        "\(error)\nreinstall pokedex with its resource bundle, or point --data FILE or POKEDEX_DATA at a pokemons.json file"
      )
    }
  }

  /// Loads the dex the arguments and environment select.
  ///
  /// A process that runs several commands (tests, an embedding app) decodes each file once:
  /// the result is cached by path, size and modification time.
  package func loadDex(_ global: ParsedArguments<GlobalOptions>) throws(CLIError) -> Pokedex {
    try load(Pokedex.self, at: try dataPath(global))
  }

  /// The path of the data file `File` (`moves.json`, ...) for these arguments: beside the
  /// dex that `--data` or `POKEDEX_DATA` names if there is one there, else the bundled one.
  package func dataPath<File: DexDataFile>(
    for file: File.Type,
    _ global: ParsedArguments<GlobalOptions>
  ) throws(CLIError) -> String {
    let dex = try dataPath(global)
    if File.self == Pokedex.self { return dex }
    let beside = (dex as NSString).deletingLastPathComponent + "/" + File.resourceName
    if FileManager.default.isReadableFile(atPath: beside) { return beside }
    do {
      return try PokedexLoader.bundledDataPath(for: File.self)
    } catch {
      throw CLIError.failed(
        .noInput,
        "\(error)\nreinstall pokedex with its resource bundle, or put \(File.resourceName) beside the --data file"
      )
    }
  }

  /// Loads the data file `File` the arguments and environment select (see
  /// ``dataPath(for:_:)``), cached as ``loadDex(_:)`` caches the dex.
  package func load<File: DexDataFile>(
    _ file: File.Type,
    _ global: ParsedArguments<GlobalOptions>
  ) throws(CLIError) -> File {
    try load(File.self, at: try dataPath(for: File.self, global))
  }

  /// The file at `path` from the cache, or loaded and cached.
  private func load<File: DexDataFile>(_ file: File.Type, at path: String) throws(CLIError) -> File
  {
    let stamp = FileStamp(path: path)
    if let stamp, let cached = DexCache.shared.value(for: stamp) as? File { return cached }
    do {
      let model = try PokedexLoader.load(File.self, path: path)
      if let stamp { DexCache.shared.store(model, for: stamp) }
      return model
    } catch {
      throw CLIError.load(error)
    }
  }
}
