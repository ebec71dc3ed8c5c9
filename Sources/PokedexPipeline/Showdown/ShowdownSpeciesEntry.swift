/// One entry of Showdown's `pokedex.json`: a species or a forme, as Showdown's
/// `data/pokedex.ts` has it (only the members the pipeline reads).
///
/// ```swift
/// // "indeedeef": {"num": 876, "name": "Indeedee-F", "baseSpecies": "Indeedee", "forme": "F",
/// //               "types": ["Psychic", "Normal"], ...}
/// ```
struct ShowdownSpeciesEntry: Decodable, Hashable, Sendable {
  /// The national number; 0 or below for CAP, Pokéstar and MissingNo.
  var num: Int?
  /// Showdown's name, `"Indeedee-F"`.
  var name: String
  /// The species a forme belongs to, `"Indeedee"`; absent for a species' base forme.
  var baseSpecies: String?
  /// The forme's part of the name, `"F"`.
  var forme: String?
  /// Types by name, `["Psychic", "Normal"]`; absent for cosmetic formes.
  var types: [String]?
  /// Abilities by slot: `"0"`, `"1"`, `"H"` (hidden), `"S"` (special, such as Power Construct).
  var abilities: [String: String]?
  /// The species it evolves from, by name.
  var prevo: String?
  /// The formes it has that are not its base forme, by name.
  var otherFormes: [String]?
  /// The cosmetic formes it has, by name.
  var cosmeticFormes: [String]?
  /// The forme (or formes) a battle-only forme comes from in battle.
  var battleOnly: ShowdownNames?
  /// The forme it changes from outside battle (Calyrex-Shadow from Calyrex).
  var changesFrom: String?
  /// The item the forme needs.
  var requiredItem: String?
  /// The items any one of which the forme needs (Arceus-Fairy: Pixie Plate or Fairium Z).
  var requiredItems: [String]?
  /// The ability the forme needs (Greninja-Ash: Battle Bond).
  var requiredAbility: String?
  /// The move the forme needs (Keldeo-Resolute: Secret Sword).
  var requiredMove: String?
  /// Whether the entry is a cosmetic forme: a name with nothing of its own.
  var isCosmeticForme: Bool?
  /// Why the entry is not in the current games (`"Past"`, `"CAP"`, `"LGPE"`, ...).
  var isNonstandard: String?
  /// The generation that introduced the forme, where Showdown says it.
  var gen: Int?
  /// `"Sub-Legendary"`, `"Restricted Legendary"`, `"Mythical"`, `"Paradox"`, `"Ultra Beast"`.
  var tags: [String]?
  /// The G-Max move of a Pokémon that can Gigantamax.
  var canGigantamax: String?

  /// The items the forme needs, one of which suffices: ``requiredItem`` or ``requiredItems``.
  var neededItems: [String] { requiredItems ?? requiredItem.map { [$0] } ?? [] }
}
