/// The type chart: how much damage a move of one type deals to one or two defending types.
///
/// Built from the ``TypeInfo/damageFactors`` rows of a ``Pokedex``. Types outside
/// the chart (`unknown`, `shadow`, `stellar`: their row is empty) are left out.
/// Abilities, items and move-specific rules (Freeze-Dry, Thousand Arrows) are not
/// taken into account.
///
/// ```swift
/// let chart = TypeChart(types: dex.types)
/// chart.damageFactor(of: "ground", against: ["fire", "flying"])  // 0
/// chart.multiplier(of: "rock", against: ["fire", "flying"])      // 4.0
/// ```
public struct TypeChart: Hashable, Sendable {
  /// The identifiers of the chart's types, in the dex's order (`"normal"`, `"fighting"`, ...).
  public let typeIdentifiers: [String]
  /// The chart's types, in the same order.
  public let types: [TypeInfo]
  /// Position of each type identifier in `typeIdentifiers`.
  private let positions: [String: Int]
  /// `factors[attacker * count + defender]`, in percent.
  private let factors: [Int]

  /// Creates the chart from the dex's types.
  ///
  /// - Complexity: O(*t*²) for *t* types.
  public init(types: [TypeInfo]) {
    let charted = types.filter { !$0.damageFactors.isEmpty }
    self.types = charted
    let identifiers = charted.map(\.identifier)
    typeIdentifiers = identifiers
    var positions: [String: Int] = [:]
    for (position, type) in charted.enumerated() { positions[type.identifier] = position }
    self.positions = positions
    var factors = [Int](repeating: 100, count: charted.count * charted.count)
    for (attacker, type) in charted.enumerated() {
      for (defender, identifier) in identifiers.enumerated() {
        factors[attacker * charted.count + defender] = type.damageFactors[identifier] ?? 100
      }
    }
    self.factors = factors
  }

  /// Whether `identifier` is a type of the chart.
  public func contains(_ identifier: String) -> Bool { positions[identifier] != nil }

  /// The position of a type in ``typeIdentifiers``, or `nil` for a type outside the chart.
  package func position(of identifier: String) -> Int? { positions[identifier] }

  /// The damage factor in percent (0, 25, 50, 100, 200 or 400) of a move of type
  /// `attacking` against a Pokémon of the types `defending`.
  ///
  /// A type outside the chart counts as neutral (100).
  ///
  /// ```swift
  /// chart.damageFactor(of: "electric", against: ["water", "flying"])  // 400
  /// ```
  /// - Complexity: O(*d*) for *d* defending types.
  public func damageFactor(of attacking: String, against defending: [String]) -> Int {
    guard let attacker = positions[attacking] else { return 100 }
    var factor = 100
    for identifier in defending {
      guard let defender = positions[identifier] else { continue }
      factor = factor * factors[attacker * types.count + defender] / 100
    }
    return factor
  }

  /// The damage factor in percent between two chart positions; `defending` may hold `nil`s.
  package func damageFactor(attacker: Int, defenders: (Int?, Int?)) -> Int {
    var factor = 100
    if let first = defenders.0 { factor = factors[attacker * types.count + first] }
    if let second = defenders.1 { factor = factor * factors[attacker * types.count + second] / 100 }
    return factor
  }

  /// The damage multiplier (0, 0.25, 0.5, 1, 2 or 4) of a move of type `attacking`
  /// against the types `defending`.
  ///
  /// ```swift
  /// chart.multiplier(of: "fire", against: ["water", "dragon"])  // 0.25
  /// ```
  public func multiplier(of attacking: String, against defending: [String]) -> Double {
    Double(damageFactor(of: attacking, against: defending)) / 100
  }

  /// The effectiveness of every attacking type against the types `defending`,
  /// grouped into buckets from 4x down to 0x.
  ///
  /// ```swift
  /// let matchups = chart.matchups(defending: ["fire", "flying"])
  /// matchups.types(for: .quadruple)  // ["rock"]
  /// matchups.types(for: .immune)     // ["ground"]
  /// ```
  /// A type named twice counts once (a Pokémon never has the same type twice):
  /// `["fire", "fire"]` is `["fire"]`.
  ///
  /// - Complexity: O(*t*) for *t* types.
  public func matchups(defending: [String]) -> TypeMatchups {
    var unique: [String] = []
    for type in defending where !unique.contains(type) { unique.append(type) }
    let defending = unique
    var buckets: [Effectiveness: [String]] = [:]
    for attacking in typeIdentifiers {
      let effectiveness = Effectiveness(percent: damageFactor(of: attacking, against: defending))
      buckets[effectiveness, default: []].append(attacking)
    }
    return TypeMatchups(defending: defending, buckets: buckets)
  }

  /// The defending types a move of type `attacking` hits, each as a Pokémon of that type
  /// alone, grouped by effectiveness (2x, 1x, 1/2x, 0x), each list in chart order: what it is
  /// super effective against, what resists it and what is immune to it (Showdown's
  /// `/effectiveness` of one type against each).
  ///
  /// ```swift
  /// let fairy = chart.coverage(of: "fairy")
  /// fairy[.double]  // ["fighting", "dragon", "dark"]
  /// fairy[.half]    // ["poison", "steel", "fire"]
  /// ```
  ///
  /// - Complexity: O(*t*) for *t* types.
  public func coverage(of attacking: String) -> [Effectiveness: [String]] {
    var buckets: [Effectiveness: [String]] = [:]
    for defending in typeIdentifiers {
      let effectiveness = Effectiveness(percent: damageFactor(of: attacking, against: [defending]))
      buckets[effectiveness, default: []].append(defending)
    }
    return buckets
  }

  /// The matchup table of a Pokémon, from its types alone (abilities are ignored).
  ///
  /// ```swift
  /// chart.matchups(for: charizard).types(for: .quadruple)  // ["rock"]
  /// ```
  public func matchups(for pokemon: Pokemon) -> TypeMatchups {
    matchups(defending: pokemon.types)
  }

  /// The chart type whose identifier or name (in any language) is `name`,
  /// compared as ``NameNormalizer`` keys.
  ///
  /// ```swift
  /// try chart.type(named: "Feu").identifier  // "fire"
  /// try chart.type(named: "firre")           // throws TypeChartError.unknownType("firre", suggestion: "fire")
  /// ```
  /// - Throws: ``TypeChartError/unknownType(_:suggestion:)`` with the closest type, if any.
  public func type(named name: String) throws(TypeChartError) -> TypeInfo {
    let key = NameNormalizer.key(name)
    for type in types where NameNormalizer.key(type.identifier) == key {
      return type
    }
    for type in types where type.names.values.contains(where: { NameNormalizer.key($0) == key }) {
      return type
    }
    throw .unknownType(name, suggestion: EditDistance.suggestion(for: name, among: typeIdentifiers))
  }
}

/// An error from ``TypeChart`` lookups.
public enum TypeChartError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No chart type has that identifier or name; `suggestion` is the closest one, if any.
  case unknownType(String, suggestion: String?)

  /// A lower-case message without a trailing period.
  public var description: String {
    switch self {
    case .unknownType(let name, let suggestion?):
      "unknown type '\(name)'; did you mean '\(suggestion)'?"
    case .unknownType(let name, nil):
      "unknown type '\(name)'"
    }
  }
}
