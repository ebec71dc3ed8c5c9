/// What every ability does, in English.
///
/// This is the root of `Data/abilities.json` (see `Guides/DataFormat.md`). The abilities'
/// names and generations are in `pokemons.json` (``Pokedex/abilities``); this file adds
/// their text (PokeAPI's, else Pokémon Showdown's) and Showdown's aliases, for the commands
/// that show them.
///
/// ```swift
/// let texts = try PokedexLoader.load(AbilityDex.self)
/// texts.abilities.first { $0.identifier == "levitate" }?.shortEffect
/// // "Evades ground moves."
/// ```
public struct AbilityDex: Codable, Hashable, Sendable {
  /// The version of the file format; readers reject a newer one.
  public var schemaVersion: Int
  /// Where the data comes from, with its license notice.
  public var source: DataSource
  /// Pokémon Showdown's provenance and license notice, when some fields come from it.
  public var showdownSource: DataSource?
  /// One entry per ability of ``Pokedex/abilities`` that has any text or alias, sorted by
  /// `id`.
  public var abilities: [AbilityText]

  /// The schema version this build reads and writes.
  public static let currentSchemaVersion = 1

  public init(
    schemaVersion: Int = AbilityDex.currentSchemaVersion,
    source: DataSource,
    showdownSource: DataSource? = nil,
    abilities: [AbilityText]
  ) {
    self.schemaVersion = schemaVersion
    self.source = source
    self.showdownSource = showdownSource
    self.abilities = abilities
  }
}

/// An ability's effect and its latest in-game description, in English, and what players
/// also call it.
public struct AbilityText: Codable, Hashable, Sendable, Identifiable {
  /// The ability's id, as in ``Pokedex/abilities``.
  public var id: Int
  /// `"levitate"`.
  public var identifier: String
  /// What players also call it: Showdown's alias ids (`"intim"` for Intimidate) and the ids
  /// of Showdown's variants of it (`"embodyaspectteal"` for Embody Aspect), which lookups
  /// by name accept.
  public var aliases: [String]
  /// The effect in one sentence.
  public var shortEffect: String?
  /// The full effect.
  public var effect: String?
  /// The description in the newest games that have one, as they print it (on one line).
  public var flavorText: String?
  /// The version group ``flavorText`` comes from, `"scarlet-violet"`.
  public var flavorTextVersionGroup: String?
  /// Which fields came from Pokémon Showdown rather than PokeAPI; `nil` when none did.
  public var fromShowdown: ShowdownFields?

  public init(
    id: Int,
    identifier: String,
    aliases: [String] = [],
    shortEffect: String?,
    effect: String?,
    flavorText: String?,
    flavorTextVersionGroup: String?,
    fromShowdown: ShowdownFields? = nil
  ) {
    self.id = id
    self.identifier = identifier
    self.aliases = aliases
    self.shortEffect = shortEffect
    self.effect = effect
    self.flavorText = flavorText
    self.flavorTextVersionGroup = flavorTextVersionGroup
    self.fromShowdown = fromShowdown
  }
}

/// The 25 natures.
///
/// This is the root of `Data/natures.json` (see `Guides/DataFormat.md`).
///
/// ```swift
/// let natures = try PokedexLoader.load(NatureDex.self)
/// let adamant = natures.natures.first { $0.identifier == "adamant" }
/// adamant?.increasedStat  // "attack"
/// adamant?.decreasedStat  // "special-attack"
/// ```
public struct NatureDex: Codable, Hashable, Sendable {
  /// The version of the file format; readers reject a newer one.
  public var schemaVersion: Int
  /// Where the data comes from, with its license notice.
  public var source: DataSource
  /// Every nature, sorted by `id`.
  public var natures: [Nature]

  /// The schema version this build reads and writes.
  public static let currentSchemaVersion = 1

  public init(
    schemaVersion: Int = NatureDex.currentSchemaVersion,
    source: DataSource,
    natures: [Nature]
  ) {
    self.schemaVersion = schemaVersion
    self.source = source
    self.natures = natures
  }
}

/// A nature: the stat it raises by 10 % and the one it lowers by 10 %.
public struct Nature: Codable, Hashable, Sendable, Identifiable {
  public var id: Int
  /// `"adamant"`.
  public var identifier: String
  /// The nature's name in each language.
  public var names: LocalizedNames
  /// The raised stat's identifier (`"attack"`, `"special-attack"`, ...), or `nil` for a
  /// neutral nature (Hardy, Docile, Serious, Bashful, Quirky).
  public var increasedStat: String?
  /// The lowered stat's identifier, or `nil` for a neutral nature.
  public var decreasedStat: String?

  public init(
    id: Int,
    identifier: String,
    names: LocalizedNames,
    increasedStat: String?,
    decreasedStat: String?
  ) {
    self.id = id
    self.identifier = identifier
    self.names = names
    self.increasedStat = increasedStat
    self.decreasedStat = decreasedStat
  }

  /// Whether the nature changes no stat.
  public var isNeutral: Bool { increasedStat == nil }
}

extension AbilityText {
  /// Decodes an ability's text; `aliases`, which files written before Showdown's data joined
  /// PokeAPI's lack, read as empty when missing (as the schema's fast path reads them,
  /// `Moves+Schema.swift`).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try container.decode(Int.self, forKey: .id),
      identifier: try container.decode(String.self, forKey: .identifier),
      aliases: try container.decodeIfPresent([String].self, forKey: .aliases) ?? [],
      shortEffect: try container.decodeIfPresent(String.self, forKey: .shortEffect),
      effect: try container.decodeIfPresent(String.self, forKey: .effect),
      flavorText: try container.decodeIfPresent(String.self, forKey: .flavorText),
      flavorTextVersionGroup: try container.decodeIfPresent(
        String.self,
        forKey: .flavorTextVersionGroup
      ),
      fromShowdown: try container.decodeIfPresent(ShowdownFields.self, forKey: .fromShowdown)
    )
  }
}
