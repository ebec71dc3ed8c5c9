import Foundation
import PokedexKit

/// Builds a ``Pokedex`` from PokeAPI's CSV tables (`data/v2/csv` of the PokeAPI repository).
///
/// The builder reads the 35 tables it needs, checks that every id one
/// table refers to exists in the table it points into, and assembles every
/// Pokémon with its species' data, names in every language, forms,
/// evolution steps and regional dex numbers. See `Guides/DataFormat.md` for
/// how each field is derived.
///
/// ```swift
/// let dex = try DexBuilder().build(fromDirectory: URL(fileURLWithPath: "../shared/pokeapi-csv"))
/// dex.pokemon.count  // 1351
/// try PokedexEncoder().write(dex, to: URL(fileURLWithPath: "Data/pokemons.json"))
/// ```
///
/// A missing table fails with the file's name:
///
/// ```swift
/// try DexBuilder().build(fromDirectory: URL(fileURLWithPath: "/tmp"))
/// // missing table 'languages.csv' in '/tmp'; point the source at a copy of PokeAPI's data/v2/csv
/// ```
///
/// - Complexity: O(*n*) in the total size of the tables.
public struct DexBuilder: Sendable {
  /// The PokeAPI commit used when the source directory's `README.md` names none.
  public static let defaultCommit = "bbef3d99ddfa8277f726414c89b471267aef8a8e"

  /// Creates a builder.
  public init() {}

  /// Reads the tables in `directory` and builds the dex, with every table sorted by id.
  ///
  /// - Parameter directory: A folder holding PokeAPI's CSV files, such as
  ///   `../shared/pokeapi-csv` or a checkout's `data/v2/csv`.
  /// - Returns: The dex, ready for ``PokedexEncoder`` and ``DexValidator``.
  /// - Throws: ``DataPipelineError`` naming the table, line, column and what was
  ///   expected when a table is missing or malformed or refers to an unknown id.
  public func build(fromDirectory directory: URL) throws(DataPipelineError) -> Pokedex {
    var context = try BuildContext(directory: directory)
    return try build(in: &context)
  }

  /// Builds the dex from the tables of `context`, which keeps them for the next builder.
  func build(in context: inout BuildContext) throws(DataPipelineError) -> Pokedex {
    let languages = try context.languages()
    let generations = try context.generations()
    let types = try context.types()
    let abilities = try context.abilities()
    let pokemon = try context.pokemon()
    return Pokedex(
      schemaVersion: Pokedex.currentSchemaVersion,
      source: context.dataSource(),
      languages: languages,
      generations: generations,
      types: types,
      abilities: abilities,
      pokemon: pokemon
    )
  }
}

/// The tables of one build and the lookups derived from them.
struct BuildContext {
  let directory: URL
  var tables: [String: CSVTable] = [:]
  /// Language id to identifier (`9` to `"en"`).
  var languageIdentifiers: [Int: String] = [:]
  var englishLanguageId = 9

