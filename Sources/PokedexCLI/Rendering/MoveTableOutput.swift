import PokedexKit

/// The output of `pokedex moves` in `list`'s formats: a table whose numbers other than
/// power give way first, then type, category and power (the name stays); CSV with `id` and
/// `identifier` first; JSON in the schema of `moves.json`.
///
/// ```swift
/// MoveTableOutput.make(moves: found, format: "csv", names: names, style: style)
///   .write(to: context, footer: "12 moves", footerStyle: style)
/// ```
enum MoveTableOutput {
  typealias Column = RecordTableOutput<Move>.Column

  static func make(moves: [Move], format: String, names: NameResolver, style: Style)
    -> RecordTableOutput<Move>
  {
    RecordTableOutput(
      records: moves,
      format: format,
      style: style,
      columns: columns(names),
      keys: (["id", "identifier"], { [String($0.id), $0.identifier] }),
      json: MoveJSON.record
    )
  }

  private static func columns(_ names: NameResolver) -> [Column] {
    let name = { (move: Move) in names.pick(move.names, fallback: move.identifier) }
    let number = { (value: Int?) in value.map(String.init) ?? "" }
    return [
      Column(
        header: "Name",
        key: "name",
        numeric: false,
        priority: .name,
        cell: name,
        data: name
      ),
      Column(
        header: "Type",
        key: "type",
        numeric: false,
        priority: .summary,
        cell: { names.typeName($0.type) },
        data: \.type
      ),
      Column(
        header: "Cat.",
        key: "category",
        numeric: false,
        priority: .summary,
        cell: { MoveText.category($0.damageClass) },
        data: \.damageClass
      ),
      Column(
        header: "Power",
        key: "power",
        numeric: true,
        priority: .summary,
        cell: { MoveText.number($0.power) },
        data: { number($0.power) }
      ),
      Column(
        header: "Acc.",
        key: "accuracy",
        numeric: true,
        priority: .detail,
        cell: { MoveText.number($0.accuracy) },
        data: { number($0.accuracy) }
      ),
      Column(
        header: "PP",
        key: "pp",
        numeric: true,
        priority: .detail,
        cell: { MoveText.number($0.pp) },
        data: { number($0.pp) }
      ),
      Column(
        header: "Prio.",
        key: "priority",
        numeric: true,
        priority: .detail,
        cell: { MoveText.priority($0.priority) },
        data: { String($0.priority) }
      ),
      Column(
        header: "Gen",
        key: "generation",
        numeric: true,
        priority: .detail,
        cell: { String($0.generation) },
        data: { String($0.generation) }
      ),
    ]
  }
}
