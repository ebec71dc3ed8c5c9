/// Display names and a defined order for the properties the data keeps as identifiers
/// only (egg groups, colours, habitats, shapes, growth rates), in PokeAPI's table order:
/// the games' English names, for `--section-by` titles and for text meant for people (the
/// `show` card, `list`'s table, CSV and TSV; JSON keeps the identifiers).
///
/// ```swift
/// PropertyNames.eggGroup("humanshape")   // "Human-Like"
/// PropertyNames.habitat("waters-edge")   // "Water's Edge"
/// ```
package enum PropertyNames {
  /// Egg groups in PokeAPI's order with their in-game English names.
  package static let eggGroups: [(identifier: String, name: String)] = [
    ("monster", "Monster"), ("water1", "Water 1"), ("bug", "Bug"), ("flying", "Flying"),
    ("ground", "Field"), ("fairy", "Fairy"), ("plant", "Grass"), ("humanshape", "Human-Like"),
    ("water3", "Water 3"), ("mineral", "Mineral"), ("indeterminate", "Amorphous"),
    ("water2", "Water 2"), ("ditto", "Ditto"), ("dragon", "Dragon"), ("no-eggs", "Undiscovered"),
  ]

  /// Colours in PokeAPI's order.
  package static let colors: [(identifier: String, name: String)] = [
    ("black", "Black"), ("blue", "Blue"), ("brown", "Brown"), ("gray", "Gray"),
    ("green", "Green"), ("pink", "Pink"), ("purple", "Purple"), ("red", "Red"),
    ("white", "White"), ("yellow", "Yellow"),
  ]

  /// Habitats in PokeAPI's order.
  package static let habitats: [(identifier: String, name: String)] = [
    ("cave", "Cave"), ("forest", "Forest"), ("grassland", "Grassland"),
    ("mountain", "Mountain"), ("rare", "Rare"), ("rough-terrain", "Rough Terrain"),
    ("sea", "Sea"), ("urban", "Urban"), ("waters-edge", "Water's Edge"),
  ]

  /// Shapes in PokeAPI's order.
  package static let shapes: [(identifier: String, name: String)] = [
    ("ball", "Head"), ("squiggle", "Serpentine"), ("fish", "Fins"), ("arms", "Head and Arms"),
    ("blob", "Head and Base"), ("upright", "Bipedal, Tailed"), ("legs", "Head and Legs"),
    ("quadruped", "Quadruped"), ("wings", "Wings"), ("tentacles", "Tentacles"),
    ("heads", "Multiple Bodies"), ("humanoid", "Bipedal"), ("bug-wings", "Insectoid"),
    ("armor", "Armor"),
  ]

  /// Growth rates in PokeAPI's order.
  package static let growthRates: [(identifier: String, name: String)] = [
    ("slow", "Slow"), ("medium", "Medium Fast"), ("fast", "Fast"), ("medium-slow", "Medium Slow"),
    ("slow-then-very-fast", "Erratic"), ("fast-then-very-slow", "Fluctuating"),
  ]

  /// The name of an egg group: `"ground"` is `"Field"`.
  package static func eggGroup(_ identifier: String) -> String {
    name(of: identifier, in: eggGroups)
  }
  /// The name of a colour: `"yellow"` is `"Yellow"`.
  package static func color(_ identifier: String) -> String { name(of: identifier, in: colors) }
  /// The name of a habitat: `"waters-edge"` is `"Water's Edge"`.
  package static func habitat(_ identifier: String) -> String { name(of: identifier, in: habitats) }
  /// The name of a body shape: `"upright"` is `"Bipedal, Tailed"`.
  package static func shape(_ identifier: String) -> String { name(of: identifier, in: shapes) }
  /// The name of a growth rate: `"slow-then-very-fast"` is `"Erratic"`.
  package static func growthRate(_ identifier: String) -> String {
    name(of: identifier, in: growthRates)
  }

  /// The display name of `identifier` in `table`, or the identifier in title case.
  package static func name(of identifier: String, in table: [(identifier: String, name: String)])
    -> String
  {
    if let entry = table.first(where: { $0.identifier == identifier }) { return entry.name }
    return titleCase(identifier)
  }

  /// `"rough-terrain"` as `"Rough Terrain"`.
  package static func titleCase(_ identifier: String) -> String {
    identifier.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }
      .joined(separator: " ")
  }

  /// The Roman numeral of a generation number (1...39), or the number itself.
  package static func roman(_ number: Int) -> String {
    guard (1...39).contains(number) else { return String(number) }
    let tens = ["", "X", "XX", "XXX"]
    let ones = ["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"]
    return tens[number / 10] + ones[number % 10]
  }
}
