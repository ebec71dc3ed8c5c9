/// One entry of Showdown's `items.json` (only the members the pipeline reads).
///
/// ```swift
/// // "abomasite": {"name": "Abomasite", "megaStone": {"Abomasnow": "Abomasnow-Mega"},
/// //               "itemUser": ["Abomasnow"], "num": 674, "gen": 6, "isNonstandard": "Past"}
/// ```
struct ShowdownItemEntry: Decodable, Hashable, Sendable {
  /// Fling's power with this item.
  struct Fling: Decodable, Hashable, Sendable {
    var basePower: Int
  }

  var name: String
  var num: Int
  /// The generation that introduced the item.
  var gen: Int
  var isNonstandard: String?
  /// A Mega Stone's Pokémon and the Mega Evolution each becomes.
  var megaStone: [String: String]?
  /// The Pokémon that can use the item (Mega Stones, Z-Crystals, Orbs, Plates, ...).
  var itemUser: [String]?
  /// A Z-Crystal: `true` for a type's, the species' move's name for an exclusive one.
  var zMove: ShowdownFlagValue?
  /// The type of a type-specific Z-Crystal.
  var zMoveType: String?
  /// The move an exclusive Z-Crystal upgrades.
  var zMoveFrom: String?
  var fling: Fling?
  /// The type a Plate, Memory or Drive gives.
  var onPlate: String?
  var onMemory: String?
  var onDrive: String?
  /// The forme a holder is forced into (Rusted Sword: Zacian-Crowned).
  var forcedForme: String?
}
