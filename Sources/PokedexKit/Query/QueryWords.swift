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
    default: return []
    }
  }
}
