/// Which of a Pokémon's names a search matched, and how closely: what `show` and `search`
/// report as `match` in JSON, so that a script can tell an answer from a guess.
///
/// ```swift
/// let result = index.search("pikachoo")
/// let match = index.matchedName(result)
/// match?.kind      // .fuzzy
/// match?.name      // "Pikachu"
/// match?.language  // "en"
/// ```
public struct MatchedName: Hashable, Sendable {
  /// How the text met the name.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    /// The text is the name, the identifier or the number, up to letter case and surrounding
    /// blanks (`Pikachu`, `pikachu`, `25`, `#025`).
    case exact
    /// The text is the name once accents, punctuation, spaces and symbols are ignored
    /// (`mr mime` for `Mr. Mime`, `flabebe` for `Flabébé`).
    case normalized
    /// The text is only close to the name, a few edits away: a guess ("did you mean").
    case fuzzy
    /// The name starts with the text, once both are normalized (`char` for `Charmander`):
    /// found by part of a name, when nothing matched exactly or closely.
    case prefix
    /// The name contains the text, once both are normalized (`zard` for `Charizard`): found
    /// by part of a name, when no name starts with it.
    case substring
    /// The name matches a `name:` term's wildcard pattern (`char*` for `Charmillon`).
    case pattern
    /// The text is a Showdown alias of the Pokémon (`lando` for Landorus): an answer.
    case alias
  }

  /// How the text met the name.
  public var kind: Kind
  /// The name that matched, as the data spells it (`"Mr. Mime"`, `"ピカチュウ"`, `"mr-mime"`,
  /// `"25"`).
  public var name: String
  /// The language of `name` (`"en"`, `"ja-roma"`), or `nil` when the text matched the
  /// Pokémon's identifier (slug), its number, or a name of Pokémon Showdown's (its name,
  /// forme or alias) rather than a name of the games.
  public var language: String?

  /// Creates a matched name.
  public init(kind: Kind, name: String, language: String?) {
    self.kind = kind
    self.name = name
    self.language = language
  }

  /// Whether the match is an answer rather than a guess (exact, normalized or an alias).
  public var isAnswer: Bool { kind == .exact || kind == .normalized || kind == .alias }
}

extension PokedexIndex {
  /// The name of `result`'s first Pokémon that its text matched, and how; `nil` when nothing
  /// matched.
  ///
  /// Among several names that match equally (Pikachu is "Pikachu" in a dozen languages), the
  /// one in `language` wins, then English, then the identifier, then the others in language
  /// order.
  ///
  /// ```swift
  /// index.matchedName(index.search("random"))
  /// // MatchedName(kind: .fuzzy, name: "Tandon", language: "ja-roma")  (Rolycoly)
  /// ```
  /// - Complexity: O(*n*) in the number of names of one Pokémon (a few dozen).
  public func matchedName(_ result: PokemonSearchResult, preferring language: String = "en")
    -> MatchedName?
  {
    guard let pokemon = result.pokemon.first else { return nil }
    let text = result.text.trimmingBlanksAndHash()
    if case .exact = result.match, !text.isEmpty, text.allSatisfy(\.isASCII), Int(text) != nil {
      return MatchedName(kind: .exact, name: text, language: nil)
    }
    if let alias = result.alias {
      return MatchedName(kind: .alias, name: alias, language: nil)
    }
    if let forme = result.forme {
      let kind: MatchedName.Kind =
        forme.name.lowercased() == text.lowercased() ? .exact : .normalized
      return MatchedName(kind: kind, name: forme.name, language: nil)
    }
    let candidates = Self.names(of: pokemon, preferring: language)
    let key = NameNormalizer.key(result.text)
    switch result.match {
    case .none:
      return nil
    case .exact:
      let lowered = text.lowercased()
      if let name = candidates.first(where: { $0.name.lowercased() == lowered }) {
        return MatchedName(kind: .exact, name: name.name, language: name.language)
      }
      let name = candidates.first { NameNormalizer.key($0.name) == key } ?? candidates[0]
      return MatchedName(kind: .normalized, name: name.name, language: name.language)
    case .fuzzy:
      let scalars = Array(key.unicodeScalars)
      var best = candidates[0]
      var bestDistance = Int.max
      for candidate in candidates {
        let other = Array(NameNormalizer.key(candidate.name).unicodeScalars)
        let distance = EditDistance.distance(scalars, other, limit: bestDistance - 1) ?? Int.max
        if distance < bestDistance {
          best = candidate
          bestDistance = distance
        }
      }
      return MatchedName(kind: .fuzzy, name: best.name, language: best.language)
    }
  }

