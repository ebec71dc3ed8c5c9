/// A compiled test of one move, named by its row: `moves[row]`.
typealias MovePredicate = RecordPredicate<Move>

/// The terms of the move query language: what a key's value or a name selects among the
/// moves (``RecordQueryCompiler`` parses the syntax).
struct MoveQueryTerms: RecordQueryTerms {
  static let language = RecordQueryLanguage.move
  static var keys: [String] { MoveQueryVocabulary.keys }
  static var propertyNames: [String] { MoveProperty.allCases.map(\.rawValue) }

  static func canonicalKey(_ spelling: String) -> String? {
    MoveQueryVocabulary.canonicalKey(spelling)
  }

  static func property(_ spelling: String) -> (@Sendable (Move) -> Int?)? {
    guard let property = MoveQueryVocabulary.property(spelling) else { return nil }
    return { property.value(of: $0) }
  }

  static func takesGenerationSuffix(_ key: String) -> Bool { key == "learnedby" }

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

  // MARK: - Keys

  mutating func compile(key: String, value: String, at location: QuerySourceLocation)
    throws(QueryError) -> MovePredicate
  {
    switch key {
    case "type":
      let type = try index.typeIdentifier(named: value, at: location)
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
      return try compileName(value, at: location, isBare: false)
    }
  }

  /// The distinct values of a property over every move, in order of first appearance.
  private func values(_ property: (Move) -> [String]) -> [String] {
    Self.distinct(moves.moves, property)
  }

  private func values(_ property: KeyPath<Move, String>) -> [String] {
    values { [$0[keyPath: property]] }
  }

  private func resolve(
    _ text: String,
    _ kind: QueryValueKind,
    among known: [String],
    _ location: QuerySourceLocation
  ) throws(QueryError) -> String {
    try Self.resolve(text, kind, among: known, location)
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
    guard let pokemon = index.slug(named: name.text) else {
      let suggestion = index.closestNames(to: NameNormalizer.key(name.text))?.positions.first
        .map { index.pokedex.pokemon[$0].slug }
      throw .unknownValue(.pokemon, name.text, suggestion: suggestion, at: name.location)
    }
    let learnable = try moveSource.answer(for: location) { data in
      try data.moves(learnableBy: pokemon, in: generations, methods: nil)
    }
    return { learnable.contains($0[$1].identifier) }
  }

  // MARK: - Names

  /// A name: a part of a move's name in any language or of its identifier (`thunder` finds
  /// Thunderbolt), one of its aliases as a whole (`tbolt`), or a wildcard pattern
  /// (`thunder*`, `*punch`). A word that names no move is an error with the closest name, or
  /// the key it is a value of (`contact`: `flag:contact`).
  mutating func compileName(_ text: String, at location: QuerySourceLocation, isBare: Bool)
    throws(QueryError) -> MovePredicate
  {
    let found = try Self.rows(
      named: text,
      nameKeys: moveNameKeys(),
      aliases: moves.moves.map(\.aliases),
      at: location
    )
    let ids = Set(found.rows.map { moves.moves[$0].id })
    if found.isPattern || !ids.isEmpty { return { ids.contains($0[$1].id) } }
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
}
