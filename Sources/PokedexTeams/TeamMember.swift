import PokedexKit

/// One Pokémon of a team or a box, as Pokémon Showdown's team format describes it.
///
/// Every field is kept as the player wrote it (`"Ninetales-Alola"`, `"Hidden Power [Fire]"`,
/// `"Choice Scarf"`): a member is text that round-trips through ``ShowdownPaste``, and
/// ``TeamValidator`` says whether the data knows each name. Fields that Showdown omits when
/// they have their default (level 100, happiness 255, Dynamax level 10, EVs 0, IVs 31) hold
/// that default.
///
/// ```swift
/// var chomp = TeamMember(species: "Garchomp")
/// chomp.item = "Choice Scarf"
/// chomp.ability = "Rough Skin"
/// chomp.nature = "Jolly"
/// chomp.evs = StatSpread(hp: 4, atk: 252, def: 0, spa: 0, spd: 0, spe: 252)
/// chomp.moves = ["Earthquake", "Outrage", "Stone Edge", "Fire Fang"]
/// print(ShowdownPaste.render(chomp, style: .plain))
/// // Garchomp @ Choice Scarf
/// // Ability: Rough Skin
/// // EVs: 4 HP / 252 Atk / 252 Spe
/// // Jolly Nature
/// // - Earthquake
/// // ...
/// ```
///
/// Decoding JSON, a missing key takes the field's default, so a stored member may list only
/// what it sets.
public struct TeamMember: Codable, Hashable, Sendable {
  /// The species as Showdown writes it, forme included: `"Garchomp"`, `"Ninetales-Alola"`,
  /// `"Urshifu-Rapid-Strike"`.
  public var species: String
  /// The nickname, if it has one.
  public var nickname: String?
  /// The gender, if set; `nil` lets the game decide (or the species has none).
  public var gender: Gender?
  /// The held item: `"Leftovers"`.
  public var item: String?
  /// The ability: `"Rough Skin"`.
  public var ability: String?
  /// The level, 100 unless set.
  public var level: Int
  /// Whether it is shiny.
  public var isShiny: Bool
  /// Its happiness (friendship), 255 unless set.
  public var happiness: Int
  /// The Poké Ball it was caught in: `"Dream Ball"`.
  public var pokeball: String?
  /// The type of its Hidden Power, when the paste gives it on its own line.
  public var hiddenPowerType: String?
  /// Its Dynamax level, 10 unless set.
  public var dynamaxLevel: Int
  /// Whether it can Gigantamax.
  public var isGigantamax: Bool
  /// Its Tera type: `"Fairy"`.
  public var teraType: String?
  /// Its effort values, all 0 unless set.
  public var evs: StatSpread
  /// Its nature: `"Jolly"`.
  public var nature: String?
  /// Its individual values, all 31 unless set.
  public var ivs: StatSpread
  /// Its moves as written, in order: `["Earthquake", "Hidden Power [Ice]"]`. A legal set
  /// has at most four; a paste may list more, which ``TeamValidator`` reports.
  public var moves: [String]

  /// The level a member has unless its paste says otherwise.
  public static let defaultLevel = 100
  /// The happiness a member has unless its paste says otherwise.
  public static let defaultHappiness = 255
  /// The Dynamax level a member has unless its paste says otherwise.
  public static let defaultDynamaxLevel = 10

  /// Creates a member; every field but the species has Showdown's default.
  public init(
    species: String,
    nickname: String? = nil,
    gender: Gender? = nil,
    item: String? = nil,
    ability: String? = nil,
    level: Int = TeamMember.defaultLevel,
    isShiny: Bool = false,
    happiness: Int = TeamMember.defaultHappiness,
    pokeball: String? = nil,
    hiddenPowerType: String? = nil,
    dynamaxLevel: Int = TeamMember.defaultDynamaxLevel,
    isGigantamax: Bool = false,
    teraType: String? = nil,
    evs: StatSpread = .zeroEVs,
    nature: String? = nil,
    ivs: StatSpread = .perfectIVs,
    moves: [String] = []
  ) {
    self.species = species
    self.nickname = nickname
    self.gender = gender
    self.item = item
    self.ability = ability
    self.level = level
    self.isShiny = isShiny
    self.happiness = happiness
    self.pokeball = pokeball
    self.hiddenPowerType = hiddenPowerType
    self.dynamaxLevel = dynamaxLevel
    self.isGigantamax = isGigantamax
    self.teraType = teraType
    self.evs = evs
    self.nature = nature
    self.ivs = ivs
    self.moves = moves
  }

