/// Parses terms into atoms, checks them against each other and compiles the predicate.
struct QueryCompiler {
  let index: PokedexIndex
  let savedFilter: (String) -> [String]?
  let savedFilterNames: [String]
  /// Normalized ability names and slugs with their identifiers, built on first use.
  /// Saved filters compiled so far, by name: a filter used twice is compiled once, so
  /// expansion costs O(filters + terms) however often the filters use each other.
  private var compiledFilters: [String: CompiledTerms] = [:]
  /// The move data, loaded by the first `move:` term.
  private var moveSource: LazyMoveSource
  /// The `learns:` terms of the query or saved filter being compiled.
  private var learnScope = QueryLearnScope()
  /// The values of the `name:` terms compiled so far, saved filters' included.
  private(set) var nameValues: [String] = []

  init(
    index: PokedexIndex,
    savedFilter: @escaping (String) -> [String]?,
    savedFilterNames: [String],
    moveSource: (() throws -> any QueryMoveSource)? = nil
  ) {
    self.index = index
    self.savedFilter = savedFilter
    self.savedFilterNames = savedFilterNames
    self.moveSource = LazyMoveSource(moveSource)
  }

  /// Compiles `arguments`, read from the source named `source`.
  ///
  /// - Throws: ``QueryError/expansionTooLarge(_:filter:limit:at:)`` when a saved filter takes
  ///   the expanded alternatives past ``QueryLimits/maximumExpandedTerms``.
  mutating func compile(
    _ arguments: [String],
    source: String,
    savedFilterStack: [String]
  ) throws(QueryError) -> CompiledTerms {
    var terms = try QuerySource.terms(of: arguments, source: source)
    // `learns:` terms restrict the `move:` terms of their own query or saved filter.
    let outerScope = learnScope
    defer { learnScope = outerScope }
    learnScope = try QueryLearnScope(extractingFrom: &terms)
    var consistency = QueryConsistency()
    var predicates: [PokemonPredicate] = []
    var result = CompiledTerms(predicate: { _ in true }, bringsForms: false)
    for term in terms {
      var alternatives: [CompiledAlternative] = []
      var inheritedKey: String?
      for alternative in term.alternatives {
        let compiled = try compileAlternative(
          alternative,
          inheritedKey: inheritedKey,
          savedFilterStack: savedFilterStack
        )
        try count(compiled, in: &result, source: source)
        inheritedKey = Self.key(of: alternative) ?? inheritedKey
        alternatives.append(compiled)
      }
      if alternatives.count == 1 { try consistency.check(alternatives[0]) }
      result.bringsForms =
        result.bringsForms || alternatives.contains { $0.bringsForms && !$0.isNegated }
      predicates.append(Predicates.any(alternatives.map(\.predicate)))
    }
    try learnScope.checkUsed()
    result.predicate = Predicates.all(predicates)
    return result
  }

  /// Adds an alternative's expanded size and depth to `result`; a saved filter may not take
  /// the size past the limit (plain alternatives only cost what was typed).
  private func count(
    _ alternative: CompiledAlternative,
    in result: inout CompiledTerms,
    source: String
  ) throws(QueryError) {
    guard case .savedFilter(let name) = alternative.atom,
      let filter = compiledFilters[name]
    else {
      result.expandedTerms = result.expandedTerms.addingReportingOverflow(1).partialValue
      return
    }
    let (sum, overflow) = result.expandedTerms.addingReportingOverflow(filter.expandedTerms)
    guard !overflow, sum <= QueryLimits.maximumExpandedTerms else {
      throw .expansionTooLarge(
        source,
        filter: name,
        limit: QueryLimits.maximumExpandedTerms,
        at: alternative.source.location
      )
    }
    result.expandedTerms = sum
    result.filterDepth = max(result.filterDepth, filter.filterDepth + 1)
  }

  /// The canonical key of a `key:value` alternative, if it is one.
  static func key(of alternative: QueryAlternative) -> String? {
    guard !alternative.body.hasPrefix("@"), operatorRange(in: Array(alternative.body)) == nil,
      let colon = alternative.body.firstIndex(of: ":")
    else { return nil }
    return QueryVocabulary.canonicalKey(NameNormalizer.key(String(alternative.body[..<colon])))
  }

