/// A compiled test of one move, named by its row: `moves[row]` (see ``PokemonPredicate`` for
/// why a row rather than a value).
typealias MovePredicate = @Sendable (_ moves: [Move], _ row: Int) -> Bool

/// Parses move query terms and compiles their predicate, with the Pokémon language's
/// source splitting, operator checks and errors.
struct MoveQueryCompiler {
  let moves: MoveDex
  let index: PokedexIndex
  private var moveSource: LazyMoveSource
  /// Each move's name keys (identifier and names in every language), built on first use.
  private var nameKeys: [[String]]?

  init(moves: MoveDex, index: PokedexIndex, moveSource: (() throws -> any QueryMoveSource)?) {
    self.moves = moves
    self.index = index
    self.moveSource = LazyMoveSource(moveSource)
  }

  /// Compiles `arguments`: terms AND-ed, alternatives OR-ed, `!` negating.
  mutating func compile(_ arguments: [String]) throws(QueryError) -> MovePredicate {
    let terms = try QuerySource.terms(of: arguments, source: "query")
    var predicates: [MovePredicate] = []
    for term in terms {
      var alternatives: [MovePredicate] = []
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
      predicates.append(MovePredicates.any(alternatives))
    }
    return MovePredicates.all(predicates)
  }

  /// The canonical key of a `key:value` alternative, if it is one.
  private static func key(of alternative: QueryAlternative) -> String? {
    guard QueryCompiler.operatorRange(in: Array(alternative.body)) == nil,
      let colon = alternative.body.firstIndex(of: ":")
    else { return nil }
    return MoveQueryVocabulary.canonicalKey(NameNormalizer.key(String(alternative.body[..<colon])))
  }

  private mutating func compileAlternative(
    _ alternative: QueryAlternative,
    inheritedKey: String?
  ) throws(QueryError) -> MovePredicate {
    let body = alternative.body
    let characters = Array(body)
    let ownKey = Self.key(of: alternative)
    let takesGeneration =
      ownKey == "learnedby"
      || (ownKey == nil && inheritedKey == "learnedby" && !characters.contains(":"))
    try QueryCompiler.checkOperators(
      alternative,
      characters,
      allowingGenerationSuffix: takesGeneration
    )
    if body.hasPrefix("@") {
      throw .unknownMoveWord(.term, body, suggestion: nil, at: alternative.bodyLocation)
    }
    if let (start, end) = QueryCompiler.operatorRange(in: characters) {
      return try compileComparison(alternative, characters, start, end)
    }
    if let colon = characters.firstIndex(of: ":") {
      let keyText = characters.string(0..<colon).trimmingWhitespace
      guard let key = MoveQueryVocabulary.canonicalKey(NameNormalizer.key(keyText)) else {
        throw .unknownMoveWord(
          .key,
          keyText,
          suggestion: EditDistance.suggestion(for: keyText, among: MoveQueryVocabulary.keys),
          at: alternative.location(ofBodyOffset: 0, count: max(1, colon))
        )
      }
      var valueStart = colon + 1
      while valueStart < characters.count, characters[valueStart].isWhitespace { valueStart += 1 }
      let value = characters.string(valueStart..<characters.count)
      guard !value.isEmpty else { throw .missingValue(body, at: alternative.bodyLocation) }
      return try compileKeyValue(
        key,
        value,
        alternative.location(ofBodyOffset: valueStart, count: value.count)
      )
    }
    if let key = inheritedKey {
      return try compileKeyValue(key, body, alternative.bodyLocation)
    }
    return try compileName(body, alternative.bodyLocation, isBare: true)
  }

  // MARK: - Keys

  private mutating func compileKeyValue(
    _ key: String,
    _ value: String,
    _ location: QuerySourceLocation
  ) throws(QueryError) -> MovePredicate {
    switch key {
    case "type":
      let type = try requireType(value, location)
      return { $0[$1].type == type }
    case "category":
      let category = try resolve(value, .category, among: values(\.damageClass), location)
      return { $0[$1].damageClass == category }
    case "flag":
      let flag = try resolve(value, .moveFlag, among: values { $0.flags }, location)
      return { $0[$1].flags.contains(flag) }
    case "target":
      let target = try resolve(value, .target, among: values(\.target), location)
      return { $0[$1].target == target }
    case "gen":
      let range = try QueryGenerations.parse(value, valid: generationRange, location)
      return { range.contains($0[$1].generation) }
    case "learnedby":
      return try compileLearnedBy(value, location)
    default:  // "name"
      return try compileName(value, location, isBare: false)
    }
  }

