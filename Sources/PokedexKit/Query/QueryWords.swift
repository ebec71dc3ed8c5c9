/// The words of the query language, for a shell to offer while a query is typed
/// (`pokedex completions`): keys, flags, sort and section keys, and each key's values.
///
/// They come from the tables the query compiler itself uses, so completion never offers a
/// word the compiler rejects.
///
/// ```swift
/// QueryWords.keys                                   // ["type", "gen", "ability", ...]
/// QueryWords.values(forKey: "t", in: dex)           // ["normal", "fighting", ...]
/// QueryWords.values(forKey: "colour", in: dex)      // ["black", "blue", ...]
/// ```
package enum QueryWords {
  /// The canonical `key:` names, in the order the help lists them.
  package static var keys: [String] { QueryVocabulary.keys }

  /// The yes-or-no flags (`legendary`, `mega`, ...).
  package static var flags: [String] { QueryFlag.allCases.map(\.rawValue) }

  /// The keys `--sort` takes.
  package static var sortKeys: [String] { PokemonSortDescriptor.Key.allCases.map(\.rawValue) }

  /// The keys `--section-by` takes.
  package static var sectionKeys: [String] { PokemonSectionKey.allCases.map(\.rawValue) }

  /// The values of `key` (any accepted spelling, `t` or `colour`) in `dex`'s data, or an
  /// empty list for an unknown key.
  ///
  /// - Complexity: O(*n*) in the number of values (O(*p*) in the Pokémon for `name`).
  package static func values(forKey key: String, in dex: Pokedex) -> [String] {
    switch QueryVocabulary.canonicalKey(NameNormalizer.key(key)) {
    case "type", "weak", "resists", "immune": return TypeChart(types: dex.types).typeIdentifiers
    case "gen": return dex.generations.indices.map { String($0 + 1) }
    case "ability": return dex.abilities.map(\.identifier)
    case "egg": return PropertyNames.eggGroups.map(\.identifier)
    case "color": return PropertyNames.colors.map(\.identifier)
    case "habitat": return PropertyNames.habitats.map(\.identifier)
    case "shape": return PropertyNames.shapes.map(\.identifier)
    case "name":
      var seen: Set<String> = []
      return dex.pokemon.map(\.slug).filter { seen.insert($0).inserted }
    case "learns": return QueryLearnMethods.names
    case "tier", "natdex": return ShowdownTier.Column.singles.order.map { $0.lowercased() }
    case "doubles": return ShowdownTier.Column.doubles.order.map { $0.lowercased() }
    default: return []
    }
  }

  /// The values of `move:`: every move's identifier, which the compiler accepts as typed
  /// (`move:trick-room`). A shell completing `move:` calls this with the moves it loads
  /// (`context.load(MoveDex.self, arguments)`); ``values(forKey:in:)`` returns nothing for
  /// `move`, so that completing other keys never reads the move file.
  ///
  /// ```swift
  /// QueryWords.moveValues(in: moves)   // ["pound", "karate-chop", ...]
  /// ```
  ///
  /// - Complexity: O(*m*) in the number of moves.
  package static func moveValues(in moves: MoveDex) -> [String] {
    moves.moves.map(\.identifier)
  }

  /// The keys of the move query language (`pokedex moves`), for completion.
  package static var moveQueryKeys: [String] { MoveQueryVocabulary.keys }

  /// The numeric move properties a move query compares (`power`, `accuracy`...).
  package static var moveProperties: [String] { MoveProperty.allCases.map(\.rawValue) }

  /// The keys `pokedex moves --sort` takes.
  package static var moveSortKeys: [String] { MoveSortDescriptor.Key.allCases.map(\.rawValue) }

  /// The values of a move query key (`type`, `category`, `flag`, `target`, `gen`) in the
  /// data, or an empty list for `learnedby` and `name` (complete those from the dex and
  /// ``moveValues(in:)``) and unknown keys.
  ///
  /// - Complexity: O(*m*) in the number of moves.
  package static func moveQueryValues(forKey key: String, moves: MoveDex, dex: Pokedex)
    -> [String]
  {
    var seen: Set<String> = []
    let values: [String]
    switch MoveQueryVocabulary.canonicalKey(NameNormalizer.key(key)) {
    case "type": return TypeChart(types: dex.types).typeIdentifiers
    case "category": values = moves.moves.map(\.damageClass)
    case "flag": values = moves.moves.flatMap(\.flags)
    case "target": values = moves.moves.map(\.target)
    case "gen": return dex.generations.indices.map { String($0 + 1) }
    default: return []
    }
    return values.filter { seen.insert($0).inserted }
  }

  /// The keys of the item query language (`pokedex items`), for completion.
  package static var itemQueryKeys: [String] { ItemQueryVocabulary.keys }

  /// The numeric item properties an item query compares (`fling`, `gen`, `num`).
  package static var itemProperties: [String] { ItemProperty.allCases.map(\.rawValue) }

  /// The keys `pokedex items --sort` takes.
  package static var itemSortKeys: [String] { ItemSortDescriptor.Key.allCases.map(\.rawValue) }

  /// Whether `key` is a spelling of the item query's `user:` key, whose values are Pokémon.
  package static func isItemUserKey(_ key: String) -> Bool {
    ItemQueryVocabulary.canonicalKey(NameNormalizer.key(key)) == "user"
  }

  /// The values of an item query key (`category`, `type`, `gen`, `nonstandard`) in the
  /// data, or an empty list for `user` and `name` (complete those from the dex) and unknown
  /// keys.
  ///
  /// ```swift
  /// QueryWords.itemQueryValues(forKey: "nonstandard", items: items, dex: dex)
  /// // ["none", "past", "future", "unobtainable"]
  /// ```
  ///
  /// - Complexity: O(*i*) in the number of items.
  package static func itemQueryValues(forKey key: String, items: ItemDex, dex: Pokedex)
    -> [String]
  {
    var seen: Set<String> = []
    switch ItemQueryVocabulary.canonicalKey(NameNormalizer.key(key)) {
    case "type": return TypeChart(types: dex.types).typeIdentifiers
    case "category": return items.items.compactMap(\.category).filter { seen.insert($0).inserted }
    case "gen": return dex.generations.indices.map { String($0 + 1) }
    case "nonstandard": return ItemQueryVocabulary.nonstandardValues
    default: return []
    }
  }
}
