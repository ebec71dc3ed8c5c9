// The schema of `items.json`, by the rules of `Models+Schema.swift`: the one place a key is
// named, with the bounds of every number.

extension FieldBounds {
  /// An item's number in the games: at most 2,600 or so; Showdown's Berserk Gene is 0.
  static let itemNumber = 0...99_999
}

extension ItemDex: SchemaModel {
  static let schema = Schema<ItemDex>([
    .init("schemaVersion", \.schemaVersion, in: FieldBounds.schemaVersion),
    .init("source", \.source),
    .init("showdownSource", \.showdownSource),
    .init("items", \.items, table: \.identifier),
  ])
  static let placeholder = ItemDex(
    schemaVersion: 0,
    source: .placeholder,
    showdownSource: .placeholder,
    items: []
  )
}

extension Item: SchemaModel {
  static let schema = Schema<Item>([
    .init("id", \.id, in: FieldBounds.id),
    .init("identifier", \.identifier),
    .init("showdownID", \.showdownID),
    .init("number", \.number, in: FieldBounds.itemNumber),
    .init("names", \.names),
    .init("aliases", \.aliases),
    .init("category", \.category),
    .init("generation", \.generation, in: FieldBounds.generation),
    .init("nonstandard", \.nonstandard),
    .init("flingPower", \.flingPower, in: FieldBounds.movePower),
    .init("shortEffect", \.shortEffect),
    .init("effect", \.effect),
    .init("users", \.users),
    .init("megaEvolutions", \.megaEvolutions),
    .init("zCrystal", \.zCrystal),
    .init("type", \.type),
    .init("forcedForme", \.forcedForme),
    .init("fromShowdown", \.fromShowdown),
  ])
  static let placeholder = Item(
    id: nil,
    identifier: "",
    showdownID: "",
    number: 0,
    names: LocalizedNames(),
    category: nil,
    generation: 0,
    nonstandard: nil,
    flingPower: nil,
    shortEffect: nil,
    effect: nil
  )
  /// An item that appears or disappears shows as its identifier.
  var changeDescription: String { identifier }
}

extension MegaEvolution: SchemaModel {
  static let schema = Schema<MegaEvolution>([
    .init("pokemon", \.pokemon),
    .init("mega", \.mega),
  ])
  static let placeholder = MegaEvolution(pokemon: "", mega: "")
  /// `charizard -> charizard-mega-x`.
  var changeDescription: String { "\(pokemon) -> \(mega)" }
}

extension ZCrystal: SchemaModel {
  static let schema = Schema<ZCrystal>([
    .init("type", \.type),
    .init("move", \.move),
    .init("baseMove", \.baseMove),
  ])
  static let placeholder = ZCrystal(type: nil, move: nil, baseMove: nil)
}