  // MARK: - Alternatives

  private mutating func compileAlternative(
    _ alternative: QueryAlternative,
    inheritedKey: String?,
    savedFilterStack: [String]
  ) throws(QueryError) -> CompiledAlternative {
    let body = alternative.body
    let characters = Array(body)
    let ownKey = Self.key(of: alternative)
    let takesGeneration = { (key: String?) in
      ["move", "tier", "doubles", "natdex"].contains(key ?? "")
    }
    let allowsSuffix =
      takesGeneration(ownKey)
      || (ownKey == nil && takesGeneration(inheritedKey) && !characters.contains(":"))
      || Self.tierComparisonColumn(characters) != nil
    try Self.checkOperators(alternative, characters, allowingGenerationSuffix: allowsSuffix)
    let atom: QueryAtom
    let predicate: PokemonPredicate
    var bringsForms = false
    if body.hasPrefix("@") {
      let name = String(body.dropFirst())
      let compiled = try compileSavedFilter(name, alternative, savedFilterStack)
      atom = .savedFilter(name)
      predicate = compiled.predicate
      bringsForms = compiled.bringsForms
    } else if let (start, end) = Self.operatorRange(in: characters),
      let column = Self.tierComparisonColumn(characters)
    {
      let op = try Self.comparisonOperator(characters, start, end, alternative)
      try Self.refuseNegatedComparison(alternative, characters, start, end, op)
      let value = characters.string(end..<characters.count).trimmingWhitespace
      let valueStart = end + (characters.count - end - value.count)
      (atom, predicate, bringsForms) = try compileTier(
        column,
        op,
        value,
        alternative.location(ofBodyOffset: valueStart, count: max(1, value.count))
      )
    } else if let (start, end) = Self.operatorRange(in: characters) {
      (atom, predicate) = try compileComparison(alternative, characters, start, end)
    } else if let colon = characters.firstIndex(of: ":") {
      let keyText = characters.string(0..<colon).trimmingWhitespace
      guard let key = QueryVocabulary.canonicalKey(NameNormalizer.key(keyText)) else {
        throw .unknownKey(
          keyText,
          suggestion: EditDistance.suggestion(for: keyText, among: QueryVocabulary.keys),
          at: alternative.location(ofBodyOffset: 0, count: max(1, colon))
        )
      }
      var valueStart = colon + 1
      while valueStart < characters.count, characters[valueStart].isWhitespace { valueStart += 1 }
      let value = characters.string(valueStart..<characters.count)
      guard !value.isEmpty else { throw .missingValue(body, at: alternative.bodyLocation) }
      (atom, predicate, bringsForms) = try compileKeyValue(
        key,
        value,
        alternative.location(ofBodyOffset: valueStart, count: value.count)
      )
    } else if let key = inheritedKey {
      (atom, predicate, bringsForms) = try compileKeyValue(key, body, alternative.bodyLocation)
    } else {
      (atom, predicate, bringsForms) = try compileBare(alternative)
    }
    var test = predicate
    if alternative.isNegated { test = { !predicate($0) } }
    return CompiledAlternative(
      atom: atom,
      isNegated: alternative.isNegated,
      predicate: test,
      bringsForms: bringsForms,
      source: alternative
    )
  }

  /// A bare word: a type, a flag or a generation shorthand (`gen1`, `g1-3`).
  private mutating func compileBare(
    _ alternative: QueryAlternative
  ) throws(QueryError) -> (QueryAtom, PokemonPredicate, Bool) {
    let body = alternative.body
    if let type = resolveType(body) {
      return (.type(type), Self.typePredicate(type), false)
    }
    if let flag = QueryFlag(name: body) {
      return (.flag(flag), flag.predicate, flag.bringsForms)
    }
    let lowered = body.lowercased()
    for prefix in ["generation", "gen", "g"] where lowered.hasPrefix(prefix) {
      let rest = lowered.dropFirst(prefix.count)
      if let first = rest.first, first.isASCII, first.isNumber {
        let range = try parseGeneration(
          String(rest),
          alternative.location(ofBodyOffset: prefix.count, count: rest.count)
        )
        return (.generation(range), { range.contains($0.generation) }, false)
      }
    }
    throw .unknownTerm(body, suggestion: bareSuggestion(for: body), at: alternative.bodyLocation)
  }

