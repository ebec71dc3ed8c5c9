import PokedexKit

/// Six numbers, one per stat: a set's effort values (EVs) or individual values (IVs).
///
/// The fields use the short names players and ``QueryStat`` use. A spread of EVs defaults
/// to all 0 and a spread of IVs to all 31, as in Showdown's team format.
///
/// ```swift
/// var evs = StatSpread.zeroEVs
/// evs[.speed] = 252
/// evs.total            // 252
/// StatSpread.perfectIVs.spe  // 31
/// ```
public struct StatSpread: Codable, Hashable, Sendable {
  public var hp: Int
  public var atk: Int
  public var def: Int
  public var spa: Int
  public var spd: Int
  public var spe: Int

  /// Creates a spread from its six values.
  public init(hp: Int, atk: Int, def: Int, spa: Int, spd: Int, spe: Int) {
    self.hp = hp
    self.atk = atk
    self.def = def
    self.spa = spa
    self.spd = spd
    self.spe = spe
  }

  /// A spread with every stat at `value`.
  public init(all value: Int) {
    self.init(hp: value, atk: value, def: value, spa: value, spd: value, spe: value)
  }

  /// All 0: the EVs of a set with no `EVs:` line.
  public static let zeroEVs = StatSpread(all: 0)

  /// All 31: the IVs of a set with no `IVs:` line.
  public static let perfectIVs = StatSpread(all: 31)

  /// The value of one stat.
  public subscript(stat: Stat) -> Int {
    get {
      switch stat {
      case .hp: hp
      case .attack: atk
      case .defense: def
      case .specialAttack: spa
      case .specialDefense: spd
      case .speed: spe
      }
    }
    set {
      switch stat {
      case .hp: hp = newValue
      case .attack: atk = newValue
      case .defense: def = newValue
      case .specialAttack: spa = newValue
      case .specialDefense: spd = newValue
      case .speed: spe = newValue
      }
    }
  }

  /// The sum of the six values, saturating at `Int.min` and `Int.max` rather than
  /// overflowing (a spread built in code may hold anything).
  public var total: Int {
    Stat.allCases.reduce(0) { sum, stat in
      let (result, overflow) = sum.addingReportingOverflow(self[stat])
      return overflow ? (self[stat] > 0 ? Int.max : Int.min) : result
    }
  }

  /// One of the six stats, in the order Showdown writes them.
  public enum Stat: String, CaseIterable, Codable, Hashable, Sendable {
    case hp
    case attack
    case defense
    case specialAttack
    case specialDefense
    case speed

    /// The name Showdown writes: `HP`, `Atk`, `Def`, `SpA`, `SpD`, `Spe`.
    public var shortName: String {
      switch self {
      case .hp: "HP"
      case .attack: "Atk"
      case .defense: "Def"
      case .specialAttack: "SpA"
      case .specialDefense: "SpD"
      case .speed: "Spe"
      }
    }

    /// The identifier the data uses (``Nature/increasedStat``): `"hp"`, `"attack"`,
    /// `"special-attack"`...
    public var identifier: String {
      switch self {
      case .hp: "hp"
      case .attack: "attack"
      case .defense: "defense"
      case .specialAttack: "special-attack"
      case .specialDefense: "special-defense"
      case .speed: "speed"
      }
    }

    /// The stat a name in a paste stands for: the short name in any case (`Atk`, `spa`) or
    /// an alias players write (`Attack`, `SpAtk`, `Sp. Def`, `Speed`), compared as
    /// ``NameNormalizer`` keys.
    ///
    /// ```swift
    /// StatSpread.Stat(name: "SpA")      // .specialAttack
    /// StatSpread.Stat(name: "Sp. Def")  // .specialDefense
    /// StatSpread.Stat(name: "Atq")      // nil
    /// ```
    public init?(name: some StringProtocol) {
      guard let stat = Self.aliases[NameNormalizer.key(String(name))] else { return nil }
      self = stat
    }

    private static let aliases: [String: Stat] = [
      "hp": .hp, "hitpoints": .hp,
      "atk": .attack, "attack": .attack,
      "def": .defense, "defense": .defense, "defence": .defense,
      "spa": .specialAttack, "spatk": .specialAttack, "specialattack": .specialAttack,
      "spd": .specialDefense, "spdef": .specialDefense, "specialdefense": .specialDefense,
      "spe": .speed, "speed": .speed,
    ]
  }
}
