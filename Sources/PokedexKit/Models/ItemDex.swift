/// Every item a Pokémon can hold in battle, as Pokémon Showdown lists them, with PokeAPI's
/// names, categories and text.
///
/// This is the root of `Data/items.json` (see `Guides/DataFormat.md`, "items.json"): one
/// ``Item`` per item of Showdown's `data/items.ts` except the Create-A-Pokémon ones, joined
/// with PokeAPI's item tables where PokeAPI has the item. Only the commands that show items
/// load it.
///
/// ```swift
/// let items = try PokedexLoader.load(ItemDex.self)
/// ItemLookup(items: items).item(named: "lefties")?.flingPower  // 10
/// ```
public struct ItemDex: Codable, Hashable, Sendable {
  /// The version of the file format; readers reject a newer one.
  public var schemaVersion: Int
  /// PokeAPI's provenance and license notice (names, categories, effect text, Fling power).
  public var source: DataSource
  /// Pokémon Showdown's provenance and license notice (which items there are, their
  /// generations, users, Mega Evolutions, Z-Moves, types and formes).
  public var showdownSource: DataSource
  /// Every item, sorted by ``Item/number``, then identifier.
  public var items: [Item]

  /// The schema version this build reads and writes.
  public static let currentSchemaVersion = 1

  public init(
    schemaVersion: Int = ItemDex.currentSchemaVersion,
    source: DataSource,
    showdownSource: DataSource,
    items: [Item]
  ) {
    self.schemaVersion = schemaVersion
    self.source = source
    self.showdownSource = showdownSource
    self.items = items
  }
}
