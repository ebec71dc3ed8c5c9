/// Which of the dex's Pokémon a caller needs: all of them, or those with one of some types
/// or abilities. A loader may always give more (``PokedexFile/pokedex(keeping:)`` gives each
/// form's species' default Pokémon too, whose names name the form's species).
///
/// ```swift
/// let query = try Query(["type:fire", "spe>100"], index: PokedexIndex(file.tables))
/// query.recordFilter   // .types(["fire"])
/// ```
public enum PokemonRecordFilter: Hashable, Sendable {
  /// Every Pokémon.
  case all
  /// The Pokémon with at least one of these types (identifiers).
  case types(Set<String>)
  /// The Pokémon with at least one of these abilities (identifiers).
  case abilities(Set<String>)

  /// Whether the filter keeps `pokemon`.
  public func keeps(_ pokemon: Pokemon) -> Bool {
    switch self {
    case .all: true
    case .types(let types): pokemon.types.contains(where: types.contains)
    case .abilities(let abilities): pokemon.abilities.contains { abilities.contains($0.ability) }
    }
  }
}

/// A dex file read into memory, whose tables are decoded first and whose Pokémon are decoded
/// as a caller asks: all of them, or only those a ``PokemonRecordFilter`` keeps.
///
/// Decoding only some Pokémon needs an index of the file (``DexRecordIndex``, which
/// `pokedex data build` writes beside `pokemons.json`) that names this file's exact size and
/// checksum. Without one (a file edited since, a file from elsewhere, no index), the file is
/// decoded whole when opened, as ``PokedexLoader/load(path:)`` does, and every filter gives
/// every Pokémon. Either way, what is returned owns its memory: the file is not read again.
///
/// ```swift
/// let file = try PokedexFile(path: "Data/pokemons.json")
/// let query = try Query(["type:fire"], index: PokedexIndex(file.tables))
/// let dex = try file.pokedex(keeping: query.recordFilter)  // about 100 records decoded
/// let fire = try Query(["type:fire"], index: PokedexIndex(dex)).filter(dex.pokemon)
/// ```
///
/// An index is trusted once its checksum matches: it is a cache of the file, built by this
/// tool; an index written by hand to match a file can make a filter miss Pokémon.
public struct PokedexFile: Sendable {
  /// The file's path, as given.
  public let path: String
  /// The dex without its Pokémon: the languages, generations, types and abilities.
  public let tables: Pokedex
  private let storage: Storage

  private enum Storage: Sendable {
    /// The file with an index that describes it: Pokémon are decoded on request.
    case indexed(bytes: [UInt8], index: DexRecordIndex)
    /// The file decoded whole.
    case decoded(Pokedex)
  }

  /// Reads the file at `path` and decodes its tables, or the whole file when it has no
  /// index that describes it.
  ///
  /// - Complexity: O(n) in the file's size (its checksum), plus decoding the tables; O(n)
  ///   decoding without an index.
  /// - Throws: what ``PokedexLoader/load(path:)`` throws.
  public init(path: String) throws(PokedexLoadError) {
    let bytes: [UInt8]
    do { bytes = try readFileBytes(atPath: path) } catch { throw .unreadable(error) }
    let indexBytes = try? readFileBytes(atPath: DexRecordIndex.path(besideDex: path))
    try self.init(bytes: bytes, indexBytes: indexBytes, path: path)
  }

  /// The dex file `bytes`, read from `path`, with the bytes of the index beside it, if there
  /// is one.
  init(bytes: [UInt8], indexBytes: [UInt8]?, path: String) throws(PokedexLoadError) {
    self.path = path
    if let index = Self.index(indexBytes, describing: bytes),
      let tables = PokedexLoader.read(
        bytes,
        as: Pokedex.self,
        filter: .passOver(arrayEnd: index.recordsEnd)
      )
    {
      try PokedexLoader.checkVersion(of: Pokedex.self, version: tables.schemaVersion, path: path)
      try PokedexLoader.requireTables(of: tables, bytes: bytes, path: path)
      self.tables = tables
      storage = .indexed(bytes: bytes, index: index)
    } else {
      let dex = try PokedexLoader.load(Pokedex.self, from: bytes, path: path)
      var tables = dex
      tables.pokemon = []
      self.tables = tables
      storage = .decoded(dex)
    }
  }

  /// Whether Pokémon are decoded on request, through an index that describes the file.
  public var isIndexed: Bool {
    if case .indexed = storage { return true }
    return false
  }

  /// The dex with at least the Pokémon `filter` keeps, in the file's order: only those and
  /// the default Pokémon of their species when the file ``isIndexed``, else all of them.
  ///
  /// - Complexity: O(m) in the size of the records decoded.
  /// - Throws: what ``PokedexLoader/load(path:)`` throws for the file, when a record picked
  ///   is malformed (the whole file is then decoded, to say where).
  public func pokedex(keeping filter: PokemonRecordFilter) throws(PokedexLoadError) -> Pokedex {
    switch storage {
    case .decoded(let dex):
      return dex
    case .indexed(let bytes, let index):
      guard let positions = Self.positions(keptBy: filter, in: index),
        let records = try? DexReader.records(
          at: positions.map { index.recordStarts[$0] },
          of: bytes,
          { (reader: inout DexReader) throws(DexReader.Failure) in try Pokemon.read(from: &reader) }
        )
      else {
        return try PokedexLoader.load(Pokedex.self, from: bytes, path: path)
      }
      var dex = tables
      dex.pokemon = records
      return dex
    }
  }

  /// The positions of the records `filter` keeps, in increasing order; `nil` for all.
  private static func positions(keptBy filter: PokemonRecordFilter, in index: DexRecordIndex)
    -> [Int]?
  {
    let entries: [DexRecordIndex.Entry]
    let values: Set<String>
    switch filter {
    case .all: return nil
    case .types(let types): (entries, values) = (index.types, types)
    case .abilities(let abilities): (entries, values) = (index.abilities, abilities)
    }
    var positions = Set<Int>()
    for entry in entries where values.contains(entry.value) {
      for record in entry.records {
        positions.insert(record)
        positions.insert(index.speciesDefaults[record])
      }
    }
    return positions.sorted()
  }

  /// The index in `indexBytes` if it describes `bytes`; `nil` if there is none, or it cannot
  /// be read, or it describes another file. (An index is a cache: one that cannot be used is
  /// passed over in silence, and the file read whole.)
  private static func index(_ indexBytes: [UInt8]?, describing bytes: [UInt8]) -> DexRecordIndex? {
    guard let indexBytes, let index = PokedexLoader.read(indexBytes, as: DexRecordIndex.self),
      index.describes(bytes)
    else { return nil }
    return index
  }
}
