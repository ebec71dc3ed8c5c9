/// A Pokémon found by part of one of its names, with the name that matched.
///
/// ```swift
/// let found = index.searchPartially("char")
/// found.first?.pokemon.slug   // "charmander"
/// found.first?.match.kind     // .prefix
/// found.first?.match.name     // "Charmander"
/// ```
public struct PartialMatch: Hashable, Sendable {
  /// The Pokémon found.
  public var pokemon: Pokemon
  /// The name that contains the text, and whether it starts with it (`.prefix`) or only
  /// contains it (`.substring`).
  public var match: MatchedName

  /// Creates a partial match.
  public init(pokemon: Pokemon, match: MatchedName) {
    self.pokemon = pokemon
    self.match = match
  }
}

extension PokedexIndex {
  /// The Pokémon with a name that starts with `text`, or else contains it, compared as
  /// ``NameNormalizer`` keys: the search by part of a name that follows a miss of
  /// ``search(_:)``.
  ///
  /// Names are tried in four rounds, and the first round that finds anything wins:
  /// 1. names in `language` and identifiers (slugs) that start with the text;
  /// 2. names in `language` and identifiers that contain it;
  /// 3. names in the other languages that start with it;
  /// 4. names in the other languages that contain it.
  ///
  /// Forms are left out when their species' default Pokémon is found; default Pokémon come
  /// first, then forms, each in dex order. Each result says which of its names matched,
  /// preferring `language`, then English, then the identifiers. A number or a text without
  /// letters finds nothing.
  ///
  /// ```swift
  /// index.searchPartially("char").map(\.pokemon.slug)
  /// // ["charmander", "charmeleon", "charizard", ...]
  /// index.searchPartially("paldean tauros").map(\.pokemon.slug)
  /// // ["tauros-paldea-combat-breed", "tauros-paldea-blaze-breed", "tauros-paldea-aqua-breed"]
  /// ```
  /// - Complexity: O(*n* × *l*) key comparisons for *n* Pokémon with names in *l* languages.
  public func searchPartially(_ text: String, preferring language: String = "en")
    -> [PartialMatch]
  {
    let key = NameNormalizer.key(text)
    guard !key.isEmpty, !key.allSatisfy(\.isNumber) else { return [] }
    let rounds: [(displayed: Bool, kind: MatchedName.Kind)] = [
      (true, .prefix), (true, .substring), (false, .prefix), (false, .substring),
    ]
    for round in rounds {
      let found = partialMatches(
        key,
        kind: round.kind,
        displayed: round.displayed,
        language: language
      )
      if !found.isEmpty { return found }
    }
    return []
  }

  /// One round of ``searchPartially(_:preferring:)``: the Pokémon with a name of the round
  /// (displayed or other languages) that starts with or contains `key`.
  private func partialMatches(
    _ key: String,
    kind: MatchedName.Kind,
    displayed: Bool,
    language: String
  ) -> [PartialMatch] {
    var matchedNames: [Int: MatchedName] = [:]
    for (position, pokemon) in pokedex.pokemon.enumerated() {
      for candidate in Self.names(of: pokemon, preferring: language) {
        let isDisplayed = candidate.language == nil || candidate.language == language
        guard isDisplayed == displayed else { continue }
        let name = NameNormalizer.key(candidate.name)
        let matches = kind == .prefix ? name.hasPrefix(key) : name.contains(key)
        if matches {
          matchedNames[position] = MatchedName(
            kind: kind,
            name: candidate.name,
            language: candidate.language
          )
          break
        }
      }
    }
    let positions = matchedNames.keys.sorted()
    return pokemon(atPositions: positions).compactMap { pokemon in
      guard let position = position(ofID: pokemon.id), let match = matchedNames[position] else {
        return nil
      }
      return PartialMatch(pokemon: pokemon, match: match)
    }
  }
}
