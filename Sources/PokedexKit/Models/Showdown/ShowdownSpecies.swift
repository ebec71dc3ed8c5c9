/// What Pokémon Showdown knows of a Pokémon: the name a player types and pastes, the formes
/// PokeAPI keeps inside it, what it needs in battle, its tags and its tiers.
///
/// Every Pokémon of the dex that Showdown has carries one (`Pokemon/showdown`), built by
/// `pokedex data build` from Showdown's `pokedex.json`, `aliases.json` and
/// `formats-data.json` (see `Guides/DataFormat.md`, "Showdown's names and tiers").
///
/// ```swift
/// let indeedee = dex.pokemon.first { $0.slug == "indeedee-female" }
/// indeedee?.showdown?.name                        // "Indeedee-F"
/// indeedee?.showdown?.id                          // "indeedeef"
/// arceus.showdown?.formes.first?.name             // "Arceus-Bug"
/// garchomp.showdown?.tiers(in: 9)?.singles        // "UUBL"
/// ```
public struct ShowdownSpecies: Codable, Hashable, Sendable {
  /// Showdown's name, `"Indeedee-F"`, `"Necrozma-Dusk-Mane"`, `"Zygarde-10%"`.
  public var name: String
  /// Showdown's id: ``name`` lower-cased with everything outside `[a-z0-9]` dropped.
  public var id: String
  /// What players also type for it (alias ids from Showdown's `aliases.json`, `"lando"`).
  public var aliases: [String]
  /// The formes Showdown names that PokeAPI lists as forms of this one Pokémon: cosmetic
  /// ones (Gastrodon-East), item-chosen ones (Arceus-Fairy), and a few battle-only ones
  /// (Cherrim-Sunshine), in Showdown's order.
  public var formes: [ShowdownForme]
  /// The items one of which it needs (a Mega Stone, an Orb, Rusted Sword, a mask).
  public var requiredItems: [String]
  /// The ability it needs (Greninja-Ash: Battle Bond).
  public var requiredAbility: String?
  /// The move it needs (Keldeo-Resolute: Secret Sword).
  public var requiredMove: String?
  /// The Showdown names of the formes it becomes from in battle (a Mega Evolution's base).
  public var battleOnly: [String]
  /// The Showdown name of the forme it changes from outside battle (Calyrex-Shadow from
  /// Calyrex, Rotom-Wash from Rotom).
  public var changesFrom: String?
  /// The generation Showdown gives the forme (Charizard-Mega-X: 6, Raichu-Alola: 7).
  public var generation: Int
  /// Showdown's tags: `"Sub-Legendary"`, `"Restricted Legendary"`, `"Mythical"`,
  /// `"Paradox"`, `"Ultra Beast"`.
  public var tags: [String]
  /// Its tiers in each generation from ``generation`` to 9, oldest first.
  public var tiers: [ShowdownTiers]
  /// The slug of the Pokémon whose entry this is, when Showdown does not tell this one apart
  /// from it (Zygarde-10% with Power Construct is `zygarde-10`'s Zygarde-10%), else `nil`.
  public var sharedWith: String?

  public init(
    name: String,
    id: String,
    aliases: [String] = [],
    formes: [ShowdownForme] = [],
    requiredItems: [String] = [],
    requiredAbility: String? = nil,
    requiredMove: String? = nil,
    battleOnly: [String] = [],
    changesFrom: String? = nil,
    generation: Int,
    tags: [String] = [],
    tiers: [ShowdownTiers] = [],
    sharedWith: String? = nil
  ) {
    self.name = name
    self.id = id
    self.aliases = aliases
    self.formes = formes
    self.requiredItems = requiredItems
    self.requiredAbility = requiredAbility
    self.requiredMove = requiredMove
    self.battleOnly = battleOnly
    self.changesFrom = changesFrom
    self.generation = generation
    self.tags = tags
    self.tiers = tiers
    self.sharedWith = sharedWith
  }

  /// Its tiers in `generation`, or `nil` when it did not exist then.
  ///
  /// - Complexity: O(1) (at most nine entries).
  public func tiers(in generation: Int) -> ShowdownTiers? {
    tiers.first { $0.generation == generation }
  }
}
