/// Parses the terms of a record query language and compiles their predicate, with the
/// Pokémon language's syntax: terms AND-ed, `|` alternatives OR-ed, `!` negating, an
/// alternative without a key taking the key before it, comparisons of numeric properties.
/// What the words mean comes from `Terms`.
struct RecordQueryCompiler<Terms: RecordQueryTerms> {
  typealias Predicate = RecordPredicate<Terms.Record>

  var terms: Terms

  /// Compiles `arguments`.
  ///
  /// - Throws: ``QueryError`` locating the first bad term.
  /// - Complexity: O(*t*) for *t* terms, plus what `Terms` does for each.
  mutating func compile(_ arguments: [String]) throws(QueryError) -> Predicate {
    let parsed = try QuerySource.terms(of: arguments, source: "query")
    var predicates: [Predicate] = []
    for term in parsed {
      var alternatives: [Predicate] = []
      var inheritedKey: String?
      for alternative in term.alternatives {
        let ownKey = Self.key(of: alternative)
        let predicate = try compileAlternative(alternative, inheritedKey: inheritedKey)
        if alternative.isNegated {
          alternatives.append { !predicate($0, $1) }
        } else {
          alternatives.append(predicate)
        }
        inheritedKey = ownKey ?? inheritedKey
      }
      predicates.append(Self.any(alternatives))
    }
    return Self.all(predicates)
  }

  /// The canonical key of a `key:value` alternative, if it is one.
  private static func key(of alternative: QueryAlternative) -> String? {
    guard QueryCompiler.operatorRange(in: Array(alternative.body)) == nil,
      let colon = alternative.body.firstIndex(of: ":")
    else { return nil }
    return Terms.canonicalKey(NameNormalizer.key(String(alternative.body[..<colon])))
  }

  private mutating func compileAlternative(
    _ alternative: QueryAlternative,
    inheritedKey: String?
  ) throws(QueryError) -> Predicate {
    let body = alternative.body
    let characters = Array(body)
    let ownKey = Self.key(of: alternative)
    let keyOfValue = ownKey ?? (characters.contains(":") ? nil : inheritedKey)
    try QueryCompiler.checkOperators(
      alternative,
      characters,
      allowingGenerationSuffix: keyOfValue.map(Terms.takesGenerationSuffix) ?? false
    )
    if body.hasPrefix("@") {
      throw .unknownRecordWord(
        Terms.language,
        .term,
        body,
        suggestion: nil,
        at: alternative.bodyLocation
      )
    }
    if let (start, end) = QueryCompiler.operatorRange(in: characters) {
      return try compileComparison(alternative, characters, start, end)
    }
    if let colon = characters.firstIndex(of: ":") {
      let keyText = characters.string(0..<colon).trimmingWhitespace
      guard let key = Terms.canonicalKey(NameNormalizer.key(keyText)) else {
        throw .unknownRecordWord(
          Terms.language,
          .key,
          keyText,
          suggestion: EditDistance.suggestion(for: keyText, among: Terms.keys),
          at: alternative.location(ofBodyOffset: 0, count: max(1, colon))
        )
      }
      var valueStart = colon + 1
      while valueStart < characters.count, characters[valueStart].isWhitespace { valueStart += 1 }
      let value = characters.string(valueStart..<characters.count)
      guard !value.isEmpty else { throw .missingValue(body, at: alternative.bodyLocation) }
      return try terms.compile(
        key: key,
        value: value,
        at: alternative.location(ofBodyOffset: valueStart, count: value.count)
      )
    }
    if let key = inheritedKey {
      return try terms.compile(key: key, value: body, at: alternative.bodyLocation)
    }
    return try terms.compileName(body, at: alternative.bodyLocation, isBare: true)
  }

  // MARK: - Comparisons

  private func compileComparison(
    _ alternative: QueryAlternative,
    _ characters: [Character],
    _ start: Int,
    _ end: Int
  ) throws(QueryError) -> Predicate {
    let body = alternative.body
    let op = try QueryCompiler.comparisonOperator(characters, start, end, alternative)
    let lhs = try operand(characters, 0, start, alternative)
    let rhs = try operand(characters, end, characters.count, alternative)
    if alternative.isNegated {
      let lhsText = characters.string(0..<start).trimmingWhitespace
      let rhsText = characters.string(end..<characters.count).trimmingWhitespace
      throw .negatedComparison(
        body,
        replacement: lhsText + op.inverted.rawValue + rhsText,
        at: alternative.location
      )
    }
    switch (lhs, rhs) {
    case (.number, .number):
      throw .comparisonWithoutStat(body, at: alternative.bodyLocation)
    case (.property(let property), .number(let number)):
      return { property($0[$1]).map { op.holds(Double($0), number) } ?? false }
    case (.number(let number), .property(let property)):
      return { property($0[$1]).map { op.holds(number, Double($0)) } ?? false }
    case (.property(let left), .property(let right)):
      return { records, row in
        guard let a = left(records[row]), let b = right(records[row]) else { return false }
        return op.holds(Double(a), Double(b))
      }
    }
  }

  private enum Operand {
    case property(@Sendable (Terms.Record) -> Int?)
    case number(Double)
  }

  /// One side of a comparison: a numeric property or a number (negative allowed:
  /// `priority>-1`).
  private func operand(
    _ characters: [Character],
    _ start: Int,
    _ end: Int,
    _ alternative: QueryAlternative
  ) throws(QueryError) -> Operand {
    let (text, location) = try QueryCompiler.operandText(characters, start, end, alternative)
    if let property = Terms.property(NameNormalizer.key(text)) { return .property(property) }
    let looksNumeric = text.first.map { $0.isNumber || "+-.".contains($0) } ?? false
    if looksNumeric {
      let digits = text.hasPrefix("-") ? String(text.dropFirst()) : text
      guard digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
        digits.filter({ $0 == "." }).count <= 1, digits.contains(where: \.isNumber),
        let number = Double(text)
      else { throw .invalidNumber(text, at: location) }
      return .number(number)
    }
    throw .unknownRecordWord(
      Terms.language,
      .property,
      text,
      suggestion: EditDistance.suggestion(for: text, among: Terms.propertyNames),
      at: location
    )
  }

  // MARK: - Combinators

  static func all(_ predicates: [Predicate]) -> Predicate {
    switch predicates.count {
    case 0: return { _, _ in true }
    case 1: return predicates[0]
    default:
      return { records, row in
        for predicate in predicates where !predicate(records, row) { return false }
        return true
      }
    }
  }

  static func any(_ predicates: [Predicate]) -> Predicate {
    switch predicates.count {
    case 0: return { _, _ in false }
    case 1: return predicates[0]
    default:
      return { records, row in
        for predicate in predicates where predicate(records, row) { return true }
        return false
      }
    }
  }
}
