/// How effective a move is: one bucket of a matchup table.
///
/// ```swift
/// Effectiveness(percent: 400).label  // "4x"
/// ```
public enum Effectiveness: Int, CaseIterable, Hashable, Sendable, Comparable {
  case quadruple = 400
  case double = 200
  case neutral = 100
  case half = 50
  case quarter = 25
  case immune = 0

  /// The bucket of a damage factor in percent; factors between buckets round to the nearest one.
  public init(percent: Int) {
    switch percent {
    case ..<1: self = .immune
    case ..<38: self = .quarter
    case ..<75: self = .half
    case ..<150: self = .neutral
    case ..<300: self = .double
    default: self = .quadruple
    }
  }

  /// The multiplier as it is usually written: `"4x"`, `"2x"`, `"1x"`, `"1/2x"`, `"1/4x"`, `"0x"`.
  public var label: String {
    switch self {
    case .quadruple: "4x"
    case .double: "2x"
    case .neutral: "1x"
    case .half: "1/2x"
    case .quarter: "1/4x"
    case .immune: "0x"
    }
  }

  /// The multiplier as a number.
  public var multiplier: Double { Double(rawValue) / 100 }

  /// Orders by multiplier.
  public static func < (lhs: Effectiveness, rhs: Effectiveness) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}

/// The matchup table of one or two defending types: every attacking type in its bucket.
///
/// ```swift
/// let table = chart.matchups(defending: ["grass", "poison"])
/// table.types(for: .double)  // ["flying", "fire", "psychic", "ice"]
/// table.weaknesses           // the 4x and 2x types
/// ```
public struct TypeMatchups: Hashable, Sendable {
  /// The defending types.
  public var defending: [String]
  /// Attacking type identifiers by effectiveness, each list in chart order.
  public var buckets: [Effectiveness: [String]]

  /// Creates a table from its buckets.
  public init(defending: [String], buckets: [Effectiveness: [String]]) {
    self.defending = defending
    self.buckets = buckets
  }

  /// The attacking types in one bucket, in chart order.
  public func types(for effectiveness: Effectiveness) -> [String] { buckets[effectiveness] ?? [] }

  /// The attacking types dealing more than 1x.
  public var weaknesses: [String] { types(for: .quadruple) + types(for: .double) }
  /// The attacking types dealing less than 1x but more than 0x.
  public var resistances: [String] { types(for: .half) + types(for: .quarter) }
  /// The attacking types dealing no damage.
  public var immunities: [String] { types(for: .immune) }
}
