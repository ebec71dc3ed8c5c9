import Foundation
import PokedexKit

/// Names things in the user's language (`--lang`), falling back to English,
/// then to the identifier.
///
/// Creating one costs nothing in proportion to the dex: the table of ability
/// names is built on the first ability looked up, so output that names no
/// ability (JSON, most tables) never pays for it.
package struct NameResolver: Sendable {
  /// The language identifier, lower-case (`en`, `ja-hrkt`, `zh-hans`).
  package var language: String
  /// The dex's types, searched in order (a couple of dozen).
  private let types: [TypeInfo]
  private let abilities: LazyAbilityNames

  package init(language: String, dex: Pokedex) {
    self.language = language
    types = dex.types
    abilities = LazyAbilityNames(dex.abilities)
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
      "unknown language '\(requested)'; \(hint)languages: \(available.joined(separator: ", "))"
    )
  }

  package func pick(_ names: LocalizedNames, fallback: String) -> String {
    names[language] ?? names["en"] ?? fallback
  }

  package func name(of pokemon: Pokemon) -> String { pick(pokemon.names, fallback: pokemon.slug) }
  package func genus(of pokemon: Pokemon) -> String { pick(pokemon.genus, fallback: "") }
  package func typeName(_ identifier: String) -> String {
    pick(types.first { $0.identifier == identifier }?.names ?? [:], fallback: identifier)
  }
  package func abilityName(_ identifier: String) -> String {
    pick(abilities.names(of: identifier) ?? [:], fallback: identifier)
  }
}

/// The names of a dex's abilities by identifier (the first ability wins), built
/// on the first lookup, safely from any thread.
private struct LazyAbilityNames: Sendable {
  private let abilities: [Ability]
  private let table = LazyTable<[String: LocalizedNames]>()

  init(_ abilities: [Ability]) { self.abilities = abilities }

  func names(of identifier: String) -> LocalizedNames? {
    table.table {
      Dictionary(
        abilities.map { ($0.identifier, $0.names) },
        uniquingKeysWith: { first, _ in first }
      )
    }[identifier]
  }
}
