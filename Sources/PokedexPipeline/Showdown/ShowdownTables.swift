import Foundation
import JSONCore
import PokedexKit

/// Pokémon Showdown's data tables (`../shared/showdown/*.json`, its README says how they
/// were converted), read and checked: what the pipeline takes beside PokeAPI's CSV tables.
///
/// Every table is an object of entries keyed by Showdown id; the entries keep the file's
/// order. A missing file, a file that is not JSON, or an entry of the wrong shape is an
/// error naming the file, the line and column, and the JSON path:
///
/// ```swift
/// let tables = try ShowdownTables(directory: URL(fileURLWithPath: "../shared/showdown"))
/// tables.species.first { $0.id == "indeedeef" }?.entry.name  // "Indeedee-F"
/// // a pokedex.json whose "indeedeef" has "types": "Psychic" throws
/// // pokedex.json:877:73: indeedeef.types: expected an array, found a string
/// ```
///
/// - Complexity: O(*n*) in the size of the files.
struct ShowdownTables: Sendable {
  /// One entry of a table: its Showdown id and value.
  struct Entry<Value: Sendable>: Sendable {
    var id: String
    var entry: Value
  }

  /// `pokedex.json`: species and formes.
  var species: [Entry<ShowdownSpeciesEntry>]
  /// `aliases.json`: what players type (an id), and the name it stands for.
  var aliases: [Entry<String>]
  /// `formats-data.json`: tiers, by generation (1...9), by Showdown id.
  var formats: [Int: [String: ShowdownFormatsEntry]]
  /// `moves.json` and `moves-text.json`.
  var moves: [Entry<ShowdownMoveEntry>]
  var moveTexts: [String: ShowdownText]
  /// `abilities.json` and `abilities-text.json`.
  var abilities: [Entry<ShowdownAbilityEntry>]
  var abilityTexts: [String: ShowdownText]
  /// `items.json` and `items-text.json`.
  var items: [Entry<ShowdownItemEntry>]
  var itemTexts: [String: ShowdownText]
  /// `learnsets.json`.
  var learnsets: ShowdownLearnsets
  /// The provenance and license notice of everything derived from these tables.
  var source: DataSource

  /// The file names read, in the order they are read.
  static let fileNames = [
    "pokedex.json", "aliases.json", "formats-data.json", "moves.json", "moves-text.json",
    "abilities.json", "abilities-text.json", "items.json", "items-text.json", "learnsets.json",
  ]

  /// Reads every table from `directory`.
  ///
  /// - Throws: ``DataPipelineError/fileError(path:reason:)`` for a file that is missing or
  ///   unreadable, ``DataPipelineError/missingData(file:message:)`` (`file:line:column`,
  ///   then the JSON path) for one that is malformed.
  init(directory: URL) throws(DataPipelineError) {
    func read(_ name: String) throws(DataPipelineError) -> [UInt8] {
      let path = directory.appendingPathComponent(name).path
      do {
        return try readFileBytes(atPath: path)
      } catch {
        throw .fileError(
          path: path,
          reason:
            "\(error); point --showdown at a directory of Pokémon Showdown's data tables as JSON (../shared/showdown)"
        )
      }
    }
    species = try Self.table(read("pokedex.json"), "pokedex.json")
    aliases = try Self.table(read("aliases.json"), "aliases.json")
    formats = try Self.formats(read("formats-data.json"))
    moves = try Self.table(read("moves.json"), "moves.json")
    moveTexts = try Self.dictionary(read("moves-text.json"), "moves-text.json")
    abilities = try Self.table(read("abilities.json"), "abilities.json")
    abilityTexts = try Self.dictionary(read("abilities-text.json"), "abilities-text.json")
    items = try Self.table(read("items.json"), "items.json")
    itemTexts = try Self.dictionary(read("items-text.json"), "items-text.json")
    learnsets = try ShowdownLearnsets(bytes: read("learnsets.json"), fileName: "learnsets.json")
    let readme = (try? readFileBytes(atPath: directory.appendingPathComponent("README.md").path))
      .map { String(decoding: $0, as: UTF8.self) }
    let license = (try? readFileBytes(atPath: directory.appendingPathComponent("LICENSE").path))
      .map { String(decoding: $0, as: UTF8.self) }
    source = LearnsetBuilder.dataSource(readme: readme ?? "", license: license ?? "")
  }

  /// The entries of the table in `bytes`, in the file's order.
  private static func table<Value: Decodable & Sendable>(
    _ bytes: [UInt8],
    _ fileName: String
  ) throws(DataPipelineError) -> [Entry<Value>] {
    let (tape, values) = try decode([String: Value].self, bytes, fileName)
    let keys: [String]
    do {
      keys = try tape.members(of: 0).map(\.key)
    } catch {
      throw ShowdownLearnsets.malformed(fileName, (error.line, error.column), "", error.message)
    }
    var seen: Set<String> = []
    return keys.compactMap { key in
      guard seen.insert(key).inserted, let value = values[key] else { return nil }
      return Entry(id: key, entry: value)
    }
  }

  /// The entries of the table in `bytes`, by id.
  private static func dictionary<Value: Decodable & Sendable>(
    _ bytes: [UInt8],
    _ fileName: String
  ) throws(DataPipelineError) -> [String: Value] {
    try decode([String: Value].self, bytes, fileName).value
  }

  /// `formats-data.json`: `{"gen9": {id: entry}, ..., "gen1": {...}}`.
  private static func formats(
    _ bytes: [UInt8]
  ) throws(DataPipelineError) -> [Int: [String: ShowdownFormatsEntry]] {
    let fileName = "formats-data.json"
    let (_, generations) = try decode(
      [String: [String: ShowdownFormatsEntry]].self,
      bytes,
      fileName
    )
    var result: [Int: [String: ShowdownFormatsEntry]] = [:]
    for (key, table) in generations {
      guard key.hasPrefix("gen"), let generation = Int(key.dropFirst(3)),
        (1...9).contains(generation)
      else {
        throw .missingData(
          file: fileName,
          message: "\(key): expected a generation gen1 ... gen9, found '\(key)'"
        )
      }
      result[generation] = table
    }
    return result
  }

  /// The document in `bytes` decoded as `type`, with its tape.
  private static func decode<Value: Decodable>(
    _ type: Value.Type,
    _ bytes: [UInt8],
    _ fileName: String
  ) throws(DataPipelineError) -> (tape: JSONTape, value: Value) {
    do {
      let tape = try JSONTape(bytes: bytes)
      return (tape, try FastJSONDecoder().decode(Value.self, from: tape))
    } catch {
      throw ShowdownLearnsets.malformed(
        fileName,
        (error.line, error.column),
        error.path,
        error.message
      )
    }
  }
}
