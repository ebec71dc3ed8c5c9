import PokedexKit

/// Names things in the user's language (`--lang`), falling back to English,
/// then to the identifier.
package struct NameResolver: Sendable {
  /// The language identifier, lower-case (`en`, `ja-hrkt`, `zh-hans`).
  package var language: String
  private var types: [String: LocalizedNames]
  private var abilities: [String: LocalizedNames]

  package init(language: String, dex: Pokedex) {
    self.language = language
    types = Dictionary(dex.types.map { ($0.identifier, $0.names) }, uniquingKeysWith: { a, _ in a })
    abilities = Dictionary(
      dex.abilities.map { ($0.identifier, $0.names) },
      uniquingKeysWith: { a, _ in a }
    )
  }

  /// Resolves `--lang` against the data's languages (case-insensitive), or throws a usage error
  /// listing them.
  package static func language(_ requested: String?, dex: Pokedex) throws(CLIError) -> String {
    guard let requested else { return "en" }
    let wanted = requested.lowercased().replacingOccurrences(of: "_", with: "-")
    if let match = dex.languages.first(where: { $0.identifier == wanted }) {
      return match.identifier
    }
    let available = dex.languages.map(\.identifier)
    let hint = closestMatch(to: wanted, in: available).map { "did you mean '\($0)'? " } ?? ""
    throw .usage(
      "unknown language '\(requested)'; \(hint)languages: \(available.joined(separator: ", "))"
    )
  }

  package func pick(_ names: LocalizedNames, fallback: String) -> String {
    names[language] ?? names["en"] ?? fallback
  }

  package func name(of pokemon: Pokemon) -> String { pick(pokemon.names, fallback: pokemon.slug) }
  package func genus(of pokemon: Pokemon) -> String { pick(pokemon.genus, fallback: "") }
  package func typeName(_ identifier: String) -> String {
    pick(types[identifier] ?? [:], fallback: identifier)
  }
  package func abilityName(_ identifier: String) -> String {
    pick(abilities[identifier] ?? [:], fallback: identifier)
  }
}
