/// A compiled test of one Pokémon, named by its row: `pokemon[row]`.
///
/// It takes the array and a row rather than a `Pokemon`: handing a `Pokemon` (a
/// large struct of strings, arrays and dictionaries) to a closure copies it out
/// of the array's storage, retaining and releasing every field, even when the
/// parameter is `borrowing`; that costs 20 times the test itself. Reading
/// `pokemon[row].types` inside the test touches only the field it needs.
/// `row` must be an index of `pokemon`.
typealias PokemonPredicate = @Sendable (_ pokemon: [Pokemon], _ row: Int) -> Bool

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
  /// Each term's test, in order (`learns:` terms excepted: they narrow the `move:` terms).
  var terms: [CompiledTerm] = []
  var bringsForms: Bool
  /// The number of alternatives with every saved filter replaced by its terms.
  var expandedTerms = 0
  /// How many saved filters deep the terms reach: 0 when they use none.
  var filterDepth = 0
}

/// One compiled term: its alternatives (the term holds when any does), and what their
/// tests depend on.
struct CompiledTerm: Sendable {
  /// One alternative: what it tests, and the test.
  struct Alternative: Sendable {
    var atom: QueryAtom
    var isNegated: Bool
    /// The test, negation included.
    var predicate: PokemonPredicate
  }

  var key: QueryTermKey
  var alternatives: [Alternative]
}

/// What a compiled term's test depends on, for one index, set of saved filters and move
/// data: the term's alternatives as written, and the learn methods the query's `learns:`
/// terms allow its `move:` alternatives. Two terms with equal keys match the same Pokémon.
struct QueryTermKey: Hashable, Sendable {
  /// The alternatives, `!` included, joined by `|`.
  var text: String
  /// The methods the query's `learns:` terms allow; `nil` for any.
  var learnMethods: Set<LearnMethod.Kind>?
}

/// Combinators that keep the compiled closure tree shallow.
enum Predicates {
  static func all(_ predicates: [PokemonPredicate]) -> PokemonPredicate {
    switch predicates.count {
    case 0: return { _, _ in true }
    case 1: return predicates[0]
    case 2:
      let (a, b) = (predicates[0], predicates[1])
      return { a($0, $1) && b($0, $1) }
    case 3:
      let (a, b, c) = (predicates[0], predicates[1], predicates[2])
      return { a($0, $1) && b($0, $1) && c($0, $1) }
    default:
      return { pokemon, row in
        for predicate in predicates where !predicate(pokemon, row) { return false }
        return true
      }
    }
  }

  static func any(_ predicates: [PokemonPredicate]) -> PokemonPredicate {
    switch predicates.count {
    case 0: return { _, _ in false }
    case 1: return predicates[0]
    case 2:
      let (a, b) = (predicates[0], predicates[1])
      return { a($0, $1) || b($0, $1) }
    default:
      return { pokemon, row in
        for predicate in predicates where predicate(pokemon, row) { return true }
        return false
      }
    }
  }
}