  /// A suggestion for an unknown bare word: `key:word` when the word is a value of a key,
  /// else the closest type or flag.
  private mutating func bareSuggestion(for word: String) -> String? {
    if !abilities(named: word).isEmpty { return "ability:\(word)" }
    let key = NameNormalizer.key(word)
    if index.positions(forKey: key) != nil { return "name:\(word)" }
    let tables: [(String, [(identifier: String, name: String)])] = [
      ("color", PropertyNames.colors), ("egg", PropertyNames.eggGroups),
      ("habitat", PropertyNames.habitats), ("shape", PropertyNames.shapes),
    ]
    for (name, table) in tables
    where table.contains(where: { NameNormalizer.key($0.identifier) == key }) {
      return "\(name):\(word)"
    }
    let vocabulary = index.typeChart.typeIdentifiers + QueryFlag.allCases.map(\.rawValue)
    return EditDistance.suggestion(for: word, among: vocabulary)
  }

  /// `key:value` once the key is known.
  private mutating func compileKeyValue(
    _ key: String,
    _ value: String,
    _ location: QuerySourceLocation
  ) throws(QueryError) -> (QueryAtom, PokemonPredicate, Bool) {
    switch key {
    case "type":
      let type = try index.typeIdentifier(named: value, at: location)
      return (.type(type), Self.typePredicate(type), false)
    case "gen":
      let range = try parseGeneration(value, location)
      return (.generation(range), { range.contains($0.generation) }, false)
    case "ability":
      let identifiers = abilities(named: value)
      guard !identifiers.isEmpty else {
        let names = index.pokedex.abilities.map(\.identifier)
        throw .unknownValue(
          .ability,
          value,
          suggestion: EditDistance.suggestion(for: value, among: names),
          at: location
        )
      }
      let list = identifiers.sorted()
      return (
        .ability(identifiers),
        { pokemon in pokemon.abilities.contains { list.contains($0.ability) } }, false
      )
    case "egg":
      let egg = try resolveProperty(value, .eggGroup, PropertyNames.eggGroups, location) {
        $0.eggGroups
      }
      return (.eggGroup(egg), { $0.eggGroups.contains(egg) }, false)
    case "color":
      let color = try resolveProperty(value, .color, PropertyNames.colors, location) { [$0.color] }
      return (.color(color), { $0.color == color }, false)
    case "habitat":
      let habitat = try resolveProperty(value, .habitat, PropertyNames.habitats, location) {
        $0.habitat.map { [$0] } ?? []
      }
      return (.habitat(habitat), { $0.habitat == habitat }, false)
    case "shape":
      let shape = try resolveProperty(value, .shape, PropertyNames.shapes, location) {
        $0.shape.map { [$0] } ?? []
      }
      return (.shape(shape), { $0.shape == shape }, false)
    case "move":
      return try compileMove(value, location)
    case "tier", "doubles", "natdex":
      return try compileTier(Self.tierColumn(key), .equal, value, location)
    case "learns":
      // `QueryLearnScope` takes every `learns:` term out before compiling.
      throw .learnsInAlternative("learns:" + value, at: location)
    case "weak", "resists", "immune":
      let kind = MatchupKind(rawValue: key) ?? .weak
      let type = try index.typeIdentifier(named: value, at: location)
      return (.matchup(kind, type), matchupPredicate(kind, type), false)
    default:  // "name"
      let ids = try namedIDs(value, location)
      nameValues.append(value)
      return (.name(ids), { ids.contains($0.id) }, false)
    }
  }

