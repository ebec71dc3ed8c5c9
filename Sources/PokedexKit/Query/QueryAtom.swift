/// A compiled test of one Pokémon.
typealias PokemonPredicate = @Sendable (_ pokemon: Pokemon) -> Bool

/// A comparison operator.
enum ComparisonOperator: String, Hashable, Sendable, CaseIterable {
  case less = "<"
  case lessOrEqual = "<="
  case greater = ">"
  case greaterOrEqual = ">="
  case equal = "="
  case notEqual = "!="

  /// The operator with its sides swapped: `100<spe` is `spe>100`.
  var flipped: ComparisonOperator {
    switch self {
    case .less: .greater
    case .lessOrEqual: .greaterOrEqual
    case .greater: .less
    case .greaterOrEqual: .lessOrEqual
    case .equal: .equal
    case .notEqual: .notEqual
    }
  }

  /// The operator that holds exactly when this one does not.
  var inverted: ComparisonOperator {
    switch self {
    case .less: .greaterOrEqual
    case .lessOrEqual: .greater
    case .greater: .lessOrEqual
    case .greaterOrEqual: .less
    case .equal: .notEqual
    case .notEqual: .equal
    }
  }

  /// Compares two values.
  func holds(_ lhs: Double, _ rhs: Double) -> Bool {
    switch self {
    case .less: lhs < rhs
    case .lessOrEqual: lhs <= rhs
    case .greater: lhs > rhs
    case .greaterOrEqual: lhs >= rhs
    case .equal: lhs == rhs
    case .notEqual: lhs != rhs
    }
  }
}

/// The right side of a comparison, once the stat is on the left.
enum QueryOperand: Hashable, Sendable {
  case number(Double)
  case stat(QueryStat)
}

/// What a type-matchup term asks for.
enum MatchupKind: String, Hashable, Sendable {
  /// Takes more than 1x.
  case weak
  /// Takes less than 1x but more than 0x.
  case resists
  /// Takes 0x.
  case immune

  /// Whether a damage factor in percent fits.
  func holds(_ factor: Int) -> Bool {
    switch self {
    case .weak: factor > 100
    case .resists: factor > 0 && factor < 100
    case .immune: factor == 0
    }
  }
}

/// What one alternative tests, resolved against the dex; equal atoms test the same thing.
enum QueryAtom: Hashable, Sendable {
  case type(String)
  case generation(ClosedRange<Int>)
  case flag(QueryFlag)
  case ability(Set<String>)
  case eggGroup(String)
  case color(String)
  case habitat(String)
  case shape(String)
  case matchup(MatchupKind, String)
  case comparison(QueryStat, ComparisonOperator, QueryOperand)
  case name(Set<Int>)
  case savedFilter(String)
  /// A move's identifier, the generations of its sources, the methods (`nil`: any).
  case move(String, ClosedRange<Int>, Set<LearnMethod.Kind>?)
  /// A Showdown tier column, the tiers it may be, in the generations (any of them).
  case tier(ShowdownTier.Column, Set<String>, ClosedRange<Int>)
}

/// One compiled alternative.
struct CompiledAlternative {
  var atom: QueryAtom
  var isNegated: Bool
  /// The test, negation included.
  var predicate: PokemonPredicate
  /// Whether a positive use brings alternate forms in.
  var bringsForms: Bool
  var source: QueryAlternative
}

/// The result of compiling a list of terms.
struct CompiledTerms {
  /// The terms' tests AND-ed.
  var predicate: PokemonPredicate
  var bringsForms: Bool
  /// The number of alternatives with every saved filter replaced by its terms.
  var expandedTerms = 0
  /// How many saved filters deep the terms reach: 0 when they use none.
  var filterDepth = 0
}

/// The AND and OR of compiled tests.
enum Predicates {
  static func all(_ predicates: [PokemonPredicate]) -> PokemonPredicate {
    if predicates.count == 1 { return predicates[0] }
    return { pokemon in predicates.allSatisfy { predicate in predicate(pokemon) } }
  }

  static func any(_ predicates: [PokemonPredicate]) -> PokemonPredicate {
    if predicates.count == 1 { return predicates[0] }
    return { pokemon in predicates.contains { predicate in predicate(pokemon) } }
  }
}
