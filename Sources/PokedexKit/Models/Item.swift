/// An item a Pokémon can hold: what it is called, what it does, and for whom.
///
/// Which items there are, and their generation, users, Mega Evolutions, Z-Moves, types and
/// formes, come from Pokémon Showdown; names, category and text from PokeAPI where it has
/// the item, else from Showdown (``fromShowdown`` says which fields). `Guides/DataFormat.md`
/// ("items.json") gives the rule of each field.
///
/// ```swift
/// let charizarditeX = lookup.item(named: "Charizardite X")
/// charizarditeX?.megaEvolutions  // [MegaEvolution(pokemon: "charizard", mega: "charizard-mega-x")]
/// charizarditeX?.nonstandard     // "Past": not in the generation 9 games
/// ```
public struct Item: Codable, Hashable, Sendable {
  /// PokeAPI's id; `nil` for an item PokeAPI does not have (the generation 2 items, such as
  /// Berserk Gene).
  public var id: Int?
  /// PokeAPI's identifier (`"choice-scarf"`); for an item PokeAPI does not have, Showdown's
  /// name lower-cased with its spaces as dashes (`"berserk-gene"`).
  public var identifier: String
  /// Showdown's id, `"choicescarf"`.
  public var showdownID: String
  /// The item's number in the games (Showdown's `num`): the order of the file.
  public var number: Int
  /// The item's name in each language PokeAPI has, or Showdown's English name.
  public var names: LocalizedNames
  /// What players also call it: Showdown's alias ids (`"lefties"`, `"scarf"`), which lookups
  /// by name accept.
  public var aliases: [String]
  /// PokeAPI's category (`"held-items"`, `"mega-stones"`, `"plates"`, `"z-crystals"`), or
  /// `nil` for an item PokeAPI does not have.
  public var category: String?
  /// The generation that introduced it.
  public var generation: Int
  /// Why it is not in the current generation's games (Showdown's `isNonstandard`: `"Past"`,
  /// `"Unobtainable"`, ...), or `nil` when it is.
  public var nonstandard: String?
  /// Fling's power when the holder throws it, or `nil` when it cannot be flung.
  public var flingPower: Int?
  /// The effect in one sentence, in English.
  public var shortEffect: String?
  /// The full effect, in English.
  public var effect: String?
  /// The Pokémon that can use it (slugs of the dex: Mega Stones, Z-Crystals, Orbs, Plates,
  /// Memories, Drives, masks, ...); empty when any Pokémon can.
  public var users: [String]
  /// The Mega Evolutions a Mega Stone allows, each with the Pokémon that holds it.
  public var megaEvolutions: [MegaEvolution]
  /// The Z-Move a Z-Crystal allows, or `nil` for other items.
  public var zCrystal: ZCrystal?
  /// The type a Plate, Memory, Drive or type's Z-Crystal gives its holder's signature move
  /// or form (`"fire"`), or `nil`.
  public var type: String?
  /// Showdown's name of the forme a holder is forced into (`"Arceus-Fire"`,
  /// `"Zacian-Crowned"`), or `nil`. It is Showdown's name, since the dex keeps many such
  /// formes (Arceus's types) as forms of one Pokémon.
  public var forcedForme: String?
  /// Which fields came from Pokémon Showdown although PokeAPI could have given them (names,
  /// text, Fling power); `nil` when none did.
  public var fromShowdown: ShowdownFields?

  public init(
    id: Int?,
    identifier: String,
    showdownID: String,
    number: Int,
    names: LocalizedNames,
    aliases: [String] = [],
    category: String?,
    generation: Int,
    nonstandard: String?,
    flingPower: Int?,
    shortEffect: String?,
    effect: String?,
    users: [String] = [],
    megaEvolutions: [MegaEvolution] = [],
    zCrystal: ZCrystal? = nil,
    type: String? = nil,
    forcedForme: String? = nil,
    fromShowdown: ShowdownFields? = nil
  ) {
    self.id = id
    self.identifier = identifier
    self.showdownID = showdownID
    self.number = number
    self.names = names
    self.aliases = aliases
    self.category = category
    self.generation = generation
    self.nonstandard = nonstandard
    self.flingPower = flingPower
    self.shortEffect = shortEffect
    self.effect = effect
    self.users = users
    self.megaEvolutions = megaEvolutions
    self.zCrystal = zCrystal
    self.type = type
    self.forcedForme = forcedForme
    self.fromShowdown = fromShowdown
  }

  /// Whether the item is in the current generation's games (Showdown gives no
  /// ``nonstandard`` reason).
  public var isInCurrentGames: Bool { nonstandard == nil }
}
