import PokedexKit
import TerminalUI

/// The card of `pokedex item`: names, effect, category, generation, Fling's power, and what
/// the item is made for (its Pokémon, the Mega Evolution or Z-Move it allows, the forme or
/// type it gives), with Showdown's id and aliases.
struct ItemCard {
  var item: Item
  var dex: Pokedex
  /// Move names by identifier, for a Pokémon's own Z-Move; identifiers without them.
  var moveNames: [String: LocalizedNames] = [:]
  var names: NameResolver
  var style: Style
  var wrapWidth: Int
  /// Whether to show the full effect rather than the short one.
  var long: Bool

  func render() -> String {
    let name = names.pick(item.names, fallback: item.identifier)
    var lines = [style.bold(name)]
    let others = ["ja", "de", "fr"].compactMap { item.names[$0] }.filter { $0 != name }
    if !others.isEmpty {
      var seen: Set<String> = []
      lines.append(style.dim(others.filter { seen.insert($0).inserted }.joined(separator: " · ")))
    }
    lines.append("")
    lines.append(field("Effect", (long ? item.effect : item.shortEffect) ?? "—"))
    if let category = item.category {
      lines.append(field("Category", MoveText.capitalized(category)))
    }
    let absent = item.nonstandard.map { style.dim("; \($0): not in the current games") } ?? ""
    lines.append(field("Generation", "introduced in generation \(item.generation)" + absent))
    lines.append(field("Fling", item.flingPower.map { "power \($0)" } ?? "cannot be flung"))
    let users = item.users.map { pokemonName($0) ?? $0 }
    if !users.isEmpty { lines.append(field("For", users.joined(separator: ", "))) }
    for mega in item.megaEvolutions {
      let from = pokemonName(mega.pokemon) ?? mega.pokemon
      lines.append(field("Mega", "\(from) → \(pokemonName(mega.mega) ?? mega.mega)"))
    }
    if let crystal = item.zCrystal { lines.append(field("Z-Move", zMoveText(crystal))) }
    if let type = item.type { lines.append(field("Type", names.typeName(type))) }
    if let forme = item.forcedForme { lines.append(field("Forme", forme)) }
    let aliases =
      item.aliases.isEmpty ? "" : style.dim("  (also " + item.aliases.joined(separator: ", ") + ")")
    lines.append(field("Showdown", item.showdownID + aliases))
    return lines.joined(separator: "\n") + "\n"
  }

  /// `Volt Tackle → Catastropika` for a Pokémon's own Z-Move, `Fire moves` for a type's.
  private func zMoveText(_ crystal: ZCrystal) -> String {
    if let move = crystal.move {
      let base = crystal.baseMove.map { moveName($0) + " → " } ?? ""
      return base + moveName(move)
    }
    return crystal.type.map { "\(names.typeName($0)) moves" } ?? "—"
  }

  private func moveName(_ identifier: String) -> String {
    moveNames[identifier].map { names.pick($0, fallback: identifier) } ?? identifier
  }

  /// The name of the Pokémon `slug`, or `nil` when the dex has none.
  private func pokemonName(_ slug: String) -> String? {
    dex.pokemon.first { $0.slug == slug }.map { names.name(of: $0) }
  }

  private func field(_ label: String, _ value: String) -> String {
    TextWidth.field(label, value, width: wrapWidth)
  }
}
