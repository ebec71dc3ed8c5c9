/// Every move, with the version groups its machine numbers refer to.
///
/// This is the root of `Data/moves.json` (see `Guides/DataFormat.md`), generated from
/// PokeAPI's move tables, with flags, effect text and aliases from Pokémon Showdown's where
/// PokeAPI has none (``Move/fromShowdown`` says which). Only the commands that need moves
/// load it.
///
/// ```swift
/// let moves = try PokedexLoader.load(MoveDex.self)
/// moves.moves.first { $0.identifier == "trick-room" }?.priority  // -7
/// ```
public struct MoveDex: Codable, Hashable, Sendable {
  /// The version of the file format; readers reject a newer one.
  public var schemaVersion: Int
  /// Where the data comes from, with its license notice.
  public var source: DataSource
  /// Pokémon Showdown's provenance and license notice, when some fields come from it.
  public var showdownSource: DataSource?
  /// Every version group, sorted by `id`: what a ``Machine`` names.
  public var versionGroups: [VersionGroup]
  /// Every move, main-series and shadow moves, sorted by `id`.
  public var moves: [Move]

  /// The schema version this build reads and writes.
  public static let currentSchemaVersion = 1

  public init(
    schemaVersion: Int = MoveDex.currentSchemaVersion,
    source: DataSource,
    showdownSource: DataSource? = nil,
    versionGroups: [VersionGroup],
    moves: [Move]
  ) {
    self.schemaVersion = schemaVersion
    self.source = source
    self.showdownSource = showdownSource
    self.versionGroups = versionGroups
    self.moves = moves
  }
}

/// Games released together that share their moves and machines (`"scarlet-violet"`).
public struct VersionGroup: Codable, Hashable, Sendable {
  public var id: Int
  /// `"scarlet-violet"`.
  public var identifier: String
  /// The generation the games belong to.
  public var generation: Int
  /// The release order PokeAPI gives (1 is Red and Green in Japan).
  public var order: Int

  public init(id: Int, identifier: String, generation: Int, order: Int) {
    self.id = id
    self.identifier = identifier
    self.generation = generation
    self.order = order
  }
}

/// A move, as PokeAPI describes it, completed from Pokémon Showdown where PokeAPI has nothing
/// (see `Guides/DataFormat.md`, "moves.json", for the rule of each field).
public struct Move: Codable, Hashable, Sendable, Identifiable {
  /// PokeAPI's id: 1 and up for main-series moves, 10001 and up for shadow moves.
  public var id: Int
  /// `"trick-room"`.
  public var identifier: String
  /// The move's name in each language.
  public var names: LocalizedNames
  /// What players also call it: Showdown's alias ids (`"tbolt"` for Thunderbolt), which
  /// lookups by name accept.
  public var aliases: [String]
  /// The generation that introduced it.
  public var generation: Int
  /// The type's identifier, `"psychic"`.
  public var type: String
  /// `"physical"`, `"special"` or `"status"`.
  public var damageClass: String
  /// Base power; `nil` for moves without a fixed power: status moves, and damaging moves
  /// whose power varies (Low Kick, Gyro Ball, Ruination; see ``powerKind``).
  public var power: Int?
  /// Accuracy in percent; `nil` for moves that never miss (Aerial Ace, Tachyon Cutter) or do
  /// not check accuracy (Swords Dance).
  public var accuracy: Int?
  /// Power points; `nil` for shadow moves.
  public var pp: Int?
  /// -7 (Trick Room) to +5 (Helping Hand).
  public var priority: Int
  /// Whom the move affects: `"selected-pokemon"`, `"all-other-pokemon"`, `"entire-field"`.
  public var target: String
  /// The move's flags, in PokeAPI's order: `"contact"`, `"protect"`, `"sound"`, `"punch"`...
  public var flags: [String]
  /// The chance in percent of the move's secondary effect, if it has one.
  public var effectChance: Int?
  /// The effect in one sentence, in English, with the effect chance filled in, as of the
  /// latest generation.
  public var shortEffect: String?
  /// The full effect, in English, with the effect chance filled in, as of the latest
  /// generation.
  public var effect: String?
  /// How the effect read in older generations where it differed, newest first (Showdown's
  /// text; see ``effectText(inGeneration:)``).
  public var olderEffects: [GenerationEffect]
  /// The machines (TM, HM, TR) that teach the move, in release order of their version group.
  public var machines: [Machine]
  /// Which fields came from Pokémon Showdown rather than PokeAPI; `nil` when none did.
  public var fromShowdown: ShowdownFields?

