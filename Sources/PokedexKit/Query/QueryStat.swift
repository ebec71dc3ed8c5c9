/// A numeric property a query can compare or a fetch request can sort by.
///
/// ```swift
/// QueryStat(name: "Sp. Atk")  // .spa
/// QueryStat(name: "speed")    // .spe
/// ```
public enum QueryStat: String, CaseIterable, Hashable, Sendable {
  case hp, atk, def, spa, spd, spe, bst, num, gen, weight, height

  /// The stat named `name`: its key or an alias users type (`attack`, `speed`,
  /// `spatk`, `total`, `wt`...), compared as ``NameNormalizer`` keys.
  public init?(name: String) {
    guard let stat = Self.aliases[NameNormalizer.key(name)] else { return nil }
    self = stat
  }

  /// Every accepted spelling, normalized, with its stat.
  static let aliases: [String: QueryStat] = {
    var aliases: [String: QueryStat] = [:]
    for stat in allCases { aliases[stat.rawValue] = stat }
    let extra: [(String, QueryStat)] = [
      ("hitpoints", .hp), ("health", .hp),
      ("attack", .atk), ("att", .atk),
      ("defense", .def), ("defence", .def),
      ("specialattack", .spa), ("spatk", .spa), ("spattack", .spa), ("satk", .spa),
      ("specialdefense", .spd), ("specialdefence", .spd), ("spdef", .spd),
      ("spdefense", .spd), ("sdef", .spd),
      ("speed", .spe), ("initiative", .spe),
      ("total", .bst), ("basestattotal", .bst), ("stats", .bst),
      ("number", .num), ("dex", .num), ("national", .num), ("nationalnumber", .num),
      ("generation", .gen),
      ("wt", .weight), ("ht", .height),
    ]
    for (alias, stat) in extra { aliases[alias] = stat }
    return aliases
  }()

  /// Whether the stat only takes whole numbers (all but weight and height).
  public var isIntegral: Bool { self != .weight && self != .height }

  /// The stat's value for `pokemon`: base stats, their total, the national
  /// number, the generation, weight in kilograms, height in metres.
  public func value(of pokemon: Pokemon) -> Double {
    switch self {
    case .hp: Double(pokemon.stats.hp)
    case .atk: Double(pokemon.stats.attack)
    case .def: Double(pokemon.stats.defense)
    case .spa: Double(pokemon.stats.specialAttack)
    case .spd: Double(pokemon.stats.specialDefense)
    case .spe: Double(pokemon.stats.speed)
    case .bst: Double(pokemon.stats.total)
    case .num: Double(pokemon.nationalNumber)
    case .gen: Double(pokemon.generation)
    case .weight: pokemon.weight
    case .height: pokemon.height
    }
  }
}