  /// `move:NAME[@genN]`: the Pokémon that can learn the move in those generations by the
  /// methods `learns:` allows, their prevolutions' moves and inherited learnsets counted.
  private mutating func compileMove(
    _ value: String,
    _ location: QuerySourceLocation
  ) throws(QueryError) -> (QueryAtom, PokemonPredicate, Bool) {
    let (name, generations) = try QueryGenerations.split(
      QueryMoveValue(value),
      "move:" + value,
      current: currentGeneration,
      valid: generationRange,
      location
    )
    let data = try moveSource.get(for: location)
    switch data.resolveMove(name.text) {
    case .unknown(let suggestion):
      throw .unknownValue(.move, name.text, suggestion: suggestion, at: name.location)
    case .found(let move):
      learnScope.hasMoveTerm = true
      let methods = learnScope.methods
      let ids = try moveSource.answer(for: location) { data in
        try data.learners(of: move, in: generations, methods: methods)
      }
      return (.move(move, generations, methods), { ids.contains($0.id) }, false)
    }
  }

  /// The generation whose sources `move:` reads without `@gen`: the dex's newest.
  private var currentGeneration: Int {
    index.pokedex.generations.map(\.id).max() ?? 9
  }

  // MARK: - Operators

  /// Refuses operator characters where the grammar has none, which name normalization
  /// would otherwise drop silently (`hp!>100` read as `hp>100`, `!!fire` as `!fire`):
  /// a `!` that is not part of `!=` (the alternative's own `!` is already removed), an `@`
  /// after the first character, a `:` in a comparison or right after a key's `:`.
  ///
  /// - Throws: ``QueryError/misplacedOperator(_:in:at:)`` with a caret under the character.
  ///
  /// With `allowingGenerationSuffix` (a `move:` value), one `@` may follow the first
  /// character: `move:surf@gen4`.
  static func checkOperators(
    _ alternative: QueryAlternative,
    _ characters: [Character],
    allowingGenerationSuffix: Bool = false
  ) throws(QueryError) {
    let isComparison = operatorRange(in: characters) != nil
    var seenColon = false
    var allowedAts = allowingGenerationSuffix ? 1 : 0
    for (offset, character) in characters.enumerated() {
      let next = offset + 1 < characters.count ? characters[offset + 1] : nil
      var position: Int?
      switch character {
      case "!" where next != "=": position = offset
      case "@" where offset > 0 && allowedAts > 0: allowedAts -= 1
      case "@" where offset > 0: position = offset
      case ":" where isComparison: position = offset
      case ":" where !seenColon:
        seenColon = true
        // The value's first character may not be another `:` (`type::fire`, `type: :fire`).
        var valueStart = offset + 1
        while valueStart < characters.count, characters[valueStart].isWhitespace {
          valueStart += 1
        }
        if valueStart < characters.count, characters[valueStart] == ":" { position = valueStart }
      default: break
      }
      guard let position else { continue }
      throw .misplacedOperator(
        characters[position],
        in: alternative.typed,
        at: alternative.location(ofBodyOffset: position, count: 1)
      )
    }
  }

  // MARK: - Comparisons

  /// The text of one side of a comparison, `start..<end` of `characters` without the
  /// whitespace around it, and where it is.
  ///
  /// - Throws: ``QueryError/missingValue(_:at:)`` when the side is empty.
  static func operandText(
    _ characters: [Character],
    _ start: Int,
    _ end: Int,
    _ alternative: QueryAlternative
  ) throws(QueryError) -> (text: String, location: QuerySourceLocation) {
    var (start, end) = (start, end)
    while start < end, characters[start].isWhitespace { start += 1 }
    while end > start, characters[end - 1].isWhitespace { end -= 1 }
    guard start < end else { throw .missingValue(alternative.body, at: alternative.bodyLocation) }
    return (
      characters.string(start..<end), alternative.location(ofBodyOffset: start, count: end - start)
    )
  }

  /// The comparison operator at `start..<end` of `characters` (`==` read as `=`).
  ///
  /// - Throws: ``QueryError/multipleOperators(_:at:)`` when another operator follows it or
  ///   the characters are not one operator.
  static func comparisonOperator(
    _ characters: [Character],
    _ start: Int,
    _ end: Int,
    _ alternative: QueryAlternative
  ) throws(QueryError) -> ComparisonOperator {
    if operatorRange(in: Array(characters[end...])) != nil {
      throw .multipleOperators(alternative.body, at: alternative.bodyLocation)
    }
    var operatorText = characters.string(start..<end)
    if operatorText == "==" { operatorText = "=" }
    guard let op = ComparisonOperator(rawValue: operatorText) else {
      throw .multipleOperators(alternative.body, at: alternative.bodyLocation)
    }
    return op
  }

