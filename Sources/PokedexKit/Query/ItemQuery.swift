/// A compiled item query: a predicate over items, parsed and checked once, for
/// `pokedex items [QUERY]`.
///
/// The syntax is the Pokémon query language's (see `Guides/QueryLanguage.md`): terms are
/// separate arguments or separated by `,` and AND-ed, `|` separates alternatives (OR), a
/// leading `!` negates one, and an alternative without a key takes the key before it. The
/// terms are the item's:
///
/// | term | meaning |
/// |---|---|
/// | `category:mega-stones` | PokeAPI's category (`held-items`, `berries`, `plates`, ...) |
/// | `user:charizard` | the items made for a Pokémon (Mega Stones, Z-Crystals, Plates, ...) |
/// | `type:fire` | the type a Plate, Memory, Drive or Z-Crystal gives |
/// | `gen:4`, `gen:1-3`, `gen<=4`, `fling>=80`, `num<100` | generation, Fling's power, number |
/// | `nonstandard:none` (`past`, `future`, `unobtainable`) | in the current games or not |
/// | `berry`, `name:*plate`, `lefties` | part of a name in any language, pattern, alias |
///
/// ```swift
/// let query = try ItemQuery.compile(["user:charizard"], items: lookup, index: index)
/// query.run(on: lookup.items).map(\.identifier)  // ["charizardite-x", "charizardite-y"]
/// ```
public struct ItemQuery: Sendable {
  /// The arguments the query was compiled from.
  public let arguments: [String]
  private let predicate: RecordPredicate<Item>

  /// Compiles an item query.
  ///
  /// - Parameters:
  ///   - terms: The terms, as separate arguments and/or separated by `,`.
  ///   - items: The items; they resolve names, aliases and categories.
  ///   - index: The dex; it resolves Pokémon and type names in any language.
  /// - Throws: ``QueryError`` locating the first bad term, with a caret and a suggestion.
  /// - Complexity: O(*t*) for *t* terms, plus O(*n* × *l*) over the *n* items' names in *l*
  ///   languages for a name term.
  public static func compile(_ terms: [String], items: ItemLookup, index: PokedexIndex)
    throws(QueryError) -> ItemQuery
  {
    var compiler = RecordQueryCompiler(terms: ItemQueryTerms(items: items, index: index))
    return ItemQuery(arguments: terms, predicate: try compiler.compile(terms))
  }

  private init(arguments: [String], predicate: @escaping RecordPredicate<Item>) {
    self.arguments = arguments
    self.predicate = predicate
  }

  /// Whether `item` matches.
  ///
  /// - Complexity: O(*t*) for *t* terms; no parsing happens here.
  public func evaluate(_ item: Item) -> Bool {
    predicate([item], 0)
  }

  /// The items of `items` that match, sorted by `sortedBy` and then by number.
  ///
  /// - Parameters:
  ///   - sortedBy: The sort keys; items without a value for a numeric key come last.
  ///   - language: The language whose names the `name` key sorts by (English where missing).
  /// - Complexity: O(*n* × *t*) to filter *n* items, then O(*k* log *k*) to sort *k* matches.
  public func run(
    on items: ItemDex,
    sortedBy: [ItemSortDescriptor] = [],
    language: String = "en"
  ) -> [Item] {
    let all = items.items
    let matches = all.indices.filter { predicate(all, $0) }.map { all[$0] }
    return RecordSort.sorted(
      matches,
      by: sortedBy,
      language: language,
      names: \.names,
      identifier: \.identifier,
      compare: { $0.compare($1, $2, $3, $4) },
      isName: { $0.key == .name },
      tieBreak: { ($0.number, $0.identifier) < ($1.number, $1.identifier) }
    )
  }
}
