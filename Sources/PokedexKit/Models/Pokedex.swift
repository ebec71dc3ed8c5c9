/// The whole dex: every Pokémon plus the tables they refer to.
///
/// This is the root of `Data/pokemons.json` (see `Guides/DataFormat.md`).
/// Tables are sorted by id and every dictionary is written with sorted keys,
/// so the file is byte-for-byte reproducible.
///
/// ```swift
/// let dex = try PokedexLoader.load()
/// print(dex.pokemon.count)  // 1351
/// ```
public struct Pokedex: Codable, Hashable, Sendable {
  /// The version of the file format; readers reject a newer one.
  public var schemaVersion: Int
  /// Where the data comes from, with its license notice.
  public var source: DataSource
  /// Where the Showdown names, formes and tiers come from, with their license notice, or
  /// `nil` for a dex built without them.
  public var showdownSource: DataSource?
  /// Every language the names are given in, in PokeAPI's display order.
  public var languages: [Language]
  /// The nine generations.
  public var generations: [Generation]
  /// Every type, with its names and its row of the type chart.
  public var types: [TypeInfo]
  /// Every main-series ability, plus any other a Pokémon has, with its names; sorted by `id`.
  public var abilities: [Ability]
  /// Every Pokémon, default ones and alternate forms, sorted by `id`.
  public var pokemon: [Pokemon]

  /// The schema version this build reads and writes.
  public static let currentSchemaVersion = 1

  public init(
    schemaVersion: Int = Pokedex.currentSchemaVersion,
    source: DataSource,
    showdownSource: DataSource? = nil,
    languages: [Language],
    generations: [Generation],
    types: [TypeInfo],
    abilities: [Ability],
    pokemon: [Pokemon]
  ) {
    self.schemaVersion = schemaVersion
    self.source = source
    self.showdownSource = showdownSource
    self.languages = languages
    self.generations = generations
    self.types = types
    self.abilities = abilities
    self.pokemon = pokemon
  }
}

/// The provenance of a data file.
public struct DataSource: Codable, Hashable, Sendable {
  /// The upstream project, `"PokeAPI"`.
  public var name: String
  /// The upstream commit the CSV tables were copied from.
  public var commit: String
  /// The license notice that must travel with the data.
  public var license: String

  public init(name: String, commit: String, license: String) {
    self.name = name
    self.commit = commit
    self.license = license
  }
}

/// A language the data has names in.
public struct Language: Codable, Hashable, Sendable {
  public var id: Int
  /// PokeAPI's identifier, used as the key of every ``LocalizedNames``: `"en"`, `"ja-hrkt"`.
  public var identifier: String
  public var iso639: String
  public var iso3166: String
  /// Whether the games use it officially.
  public var official: Bool
  /// The language's name in each language (`names["en"]` is `"English"`).
  public var names: LocalizedNames

  public init(
    id: Int,
    identifier: String,
    iso639: String,
    iso3166: String,
    official: Bool,
    names: LocalizedNames
  ) {
    self.id = id
    self.identifier = identifier
    self.iso639 = iso639
    self.iso3166 = iso3166
    self.official = official
    self.names = names
  }
}

/// A generation of games.
public struct Generation: Codable, Hashable, Sendable {
  /// 1 through 9.
  public var id: Int
  /// `"generation-i"`.
  public var identifier: String
  /// The region it introduced, `"kanto"`.
  public var region: String
  public var names: LocalizedNames

  public init(id: Int, identifier: String, region: String, names: LocalizedNames) {
    self.id = id
    self.identifier = identifier
    self.region = region
    self.names = names
  }
}

/// A type and its row of the type chart.
public struct TypeInfo: Codable, Hashable, Sendable {
  public var id: Int
  /// `"fire"`.
  public var identifier: String
  /// The generation that introduced it.
  public var generation: Int
  public var names: LocalizedNames
  /// The damage factor, in percent (0, 50, 100 or 200), of a move of this type
  /// against each defending type, keyed by the defender's identifier.
  /// Empty for types outside the chart (`unknown`, `shadow`, `stellar`).
  public var damageFactors: [String: Int]

  public init(
    id: Int,
    identifier: String,
    generation: Int,
    names: LocalizedNames,
    damageFactors: [String: Int]
  ) {
    self.id = id
    self.identifier = identifier
    self.generation = generation
    self.names = names
    self.damageFactors = damageFactors
  }
}

/// An ability.
public struct Ability: Codable, Hashable, Sendable {
  public var id: Int
  /// `"overgrow"`.
  public var identifier: String
  public var generation: Int
  public var names: LocalizedNames

  public init(id: Int, identifier: String, generation: Int, names: LocalizedNames) {
    self.id = id
    self.identifier = identifier
    self.generation = generation
    self.names = names
  }
}
