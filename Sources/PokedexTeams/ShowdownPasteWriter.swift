import PokedexKit

/// The lines Showdown's exporter writes for a set, in its order, each field omitted when it
/// has its default.
enum ShowdownPasteWriter {
  /// The set's lines, without line endings.
  static func lines(of member: TeamMember) -> [String] {
    var first = member.nickname.map { "\($0) (\(member.species))" } ?? member.species
    if let gender = member.gender { first += " (\(gender.rawValue))" }
    if let item = member.item { first += " @ \(item)" }
    var lines = [first]
    if let ability = member.ability { lines.append("Ability: \(ability)") }
    if member.level != TeamMember.defaultLevel { lines.append("Level: \(member.level)") }
    if member.isShiny { lines.append("Shiny: Yes") }
    if member.happiness != TeamMember.defaultHappiness {
      lines.append("Happiness: \(member.happiness)")
    }
    if let pokeball = member.pokeball { lines.append("Pokeball: \(pokeball)") }
    if let type = member.hiddenPowerType { lines.append("Hidden Power: \(type)") }
    if member.dynamaxLevel != TeamMember.defaultDynamaxLevel {
      lines.append("Dynamax Level: \(member.dynamaxLevel)")
    }
    if member.isGigantamax { lines.append("Gigantamax: Yes") }
    if let type = member.teraType { lines.append("Tera Type: \(type)") }
    if let evs = spread(member.evs, omitting: 0) { lines.append("EVs: \(evs)") }
    if let nature = member.nature { lines.append("\(nature) Nature") }
    if let ivs = spread(member.ivs, omitting: 31) { lines.append("IVs: \(ivs)") }
    for move in member.moves { lines.append("- \(move)") }
    return lines
  }

  /// `252 Atk / 4 SpD / 252 Spe`: the stats whose value is not `omitted`, or `nil` if none.
  private static func spread(_ spread: StatSpread, omitting omitted: Int) -> String? {
    let entries = StatSpread.Stat.allCases.filter { spread[$0] != omitted }.map {
      "\(spread[$0]) \($0.shortName)"
    }
    return entries.isEmpty ? nil : entries.joined(separator: " / ")
  }
}
