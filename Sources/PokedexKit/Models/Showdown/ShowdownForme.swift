/// A forme Showdown names that PokeAPI keeps inside one Pokémon: Gastrodon-East,
/// Vivillon-Ocean, Arceus-Fairy, Silvally-Steel, Cherrim-Sunshine.
///
/// It has the Pokémon's stats and abilities; only its name, its types (Arceus-Fairy is
/// Fairy) and what it needs can differ.
///
/// ```swift
/// let fairy = arceus.showdown?.formes.first { $0.id == "arceusfairy" }
/// fairy?.types           // ["fairy"]
/// fairy?.requiredItems   // ["Pixie Plate", "Fairium Z"]
/// ```
public struct ShowdownForme: Codable, Hashable, Sendable {
  /// Showdown's name, `"Arceus-Fairy"`.
  public var name: String
  /// Showdown's id, `"arceusfairy"`.
  public var id: String
  /// What players also type for it (alias ids).
  public var aliases: [String]
  /// Its types by identifier when they differ from the Pokémon's, else `nil`.
  public var types: [String]?
  /// The items one of which it needs (a Plate, a Memory, a Drive, a mask).
  public var requiredItems: [String]
  /// Whether it is only a look (Gastrodon-East, Florges-Blue): nothing differs in battle.
  public var isCosmetic: Bool
  /// Whether it exists only in battle (Cherrim-Sunshine, Ogerpon-Wellspring-Tera).
  public var isBattleOnly: Bool

  public init(
    name: String,
    id: String,
    aliases: [String] = [],
    types: [String]? = nil,
    requiredItems: [String] = [],
    isCosmetic: Bool,
    isBattleOnly: Bool = false
  ) {
    self.name = name
    self.id = id
    self.aliases = aliases
    self.types = types
    self.requiredItems = requiredItems
    self.isCosmetic = isCosmetic
    self.isBattleOnly = isBattleOnly
  }
}
