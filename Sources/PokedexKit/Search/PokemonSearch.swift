/// The outcome of a forgiving lookup: which Pokémon, and whether the match was exact.
///
/// ```swift
/// let result = index.search("pikachoo")
/// result.match    // .fuzzy(distance: 2)
/// result.pokemon  // [Pikachu]
/// ```
public struct PokemonSearchResult: Hashable, Sendable {
  /// How the text matched.
  public enum Match: Hashable, Sendable {
    /// A name, slug or number matched exactly (after normalization).
    case exact
    /// Nothing matched exactly; these are the closest names, `distance` edits away ("did you mean").
    case fuzzy(distance: Int)
    /// Nothing matched, not even approximately.
    case none
  }

  /// The text searched for.
  public var text: String
  /// How it matched.
  public var match: Match
  /// The matching Pokémon: default Pokémon first, then forms, each in dex order.
  public var pokemon: [Pokemon]
  /// The Showdown forme of the first Pokémon the text named (`Arceus-Fairy`), if it named
  /// one rather than the Pokémon.
  public var forme: ShowdownForme?
  /// The Showdown alias the text is (`lando`), if it matched through one.
  public var alias: String?

  /// Creates a result.
  public init(
    text: String,
    match: Match,
    pokemon: [Pokemon],
    forme: ShowdownForme? = nil,
    alias: String? = nil
  ) {
    self.text = text
    self.match = match
    self.pokemon = pokemon
    self.forme = forme
    self.alias = alias
  }

  /// Whether the result is an approximate match, to be labelled "did you mean".
  public var isFuzzy: Bool {
    if case .fuzzy = match { return true }
    return false
  }
}

extension PokedexIndex {
  /// Looks up Pokémon by name, slug or number, forgiving case, accents, punctuation
  /// and symbols, in every language, then by Showdown forme (`Arceus-Fairy`) and alias
  /// (`lando`); falls back to the closest names on a miss.
  ///
  /// A number (`25`, `#025`) is a national number, or a Pokémon id when no species
  /// has that number (`10034`). Text is compared as a ``NameNormalizer`` key, so
  /// `Mr. Mime`, `mr-mime` and `mr mime` meet, as do `Nidoran♀` and `nidoran-f`,
  /// and `Flabébé` in NFC or NFD and `flabebe`. On a miss, names within the
  /// length-scaled edit distance of ``EditDistance/limit(forLength:)`` (1 up to 4
  /// characters, 2 up to 6, 3 beyond) are returned, the closest only.
  ///
  /// ```swift
  /// index.search("Mega Charizard X").pokemon.map(\.slug)  // ["charizard-mega-x"]
  /// index.search("ピカチュウ").pokemon.map(\.slug)          // ["pikachu"]
  /// index.search("bulbsaur").match                       // .fuzzy(distance: 1)
  /// index.search("Arceus-Fairy").forme?.types            // ["fairy"]
  /// index.search("koko").pokemon.map(\.slug)             // ["tapu-koko"]
  /// index.search("xyzzy").match                           // .none
  /// ```
  /// - Complexity: O(1) for an exact match; O(*k*) edit-distance checks over the
  ///   *k* indexed names for a fuzzy one.
  public func search(_ text: String) -> PokemonSearchResult {
    var trimmed = Substring(text)
    while let first = trimmed.first, first.isWhitespace || first == "#" { trimmed.removeFirst() }
    while let last = trimmed.last, last.isWhitespace { trimmed.removeLast() }
    if !trimmed.isEmpty, trimmed.allSatisfy(\.isASCII), let number = Int(trimmed) {
      if let found = pokemon(nationalNumber: number) ?? pokemon(id: number) {
        return PokemonSearchResult(text: text, match: .exact, pokemon: [found])
      }
      return PokemonSearchResult(text: text, match: .none, pokemon: [])
    }
    let key = NameNormalizer.key(text)
    guard !key.isEmpty else { return PokemonSearchResult(text: text, match: .none, pokemon: []) }
    if let positions = positions(forKey: key) {
      // A Pokémon the text names by its identifier or Showdown name comes before one with a
      // name in some language that reads the same (`Zygarde-10%` is `zygarde-10`, though
      // Zygarde with Power Construct is also "Zygarde 10%" in some languages).
      let found = pokemon(atPositions: positions)
      let named = found.filter { pokemon in
        NameNormalizer.key(pokemon.slug) == key
          || (pokemon.showdown.map { $0.sharedWith == nil && NameNormalizer.key($0.name) == key }
            ?? false)
      }
      return PokemonSearchResult(
        text: text,
        match: .exact,
        pokemon: named + found.filter { pokemon in !named.contains { $0.id == pokemon.id } }
      )
    }
    if let found = forme(forKey: key) {
      return PokemonSearchResult(
        text: text,
        match: .exact,
        pokemon: [found.pokemon],
        forme: found.forme
      )
    }
    if let found = alias(forKey: key) {
      return PokemonSearchResult(
        text: text,
        match: .exact,
        pokemon: [found.pokemon],
        forme: found.forme,
        alias: key
      )
    }
    guard let (distance, positions) = closestNames(to: key) else {
      return PokemonSearchResult(text: text, match: .none, pokemon: [])
    }
    return PokemonSearchResult(
      text: text,
      match: .fuzzy(distance: distance),
      pokemon: pokemon(atPositions: positions)
    )
  }

  /// The positions of the Pokémon whose names are closest to `key`, within the length-scaled limit.
  package func closestNames(to key: String) -> (distance: Int, positions: [Int])? {
    let scalars = Array(key.unicodeScalars)
    var limit = EditDistance.limit(forLength: scalars.count)
    guard limit > 0 else { return nil }
    var best: [Int] = []
    var bestDistance = Int.max
    forEachName { name, positions in
      guard abs(name.unicodeScalars.count - scalars.count) <= limit else { return }
      let candidate = Array(name.unicodeScalars)
      guard let distance = EditDistance.distance(scalars, candidate, limit: limit) else { return }
      if distance < bestDistance {
        bestDistance = distance
        best = positions
        limit = distance
      } else {
        best.append(contentsOf: positions)
      }
    }
    guard !best.isEmpty else { return nil }
    var seen = Set<Int>()
    return (bestDistance, best.sorted().filter { seen.insert($0).inserted })
  }

  /// The positions of the Pokémon with a name matching the wildcard pattern `pattern`
  /// (`*` any run of characters, `?` one character), compared as ``NameNormalizer`` keys.
  package func positions(matchingPattern pattern: String) -> [Int] {
    let pattern = Array(NameNormalizer.patternKey(pattern).unicodeScalars)
    var result = Set<Int>()
    forEachName { name, positions in
      if Wildcard.matches(Array(name.unicodeScalars), pattern: pattern) {
        result.formUnion(positions)
      }
    }
    return result.sorted()
  }
}
