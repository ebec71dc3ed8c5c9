/// The words of the item query language: keys, numeric properties, sort keys.
enum ItemQueryVocabulary {
  /// The canonical `key:` names, in the order the help lists them.
  static let keys = ["category", "gen", "user", "type", "nonstandard", "name"]

  /// The canonical key of a normalized key spelling, or `nil`.
  static func canonicalKey(_ spelling: String) -> String? {
    switch spelling {
    case "category", "cat", "kind", "pocket": "category"
    case "gen", "g", "generation": "gen"
    case "user", "users", "for", "holder", "pokemon", "by": "user"
    case "type", "t": "type"
    case "nonstandard", "isnonstandard", "status": "nonstandard"
    case "name", "n": "name"
    default: nil
    }
  }

  /// The numeric property a normalized spelling names, or `nil`.
  static func property(_ spelling: String) -> ItemProperty? {
    switch spelling {
    case "fling", "flingpower": .fling
    case "gen", "g", "generation": .generation
    case "num", "number": .number
    default: nil
    }
  }

  /// The values of `nonstandard:`: Showdown's reasons, and `none` for an item of the current
  /// generation's games.
  static let nonstandardValues = ["none", "past", "future", "unobtainable"]

  /// What a user may write instead of an unknown word without a close match.
  static func help(for word: RecordQueryWord) -> String {
    switch word {
    case .term:
      "an item term is a name (berry, name:*plate), key:value (category:mega-stones, "
        + "user:charizard) or a comparison ('fling>=80'); see 'pokedex help items'"
    case .key:
      "item keys are " + keys.joined(separator: ", ")
    case .property:
      "item properties are " + ItemProperty.allCases.map(\.rawValue).joined(separator: ", ")
    case .sortKey:
      "sort keys are " + ItemSortDescriptor.Key.allCases.map(\.rawValue).joined(separator: ", ")
        + ", each optionally followed by ':asc' or ':desc'"
    }
  }
}
