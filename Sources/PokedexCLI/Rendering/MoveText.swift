import PokedexKit

/// The English labels of the identifiers moves, learnsets and natures use: damage classes,
/// targets, flags, version groups, stats and learn methods. An identifier without a label
/// shows with its hyphens as spaces.
///
/// ```swift
/// MoveText.category("special")            // "Special"
/// MoveText.versionGroup("scarlet-violet")  // "Scarlet/Violet"
/// MoveText.stat("special-attack")          // "Sp. Atk"
/// ```
enum MoveText {
  /// `"Physical"`, `"Special"`, `"Status"`.
  static func category(_ damageClass: String) -> String { capitalized(damageClass) }

  /// Whom a move affects, as a phrase: `"one selected Pokémon"`.
  static func target(_ identifier: String) -> String {
    targets[identifier] ?? spaced(identifier)
  }

  private static let targets: [String: String] = [
    "specific-move": "a specific move", "selected-pokemon-me-first": "one selected Pokémon",
    "ally": "an ally", "users-field": "the user's side", "user-or-ally": "the user or an ally",
    "opponents-field": "the opponents' side", "user": "the user",
    "random-opponent": "a random opponent", "all-other-pokemon": "every other Pokémon",
    "selected-pokemon": "one selected Pokémon", "all-opponents": "every opponent",
    "entire-field": "the entire field", "user-and-allies": "the user and its allies",
    "all-pokemon": "every Pokémon", "all-allies": "every ally",
    "fainting-pokemon": "the fainting Pokémon",
  ]

  /// A flag as a phrase: `"contact"`, `"bypasses substitute"`.
  static func flag(_ identifier: String) -> String {
    flags[identifier] ?? spaced(identifier)
  }

  private static let flags: [String: String] = [
    "authentic": "bypasses substitute", "protect": "blocked by protect",
    "reflectable": "reflected by magic coat", "snatch": "stolen by snatch",
    "mirror": "copied by mirror move", "gravity": "disabled by gravity",
    "defrost": "thaws the user", "distance": "hits any distance", "heal": "heals",
    "charge": "charges first", "recharge": "recharges after",
    "non-sky-battle": "not in sky battles",
  ]

  /// The games of a version group: `"Scarlet/Violet"`, `"X/Y"`.
  static func versionGroup(_ identifier: String) -> String {
    versionGroups[identifier] ?? capitalized(identifier)
  }

  private static let versionGroups: [String: String] = [
    "red-blue": "Red/Blue", "yellow": "Yellow", "gold-silver": "Gold/Silver",
    "crystal": "Crystal", "ruby-sapphire": "Ruby/Sapphire", "emerald": "Emerald",
    "firered-leafgreen": "FireRed/LeafGreen", "diamond-pearl": "Diamond/Pearl",
    "platinum": "Platinum", "heartgold-soulsilver": "HeartGold/SoulSilver",
    "black-white": "Black/White", "colosseum": "Colosseum", "xd": "XD",
    "black-2-white-2": "Black 2/White 2", "x-y": "X/Y",
    "omega-ruby-alpha-sapphire": "Omega Ruby/Alpha Sapphire", "sun-moon": "Sun/Moon",
    "ultra-sun-ultra-moon": "Ultra Sun/Ultra Moon",
    "lets-go-pikachu-lets-go-eevee": "Let's Go Pikachu/Eevee", "sword-shield": "Sword/Shield",
    "the-isle-of-armor": "The Isle of Armor", "the-crown-tundra": "The Crown Tundra",
    "brilliant-diamond-shining-pearl": "Brilliant Diamond/Shining Pearl",
    "legends-arceus": "Legends: Arceus", "scarlet-violet": "Scarlet/Violet",
    "the-teal-mask": "The Teal Mask", "the-indigo-disk": "The Indigo Disk",
    "red-green-japan": "Red/Green (Japan)", "blue-japan": "Blue (Japan)",
    "legends-za": "Legends: Z-A", "mega-dimension": "Mega Dimension", "champions": "Champions",
  ]

  /// A stat as `show` labels it: `"Sp. Atk"`.
  static func stat(_ identifier: String) -> String {
    stats[identifier] ?? capitalized(identifier)
  }

  private static let stats: [String: String] = [
    "hp": "HP", "attack": "Attack", "defense": "Defense", "special-attack": "Sp. Atk",
    "special-defense": "Sp. Def", "speed": "Speed",
  ]

  /// The title of a learnset group: `"By level up"`, `"By TM"`.
  static func method(_ kind: LearnMethod.Kind) -> String {
    switch kind {
    case .levelUp: "By level up"
    case .machine: "By TM"
    case .egg: "By breeding (egg moves)"
    case .tutor: "By move tutor"
    case .event: "From events only"
    case .restricted: "In a form change only"
    case .dreamWorld: "From the Dream World"
    case .transfer: "By transfer only"
    }
  }

  /// A level as Bulbapedia shows it: `"Evo."` for 0 (learned on evolving), else the number.
  static func level(_ level: Int) -> String { level == 0 ? "Evo." : "\(level)" }

  /// A power, accuracy or PP, or `—` when the move has none.
  static func number(_ value: Int?, suffix: String = "") -> String {
    value.map { "\($0)\(suffix)" } ?? "—"
  }

  /// A priority with its sign: `"+1"`, `"0"`, `"-7"`.
  static func priority(_ value: Int) -> String { value > 0 ? "+\(value)" : "\(value)" }

  /// `"Scarlet Violet"` from `"scarlet-violet"`.
  static func capitalized(_ identifier: String) -> String {
    identifier.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }
      .joined(separator: " ")
  }

  private static func spaced(_ identifier: String) -> String {
    identifier.split(separator: "-").joined(separator: " ")
  }
}