  public init(
    id: Int,
    identifier: String,
    names: LocalizedNames,
    aliases: [String] = [],
    generation: Int,
    type: String,
    damageClass: String,
    power: Int?,
    accuracy: Int?,
    pp: Int?,
    priority: Int,
    target: String,
    flags: [String],
    effectChance: Int?,
    shortEffect: String?,
    effect: String?,
    olderEffects: [GenerationEffect] = [],
    machines: [Machine],
    fromShowdown: ShowdownFields? = nil
  ) {
    self.id = id
    self.identifier = identifier
    self.names = names
    self.aliases = aliases
    self.generation = generation
    self.type = type
    self.damageClass = damageClass
    self.power = power
    self.accuracy = accuracy
    self.pp = pp
    self.priority = priority
    self.target = target
    self.flags = flags
    self.effectChance = effectChance
    self.shortEffect = shortEffect
    self.effect = effect
    self.olderEffects = olderEffects
    self.machines = machines
    self.fromShowdown = fromShowdown
  }
}

/// A machine that teaches a move in one version group: TM126 in Scarlet and Violet.
public struct Machine: Codable, Hashable, Sendable {
  /// The version group's identifier, `"scarlet-violet"`.
  public var versionGroup: String
  /// The machine's item identifier: `"tm126"`, `"hm03"`, `"tr08"`.
  public var item: String

  public init(versionGroup: String, item: String) {
    self.versionGroup = versionGroup
    self.item = item
  }

  /// The machine as the games print it: `"TM126"`, `"HM03"`, `"TR08"`.
  public var label: String { item.uppercased() }
}

extension Move {
  /// Decodes a move; `aliases` and `olderEffects`, which files written before Showdown's
  /// data joined PokeAPI's lack, read as empty when missing (as the schema's fast path reads
  /// them, `Moves+Schema.swift`).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try container.decode(Int.self, forKey: .id),
      identifier: try container.decode(String.self, forKey: .identifier),
      names: try container.decode(LocalizedNames.self, forKey: .names),
      aliases: try container.decodeIfPresent([String].self, forKey: .aliases) ?? [],
      generation: try container.decode(Int.self, forKey: .generation),
      type: try container.decode(String.self, forKey: .type),
      damageClass: try container.decode(String.self, forKey: .damageClass),
      power: try container.decodeIfPresent(Int.self, forKey: .power),
      accuracy: try container.decodeIfPresent(Int.self, forKey: .accuracy),
      pp: try container.decodeIfPresent(Int.self, forKey: .pp),
      priority: try container.decode(Int.self, forKey: .priority),
      target: try container.decode(String.self, forKey: .target),
      flags: try container.decode([String].self, forKey: .flags),
      effectChance: try container.decodeIfPresent(Int.self, forKey: .effectChance),
      shortEffect: try container.decodeIfPresent(String.self, forKey: .shortEffect),
      effect: try container.decodeIfPresent(String.self, forKey: .effect),
      olderEffects: try container.decodeIfPresent([GenerationEffect].self, forKey: .olderEffects)
        ?? [],
      machines: try container.decode([Machine].self, forKey: .machines),
      fromShowdown: try container.decodeIfPresent(ShowdownFields.self, forKey: .fromShowdown)
    )
  }
}
