import FileKit
import Foundation
import JSONCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why the dex could not be loaded.
public enum PokedexLoadError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file could not be read: FileKit's error, with the step, the path and `errno`.
  case unreadable(FileError)
  /// The file is not valid JSON in the dex format.
  case malformed(path: String, JSONError)
  /// The file was written by a newer version of the format.
  case unsupportedSchemaVersion(path: String, found: Int, supported: Int)
  /// A bundled data file (`name`) is in none of ``PokedexLoader/bundledDataDirectories()``;
  /// `searched` holds its path in each.
  case bundledDataNotFound(name: String, searched: [String])

  public var description: String {
    switch self {
    case .unreadable(let error):
      let path = error.path
      switch error.reason {
      case .notFound: return "no such file '\(path)'"
      case .isDirectory: return "'\(path)' is a directory, not a file"
      case .permissionDenied: return "permission denied reading '\(path)'"
      case .system where error.code == ELOOP:
        return "cannot read '\(path)': a loop of symbolic links (or too many of them)"
      case .tooLarge: return "cannot read '\(path)': \(systemMessage(for: EFBIG))"
      case .system: return "cannot read '\(path)': \(error.systemMessage)"
      }
    case .malformed(let path, let error): return "\(path):\(error)"
    case .unsupportedSchemaVersion(let path, let found, let supported):
      return
        "\(path): schema version \(found) is newer than this tool reads (\(supported)); update pokedex or regenerate the file"
    case .bundledDataNotFound(let name, let searched):
      return "cannot find the bundled \(name); looked in:\n"
        + searched.map { "  \($0)" }.joined(separator: "\n")
    }
  }
}

/// Finds and decodes data files in the dex format.
///
/// ```swift
/// let dex = try PokedexLoader.load()                       // the bundled data
/// let other = try PokedexLoader.load(path: "old.json")     // any file in the format
/// let moves = try PokedexLoader.load(MoveDex.self)          // the bundled moves.json
/// ```
public enum PokedexLoader {
  /// The name of the bundled dex file.
  public static let resourceName = Pokedex.resourceName

  /// Loads and decodes the file at `path`.
  ///
  /// The file is read into memory, decoded, and let go: the result owns everything it holds
  /// and never reads the file again, so the file may be changed, truncated or deleted while
  /// the dex is in use. Files in the format this tool writes are read in one pass straight
  /// into the models (``DexReader``); anything else (other formatting is fine) goes through
  /// ``FastJSONDecoder``, which also explains what is wrong with a bad file.
  ///
  /// Beyond what ``decode(_:path:)`` checks, the dex must have the tables every name and
  /// type lookup needs: at least one language and one type.
  ///
  /// ```swift
  /// let dex = try PokedexLoader.load(path: "Data/pokemons.json")
  /// // a file with "languages": [] throws
  /// // "pokemons.json:4:16: languages: the table is empty; expected at least one language"
  /// ```
  ///
  /// - Complexity: O(n) in the file's size (`pokedex-bench decode` measures it).
  /// - Throws: ``PokedexLoadError`` naming the file and, for bad JSON, the JSON path and
  ///   line and column of the problem.
  public static func load(path: String) throws(PokedexLoadError) -> Pokedex {
    try load(Pokedex.self, path: path)
  }

  /// Loads and decodes the data file at `path` (`nil`: the bundled one), as
  /// ``load(path:)`` does for the dex.
  ///
  /// ```swift
  /// let learnsets = try PokedexLoader.load(LearnsetDex.self)
  /// let natures = try PokedexLoader.load(NatureDex.self, path: "natures.json")
  /// ```
  ///
  /// - Complexity: O(n) in the file's size.
  /// - Throws: ``PokedexLoadError`` naming the file and, for bad JSON, the JSON path and
  ///   line and column of the problem.
  public static func load<File: DexDataFile>(
    _ file: File.Type,
    path filePath: String? = nil
  ) throws(PokedexLoadError) -> File {
    let path: String
    if let given = filePath { path = given } else { path = try bundledDataPath(for: File.self) }
    let bytes = try readFileBytes(atPath: path)
    return try load(File.self, from: bytes, path: path)
  }

