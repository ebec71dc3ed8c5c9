import Foundation
import PokedexKit
import Synchronization

extension CommandContext {
  /// The data file to read: `--data`, then `POKEDEX_DATA`, then the bundled file.
  package func dataPath(_ global: ParsedArguments<GlobalOptions>) throws(CLIError) -> String {
    if let path = givenDataPath(global) { return path }
    do {
      return try PokedexLoader.bundledDataPath()
    } catch {
      throw Self.notFound(
        error,
        after: ["$POKEDEX_DATA (not set)"],
        "\(Self.installAdvice), or point --data FILE or POKEDEX_DATA at a pokemons.json file"
      )
    }
  }

  /// The dex `--data` or `POKEDEX_DATA` names, made absolute, if either does.
  private func givenDataPath(_ global: ParsedArguments<GlobalOptions>) -> String? {
    (global[\.data] ?? environment["POKEDEX_DATA"].flatMap({ $0.isEmpty ? nil : $0 }))
      .map(absolutePath)
  }

  /// The directory of the dex `--data` or `POKEDEX_DATA` names, if either does: where the
  /// layout presets are looked for after the bundled places.
  package func givenDataDirectory(_ global: ParsedArguments<GlobalOptions>) -> String? {
    givenDataPath(global).map { ($0 as NSString).deletingLastPathComponent }
  }

  private static let installAdvice =
    "install pokedex with its data (Scripts/install in its source tree)"

  /// Exit 66 for a data file found nowhere: each place looked (`before`, the bundled
  /// places, `after`), one a line, then `advice`.
  private static func notFound(
    _ error: PokedexLoadError,
    before: [String] = [],
    after: [String] = [],
    _ advice: String
  ) -> CLIError {
    guard case .bundledDataNotFound(let name, let searched) = error else { return .load(error) }
    let places = before.filter { !searched.contains($0) } + searched + after
    let lines = places.map { "  " + $0 }.joined(separator: "\n")
    return .failed(.noInput, "cannot find \(name); looked in:\n\(lines)\n\(advice)")
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
      guard givenDataPath(global) != nil else { throw Self.notFound(error, Self.installAdvice) }
      throw Self.notFound(
        error,
        before: [beside],
        "put \(File.resourceName) beside the --data or POKEDEX_DATA file, or \(Self.installAdvice)"
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