  /// The operator's character range in a body, if it has one.
  static func operatorRange(in characters: [Character]) -> (Int, Int)? {
    for (offset, character) in characters.enumerated() {
      switch character {
      case "<", ">", "=":
        let next = offset + 1 < characters.count ? characters[offset + 1] : nil
        return (offset, next == "=" ? offset + 2 : offset + 1)
      case "!" where offset + 1 < characters.count && characters[offset + 1] == "=":
        return (offset, offset + 2)
      default:
        continue
      }
    }
    return nil
  }

  private func compileComparison(
    _ alternative: QueryAlternative,
    _ characters: [Character],
    _ start: Int,
    _ end: Int
  ) throws(QueryError) -> (QueryAtom, PokemonPredicate) {
    let body = alternative.body
    let op = try Self.comparisonOperator(characters, start, end, alternative)
    let lhs = try operand(characters, 0, start, alternative)
    let rhs = try operand(characters, end, characters.count, alternative)
    let stat: QueryStat
    let comparison: ComparisonOperator
    let other: QueryOperand
    switch (lhs, rhs) {
    case (.stat(let left), _):
      (stat, comparison, other) = (left, op, rhs)
    case (.number, .stat(let right)):
      (stat, comparison, other) = (right, op.flipped, lhs)
    case (.number, .number):
      throw .comparisonWithoutStat(body, at: alternative.bodyLocation)
    }
    try Self.refuseNegatedComparison(alternative, characters, start, end, op)
    let predicate: PokemonPredicate
    switch other {
    case .number(let number):
      predicate = { comparison.holds(stat.value(of: $0), number) }
    case .stat(let right):
      predicate = { comparison.holds(stat.value(of: $0), right.value(of: $0)) }
    }
    return (.comparison(stat, comparison, other), predicate)
  }

  /// A negated comparison is refused, with its inverse as the fix (`!spe>100` is
  /// `spe<=100`).
  private static func refuseNegatedComparison(
    _ alternative: QueryAlternative,
    _ characters: [Character],
    _ start: Int,
    _ end: Int,
    _ op: ComparisonOperator
  ) throws(QueryError) {
    guard alternative.isNegated else { return }
    let lhsText = characters.string(0..<start).trimmingWhitespace
    let rhsText = characters.string(end..<characters.count).trimmingWhitespace
    throw .negatedComparison(
      alternative.body,
      replacement: lhsText + op.inverted.rawValue + rhsText,
      at: alternative.location
    )
  }

  // MARK: - Tiers

  /// The tier column of a comparison whose left side is a tier key (`tier<=uu`), or `nil`.
  static func tierComparisonColumn(_ characters: [Character]) -> ShowdownTier.Column? {
    guard let (start, _) = operatorRange(in: characters) else { return nil }
    let key = NameNormalizer.key(characters.string(0..<start))
    return QueryVocabulary.canonicalKey(key).flatMap { key in
      ["tier", "doubles", "natdex"].contains(key) ? tierColumn(key) : nil
    }
  }

  private static func tierColumn(_ key: String) -> ShowdownTier.Column {
    key == "doubles" ? .doubles : key == "natdex" ? .nationalDex : .singles
  }