  init(directory: URL) throws(DataPipelineError) {
    self.directory = directory
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      throw .fileError(path: directory.path, reason: "no such directory of CSV tables")
    }
    let table = try self.table("languages.csv")
    let id = try table.column(named: "id")
    let identifier = try table.column(named: "identifier")
    for row in 0..<table.rowCount {
      languageIdentifiers[try table.int(row: row, column: id)] = table[row, identifier]
    }
    if let english = languageIdentifiers.first(where: { $0.value == "en" }) {
      englishLanguageId = english.key
    }
  }

  /// The table `name`, read once.
  mutating func table(_ name: String) throws(DataPipelineError) -> CSVTable {
    if let table = tables[name] { return table }
    let url = directory.appendingPathComponent(name)
    guard FileManager.default.fileExists(atPath: url.path) else {
      throw .missingTable(file: name, directory: directory.path)
    }
    let table = try CSVReader.read(contentsOf: url)
    tables[name] = table
    return table
  }

  /// Maps an id column to its row: `id -> row`.
  mutating func rowsById(_ name: String, column: String = "id") throws(DataPipelineError) -> [Int:
    Int]
  {
    let table = try self.table(name)
    let id = try table.column(named: column)
    var rows: [Int: Int] = [:]
    rows.reserveCapacity(table.rowCount)
    for row in 0..<table.rowCount {
      let key = try table.int(row: row, column: id)
      if rows[key] != nil { throw table.invalid(row: row, column: id, expected: "a unique id") }
      rows[key] = row
    }
    return rows
  }

  /// Maps each id of table `name` to its `identifier` column.
  mutating func identifiers(_ name: String) throws(DataPipelineError) -> [Int: String] {
    let table = try self.table(name)
    let id = try table.column(named: "id")
    let identifier = try table.column(named: "identifier")
    var result: [Int: String] = [:]
    for row in 0..<table.rowCount {
      result[try table.int(row: row, column: id)] = table[row, identifier]
    }
    return result
  }

  /// Reads a names table: `owner id -> [language identifier: name]`, skipping empty names.
  ///
  /// Every owner id must be in `owners` (when given) and every language in `languages.csv`.
  mutating func names(
    _ name: String,
    owner: String,
    nameColumn: String = "name",
    owners: [Int: String]? = nil,
    ownerTable: String = ""
  ) throws(DataPipelineError) -> [Int: LocalizedNames] {
    let table = try self.table(name)
    let ownerColumn = try table.column(named: owner)
    let language = try table.column(named: "local_language_id")
    let text = try table.column(named: nameColumn)
    var result: [Int: LocalizedNames] = [:]
    for row in 0..<table.rowCount {
      let id = try table.int(row: row, column: ownerColumn)
      if let owners, owners[id] == nil {
        throw table.unknownReference(row: row, column: ownerColumn, table: ownerTable)
      }
      guard let languageId = languageIdentifiers[try table.int(row: row, column: language)] else {
        throw table.unknownReference(row: row, column: language, table: "languages.csv")
      }
      guard let value = table.optionalString(row: row, column: text) else { continue }
      result[id, default: [:]][languageId] = value
    }
    return result
  }

  /// Looks up the id in `column` of `row` in `map`, or throws an unknown-reference error.
  func lookup<Value>(
    _ map: [Int: Value],
    _ table: CSVTable,
    row: Int,
    column: Int,
    in tableName: String
  ) throws(DataPipelineError) -> Value {
    guard let value = map[try table.int(row: row, column: column)] else {
      throw table.unknownReference(row: row, column: column, table: tableName)
    }
    return value
  }

  /// Like ``lookup(_:_:row:column:in:)`` for a column where empty means none.
  func optionalLookup<Value>(
    _ map: [Int: Value],
    _ table: CSVTable,
    row: Int,
    column: Int,
    in tableName: String
  ) throws(DataPipelineError) -> Value? {
    guard let id = try table.optionalInt(row: row, column: column) else { return nil }
    guard let value = map[id] else {
      throw table.unknownReference(row: row, column: column, table: tableName)
    }
    return value
  }

  // MARK: Top-level tables

  /// Every language, in PokeAPI's display order (the `order` column).
  mutating func languages() throws(DataPipelineError) -> [Language] {
    let table = try self.table("languages.csv")
    let names = try self.names(
      "language_names.csv",
      owner: "language_id",
      owners: languageIdentifiers,
      ownerTable: "languages.csv"
    )
    let (id, iso639, iso3166) = (
      try table.column(named: "id"), try table.column(named: "iso639"),
      try table.column(named: "iso3166")
    )
    let (identifier, official, order) = (
      try table.column(named: "identifier"), try table.column(named: "official"),
      try table.column(named: "order")
    )
    var rows: [(order: Int, language: Language)] = []
    for row in 0..<table.rowCount {
      let languageId = try table.int(row: row, column: id)
      rows.append(
        (
          try table.int(row: row, column: order),
          Language(
            id: languageId,
            identifier: table[row, identifier],
            iso639: table[row, iso639],
            iso3166: table[row, iso3166],
            official: try table.bool(row: row, column: official),
            names: names[languageId] ?? [:]
          )
        )
      )
    }
    return rows.sorted { ($0.order, $0.language.id) < ($1.order, $1.language.id) }.map(\.language)
  }

  /// Every generation with its main region, sorted by id.
  mutating func generations() throws(DataPipelineError) -> [Generation] {
    let regions = try identifiers("regions.csv")
    let table = try self.table("generations.csv")
    let ids = try identifiers("generations.csv")
    let names = try self.names(
      "generation_names.csv",
      owner: "generation_id",
      owners: ids,
      ownerTable: "generations.csv"
    )
    let (id, region, identifier) = (
      try table.column(named: "id"), try table.column(named: "main_region_id"),
      try table.column(named: "identifier")
    )
    var result: [Generation] = []
    for row in 0..<table.rowCount {
      let generationId = try table.int(row: row, column: id)
      result.append(
        Generation(
          id: generationId,
          identifier: table[row, identifier],
          region: try lookup(regions, table, row: row, column: region, in: "regions.csv"),
          names: names[generationId] ?? [:]
        )
      )
    }
    return result.sorted { $0.id < $1.id }
  }

  /// Every type with its names and damage factors, sorted by id.
  mutating func types() throws(DataPipelineError) -> [TypeInfo] {
    let ids = try identifiers("types.csv")
    let names = try self.names(
      "type_names.csv",
      owner: "type_id",
      owners: ids,
      ownerTable: "types.csv"
    )
    let efficacy = try self.table("type_efficacy.csv")
    let (attacker, defender, factor) = (
      try efficacy.column(named: "damage_type_id"), try efficacy.column(named: "target_type_id"),
      try efficacy.column(named: "damage_factor")
    )
    var factors: [Int: [String: Int]] = [:]
    for row in 0..<efficacy.rowCount {
      let attackerId = try efficacy.int(row: row, column: attacker)
      guard ids[attackerId] != nil else {
        throw efficacy.unknownReference(row: row, column: attacker, table: "types.csv")
      }
      let target = try lookup(ids, efficacy, row: row, column: defender, in: "types.csv")
      factors[attackerId, default: [:]][target] = try efficacy.int(row: row, column: factor)
    }
    let table = try self.table("types.csv")
    let (id, identifier, generation) = (
      try table.column(named: "id"), try table.column(named: "identifier"),
      try table.column(named: "generation_id")
    )
    var result: [TypeInfo] = []
    for row in 0..<table.rowCount {
      let typeId = try table.int(row: row, column: id)
      result.append(
        TypeInfo(
          id: typeId,
          identifier: table[row, identifier],
          generation: try table.int(row: row, column: generation),
          names: names[typeId] ?? [:],
          damageFactors: factors[typeId] ?? [:]
        )
      )
    }
    return result.sorted { $0.id < $1.id }
  }

  /// Every main-series ability, plus any other a Pokémon has, sorted by id.
  mutating func abilities() throws(DataPipelineError) -> [Ability] {
    let ids = try identifiers("abilities.csv")
    let names = try self.names(
      "ability_names.csv",
      owner: "ability_id",
      owners: ids,
      ownerTable: "abilities.csv"
    )
    let held = try self.table("pokemon_abilities.csv")
    let heldAbility = try held.column(named: "ability_id")
    var used: Set<Int> = []
    for row in 0..<held.rowCount { used.insert(try held.int(row: row, column: heldAbility)) }
    let table = try self.table("abilities.csv")
    let (id, identifier, generation, mainSeries) = (
      try table.column(named: "id"), try table.column(named: "identifier"),
      try table.column(named: "generation_id"), try table.column(named: "is_main_series")
    )
    var result: [Ability] = []
    for row in 0..<table.rowCount {
      let abilityId = try table.int(row: row, column: id)
      guard try table.bool(row: row, column: mainSeries) || used.contains(abilityId) else {
        continue
      }
      result.append(
        Ability(
          id: abilityId,
          identifier: table[row, identifier],
          generation: try table.int(row: row, column: generation),
          names: names[abilityId] ?? [:]
        )
      )
    }
    return result.sorted { $0.id < $1.id }
  }

  // MARK: Source

  /// The provenance: the commit named in the directory's `README.md` (or
  /// ``DexBuilder/defaultCommit``) and the notice of its `LICENSE.md`.
  func dataSource() -> DataSource {
    let readme =
      (try? String(contentsOf: directory.appendingPathComponent("README.md"), encoding: .utf8))
      ?? ""
    let license =
      (try? String(contentsOf: directory.appendingPathComponent("LICENSE.md"), encoding: .utf8))
      ?? ""
    return DataSource(
      name: "PokeAPI",
      commit: Self.commit(inReadme: readme) ?? DexBuilder.defaultCommit,
      license: Self.licenseNotice(fromLicense: license)
    )
  }

  /// The first 40-digit hexadecimal word that follows the word "commit" in `text`.
  static func commit(inReadme text: String) -> String? {
    let words = text.split(whereSeparator: { !$0.isHexDigit && !$0.isLetter })
    var sawCommit = false
    for word in words {
      if word.lowercased() == "commit" {
        sawCommit = true
      } else if sawCommit, word.count == 40, word.allSatisfy(\.isHexDigit) {
        return word.lowercased()
      }
    }
    return nil
  }

  /// The copyright line of PokeAPI's `LICENSE.md` and a summary of its terms.
  static func licenseNotice(fromLicense text: String) -> String {
    let copyright =
      text.split(whereSeparator: \.isNewline).first.map {
        $0.trimmingCharacters(in: .whitespaces)
      } ?? ""
    let fallback =
      "Copyright (c) © 2013–2023 Paul Hallett and PokéAPI contributors "
      + "(https://github.com/PokeAPI/pokeapi#contributing). "
      + "Pokémon and Pokémon character names are trademarks of Nintendo."
    let notice = copyright.hasPrefix("Copyright") ? copyright : fallback
    return notice
      + " Data derived from PokeAPI's CSV tables, redistributed under PokeAPI's BSD 3-Clause"
      + " license: keep this notice; the data is provided as is, without warranty;"
      + " see https://github.com/PokeAPI/pokeapi/blob/master/LICENSE.md."
  }
}
