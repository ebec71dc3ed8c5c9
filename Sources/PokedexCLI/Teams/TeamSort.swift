import PokedexKit
import PokedexTeams

/// The orders `team sort --by` puts members in.
enum TeamSort {
  static let keys = [
    "num", "name", "species", "level", "bst", "hp", "atk", "def", "spa", "spd", "spe", "created",
  ]

  /// `items` sorted by `key` (stable: ties keep their order), descending when `reverse`.
  /// Members whose species the data does not know sort last by numbers and stats.
  static func sorted(
    _ items: [TeamItem],
    by key: String,
    reverse: Bool,
    validator: TeamValidator
  ) -> [TeamItem] {
    let keyed = items.enumerated().map { offset, item in
      (offset: offset, item: item, key: sortKey(item, key, validator))
    }
    return keyed.sorted { lhs, rhs in
      if lhs.key != rhs.key { return reverse ? rhs.key < lhs.key : lhs.key < rhs.key }
      return lhs.offset < rhs.offset
    }.map(\.item)
  }

  /// A comparable key: numbers first, then text.
  private struct Key: Comparable {
    var number: Int
    var text: String
    static func < (lhs: Key, rhs: Key) -> Bool { (lhs.number, lhs.text) < (rhs.number, rhs.text) }
  }

  private static func sortKey(_ item: TeamItem, _ key: String, _ validator: TeamValidator) -> Key {
    let member = item.value.member
    let pokemon = validator.pokemon(forSpecies: member.species)
    let unknown = Int.max
    switch key {
    case "name": return Key(number: 0, text: member.displayName.lowercased())
    case "species": return Key(number: 0, text: member.species.lowercased())
    case "level": return Key(number: member.level, text: "")
    case "created": return Key(number: Int(item.created.timeIntervalSince1970), text: "")
    case "num": return Key(number: pokemon?.nationalNumber ?? unknown, text: member.species)
    case "bst": return Key(number: pokemon?.stats.total ?? unknown, text: "")
    default:
      guard let pokemon else { return Key(number: unknown, text: "") }
      let stats = member.stats(of: pokemon)
      let value =
        switch key {
        case "hp": stats.hp
        case "atk": stats.attack
        case "def": stats.defense
        case "spa": stats.specialAttack
        case "spd": stats.specialDefense
        default: stats.speed
        }
      return Key(number: value, text: "")
    }
  }
}