  /// ``load(_:path:)`` of bytes already read from `path`.
  static func load<File: DexDataFile>(
    _ file: File.Type,
    from bytes: [UInt8],
    path: String
  ) throws(PokedexLoadError) -> File {
    let model = try decode(File.self, from: bytes, path: path)
    if let dex = model as? Pokedex { try requireTables(of: dex, bytes: bytes, path: path) }
    return model
  }

  /// Throws unless `dex` has a language and a type: without them no name can be shown and no
  /// type looked up, which would surface later as a confusing usage error.
  static func requireTables(
    of dex: Pokedex,
    bytes: [UInt8],
    path: String
  ) throws(PokedexLoadError) {
    let empty: (key: String, entry: String)? =
      dex.languages.isEmpty
      ? ("languages", "language") : dex.types.isEmpty ? ("types", "type") : nil
    guard let empty else { return }
    throw .malformed(
      path: path,
      located(
        JSONError(
          .decoding,
          "the table is empty; expected at least one \(empty.entry)",
          at: (1, 1)
        ),
        at: [.key(empty.key)],
        in: bytes
      )
    )
  }

  /// Loads the bundled data file (see ``bundledDataPath()``).
  public static func load() throws(PokedexLoadError) -> Pokedex {
    try load(path: try bundledDataPath())
  }

  /// Decodes dex-format bytes; `path` only names the source in errors.
  ///
  /// Both decoding paths refuse what the format does not have: a key no model has (or one
  /// that is not valid UTF-8, or repeated), and a number outside its field's bounds
  /// (`Guides/DataFormat.md`, "Bounds"), so arithmetic on the result cannot overflow.
  ///
  /// ```swift
  /// // Bulbasaur's "hp": 9223372036854775807 in a copy of Data/pokemons.json throws
  /// // "d.json:379:23: pokemon[0].stats.hp: expected an integer in 0...255, found 9223372036854775807"
  /// ```
  ///
  /// - Complexity: O(n) in the size of `bytes`.
  /// - Throws: ``PokedexLoadError/malformed(path:_:)`` with the JSON path, line and column,
  ///   or ``PokedexLoadError/unsupportedSchemaVersion(path:found:supported:)``.
  public static func decode(_ bytes: [UInt8], path: String) throws(PokedexLoadError) -> Pokedex {
    try decode(Pokedex.self, from: bytes, path: path)
  }

  /// Decodes bytes of the data file `File`; `path` only names the source in errors. The
  /// same checks as ``decode(_:path:)``.
  ///
  /// - Complexity: O(n) in the size of `bytes`.
  public static func decode<File: DexDataFile>(
    _ file: File.Type,
    from bytes: [UInt8],
    path: String
  ) throws(PokedexLoadError) -> File {
    if let model = read(bytes, as: File.self) {
      // The fast path declines every number out of bounds as it reads it (see `SchemaField`).
      assert(isWithinBounds(model), "the fast path read a number out of bounds")
      try checkVersion(of: File.self, version: model.schemaVersion, path: path)
      return model
    }
    return try decode(File.self, path: path) { () throws(JSONError) in
      try JSONTape(bytes: bytes)
    }
  }

  /// Throws for the first number of `dex` (decoded by the full decoder from `tape`) outside
  /// its field's bounds, with its path, line and column.
  private static func checkBounds(
    of model: some DexDataFile,
    path: String,
    tape: JSONTape
  ) throws(PokedexLoadError) {
    guard !isWithinBounds(model), let violation = boundsViolation(in: model) else { return }
    var error = JSONError(
      .decoding,
      "expected \(violation.expected), found \(violation.found)",
      at: (1, 1),
      path: JSONError.pathString(violation.path)
    )
    let node = tape.node(at: violation.path)
    (error.line, error.column) = tape.location(ofNode: node)
    if tape.kind(node) == .number {
      error.message = "expected \(violation.expected), found \(tape.excerpt(node))"
    }
    throw .malformed(path: path, error)
  }

