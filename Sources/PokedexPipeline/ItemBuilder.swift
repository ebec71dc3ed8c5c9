import Foundation
import PokedexKit

/// Builds the ``ItemDex`` (`items.json`): every item of Pokémon Showdown's `items.json`
/// except the Create-A-Pokémon ones, joined with PokeAPI's item tables.
///
/// Showdown says which items there are (the 583 a Pokémon can hold in battle) and gives
/// their generation, `isNonstandard`, users, Mega Evolutions, Z-Moves, the types of Plates,
/// Memories and Drives and the formes they force; PokeAPI's `items.csv`, `item_names.csv`,
/// `item_prose.csv` and `item_categories.csv` give names in every language, the category,
/// the effect text and Fling's power, and Showdown's fill in where PokeAPI has none
/// (``Item/fromShowdown``). `Guides/DataFormat.md` ("items.json") gives the rule of each
/// field. An item is placed on PokeAPI's by Showdown id:
/// 1. the id of a PokeAPI identifier (`choicescarf` is `choice-scarf`; of two PokeAPI items
///    with one identifier, such as Roseli Berry's, the lower id, with a warning);
/// 2. the id of a PokeAPI identifier without its `--held` (`firiumz` is `firium-z--held`:
///    PokeAPI keeps a Z-Crystal's held and bag items apart);
/// 3. the id of a PokeAPI item's English name (`leek` is `stick`, named "Leek");
/// 4. otherwise it is kept with Showdown's data alone, and a warning names it (the
///    generation 2 items such as Berserk Gene).
///
/// A Pokémon, move or type an item names that the dex or the moves do not have is left out
/// of the item with a warning naming both.
///
/// ```swift
/// var context = try BuildContext(directory: csv)
/// let (items, report) = try ItemBuilder().build(in: &context, showdown: tables, dex: dex, moves: moves)
/// items.items.first { $0.showdownID == "charizarditex" }?.megaEvolutions
/// // [MegaEvolution(pokemon: "charizard", mega: "charizard-mega-x")]
/// ```
///
/// - Complexity: O(*n* log *n*) in the size of the tables.
public struct ItemBuilder: Sendable {
  /// Creates a builder.
  public init() {}

  /// Builds the items from PokeAPI's tables in `context` and Showdown's `showdown` tables,
  /// the Pokémon of `dex` and the moves of `moves`, with warnings naming what does not map.
  ///
  /// - Throws: ``DataPipelineError`` naming the table, line, column and what was expected
  ///   when one of PokeAPI's item tables is missing or malformed or refers to an unknown id.
  func build(
    in context: inout BuildContext,
    showdown: ShowdownTables,
    dex: Pokedex,
    moves: MoveDex
  ) throws(DataPipelineError) -> (items: ItemDex, report: [DexDiagnostic]) {
    let pokeAPI = try context.pokeAPIItems()
    var assembly = ItemAssembly(pokeAPI: pokeAPI, tables: showdown, dex: dex, moves: moves)
    let items = assembly.items()
    let dexFile = ItemDex(
      source: context.dataSource(),
      showdownSource: showdown.source(
        derivedFrom: "Items derived from Pokémon Showdown's data/items.ts, data/text/items.ts "
          + "and data/aliases.ts",
        mapped: "joined with PokeAPI's item tables by Showdown id"
      ),
      items: items
    )
    return (dexFile, assembly.diagnostics)
  }
}

/// One item of PokeAPI's tables, with what the item builder takes from it.
struct PokeAPIItem {
  var id: Int
  var identifier: String
  var names: LocalizedNames
  var category: String
  var flingPower: Int?
  var prose: EffectProse
}

extension BuildContext {
  /// Every row of `items.csv` with its names, category, Fling power and English text
  /// (links resolved), sorted by id.
  mutating func pokeAPIItems() throws(DataPipelineError) -> [PokeAPIItem] {
    let ids = try identifiers("items.csv")
    let categories = try identifiers("item_categories.csv")
    let names = try self.names(
      "item_names.csv",
      owner: "item_id",
      owners: ids,
      ownerTable: "items.csv"
    )
    let prose = try itemProse(itemIds: ids)
    let kinds = prose.values.reduce(into: Set<String>()) { $0.formUnion($1.linkKinds) }
    let resolver = ProseText(names: try linkNames(kinds: kinds))
    let table = try self.table("items.csv")
    let (id, identifier, category, fling) = (
      try table.column(named: "id"), try table.column(named: "identifier"),
      try table.column(named: "category_id"), try table.column(named: "fling_power")
    )
    var result: [PokeAPIItem] = []
    for row in 0..<table.rowCount {
      let itemId = try table.int(row: row, column: id)
      var text = prose[itemId] ?? EffectProse()
      do {
        text = try text.resolved(effectChance: nil, resolver)
      } catch {
        throw .missingData(
          file: "item_prose.csv",
          message: "the text of item \(itemId) uses $effect_chance, which items do not have"
        )
      }
      result.append(
        PokeAPIItem(
          id: itemId,
          identifier: table[row, identifier],
          names: names[itemId] ?? [:],
          category: try lookup(
            categories,
            table,
            row: row,
            column: category,
            in: "item_categories.csv"
          ),
          flingPower: try table.optionalInt(row: row, column: fling),
          prose: text
        )
      )
    }
    return result.sorted { $0.id < $1.id }
  }

  /// The English rows of `item_prose.csv`: item id to its effects.
  mutating func itemProse(itemIds: [Int: String]) throws(DataPipelineError) -> [Int: EffectProse] {
    let table = try proseTable("item_prose.csv")
    let (item, language, short, long) = (
      try table.column(named: "item_id"), try table.column(named: "local_language_id"),
      try table.column(named: "short_effect"), try table.column(named: "effect")
    )
    var result: [Int: EffectProse] = [:]
    for row in 0..<table.rowCount {
      let itemId = try table.int(row: row, column: item)
      guard itemIds[itemId] != nil else {
        throw table.unknownReference(row: row, column: item, table: "items.csv")
      }
      guard try table.int(row: row, column: language) == englishLanguageId else { continue }
      result[itemId] = EffectProse(
        shortEffect: table.optionalString(row: row, column: short),
        effect: table.optionalString(row: row, column: long)
      )
    }
    return result
  }
}
