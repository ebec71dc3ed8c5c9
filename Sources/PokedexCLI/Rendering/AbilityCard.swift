import PokedexKit
import TerminalUI

/// The card of `pokedex ability`: names, generation, effect, the newest in-game text, and
/// the Pokémon that have the ability, as a normal or as a hidden ability.
struct AbilityCard {
  var ability: Ability
  /// Its text, when `abilities.json` has any.
  var text: AbilityText?
  var dex: Pokedex
  var names: NameResolver
  var style: Style
  var wrapWidth: Int
  /// Whether to show the full effect rather than the short one.
  var long: Bool

  /// The Pokémon (forms included) that have the ability, normal ones then hidden ones.
  var holders: (normal: [Pokemon], hidden: [Pokemon]) {
    var normal: [Pokemon] = []
    var hidden: [Pokemon] = []
    for pokemon in dex.pokemon {
      let slots = pokemon.abilities.filter { $0.ability == ability.identifier }
      if slots.contains(where: { !$0.isHidden }) {
        normal.append(pokemon)
      } else if !slots.isEmpty {
        hidden.append(pokemon)
      }
    }
    return (normal, hidden)
  }

  func render() -> String {
    let name = names.pick(ability.names, fallback: ability.identifier)
    var lines = [style.bold(name)]
    let others = ["ja", "ja-hrkt", "de", "fr"].compactMap { ability.names[$0] }
      .filter { $0 != name }
    if !others.isEmpty {
      var seen: Set<String> = []
      lines.append(style.dim(others.filter { seen.insert($0).inserted }.joined(separator: " · ")))
    }
    lines.append("")
    let generation = dex.generations.first { $0.id == ability.generation }
    lines.append(
      field(
        "Generation",
        generation.map { names.pick($0.names, fallback: $0.identifier) } ?? "\(ability.generation)"
      )
    )
    lines.append(field("Effect", (long ? text?.effect : text?.shortEffect) ?? "—"))
    if let flavor = text?.flavorText {
      let games = text?.flavorTextVersionGroup.map { " (\(MoveText.versionGroup($0)))" } ?? ""
      lines.append(field("In game", flavor + style.dim(games)))
    }
    let holders = self.holders
    lines.append(field("Pokémon", list(holders.normal)))
    lines.append(field("Hidden", list(holders.hidden)))
    return lines.joined(separator: "\n") + "\n"
  }

  private func list(_ pokemon: [Pokemon]) -> String {
    pokemon.isEmpty ? "—" : pokemon.map { names.name(of: $0) }.joined(separator: ", ")
  }

  /// The ability as JSON: identifier, names, generation, its text, and the Pokémon that
  /// have it (identifiers).
  func json() -> OutputJSON {
    let holders = self.holders
    return .object([
      ("id", .int(ability.id)), ("identifier", .string(ability.identifier)),
      ("names", .names(ability.names)), ("generation", .int(ability.generation)),
      ("shortEffect", .string(text?.shortEffect)), ("effect", .string(text?.effect)),
      ("flavorText", .string(text?.flavorText)),
      ("flavorTextVersionGroup", .string(text?.flavorTextVersionGroup)),
      ("pokemon", .strings(holders.normal.map(\.slug))),
      ("hiddenPokemon", .strings(holders.hidden.map(\.slug))),
    ])
  }

  private func field(_ label: String, _ value: String) -> String {
    TextWidth.field(label, value, width: wrapWidth)
  }

}
