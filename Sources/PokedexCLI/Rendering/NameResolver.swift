import Foundation
import PokedexKit

/// Names things in the user's language (`--lang`), falling back to English,
/// then to the identifier.
package struct NameResolver: Sendable {
  /// The language identifier, lower-case (`en`, `ja-hrkt`, `zh-hans`).
  package var language: String
  /// The dex's types, searched in order (a couple of dozen).
  private let types: [TypeInfo]
  /// The names of the dex's abilities by identifier (the first ability wins).
  private let abilities: [String: LocalizedNames]
  /// The names of each species' default Pokémon by species identifier.
  private let species: [String: LocalizedNames]

  package init(language: String, dex: Pokedex) {
    self.language = language
    types = dex.types
    abilities = Dictionary(
      dex.abilities.map { ($0.identifier, $0.names) },
      uniquingKeysWith: { first, _ in first }
    )
    species = Dictionary(
      dex.pokemon.lazy.filter(\.isDefault).map { ($0.speciesSlug, $0.names) },
      uniquingKeysWith: { first, _ in first }
    )
  }

  /// Resolves `--lang` against the data's languages (case-insensitive), or throws a usage error
  /// listing them.
  package static func language(_ requested: String?, dex: Pokedex) throws(CLIError) -> String {
    guard let requested else { return "en" }
    var wanted = requested.lowercased()
    if wanted.utf8.contains(UInt8(ascii: "_")) {
      // `_` is one byte in UTF-8 and never part of another character's encoding.
      wanted = String(
        decoding: wanted.utf8.map { $0 == UInt8(ascii: "_") ? UInt8(ascii: "-") : $0 },
        as: UTF8.self
      )
    }
    if let match = dex.languages.first(where: { $0.identifier == wanted }) {
      return match.identifier
    }
    let available = dex.languages.map(\.identifier)
    let hint = closestMatch(to: wanted, in: available).map { "did you mean '\($0)'? " } ?? ""
    throw .usage(
      "unknown language '\(requested.escapedForMessage)'; \(hint)languages: \(available.joined(separator: ", "))"
    )
  }

  package func pick(_ names: LocalizedNames, fallback: String) -> String {
    names[language] ?? names["en"] ?? fallback
  }

  /// The Pokémon's name in the language; for a form whose name there is only the bare species
  /// name (the data has "皮卡丘" for every Pikachu form in `zh-hant`, where English says
  /// "Original Cap Pikachu"), the species name with the form's own name in the language
  /// ("皮卡丘 (初始帽子)", or the form's name alone when it already names the species),
  /// else the English name.
  package func name(of pokemon: Pokemon) -> String {
    guard language != "en", !pokemon.isDefault, let local = pokemon.names[language],
      let english = pokemon.names["en"],
      let speciesNames = species[pokemon.speciesSlug],
      local == speciesNames[language], english != speciesNames["en"]
    else { return pick(pokemon.names, fallback: pokemon.slug) }
    guard let form = pokemon.form?.names[language], !form.isEmpty, form != local else {
      return english
    }
    return form.contains(local) ? form : "\(local) (\(form))"
  }
  package func genus(of pokemon: Pokemon) -> String { pick(pokemon.genus, fallback: "") }
  package func typeName(_ identifier: String) -> String {
    pick(types.first { $0.identifier == identifier }?.names ?? [:], fallback: identifier)
  }
  package func abilityName(_ identifier: String) -> String {
    pick(abilities[identifier] ?? [:], fallback: identifier)
  }
}