  /// `error` with the path, line and column of the value at `components` in `bytes`.
  private static func located(
    _ error: JSONError,
    at components: [JSONPathComponent],
    in bytes: [UInt8]
  ) -> JSONError {
    var error = error
    error.path = JSONError.pathString(components)
    if let tape = try? JSONTape(bytes: bytes) {
      (error.line, error.column) = tape.location(ofNode: tape.node(at: components))
    }
    return error
  }

  /// The fast path: the dex read with ``DexReader``, or `nil` if the bytes are not in the
  /// exact form it reads (the full decoder then decides, and explains any problem).
  static func read(_ bytes: [UInt8]) -> Pokedex? {
    read(bytes, as: Pokedex.self)
  }

  /// The fast path for any data file: every ``DexDataFile`` is a ``SchemaModel``.
  static func read<File: DexDataFile>(
    _ bytes: [UInt8],
    as file: File.Type
  ) -> File? {
    guard let model = File.self as? any SchemaModel.Type else { return nil }
    return readModel(model, bytes) as? File
  }

  private static func readModel<Model: SchemaModel>(
    _ model: Model.Type,
    _ bytes: [UInt8]
  ) -> Model? {
    try? DexReader.reading(bytes) { reader throws(DexReader.Failure) in
      try Model.read(from: &reader)
    }
  }

  private static func isWithinBounds(_ file: some DexDataFile) -> Bool {
    (file as? any SchemaModel)?.isWithin(nil) ?? true
  }

  private static func boundsViolation(in file: some DexDataFile) -> BoundsViolation? {
    (file as? any SchemaModel)?.boundsViolation(nil)
  }

  private static func decode<File: DexDataFile>(
    _ file: File.Type,
    path: String,
    tape makeTape: () throws(JSONError) -> JSONTape
  ) throws(PokedexLoadError) -> File {
    let tape: JSONTape
    do {
      tape = try makeTape()
    } catch {
      throw .malformed(path: path, error)
    }
    let model: File
    do {
      model = try FastJSONDecoder(unknownKeys: .reject).decode(File.self, from: tape)
    } catch {
      // A newer file may fail to decode for a reason its version explains better.
      let version = try? FastJSONDecoder().decode(SchemaVersion.self, from: tape).schemaVersion
      try checkVersion(of: File.self, version: version ?? nil, path: path)
      throw .malformed(path: path, error)
    }
    try checkVersion(of: File.self, version: model.schemaVersion, path: path)
    try checkBounds(of: model, path: path, tape: tape)
    return model
  }

  private struct SchemaVersion: Decodable {
    var schemaVersion: Int?
  }

  static func checkVersion<File: DexDataFile>(
    of file: File.Type,
    version: Int?,
    path: String
  ) throws(PokedexLoadError) {
    guard let version, version > File.currentSchemaVersion else { return }
    throw .unsupportedSchemaVersion(
      path: path,
      found: version,
      supported: File.currentSchemaVersion
    )
  }

  /// The path of the bundled `pokemons.json`.
  ///
  /// Looks in the directories of ``bundledDataDirectories()``, in order, and never traps.
  ///
  /// - Throws: ``PokedexLoadError/bundledDataNotFound(name:searched:)`` listing every place
  ///   looked.
  public static func bundledDataPath() throws(PokedexLoadError) -> String {
    try bundledDataPath(for: Pokedex.self)
  }

