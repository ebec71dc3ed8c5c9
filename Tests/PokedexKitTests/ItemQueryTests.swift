import PokedexKit
import Testing

/// The item query language (`pokedex items [QUERY]`) over the bundled `items.json`.
@Suite struct ItemQueryTests {
  static let items = Result { try PokedexLoader.load(ItemDex.self) }
  static let index = Result { PokedexIndex(try PokedexLoader.load(Pokedex.self)) }

  static func identifiers(_ terms: [String], sortedBy sort: String? = nil) throws -> [String] {
    let items = try Self.items.get()
    let query = try ItemQuery.compile(terms, items: ItemLookup(items: items), index: index.get())
    let order = try sort.map(ItemSortDescriptor.parse) ?? []
    return query.run(on: items, sortedBy: order).map(\.identifier)
  }

  @Test func aPokemonsItems() throws {
    #expect(try Self.identifiers(["user:charizard"]) == ["charizardite-x", "charizardite-y"])
    // A name in any language, or Showdown's alias of the Pokémon.
    #expect(try Self.identifiers(["user:Glurak"]) == ["charizardite-x", "charizardite-y"])
    #expect(try Self.identifiers(["user:ttar"]) == ["tyranitarite"])
  }

  @Test func keysAlternativesAndNegation() throws {
    let plates = try Self.identifiers(["category:plates"])
    #expect(plates.count == 17)
    #expect(try Self.identifiers(["category:plates", "type:fire"]) == ["flame-plate"])
    // Z-Crystals of a type count for `type:`; `|` and the key before it.
    let fire = try Self.identifiers(["type:fire", "category:plates|z-crystals"])
    #expect(Set(fire) == ["flame-plate", "firium-z--held"])
    let current = try Self.identifiers(["category:plates", "!nonstandard:none"])
    #expect(current.isEmpty, "Plates are in generation 9's games")
    // Mega Stones left generation 9's games: Showdown marks them "Past".
    #expect(try Self.identifiers(["category:mega-stones", "nonstandard:none"]).isEmpty)
    #expect(try Self.identifiers(["category:mega-stones", "nonstandard:past"]).count == 47)
  }

  @Test func namesAliasesAndPatterns() throws {
    #expect(try Self.identifiers(["lefties"]) == ["leftovers"])
    #expect(try Self.identifiers(["choicescarf"]) == ["choice-scarf"])
    #expect(try Self.identifiers(["name:Wahlschal"]) == ["choice-scarf"])
    let plates = try Self.identifiers(["name:*plate"])
    #expect(plates.contains("flame-plate") && plates.contains("splash-plate"))
    #expect(try Self.identifiers(["name:zzz*"]).isEmpty)
  }

  @Test func comparisonsSkipItemsWithoutTheNumber() throws {
    let heavy = try Self.identifiers(["fling>=130"], sortedBy: "name")
    #expect(heavy.first == "big-nugget")
    #expect(heavy.contains("iron-ball"))
    // Z-Crystals cannot be flung: no Fling power, so no comparison holds for them.
    #expect(try Self.identifiers(["category:z-crystals", "fling<1000"]).isEmpty)
    #expect(try Self.identifiers(["gen<=1", "category:choice"]).isEmpty)
    #expect(
      try Self.identifiers(["gen:4", "category:choice"]) == ["choice-scarf", "choice-specs"]
    )
  }

  @Test func sortingPutsItemsWithoutTheValueLast() throws {
    let sorted = try Self.identifiers(["category:z-crystals|choice"], sortedBy: "-fling,name")
    #expect(sorted.prefix(3) == ["choice-band", "choice-scarf", "choice-specs"])
    #expect(sorted.count == 32)
  }

  struct BadCase: Sendable, CustomTestStringConvertible {
    var terms: [String]
    var rendered: String
    var testDescription: String { terms.joined(separator: " ") }
  }

  @Test(arguments: [
    BadCase(terms: ["typ:fire"], rendered: "error: unknown key 'typ:'"),
    BadCase(terms: ["plates"], rendered: "help: did you mean 'category:plates'?"),
    BadCase(terms: ["leftovres"], rendered: "help: did you mean 'Leftovers'?"),
    BadCase(terms: ["category:plate"], rendered: "help: did you mean 'plates'?"),
    BadCase(terms: ["user:charzard"], rendered: "help: did you mean 'charizard'?"),
    BadCase(terms: ["flingg>10"], rendered: "error: unknown item property 'flingg'"),
    BadCase(terms: ["nonstandard:old"], rendered: "error: unknown nonstandard reason 'old'"),
    BadCase(terms: ["gen:12"], rendered: "error: invalid generation '12'"),
  ])
  func badTermsAreLocated(_ example: BadCase) throws {
    do {
      _ = try Self.identifiers(example.terms)
      Issue.record("\(example.terms) compiled")
    } catch let error as QueryError {
      #expect(error.rendered.contains(example.rendered), "\(error.rendered)")
    }
  }

  @Test func anUnknownSortKeyIsLocated() {
    #expect(throws: QueryError.self) { try ItemSortDescriptor.parse("name,flng") }
  }
}
