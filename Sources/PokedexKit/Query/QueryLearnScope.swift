/// The `learns:` terms of one query or saved filter: the ways of learning a move that its
/// `move:` terms accept.
///
/// `learns:` tests nothing alone: `move:surf learns:tm` is "learns Surf by TM". The terms are
/// AND-ed like any others, alternatives OR-ed, `!` negates: `learns:egg|tutor` allows egg and
/// tutor moves, `!learns:event` every method but events, and `learns:egg learns:tm` none
/// (an error). A saved filter's `learns:` terms restrict that filter's `move:` terms only.
struct QueryLearnScope {
  /// The methods allowed, or `nil` when there is no `learns:` term (any method).
  private(set) var methods: Set<LearnMethod.Kind>?
  /// The first `learns:` term, for the error when no `move:` term uses it.
  private var firstTerm: QueryTerm?
  /// Whether a `move:` term was compiled in this scope.
  var hasMoveTerm = false

  /// A scope with no `learns:` term.
  init() {}

  /// Takes the `learns:` terms out of `terms` and reads their methods.
  ///
  /// - Throws: ``QueryError/learnsInAlternative(_:at:)`` for a `learns:` alternative beside
  ///   another key's, ``QueryError/unknownValue(_:_:suggestion:at:)`` for an unknown method,
  ///   ``QueryError/contradiction(_:conflictsWith:reason:at:)`` when no method is left.
  init(extractingFrom terms: inout [QueryTerm]) throws(QueryError) {
    var kept: [QueryTerm] = []
    var previousText: String?
    for term in terms {
      guard let allowed = try Self.methods(of: term) else {
        kept.append(term)
        continue
      }
      let narrowed = (methods ?? Set(LearnMethod.Kind.allCases)).intersection(allowed)
      guard !narrowed.isEmpty else {
        throw .contradiction(
          term.text,
          conflictsWith: previousText ?? term.text,
          reason: .noLearnMethod,
          at: term.location
        )
      }
      methods = narrowed
      previousText = term.text
      if firstTerm == nil { firstTerm = term }
    }
    terms = kept
    if methods?.count == LearnMethod.Kind.allCases.count { methods = nil }
  }

  /// Throws when the scope has a `learns:` term but no `move:` term used it.
  func checkUsed() throws(QueryError) {
    guard let firstTerm, !hasMoveTerm else { return }
    throw .learnsWithoutMove(firstTerm.text, at: firstTerm.location)
  }

  /// The methods a `learns:` term allows, or `nil` when it is no `learns:` term.
  private static func methods(of term: QueryTerm) throws(QueryError) -> Set<LearnMethod.Kind>? {
    var keys: [String?] = []
    var inherited: String?
    for alternative in term.alternatives {
      let own = QueryCompiler.key(of: alternative)
      let hasColon = alternative.body.contains(":")
      let key = own ?? (hasColon || alternative.body.hasPrefix("@") ? nil : inherited)
      keys.append(key)
      if own != nil { inherited = own }
    }
    guard keys.contains("learns") else { return nil }
    var allowed: Set<LearnMethod.Kind> = []
    for (alternative, key) in zip(term.alternatives, keys) {
      guard key == "learns" else {
        let learns = zip(term.alternatives, keys).first { $0.1 == "learns" }?.0 ?? alternative
        throw .learnsInAlternative(learns.typed, at: learns.location)
      }
      let kind = try method(of: alternative)
      allowed.formUnion(
        alternative.isNegated ? Set(LearnMethod.Kind.allCases).subtracting([kind]) : [kind]
      )
    }
    return allowed
  }

  /// The method an alternative of a `learns:` term names.
  private static func method(of alternative: QueryAlternative) throws(QueryError)
    -> LearnMethod.Kind
  {
    let characters = Array(alternative.body)
    try QueryCompiler.checkOperators(alternative, characters)
    var start = 0
    if let colon = characters.firstIndex(of: ":") { start = colon + 1 }
    while start < characters.count, characters[start].isWhitespace { start += 1 }
    let value = characters.string(start..<characters.count)
    let location = alternative.location(ofBodyOffset: start, count: value.count)
    guard !value.isEmpty else {
      throw .missingValue(alternative.body, at: alternative.bodyLocation)
    }
    guard let kind = QueryLearnMethods.kind(NameNormalizer.key(value)) else {
      throw .unknownValue(
        .learnMethod,
        value,
        suggestion: EditDistance.suggestion(for: value, among: QueryLearnMethods.names),
        at: location
      )
    }
    return kind
  }
}
