import PokedexKit

/// Items as JSON records in the schema of `Data/items.json`.
enum ItemJSON {
  /// Every key of the item, in the file's order; keys the file leaves out when empty
  /// (`nonstandard`, `zCrystal`, ...) are `null` here, so every record has the same keys.
  static func record(_ item: Item) -> OutputJSON {
    .object([
      ("id", .int(item.id)), ("identifier", .string(item.identifier)),
      ("showdownID", .string(item.showdownID)), ("number", .int(item.number)),
      ("names", .names(item.names)), ("aliases", .strings(item.aliases)),
      ("category", .string(item.category)), ("generation", .int(item.generation)),
      ("nonstandard", .string(item.nonstandard)), ("flingPower", .int(item.flingPower)),
      ("shortEffect", .string(item.shortEffect)), ("effect", .string(item.effect)),
      ("users", .strings(item.users)),
      (
        "megaEvolutions",
        .array(
          item.megaEvolutions.map {
            .object([("pokemon", .string($0.pokemon)), ("mega", .string($0.mega))])
          }
        )
      ),
      (
        "zCrystal",
        item.zCrystal.map {
          .object([
            ("type", .string($0.type)), ("move", .string($0.move)),
            ("baseMove", .string($0.baseMove)),
          ])
        } ?? .null
      ),
      ("type", .string(item.type)), ("forcedForme", .string(item.forcedForme)),
      ("fromShowdown", item.fromShowdown.map(OutputJSON.showdownFields) ?? .null),
    ])
  }
}