  /// `tier:ou`, `doubles:dou`, `natdex:uu` (exactly that tier, as Showdown's `/ds ou` means),
  /// or `tier<=uu` (that tier and every one below it: what a UU team may use), each with an
  /// optional `@gen4`; the current generation's tiers otherwise. A positive tier term lists
  /// alternate forms too, as `/ds` does.
  private func compileTier(
    _ column: ShowdownTier.Column,
    _ comparison: ComparisonOperator,
    _ value: String,
    _ location: QuerySourceLocation
  ) throws(QueryError) -> (QueryAtom, PokemonPredicate, Bool) {
    let key = column == .singles ? "tier" : column == .doubles ? "doubles" : "natdex"
    let (name, generations) = try QueryGenerations.split(
      QueryMoveValue(value),
      key + ":" + value,
      current: currentGeneration,
      valid: generationRange,
      location
    )
    let known = Set(
      index.pokedex.pokemon.flatMap { pokemon in
        (pokemon.showdown?.tiers ?? []).map(column.tier)
      }
    ).union(column.order)
    let wanted: Set<String>
    if comparison == .equal || comparison == .notEqual {
      let lowered = ShowdownTier.unparenthesized(name.text).lowercased()
      wanted = known.filter { ShowdownTier.unparenthesized($0).lowercased() == lowered }
    } else if let rank = ShowdownTier.canonical(name.text, in: column)
      .flatMap({ ShowdownTier.rank(of: $0, in: column) })
    {
      // Rank 0 is the highest tier: `tier<=uu` holds for the ranks from UU's down, so the
      // ranks are compared the other way round.
      wanted = known.filter { tier in
        ShowdownTier.rank(of: tier, in: column).map { comparison.holds(Double(rank), Double($0)) }
          ?? false
      }
    } else {
      wanted = []
    }
    guard !wanted.isEmpty else {
      let names =
        comparison == .equal ? Set(known.map(ShowdownTier.unparenthesized)).sorted() : column.order
      throw .unknownValue(
        .tier,
        name.text,
        suggestion: EditDistance.suggestion(for: name.text, among: names),
        at: name.location
      )
    }
    let isNot = comparison == .notEqual
    return (
      .tier(column, wanted, generations),
      { pokemon in
        let matches =
          pokemon.showdown?.tiers.contains { tiers in
            generations.contains(tiers.generation) && wanted.contains(column.tier(of: tiers))
          } ?? false
        return matches != isNot
      },
      // As in Showdown's `/ds ou`: every forme in the tier, Rotom-Wash or Ogerpon-Wellspring.
      !isNot
    )
  }

  /// One side of a comparison: a stat or a number.
  private func operand(
    _ characters: [Character],
    _ start: Int,
    _ end: Int,
    _ alternative: QueryAlternative
  ) throws(QueryError) -> QueryOperand {
    let (text, location) = try Self.operandText(characters, start, end, alternative)
    if let stat = QueryStat(name: text) { return .stat(stat) }
    let looksNumeric = text.first.map { $0.isNumber || "+-.".contains($0) } ?? false
    if looksNumeric {
      guard text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
        text.filter({ $0 == "." }).count <= 1, text.contains(where: \.isNumber),
        let number = Double(text)
      else { throw .invalidNumber(text, at: location) }
      return .number(number)
    }
    let names = QueryStat.allCases.map(\.rawValue) + Array(QueryStat.aliases.keys.sorted())
    let suggestion = EditDistance.suggestion(for: text, among: names)
      .flatMap { QueryStat(name: $0)?.rawValue }
    throw .unknownStat(text, suggestion: suggestion, at: location)
  }

  // MARK: - Values

  /// The chart type named `text` (identifier or name in any language).
  private func resolveType(_ text: String) -> String? {
    try? index.typeChart.type(named: text).identifier
  }

  private static func typePredicate(_ type: String) -> PokemonPredicate {
    { $0.types.contains(type) }
  }

  private func matchupPredicate(_ kind: MatchupKind, _ type: String) -> PokemonPredicate {
    let chart = index.typeChart
    return { pokemon in kind.holds(chart.damageFactor(of: type, against: pokemon.types)) }
  }

  /// A generation (`3`, `iii`) or a rising range (`1-3`) within the dex's generations.
  private func parseGeneration(_ text: String, _ location: QuerySourceLocation) throws(QueryError)
    -> ClosedRange<Int>
  {
    try QueryGenerations.parse(text, valid: generationRange, location)
  }

  /// The dex's generations.
  private var generationRange: ClosedRange<Int> {
    let ids = index.pokedex.generations.map(\.id)
    return (ids.min() ?? 1)...(ids.max() ?? 9)
  }

  /// The identifiers of the abilities whose slug or name in any language is `text`.
  private func abilities(named text: String) -> Set<String> {
    index.abilityIdentifiers(forKey: NameNormalizer.key(text))
  }

