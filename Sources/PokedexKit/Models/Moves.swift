/// Every move, with the version groups its machine numbers refer to.
///
/// This is the root of `Data/moves.json` (see `Guides/DataFormat.md`), generated from
/// PokeAPI's move tables. Only the commands that need moves load it.
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
  /// Every version group, sorted by `id`: what a ``Machine`` names.
  public var versionGroups: [VersionGroup]
  /// Every move, main-series and shadow moves, sorted by `id`.
  public var moves: [Move]

  /// The schema version this build reads and writes.
  public static let currentSchemaVersion = 1

  public init(
    schemaVersion: Int = MoveDex.currentSchemaVersion,
    source: DataSource,
    versionGroups: [VersionGroup],
    moves: [Move]
  ) {
    self.schemaVersion = schemaVersion
    self.source = source
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

/// A move, as PokeAPI describes it.
public struct Move: Codable, Hashable, Sendable, Identifiable {
  /// PokeAPI's id: 1 and up for main-series moves, 10001 and up for shadow moves.
  public var id: Int
  /// `"trick-room"`.
  public var identifier: String
  /// The move's name in each language.
  public var names: LocalizedNames
  /// The generation that introduced it.
  public var generation: Int
  /// The type's identifier, `"psychic"`.
  public var type: String
  /// `"physical"`, `"special"` or `"status"`.
  public var damageClass: String
  /// Base power; `nil` for moves without a fixed power (status moves, Low Kick).
  public var power: Int?
  /// Accuracy in percent; `nil` for moves that never miss or do not check accuracy.
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
  /// The effect in one sentence, in English, with the effect chance filled in.
  public var shortEffect: String?
  /// The full effect, in English, with the effect chance filled in.
  public var effect: String?
  /// The machines (TM, HM, TR) that teach the move, in release order of their version group.
  public var machines: [Machine]

  public init(
    id: Int,
    identifier: String,
    names: LocalizedNames,
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
    machines: [Machine]
  ) {
    self.id = id
    self.identifier = identifier
    self.names = names
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
    self.machines = machines
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
