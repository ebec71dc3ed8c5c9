import PokedexKit

/// A column of `pokedex list` output (`--fields num,name,types,bst`).
package struct PokemonField: Sendable {
  /// The key typed in `--fields`.
  package var key: String
  /// The column header.
  package var header: String
  /// Whether the column is numeric (right-aligned in tables).
  package var isNumeric: Bool
  /// The cell's text for a Pokémon in a language.
  package var value: @Sendable (Pokemon, NameResolver) -> String
  /// The column's name in CSV, TSV and JSON: the key, or a plain name with the unit
  /// (`number`, `height_m`, `weight_kg`).
  package var dataKey: String
  /// The value in CSV, TSV and JSON: the cell, or a plain number (`4`, not `#0004`; `0.7`,
  /// not `0.7 m`).
  package var data: @Sendable (Pokemon, NameResolver) -> String
  /// For list fields (types, abilities, egg groups), the items JSON writes as an array.
  package var items: (@Sendable (Pokemon, NameResolver) -> [String])?

  /// A field whose data is its cell unless `dataKey` and `data` say otherwise.
  init(
    key: String,
    header: String,
    isNumeric: Bool,
    dataKey: String? = nil,
    data: (@Sendable (Pokemon, NameResolver) -> String)? = nil,
    items: (@Sendable (Pokemon, NameResolver) -> [String])? = nil,
    value: @escaping @Sendable (Pokemon, NameResolver) -> String
  ) {
    self.key = key
    self.header = header
    self.isNumeric = isNumeric
    self.value = value
    self.dataKey = dataKey ?? key
    self.data = data ?? value
    self.items = items
  }

  /// Every field, in the order `--fields` help lists them.
  package static let all: [PokemonField] = [
    PokemonField(
      key: "num",
      header: "No.",
      isNumeric: true,
      dataKey: "number",
      data: { p, _ in "\(p.nationalNumber)" }
    ) { p, _ in "#" + pad4(p.nationalNumber) },
    PokemonField(key: "id", header: "ID", isNumeric: true) { p, _ in "\(p.id)" },
    PokemonField(key: "slug", header: "Slug", isNumeric: false) { p, _ in p.slug },
    PokemonField(key: "name", header: "Name", isNumeric: false) { p, names in names.name(of: p) },
    PokemonField(
      key: "types",
      header: "Types",
      isNumeric: false,
      items: { p, names in p.types.map { names.typeName($0) } }
    ) { p, names in p.types.map { names.typeName($0) }.joined(separator: "/") },
    stat("hp", "HP", \.hp), stat("atk", "Atk", \.attack), stat("def", "Def", \.defense),
    stat("spa", "SpA", \.specialAttack), stat("spd", "SpD", \.specialDefense),
    stat("spe", "Spe", \.speed),
    PokemonField(key: "bst", header: "BST", isNumeric: true) { p, _ in "\(p.stats.total)" },
    PokemonField(key: "gen", header: "Gen", isNumeric: true) { p, _ in "\(p.generation)" },
    PokemonField(
      key: "height",
      header: "Height",
      isNumeric: true,
      dataKey: "height_m",
      data: { p, _ in formatMeasure(p.height) }
    ) { p, _ in formatMeasure(p.height) + " m" },
    PokemonField(
      key: "weight",
      header: "Weight",
      isNumeric: true,
      dataKey: "weight_kg",
      data: { p, _ in formatMeasure(p.weight) }
    ) { p, _ in formatMeasure(p.weight) + " kg" },
    PokemonField(
      key: "abilities",
      header: "Abilities",
      isNumeric: false,
      items: abilityNames
    ) { p, names in abilityNames(p, names).joined(separator: ", ") },
    PokemonField(key: "genus", header: "Genus", isNumeric: false) { p, names in names.genus(of: p)
    },
    PokemonField(key: "color", header: "Color", isNumeric: false) { p, _ in
      PropertyNames.color(p.color)
    },
    PokemonField(key: "shape", header: "Shape", isNumeric: false) { p, _ in
      p.shape.map(PropertyNames.shape) ?? ""
    },
    PokemonField(key: "habitat", header: "Habitat", isNumeric: false) { p, _ in
      p.habitat.map(PropertyNames.habitat) ?? ""
    },
    PokemonField(
      key: "egg",
      header: "Egg groups",
      isNumeric: false,
      items: { p, _ in p.eggGroups.map(PropertyNames.eggGroup) }
    ) { p, _ in p.eggGroups.map(PropertyNames.eggGroup).joined(separator: ", ") },
    PokemonField(key: "growth", header: "Growth", isNumeric: false) { p, _ in
      PropertyNames.growthRate(p.growthRate)
    },
    PokemonField(key: "capture", header: "Capture", isNumeric: true) { p, _ in "\(p.captureRate)" },
    PokemonField(key: "legendary", header: "Status", isNumeric: false) { p, _ in
      p.isMythical ? "mythical" : p.isLegendary ? "legendary" : p.isBaby ? "baby" : ""
    },
  ]

  /// The columns of a table when `--fields` is not given.
  package static let defaultKeys = [
    "num", "name", "types", "hp", "atk", "def", "spa", "spd", "spe", "bst",
  ]

  /// Resolves a comma-separated `--fields` list.
  package static func parse(_ list: String) throws(CLIError) -> [PokemonField] {
    var fields: [PokemonField] = []
    for key in list.split(separator: ",").map({ $0.trimmingSpaces.lowercased() }) where !key.isEmpty
    {
      let canonical = aliases[key] ?? key
      guard let field = all.first(where: { $0.key == canonical }) else {
        let hint = closestMatch(to: key, in: all.map(\.key)).map { "did you mean '\($0)'? " } ?? ""
        throw .usage(
          "unknown field '\(key)'; \(hint)fields: \(all.map(\.key).joined(separator: ", "))"
        )
      }
      fields.append(field)
    }
    guard !fields.isEmpty else { throw .usage("--fields needs at least one field") }
    return fields
  }

  private static let aliases = [
    "number": "num", "no": "num", "type": "types", "total": "bst", "attack": "atk",
    "defense": "def", "spatk": "spa", "spdef": "spd", "speed": "spe", "generation": "gen",
    "ability": "abilities", "eggs": "egg", "colour": "color", "status": "legendary",
  ]

  /// Ability names in slot order, a hidden ability marked `(H)`.
  private static func abilityNames(_ p: Pokemon, _ names: NameResolver) -> [String] {
    p.abilities.map { names.abilityName($0.ability) + ($0.isHidden ? " (H)" : "") }
  }

  private static func stat(_ key: String, _ header: String, _ path: KeyPath<Stats, Int> & Sendable)
    -> PokemonField
  {
    PokemonField(key: key, header: header, isNumeric: true) { p, _ in "\(p.stats[keyPath: path])" }
  }
}

/// `n` with at least four digits: `0025`.
package func pad4(_ n: Int) -> String {
  let text = String(n)
  return text.count >= 4 ? text : String(repeating: "0", count: 4 - text.count) + text
}

/// A height or weight with at most one decimal place and no trailing `.0`: `0.4`, `6`, `999.9`.
///
/// A loaded dex's measures are at most 100,000 (`Guides/DataFormat.md`, "Bounds"); one built
/// in code that has no whole number of tenths in `Int` (huge, infinite, NaN) prints as Swift
/// prints it instead of trapping.
package func formatMeasure(_ value: Double) -> String {
  guard let tenths = Int(exactly: (value * 10).rounded()), tenths > Int.min else {
    return "\(value)"
  }
  let sign = tenths < 0 ? "-" : ""
  let magnitude = abs(tenths)
  return magnitude % 10 == 0
    ? "\(sign)\(magnitude / 10)" : "\(sign)\(magnitude / 10).\(magnitude % 10)"
}

extension Substring {
  var trimmingSpaces: Substring {
    var result = self
    while result.first == " " { result.removeFirst() }
    while result.last == " " { result.removeLast() }
    return result
  }
}