  /// The distinct values of a property over every move, in order of first appearance.
  private func values(_ property: (Move) -> [String]) -> [String] {
    var seen = Set<String>()
    var result: [String] = []
    for move in moves.moves {
      for value in property(move) where seen.insert(value).inserted { result.append(value) }
    }
    return result
  }

  private func values(_ property: KeyPath<Move, String>) -> [String] {
    values { [$0[keyPath: property]] }
  }

  /// The value among `known` whose normalized key is `text`'s.
  private func resolve(
    _ text: String,
    _ kind: QueryValueKind,
    among known: [String],
    _ location: QuerySourceLocation
  ) throws(QueryError) -> String {
    let key = NameNormalizer.key(text)
    if let found = known.first(where: { NameNormalizer.key($0) == key }) { return found }
    throw .unknownValue(
      kind,
      text,
      suggestion: EditDistance.suggestion(for: text, among: known),
      at: location
    )
  }

  private func requireType(_ text: String, _ location: QuerySourceLocation) throws(QueryError)
    -> String
  {
    do {
      return try index.typeChart.type(named: text).identifier
    } catch {
      switch error {
      case .unknownType(_, let suggestion):
        throw .unknownValue(.type, text, suggestion: suggestion, at: location)
      }
    }
  }

  /// The generations of the moves and the dex together.
  private var generationRange: ClosedRange<Int> {
    let ids = index.pokedex.generations.map(\.id) + moves.moves.map(\.generation)
    return (ids.min() ?? 1)...(ids.max() ?? 9)
  }

  /// `learnedby:POKEMON[@genN]`: the moves the Pokémon can learn, prevolutions included.
  private mutating func compileLearnedBy(
    _ value: String,
    _ location: QuerySourceLocation
  ) throws(QueryError) -> MovePredicate {
    let parsed = QueryMoveValue(value)
    let current = index.pokedex.generations.map(\.id).max() ?? 9
    let (name, generations) = try QueryGenerations.split(
      parsed,
      "learnedby:" + value,
      current: current,
      valid: generationRange,
      location
    )
    guard let pokemon = pokemonSlug(named: name.text) else {
      let suggestion = index.closestNames(to: NameNormalizer.key(name.text))?.positions.first
        .map { index.pokedex.pokemon[$0].slug }
      throw .unknownValue(.pokemon, name.text, suggestion: suggestion, at: name.location)
    }
    let learnable = try moveSource.answer(for: location) { data in
      try data.moves(learnableBy: pokemon, in: generations, methods: nil)
    }
    return { learnable.contains($0[$1].identifier) }
  }

  /// The slug of the Pokémon a slug or a name in any language names: the one whose slug it
  /// is, else the default Pokémon of that name, else the first form.
  private func pokemonSlug(named text: String) -> String? {
    let key = NameNormalizer.key(text)
    guard let positions = index.positions(forKey: key), !positions.isEmpty else { return nil }
    let pokemon = index.pokedex.pokemon
    let position =
      positions.first { NameNormalizer.key(pokemon[$0].slug) == key }
      ?? positions.first { pokemon[$0].isDefault } ?? positions[0]
    return pokemon[position].slug
  }

  // MARK: - Names

  /// A name: a part of a move's name in any language or of its identifier (`thunder` finds
  /// Thunderbolt), one of its aliases as a whole (`tbolt`), or a wildcard pattern
  /// (`thunder*`, `*punch`). A word that names no move is an error with the closest name, or
  /// the key it is a value of (`contact`: `flag:contact`).
  private mutating func compileName(
    _ text: String,
    _ location: QuerySourceLocation,
    isBare: Bool
  ) throws(QueryError) -> MovePredicate {
    let keys = moveNameKeys()
    var matching = Set<Int>()
    if text.contains("*") || text.contains("?") {
      let pattern = Array(NameNormalizer.patternKey(text).unicodeScalars)
      for (row, names) in keys.enumerated()
      where names.contains(where: { Wildcard.matches(Array($0.unicodeScalars), pattern: pattern) })
      {
        matching.insert(moves.moves[row].id)
      }
      return { [matching] in matching.contains($0[$1].id) }
    }
    let key = NameNormalizer.key(text)
    guard !key.isEmpty else { throw .missingValue(text, at: location) }
    for (row, names) in keys.enumerated() where names.contains(where: { $0.contains(key) }) {
      matching.insert(moves.moves[row].id)
    }
    // An alias matches as a whole word: `tbolt` is Thunderbolt.
    for move in moves.moves where move.aliases.contains(where: { NameNormalizer.key($0) == key }) {
      matching.insert(move.id)
    }
    guard matching.isEmpty else { return { [matching] in matching.contains($0[$1].id) } }
    throw .unknownValue(.move, text, suggestion: nameSuggestion(text, isBare: isBare), at: location)
  }

