/// What fetch results are grouped by, like a fetched-results controller's section key path.
///
/// Sections come in a defined order: types in type-chart order, generations by
/// number, colours, egg groups and habitats in PokeAPI's table order (Pokémon
/// without a habitat last), and Legendary, Mythical, Other.
///
/// ```swift
/// try PokemonSectionKey(parsing: "gen")    // .generation
/// try PokemonSectionKey(parsing: "typo")   // throws QueryError.unknownSectionKey("typo", suggestion: "type", ...)
/// ```
public enum PokemonSectionKey: String, CaseIterable, Hashable, Sendable {
  /// The first type.
  case type
  /// Every type: a dual-type Pokémon is listed in both sections.
  case types
  /// The generation that introduced it.
  case generation
  /// The colour.
  case color
  /// Every egg group: a Pokémon in two egg groups is listed in both sections.
  case egg
  /// The habitat (Gen 1–3 species only; others fall under "No Habitat").
  case habitat
  /// Legendary, Mythical or Other.
  case legendary

  /// Parses a `--section-by` value or an alias (`gen`, `colour`, `egg-group`, `mythical`).
  ///
  /// - Throws: ``QueryError/unknownSectionKey(_:suggestion:at:)``.
  public init(parsing text: String) throws(QueryError) {
    let key = NameNormalizer.key(text)
    let aliases: [String: PokemonSectionKey] = [
      "gen": .generation, "g": .generation, "colour": .color, "egggroup": .egg,
      "egggroups": .egg, "eggs": .egg, "mythical": .legendary, "status": .legendary,
    ]
    // Operator characters are not punctuation to normalize away: `gen!` is not `gen`.
    let isWellFormed =
      !text.trimmingWhitespace.hasPrefix("-") && !text.contains(where: "!@<>=|:".contains)
    if isWellFormed, let section = PokemonSectionKey(rawValue: key) ?? aliases[key] {
      self = section
      return
    }
    throw .unknownSectionKey(
      text,
      suggestion: EditDistance.suggestion(for: text, among: Self.allCases.map(\.rawValue)),
      at: QuerySourceLocation(source: "--section-by", line: text, column: 1, length: text.count)
    )
  }
}