  /// The name through which `pokemon` matches a query's `name:` terms (``Query/nameTerms``),
  /// when its name in `language` does not: `list name:char*` lists Beautifly because its
  /// French name, Charmillon, starts with "char". `nil` when the name in `language` matches
  /// a term, when an identifier matched first (`charizard-mega-x` for `charizard*`), or
  /// when no name does (the Pokémon matched by other terms, or by a negated one).
  ///
  /// ```swift
  /// let query = try Query(["name:char*"], index: index)
  /// index.matchedName(of: beautifly, nameTerms: query.nameTerms, preferring: "en")
  /// // MatchedName(kind: .pattern, name: "Charmillon", language: "fr")
  /// index.matchedName(of: charmander, nameTerms: query.nameTerms, preferring: "en")  // nil
  /// ```
  ///
  /// - Complexity: O(*t* × *n*) for *t* terms and a Pokémon's *n* names (a few dozen).
  public func matchedName(
    of pokemon: Pokemon,
    nameTerms: [String],
    preferring language: String
  ) -> MatchedName? {
    guard !nameTerms.isEmpty else { return nil }
    let candidates = Self.names(of: pokemon, preferring: language)
    let keys = candidates.map { NameNormalizer.key($0.name) }
    var best: (kind: MatchedName.Kind, position: Int, distance: Int)?
    for term in nameTerms {
      guard let found = Self.match(term, keys) else { continue }
      if best.map({ (found.position, found.distance) < ($0.position, $0.distance) }) ?? true {
        best = found
      }
    }
    // The name shown matched, or an identifier (`charizard-mega-x` for `charizard*`), which
    // the name shown makes plain: nothing to say.
    guard let best, let matched = candidates[best.position].language, matched != language else {
      return nil
    }
    return MatchedName(kind: best.kind, name: candidates[best.position].name, language: matched)
  }

  /// The first of `keys` that the `name:` value `term` matches, and how; for `~` (fuzzy)
  /// the closest, with its distance.
  private static func match(_ term: String, _ keys: [String])
    -> (kind: MatchedName.Kind, position: Int, distance: Int)?
  {
    if term.hasPrefix("~") {
      let scalars = Array(NameNormalizer.key(String(term.dropFirst())).unicodeScalars)
      guard !scalars.isEmpty else { return nil }
      var best: (kind: MatchedName.Kind, position: Int, distance: Int)?
      for (position, key) in keys.enumerated() {
        let limit = (best?.distance ?? EditDistance.limit(forLength: scalars.count) + 1) - 1
        guard limit >= 0,
          let distance = EditDistance.distance(scalars, Array(key.unicodeScalars), limit: limit)
        else { continue }
        best = (distance == 0 ? .normalized : .fuzzy, position, distance)
      }
      return best
    }
    if term.contains("*") || term.contains("?") {
      let pattern = Array(NameNormalizer.patternKey(term).unicodeScalars)
      return keys.firstIndex { Wildcard.matches(Array($0.unicodeScalars), pattern: pattern) }
        .map { (.pattern, $0, 0) }
    }
    let key = NameNormalizer.key(term)
    return keys.firstIndex(of: key).map { (.normalized, $0, 0) }
  }

  /// The names a search compares for `pokemon`, the preferred language first: never empty (the
  /// slug is always there).
  package static func names(of pokemon: Pokemon, preferring language: String) -> [(
    name: String, language: String?
  )] {
    var names: [(name: String, language: String?)] = []
    for preferred in [language, "en"] {
      if let name = pokemon.names[preferred] { names.append((name, preferred)) }
    }
    names.append((pokemon.slug, nil))
    if pokemon.speciesSlug != pokemon.slug { names.append((pokemon.speciesSlug, nil)) }
    if let showdown = pokemon.showdown?.name { names.append((showdown, nil)) }
    if let form = pokemon.form, !form.slug.isEmpty {
      names.append((form.slug + " " + pokemon.speciesSlug, nil))
    }
    for (code, name) in pokemon.names where code != language && code != "en" {
      names.append((name, code))
    }
    return names
  }
}

extension String {
  /// The text without surrounding blanks and leading `#`, as ``PokedexIndex/search(_:)`` reads it.
  fileprivate func trimmingBlanksAndHash() -> String {
    var trimmed = Substring(self)
    while let first = trimmed.first, first.isWhitespace || first == "#" { trimmed.removeFirst() }
    while let last = trimmed.last, last.isWhitespace { trimmed.removeLast() }
    return String(trimmed)
  }
}
