/// The terms of the item query language: what a key's value or a name selects among the
/// items (``RecordQueryCompiler`` parses the syntax).
struct ItemQueryTerms: RecordQueryTerms {
  static let language = RecordQueryLanguage.item
  static var keys: [String] { ItemQueryVocabulary.keys }
  static var propertyNames: [String] { ItemProperty.allCases.map(\.rawValue) }

  static func canonicalKey(_ spelling: String) -> String? {
    ItemQueryVocabulary.canonicalKey(spelling)
  }

  static func property(_ spelling: String) -> (@Sendable (Item) -> Int?)? {
    guard let property = ItemQueryVocabulary.property(spelling) else { return nil }
    return { property.value(of: $0) }
  }

  let items: ItemLookup
  let index: PokedexIndex

  mutating func compile(key: String, value: String, at location: QuerySourceLocation)
    throws(QueryError) -> RecordPredicate<Item>
  {
    switch key {
    case "category":
      let categories = Self.distinct(items.items.items) { $0.category.map { [$0] } ?? [] }
      let category = try Self.resolve(value, .itemCategory, among: categories, location)
      return { $0[$1].category == category }
    case "gen":
      let generations = items.items.items.map(\.generation)
      let valid = (generations.min() ?? 1)...(generations.max() ?? 9)
      let range = try QueryGenerations.parse(value, valid: valid, location)
      return { range.contains($0[$1].generation) }
    case "user":
      guard let slug = index.slug(named: value) else {
        let suggestion = index.closestNames(to: NameNormalizer.key(value))?.positions.first
          .map { index.pokedex.pokemon[$0].slug }
        throw .unknownValue(.pokemon, value, suggestion: suggestion, at: location)
      }
      let made = Set(items.items(for: slug).map(\.identifier))
      return { made.contains($0[$1].identifier) }
    case "type":
      let type = try index.typeIdentifier(named: value, at: location)
      return { $0[$1].type == type || $0[$1].zCrystal?.type == type }
    case "nonstandard":
      let reason = try Self.resolve(
        value,
        .nonstandard,
        among: ItemQueryVocabulary.nonstandardValues,
        location
      )
      return { ($0[$1].nonstandard?.lowercased() ?? "none") == reason }
    default:  // "name"
      return try compileName(value, at: location, isBare: false)
    }
  }

  /// A name: part of an item's name in any language, of its identifier or Showdown id
  /// (`scarf` finds Choice Scarf), an alias as a whole (`lefties`), or a wildcard pattern
  /// (`*plate`). A word that names no item is an error with the closest name, or
  /// `category:word` when it is a category.
  mutating func compileName(_ text: String, at location: QuerySourceLocation, isBare: Bool)
    throws(QueryError) -> RecordPredicate<Item>
  {
    let all = items.items.items
    let found = try Self.rows(
      named: text,
      nameKeys: all.map { item in
        [NameNormalizer.key(item.identifier), item.showdownID]
          + item.names.values.map(NameNormalizer.key)
      },
      aliases: all.map(\.aliases),
      at: location
    )
    let identifiers = Set(found.rows.map { all[$0].identifier })
    if found.isPattern || !identifiers.isEmpty {
      return { identifiers.contains($0[$1].identifier) }
    }
    let key = NameNormalizer.key(text)
    let categories = Self.distinct(all) { $0.category.map { [$0] } ?? [] }
    let suggestion =
      isBare && categories.contains { NameNormalizer.key($0) == key }
      ? "category:\(text)" : items.suggestion(for: text).map { $0.names["en"] ?? $0.identifier }
    throw .unknownValue(.item, text, suggestion: suggestion, at: location)
  }
}
