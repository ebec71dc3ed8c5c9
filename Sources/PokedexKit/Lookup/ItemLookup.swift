/// Items found by any name: identifier, Showdown id, alias or name in any language, with
/// "did you mean" for a miss.
///
/// ```swift
/// let lookup = ItemLookup(items: try PokedexLoader.load(ItemDex.self))
/// lookup.item(named: "Choice Scarf")?.identifier   // "choice-scarf"
/// lookup.item(named: "scarf")?.identifier          // "choice-scarf" (a Showdown alias)
/// lookup.item(named: "Wahlschal")?.identifier      // "choice-scarf" (German)
/// lookup.item(named: "Banana Split")               // nil
/// lookup.suggestion(for: "Choise Scarf")?.identifier  // "choice-scarf"
/// ```
///
/// - Complexity: Building is O(*n*) in the number of items; a lookup is as ``NameIndex``'s.
public struct ItemLookup: Sendable {
  /// The items, as in the file.
  public let items: ItemDex
  private let index: NameIndex

  /// Indexes `items`.
  public init(items: ItemDex) {
    self.items = items
    index = NameIndex(
      identifiers: items.items.map(\.identifier),
      // The Showdown id is an alias too: `lifeorb`, and Showdown's spelling of a name
      // PokeAPI spells otherwise (`upgrade` for Up-Grade).
      aliases: items.items.map { [$0.showdownID] + $0.aliases },
      names: items.items.map(\.names)
    )
  }

  /// The item `name` names (see ``NameIndex`` for the order), or `nil`.
  public func item(named name: String) -> Item? {
    index.row(named: name).map { items.items[$0] }
  }

  /// The item with identifier `identifier`.
  public func item(identifier: String) -> Item? {
    index.row(identifier: identifier).map { items.items[$0] }
  }

  /// The item whose English name or identifier is closest to `name`, for "did you mean".
  public func suggestion(for name: String) -> Item? {
    index.suggestedRow(for: name).map { items.items[$0] }
  }

  /// The items made for the Pokémon `slug`: those it is a user of, or holds to Mega Evolve,
  /// in the file's order.
  ///
  /// ```swift
  /// lookup.items(for: "charizard").map(\.identifier)  // ["charizardite-x", "charizardite-y"]
  /// ```
  ///
  /// - Complexity: O(*n*) in the number of items.
  public func items(for slug: String) -> [Item] {
    items.items.filter { item in
      item.users.contains(slug) || item.megaEvolutions.contains { $0.pokemon == slug }
    }
  }
}