  /// The path of the bundled data file `File`, found as ``bundledDataPath()`` finds
  /// `pokemons.json`.
  ///
  /// - Throws: ``PokedexLoadError/bundledDataNotFound(name:searched:)`` listing every place
  ///   looked.
  public static func bundledDataPath<File: DexDataFile>(
    for file: File.Type
  ) throws(PokedexLoadError) -> String {
    let name = File.resourceName
    let candidates = bundledDataDirectories().map { $0 + "/" + name }
    for path in candidates where access(path, R_OK) == 0 { return path }
    throw .bundledDataNotFound(name: name, searched: candidates)
  }

  /// The directories where the bundled data files (`pokemons.json`, `moves.json`, ...,
  /// `layouts/`) are looked for, in order:
  ///
  /// 1. SwiftPM's resource bundle beside the executable (`pokedex_PokedexData.resources` on
  ///    Linux, `pokedex_PokedexData.bundle` on macOS), which is where `swift build` puts it;
  ///    on macOS also beside a loaded test bundle (`.xctest`), which holds the code under
  ///    test;
  /// 2. `../share/pokedex` from the executable's directory, which is where `Scripts/install`
  ///    puts the data (`PREFIX/bin/pokedex` reads `PREFIX/share/pokedex`).
  ///
  /// The executable's path is its real one, symbolic links resolved, so a link to an
  /// installed binary finds the data of the binary. No path of the machine that built the
  /// binary is among them: a binary copied without its data finds none, and says where it
  /// looked, rather than reading a source tree that may have moved.
  ///
  /// ```swift
  /// // /opt/pokedex/bin/pokedex, with ~/bin/pokedex a link to it:
  /// PokedexLoader.bundledDataDirectories()
  /// // ["/opt/pokedex/bin/pokedex_PokedexData.resources", "/opt/pokedex/share/pokedex"]
  /// ```
  public static func bundledDataDirectories() -> [String] {
    var testBundles: [String] = []
    #if canImport(Darwin)
      testBundles = Bundle.allBundles.filter { $0.bundleURL.pathExtension == "xctest" }
        .map { $0.bundleURL.deletingLastPathComponent().path }
    #endif
    return bundledDataDirectories(executableDirectory: executableDirectory(), testBundles)
  }

  /// ``bundledDataDirectories()`` for an executable in `directory` (`nil`: unknown) and test
  /// bundles in `bundleDirectories`.
  static func bundledDataDirectories(
    executableDirectory directory: String?,
    _ bundleDirectories: [String] = []
  ) -> [String] {
    var directories: [String] = []
    for bundleDirectory in (directory.map { [$0] } ?? []) + bundleDirectories {
      for bundle in resourceBundles(in: bundleDirectory) where !directories.contains(bundle) {
        directories.append(bundle)
      }
    }
    if let directory {
      directories.append(parent(of: directory) + "share/pokedex")
    }
    return directories
  }

  /// The directory of the running executable, symbolic links resolved.
  static func executableDirectory() -> String? {
    #if os(Linux)
      guard
        let executable = try? FileManager.default.destinationOfSymbolicLink(
          atPath: "/proc/self/exe"
        ),
        let slash = executable.utf8.lastIndex(of: UInt8(ascii: "/"))
      else { return nil }
      return slash == executable.utf8.startIndex ? "/" : String(executable[..<slash])
    #else
      return Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent().path
    #endif
  }

  /// Where SwiftPM puts the package's resources in a build folder `directory`.
  private static func resourceBundles(in directory: String) -> [String] {
    let directory = directory.hasSuffix("/") ? directory : directory + "/"
    #if canImport(Darwin)
      return [
        directory + "pokedex_PokedexData.bundle/Contents/Resources",
        directory + "pokedex_PokedexData.bundle",
      ]
    #else
      return [directory + "pokedex_PokedexData.resources"]
    #endif
  }

  /// The parent of the absolute directory `path`, ending in `/` (`/opt/p/bin` -> `/opt/p/`,
  /// `/` -> `/`).
  private static func parent(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "/" }
    return String(trimmed[...slash])
  }
}
