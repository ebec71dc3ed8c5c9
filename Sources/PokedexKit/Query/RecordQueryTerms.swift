/// A compiled test of one record, named by its row: `records[row]` (see ``PokemonPredicate``
/// for why a row rather than a value).
typealias RecordPredicate<Record> = @Sendable (_ records: [Record], _ row: Int) -> Bool

/// The words of a record query language (`pokedex moves`, `pokedex items`): its keys, its
/// numeric properties and how a key's value or a bare name compiles.
/// ``RecordQueryCompiler`` gives every such language the syntax of the Pokémon queries.
protocol RecordQueryTerms {
  associatedtype Record

  /// Which language it is, for its errors' messages and help.
  static var language: RecordQueryLanguage { get }
  /// The canonical key a normalized key spelling names (`class` → `category`), or `nil`.
  static func canonicalKey(_ spelling: String) -> String?
  /// The canonical keys, in the order the help lists them.
  static var keys: [String] { get }
  /// The numeric property a normalized spelling names, as a function of a record (`nil`
  /// where the record has no value), or `nil` when it names none.
  static func property(_ spelling: String) -> (@Sendable (Record) -> Int?)?
  /// The numeric properties' names, for suggestions.
  static var propertyNames: [String] { get }
  /// Whether a value of `key` may end in `@genN` (`learnedby:pikachu@gen4`).
  static func takesGenerationSuffix(_ key: String) -> Bool

  /// The predicate of `key:value`; `key` is canonical and `location` is the value's.
  mutating func compile(key: String, value: String, at location: QuerySourceLocation)
    throws(QueryError) -> RecordPredicate<Record>
  /// The predicate of a name: a bare word (`isBare`) or the value of `name:`.
  mutating func compileName(_ text: String, at location: QuerySourceLocation, isBare: Bool)
    throws(QueryError) -> RecordPredicate<Record>
}

extension RecordQueryTerms {
  static func takesGenerationSuffix(_ key: String) -> Bool { false }
}

extension RecordQueryTerms {
  /// The value among `known` whose normalized key is `text`'s.
  ///
  /// - Throws: ``QueryError/unknownValue(_:_:suggestion:at:)`` of `kind`, with the closest.
  static func resolve(
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

  /// The distinct values of a property over `records`, in order of first appearance.
  static func distinct(_ records: [Record], _ property: (Record) -> [String]) -> [String] {
    var seen = Set<String>()
    var result: [String] = []
    for record in records {
      for value in property(record) where seen.insert(value).inserted { result.append(value) }
    }
    return result
  }

  /// The rows a name term selects: those with a name key (`nameKeys[row]`: the normalized
  /// identifier and names) containing `text`'s key, or one of `aliases[row]` as a whole
  /// (`tbolt`); for a wildcard pattern (`thunder*`, `*plate`), those with a name key it
  /// matches. `isPattern` says which it was: a pattern may select nothing, a name should not.
  ///
  /// - Throws: ``QueryError/missingValue(_:at:)`` when `text` normalizes to nothing.
  /// - Complexity: O(*n* × *l*) over the *n* records' names in *l* languages.
  static func rows(
    named text: String,
    nameKeys: [[String]],
    aliases: [[String]],
    at location: QuerySourceLocation
  ) throws(QueryError) -> (rows: Set<Int>, isPattern: Bool) {
    var rows = Set<Int>()
    if text.contains("*") || text.contains("?") {
      let pattern = Array(NameNormalizer.patternKey(text).unicodeScalars)
      for (row, names) in nameKeys.enumerated()
      where names.contains(where: { Wildcard.matches(Array($0.unicodeScalars), pattern: pattern) })
      {
        rows.insert(row)
      }
      return (rows, true)
    }
    let key = NameNormalizer.key(text)
    guard !key.isEmpty else { throw .missingValue(text, at: location) }
    for (row, names) in nameKeys.enumerated() where names.contains(where: { $0.contains(key) }) {
      rows.insert(row)
    }
    for (row, list) in aliases.enumerated()
    where list.contains(where: { NameNormalizer.key($0) == key }) {
      rows.insert(row)
    }
    return (rows, false)
  }
}
