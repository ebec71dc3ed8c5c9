/// Finds terms that can never hold together: a term and its negation, a third type,
/// two colours or generations, comparisons that leave a stat no possible value.
///
/// Only terms without alternatives take part: `fire|water` constrains nothing alone.
struct QueryConsistency {
  /// Every positive or negated atom seen, in canonical form, with the term's text.
  ///
  /// A list searched in order: a query has a handful of terms, and a dictionary keyed by
  /// atoms would cost a run-time conformance lookup on first use, more than the search.
  private var seen: [(atom: QueryAtom, isNegated: Bool, text: String)] = []
  private var types: [(type: String, text: String)] = []
  private var singleValued: [String: (atom: QueryAtom, text: String)] = [:]
  private var generations: (range: ClosedRange<Int>, text: String)?
  private var bounds: [QueryStat: StatBounds] = [:]

  mutating func check(_ alternative: CompiledAlternative) throws(QueryError) {
    let text = alternative.source.text
    let location = alternative.source.location
    var (atom, isNegated) = (alternative.atom, alternative.isNegated)
    if atom == .flag(.final) { (atom, isNegated) = (.flag(.evolves), !isNegated) }
    if let position = seen.firstIndex(where: { $0.atom == atom }) {
      let earlier = seen[position]
      if earlier.isNegated != isNegated {
        throw .contradiction(text, conflictsWith: earlier.text, reason: .negation, at: location)
      }
      seen[position] = (atom, isNegated, text)
    } else {
      seen.append((atom, isNegated, text))
    }
    guard !isNegated else { return }
    switch atom {
    case .type(let type):
      guard !types.contains(where: { $0.type == type }) else { return }
      if types.count == 2 {
        throw .contradiction(
          text,
          conflictsWith: types.map(\.text).joined(separator: ", "),
          reason: .tooManyTypes,
          at: location
        )
      }
      types.append((type, text))
    case .color: try single("colour", atom, text, location)
    case .habitat: try single("habitat", atom, text, location)
    case .shape: try single("shape", atom, text, location)
    case .generation(let range):
      if let earlier = generations {
        guard earlier.range.overlaps(range) else {
          throw .contradiction(
            text,
            conflictsWith: earlier.text,
            reason: .singleValued("generation"),
            at: location
          )
        }
        generations = (earlier.range.clamped(to: range), text)
      } else {
        generations = (range, text)
      }
    case .comparison(let stat, let op, .number(let value)):
      var statBounds = bounds[stat] ?? StatBounds()
      if let conflict = statBounds.add(op, value, isIntegral: stat.isIntegral, text: text) {
        throw .emptyRange(text, conflictsWith: conflict, stat: stat.rawValue, at: location)
      }
      bounds[stat] = statBounds
    default:
      return
    }
  }

  private mutating func single(
    _ property: String,
    _ atom: QueryAtom,
    _ text: String,
    _ location: QuerySourceLocation
  ) throws(QueryError) {
    if let earlier = singleValued[property], earlier.atom != atom {
      throw .contradiction(
        text,
        conflictsWith: earlier.text,
        reason: .singleValued(property),
        at: location
      )
    }
    singleValued[property] = (atom, text)
  }
}

/// The bounds comparisons with numbers put on one stat.
struct StatBounds {
  struct Bound {
    var value: Double
    var isStrict: Bool
    var text: String
  }

  var lower: Bound?
  var upper: Bound?

  /// Narrows the bounds by `stat op value`; returns the text of the term it conflicts with
  /// when no value is left.
  mutating func add(
    _ op: ComparisonOperator,
    _ value: Double,
    isIntegral: Bool,
    text: String
  ) -> String? {
    var newLower: Bound?
    var newUpper: Bound?
    switch op {
    case .greater: newLower = Bound(value: value, isStrict: true, text: text)
    case .greaterOrEqual: newLower = Bound(value: value, isStrict: false, text: text)
    case .less: newUpper = Bound(value: value, isStrict: true, text: text)
    case .lessOrEqual: newUpper = Bound(value: value, isStrict: false, text: text)
    case .equal:
      newLower = Bound(value: value, isStrict: false, text: text)
      newUpper = newLower
    case .notEqual: return nil
    }
    if isIntegral {
      newLower = newLower.map {
        Bound(
          value: $0.isStrict ? $0.value.rounded(.down) + 1 : $0.value.rounded(.up),
          isStrict: false,
          text: $0.text
        )
      }
      newUpper = newUpper.map {
        Bound(
          value: $0.isStrict ? $0.value.rounded(.up) - 1 : $0.value.rounded(.down),
          isStrict: false,
          text: $0.text
        )
      }
    }
    if let bound = newLower, lower.map({ Self.tighter(lower: bound, than: $0) }) ?? true {
      lower = bound
    }
    if let bound = newUpper, upper.map({ Self.tighter(upper: bound, than: $0) }) ?? true {
      upper = bound
    }
    guard let lower, let upper else { return nil }
    let isEmpty =
      lower.value > upper.value
      || (lower.value == upper.value && (lower.isStrict || upper.isStrict))
    guard isEmpty else { return nil }
    return lower.text == text ? upper.text : lower.text
  }

  private static func tighter(lower new: Bound, than old: Bound) -> Bool {
    new.value > old.value || (new.value == old.value && new.isStrict && !old.isStrict)
  }

  private static func tighter(upper new: Bound, than old: Bound) -> Bool {
    new.value < old.value || (new.value == old.value && new.isStrict && !old.isStrict)
  }
}
