import PokedexKit

/// The output of `pokedex items` in `list`'s formats: a table of name, category, generation,
/// Fling's power and short effect (the effect shrinks first, then the numbers give way; the
/// name stays); CSV with `number`, `identifier` and `showdownID` first; JSON in the schema of
/// `items.json`.
///
/// ```swift
/// ItemTableOutput.make(items: found, format: "table", names: names, style: style)
///   .write(to: context, footer: "17 items", footerStyle: style)
/// ```
enum ItemTableOutput {
  typealias Column = RecordTableOutput<Item>.Column

  static func make(items: [Item], format: String, names: NameResolver, style: Style)
    -> RecordTableOutput<Item>
  {
    RecordTableOutput(
      records: items,
      format: format,
      style: style,
      columns: columns(names),
      keys: (
        ["number", "identifier", "showdownID"],
        { [String($0.number), $0.identifier, $0.showdownID] }
      ),
      json: ItemJSON.record
    )
  }

  private static func columns(_ names: NameResolver) -> [Column] {
    let name = { (item: Item) in names.pick(item.names, fallback: item.identifier) }
    return [
      Column(header: "Name", key: "name", numeric: false, priority: .name, cell: name, data: name),
      Column(
        header: "Category",
        key: "category",
        numeric: false,
        priority: .summary,
        cell: { $0.category.map(MoveText.capitalized) ?? "—" },
        data: { $0.category ?? "" }
      ),
      Column(
        header: "Gen",
        key: "generation",
        numeric: true,
        priority: .summary,
        cell: { String($0.generation) },
        data: { String($0.generation) }
      ),
      Column(
        header: "Fling",
        key: "flingPower",
        numeric: true,
        priority: .detail,
        cell: { MoveText.number($0.flingPower) },
        data: { $0.flingPower.map(String.init) ?? "" }
      ),
      Column(
        header: "Effect",
        key: "shortEffect",
        numeric: false,
        priority: .detail,
        cell: { $0.shortEffect ?? "—" },
        data: { $0.shortEffect ?? "" }
      ),
    ]
  }
}