  /// For a word that names no move: `key:word` when it is a value of a key, else the closest
  /// move identifier or English name.
  private func nameSuggestion(_ text: String, isBare: Bool) -> String? {
    let key = NameNormalizer.key(text)
    if isBare {
      let tables: [(String, [String])] = [
        ("category", values(\.damageClass)), ("flag", values { $0.flags }),
        ("target", values(\.target)),
      ]
      for (name, values) in tables where values.contains(where: { NameNormalizer.key($0) == key }) {
        return "\(name):\(text)"
      }
    }
    let names = moves.moves.map { $0.names["en"] ?? $0.identifier }
    return EditDistance.suggestion(for: text, among: names)
  }

  /// Each move's normalized identifier and names.
  private mutating func moveNameKeys() -> [[String]] {
    if let nameKeys { return nameKeys }
    let keys = moves.moves.map { move in
      [NameNormalizer.key(move.identifier)] + move.names.values.map(NameNormalizer.key)
    }
    nameKeys = keys
    return keys
  }

  // MARK: - Comparisons

  private func compileComparison(
    _ alternative: QueryAlternative,
    _ characters: [Character],
    _ start: Int,
    _ end: Int
  ) throws(QueryError) -> MovePredicate {
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
      return { property.value(of: $0[$1]).map { op.holds(Double($0), number) } ?? false }
    case (.number(let number), .property(let property)):
      return { property.value(of: $0[$1]).map { op.holds(number, Double($0)) } ?? false }
    case (.property(let left), .property(let right)):
      return { moves, row in
        guard let a = left.value(of: moves[row]), let b = right.value(of: moves[row]) else {
          return false
        }
        return op.holds(Double(a), Double(b))
      }
    }
  }

  private enum Operand {
    case property(MoveProperty)
    case number(Double)
  }

  /// One side of a comparison: a move property or a number (negative allowed: `priority>-1`).
  private func operand(
    _ characters: [Character],
    _ start: Int,
    _ end: Int,
    _ alternative: QueryAlternative
  ) throws(QueryError) -> Operand {
    let (text, location) = try QueryCompiler.operandText(characters, start, end, alternative)
    if let property = MoveQueryVocabulary.property(NameNormalizer.key(text)) {
      return .property(property)
    }
    let looksNumeric = text.first.map { $0.isNumber || "+-.".contains($0) } ?? false
    if looksNumeric {
      let digits = text.hasPrefix("-") ? String(text.dropFirst()) : text
      guard digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
        digits.filter({ $0 == "." }).count <= 1, digits.contains(where: \.isNumber),
        let number = Double(text)
      else { throw .invalidNumber(text, at: location) }
      return .number(number)
    }
    let names = MoveProperty.allCases.map(\.rawValue)
    throw .unknownMoveWord(
      .property,
      text,
      suggestion: EditDistance.suggestion(for: text, among: names),
      at: location
    )
  }
}

/// Combinators over move predicates.
enum MovePredicates {
  static func all(_ predicates: [MovePredicate]) -> MovePredicate {
    switch predicates.count {
    case 0: return { _, _ in true }
    case 1: return predicates[0]
    default:
      return { moves, row in
        for predicate in predicates where !predicate(moves, row) { return false }
        return true
      }
    }
  }

  static func any(_ predicates: [MovePredicate]) -> MovePredicate {
    switch predicates.count {
    case 0: return { _, _ in false }
    case 1: return predicates[0]
    default:
      return { moves, row in
        for predicate in predicates where predicate(moves, row) { return true }
        return false
      }
    }
  }
}