  /// The name to show: the nickname, else the species.
  public var displayName: String { nickname ?? species }

  /// A gender a set can ask for.
  public enum Gender: String, Codable, Hashable, Sendable, CaseIterable {
    /// Written ` (M)`.
    case male = "M"
    /// Written ` (F)`.
    case female = "F"
  }

  private enum CodingKeys: String, CodingKey {
    case species, nickname, gender, item, ability, level, isShiny, happiness, pokeball
    case hiddenPowerType, dynamaxLevel, isGigantamax, teraType, evs, nature, ivs, moves
  }

  /// Encodes only what differs from the defaults, so a stored box of plain members stays
  /// small; decoding fills the defaults back in.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(species, forKey: .species)
    try container.encodeIfPresent(nickname, forKey: .nickname)
    try container.encodeIfPresent(gender, forKey: .gender)
    try container.encodeIfPresent(item, forKey: .item)
    try container.encodeIfPresent(ability, forKey: .ability)
    if level != Self.defaultLevel { try container.encode(level, forKey: .level) }
    if isShiny { try container.encode(isShiny, forKey: .isShiny) }
    if happiness != Self.defaultHappiness { try container.encode(happiness, forKey: .happiness) }
    try container.encodeIfPresent(pokeball, forKey: .pokeball)
    try container.encodeIfPresent(hiddenPowerType, forKey: .hiddenPowerType)
    if dynamaxLevel != Self.defaultDynamaxLevel {
      try container.encode(dynamaxLevel, forKey: .dynamaxLevel)
    }
    if isGigantamax { try container.encode(isGigantamax, forKey: .isGigantamax) }
    try container.encodeIfPresent(teraType, forKey: .teraType)
    if evs != .zeroEVs { try container.encode(evs, forKey: .evs) }
    try container.encodeIfPresent(nature, forKey: .nature)
    if ivs != .perfectIVs { try container.encode(ivs, forKey: .ivs) }
    if !moves.isEmpty { try container.encode(moves, forKey: .moves) }
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      species: try container.decode(String.self, forKey: .species),
      nickname: try container.decodeIfPresent(String.self, forKey: .nickname),
      gender: try container.decodeIfPresent(Gender.self, forKey: .gender),
      item: try container.decodeIfPresent(String.self, forKey: .item),
      ability: try container.decodeIfPresent(String.self, forKey: .ability),
      level: try container.decodeIfPresent(Int.self, forKey: .level) ?? Self.defaultLevel,
      isShiny: try container.decodeIfPresent(Bool.self, forKey: .isShiny) ?? false,
      happiness: try container.decodeIfPresent(Int.self, forKey: .happiness)
        ?? Self.defaultHappiness,
      pokeball: try container.decodeIfPresent(String.self, forKey: .pokeball),
      hiddenPowerType: try container.decodeIfPresent(String.self, forKey: .hiddenPowerType),
      dynamaxLevel: try container.decodeIfPresent(Int.self, forKey: .dynamaxLevel)
        ?? Self.defaultDynamaxLevel,
      isGigantamax: try container.decodeIfPresent(Bool.self, forKey: .isGigantamax) ?? false,
      teraType: try container.decodeIfPresent(String.self, forKey: .teraType),
      evs: try container.decodeIfPresent(StatSpread.self, forKey: .evs) ?? .zeroEVs,
      nature: try container.decodeIfPresent(String.self, forKey: .nature),
      ivs: try container.decodeIfPresent(StatSpread.self, forKey: .ivs) ?? .perfectIVs,
      moves: try container.decodeIfPresent([String].self, forKey: .moves) ?? []
    )
  }
}