  /// An egg group, colour, habitat or shape: an identifier the dex uses or its display name.
  private func resolveProperty(
    _ text: String,
    _ kind: QueryValueKind,
    _ table: [(identifier: String, name: String)],
    _ location: QuerySourceLocation,
    values: (Pokemon) -> [String]
  ) throws(QueryError) -> String {
    var known: [String] = []
    var seen = Set<String>()
    for entry in table where seen.insert(entry.identifier).inserted {
      known.append(entry.identifier)
    }
    for pokemon in index.pokedex.pokemon {
      for value in values(pokemon) where seen.insert(value).inserted { known.append(value) }
    }
    let key = NameNormalizer.key(text)
    if let identifier = known.first(where: { NameNormalizer.key($0) == key }) { return identifier }
    if let entry = table.first(where: { NameNormalizer.key($0.name) == key }) {
      return entry.identifier
    }
    throw .unknownValue(
      kind,
      text,
      suggestion: EditDistance.suggestion(for: text, among: known),
      at: location
    )
  }

  /// The ids of the Pokémon a `name:` value names: `~text` fuzzy, `*`/`?` wildcards, else exact.
  private func namedIDs(_ value: String, _ location: QuerySourceLocation) throws(QueryError)
    -> Set<Int>
  {
    let positions: [Int]
    if value.hasPrefix("~") {
      let key = NameNormalizer.key(String(value.dropFirst()))
      guard !key.isEmpty else { throw .missingValue("name:" + value, at: location) }
      positions = index.closestNames(to: key)?.positions ?? index.positions(forKey: key) ?? []
    } else if value.contains("*") || value.contains("?") {
      positions = index.positions(matchingPattern: value)
    } else {
      positions = index.positions(forKey: NameNormalizer.key(value)) ?? []
    }
    return Set(positions.map { index.pokedex.pokemon[$0].id })
  }

  // MARK: - Saved filters

  /// Compiles the saved filter `name` once, however often it is used; a use checks the
  /// recursion and the depth limit against the filters it sits in.
  private mutating func compileSavedFilter(
    _ name: String,
    _ alternative: QueryAlternative,
    _ stack: [String]
  ) throws(QueryError) -> CompiledTerms {
    guard !name.isEmpty else { throw .missingValue(alternative.body, at: alternative.bodyLocation) }
    if stack.contains(name) { throw .recursiveSavedFilter(name, at: alternative.bodyLocation) }
    let depthLimit = QueryLimits.maximumSavedFilterDepth
    // A filter compiled before has no cycle (it would have failed), so only its depth can
    // make this use fail.
    if let compiled = compiledFilters[name] {
      guard stack.count + 1 + compiled.filterDepth <= depthLimit else {
        throw .savedFilterTooDeep(name, limit: depthLimit, at: alternative.bodyLocation)
      }
      return compiled
    }
    guard stack.count < depthLimit else {
      throw .savedFilterTooDeep(name, limit: depthLimit, at: alternative.bodyLocation)
    }
    guard let terms = savedFilter(name) else {
      throw .unknownSavedFilter(
        name,
        suggestion: EditDistance.suggestion(for: name, among: savedFilterNames).map { "@" + $0 },
        at: alternative.bodyLocation
      )
    }
    let compiled = try compile(terms, source: "@" + name, savedFilterStack: stack + [name])
    compiledFilters[name] = compiled
    return compiled
  }
}

extension [Character] {
  /// The characters at `range`, as a string.
  ///
  /// A loop of `append(_:)` rather than `String(self[range])`, whose generic
  /// initializer looks up the slice's conformances at run time on first use.
  func string(_ range: Range<Int>) -> String {
    var text = ""
    for index in range { text.append(self[index]) }
    return text
  }
}

extension StringProtocol {
  /// The text without leading and trailing whitespace.
  var trimmingWhitespace: String {
    var slice = Substring(self)
    while let first = slice.first, first.isWhitespace { slice.removeFirst() }
    while let last = slice.last, last.isWhitespace { slice.removeLast() }
    return String(slice)
  }
}
