import FileKit
import JSONCore

/// Where each Pokémon's record starts in a dex file, and which records have each type and
/// ability: what lets a query read only the records it can match (``PokedexFile``).
///
/// `pokedex data build` writes it beside `pokemons.json` as `pokemons.index.json`. It names
/// the size and checksum of the file it indexes, and a loader uses it only for a file with
/// exactly those: any other file, such as an edited copy, is read whole. A record is named by
/// its position in the dex's `pokemon` array.
///
/// ```swift
/// let index = try DexRecordIndex(indexing: bytes, of: dex)     // bytes: pokemons.json
/// index.types.first { $0.value == "fire" }?.records            // [3, 4, 5, 36, ...]
/// index.recordStarts[0]                                         // where Bulbasaur's `{` is
/// ```
public struct DexRecordIndex: Codable, Hashable, Sendable {
  /// The version of the file format; readers ignore an index of another version.
  public var schemaVersion: Int
  /// The size in bytes of the file indexed.
  public var fileSize: Int
  /// The checksum of the file indexed (FileKit's `Checksum`: 16 hexadecimal digits).
  public var fileChecksum: String
  /// The offset of each record's `{` in the file, in the order of `pokemon`.
  public var recordStarts: [Int]
  /// The offset just past the `]` that closes `pokemon`.
  public var recordsEnd: Int
  /// For each record, the position of its species' default Pokémon (its own for a default
  /// Pokémon): the record that names a form's species.
  public var speciesDefaults: [Int]
  /// For each type, sorted by identifier, the records that have it.
  public var types: [Entry]
  /// For each ability, sorted by identifier, the records that have it.
  public var abilities: [Entry]

  /// The schema version this build reads and writes.
  public static let currentSchemaVersion = 1

  /// One value (a type or ability identifier) and the positions of the records that have it,
  /// in increasing order.
  public struct Entry: Codable, Hashable, Sendable {
    public var value: String
    public var records: [Int]

    public init(value: String, records: [Int]) {
      self.value = value
      self.records = records
    }
  }

  public init(
    schemaVersion: Int = DexRecordIndex.currentSchemaVersion,
    fileSize: Int,
    fileChecksum: String,
    recordStarts: [Int],
    recordsEnd: Int,
    speciesDefaults: [Int],
    types: [Entry],
    abilities: [Entry]
  ) {
    self.schemaVersion = schemaVersion
    self.fileSize = fileSize
    self.fileChecksum = fileChecksum
    self.recordStarts = recordStarts
    self.recordsEnd = recordsEnd
    self.speciesDefaults = speciesDefaults
    self.types = types
    self.abilities = abilities
  }

  /// The index of `bytes`, a dex file, which decodes to `dex`.
  ///
  /// - Complexity: O(n) in the size of `bytes`.
  /// - Throws: ``JSONError`` when `bytes` is not JSON, or has no `pokemon` array of as many
  ///   records as `dex` has Pokémon.
  public init(indexing bytes: [UInt8], of dex: Pokedex) throws(JSONError) {
    let tape = try JSONTape(bytes: bytes)
    let records = try tape.members(of: 0).first { $0.key == "pokemon" }?.value
    guard let records, tape.kind(records) == .array,
      tape.elements(of: records).count == dex.pokemon.count
    else {
      throw JSONError(
        .decoding,
        "expected a 'pokemon' array of the dex's \(dex.pokemon.count) records",
        at: (1, 1)
      )
    }
    self.init(
      fileSize: bytes.count,
      fileChecksum: Checksum.hex(of: bytes[...]),
      recordStarts: tape.elements(of: records).map { tape.byteRange(of: $0).lowerBound },
      recordsEnd: tape.byteRange(of: records).upperBound,
      speciesDefaults: Self.speciesDefaults(of: dex.pokemon),
      types: Self.entries(dex.pokemon.map(\.types)),
      abilities: Self.entries(dex.pokemon.map { $0.abilities.map(\.ability) })
    )
  }

  /// For each Pokémon, the position of its species' default Pokémon, or its own.
  private static func speciesDefaults(of pokemon: [Pokemon]) -> [Int] {
    var defaults: [String: Int] = [:]
    for (position, entry) in pokemon.enumerated() where entry.isDefault {
      defaults[entry.speciesSlug] = defaults[entry.speciesSlug] ?? position
    }
    return pokemon.indices.map { defaults[pokemon[$0].speciesSlug] ?? $0 }
  }

  /// For each value of `values` (one list per record), the records that list it.
  private static func entries(_ values: [[String]]) -> [Entry] {
    var records: [String: [Int]] = [:]
    for (record, list) in values.enumerated() {
      for value in Set(list) { records[value, default: []].append(record) }
    }
    return records.keys.sorted().map { Entry(value: $0, records: records[$0] ?? []) }
  }

  /// Where the index of the dex file at `dexPath` is: `pokemons.index.json` beside
  /// `pokemons.json` (`old.index.json` beside `old.json`).
  public static func path(besideDex dexPath: String) -> String {
    (dexPath.hasSuffix(".json") ? String(dexPath.dropLast(5)) : dexPath) + ".index.json"
  }

  /// Whether the index describes `bytes`, with offsets that lie inside them in order, and
  /// positions of records that exist: what a reader checks before trusting it.
  ///
  /// - Complexity: O(n) in the size of `bytes` (the checksum).
  func describes(_ bytes: [UInt8]) -> Bool {
    guard schemaVersion == Self.currentSchemaVersion, fileSize == bytes.count,
      recordsEnd <= bytes.count, recordStarts.allSatisfy({ $0 >= 0 && $0 < recordsEnd }),
      zip(recordStarts, recordStarts.dropFirst()).allSatisfy({ $0 < $1 }),
      speciesDefaults.count == recordStarts.count,
      speciesDefaults.allSatisfy(recordStarts.indices.contains),
      (types + abilities).allSatisfy({ $0.records.allSatisfy(recordStarts.indices.contains) })
    else { return false }
    return Checksum.hex(of: bytes[...]) == fileChecksum
  }
}

extension DexRecordIndex: DexDataFile {
  public static let resourceName = "pokemons.index.json"
}
