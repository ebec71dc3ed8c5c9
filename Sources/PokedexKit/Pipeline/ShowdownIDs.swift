/// Pokémon Showdown's ids and how they map to PokeAPI's identifiers.
///
/// Showdown names everything by an id: the display name lower-cased with everything outside
/// `[a-z0-9]` removed (`"Mr. Mime"` is `mrmime`, `"Tauros-Paldea-Aqua"` is
/// `taurospaldeaaqua`). PokeAPI's identifiers are lower-case words joined by hyphens
/// (`mr-mime`, `tauros-paldea-aqua-breed`). `Guides/Learnsets.md` explains every rule here.
///
/// ```swift
/// ShowdownID.id("trick-room")  // "trickroom"
/// ShowdownID.id("Mr. Mime")    // "mrmime"
/// ```
enum ShowdownID {
  /// Showdown's id of `text`: ASCII letters lower-cased, digits kept, everything else
  /// dropped (`é` too, as Showdown's `toID` does).
  static func id(_ text: some StringProtocol) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        bytes.append(byte)
      case UInt8(ascii: "A")...UInt8(ascii: "Z"):
        bytes.append(byte + 32)
      default:
        continue
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Showdown entries whose id no rule derives from PokeAPI, and the Pokémon each is.
  ///
  /// Each is a form Showdown names differently: the words in another order, or a name of
  /// its own. Every other entry maps by the rules of ``ShowdownPokemonIndex``.
  static let pokemonExceptions: [String: String] = [
    // Battle Bond Greninja is its own Pokémon in PokeAPI, "greninja-battle-bond".
    "greninjabond": "greninja-battle-bond",
    // Own Tempo Rockruff, which evolves into Dusk Lycanroc.
    "rockruffdusk": "rockruff-own-tempo",
    // Necrozma fused with Solgaleo or Lunala: PokeAPI shortens the names.
    "necrozmaduskmane": "necrozma-dusk",
    "necrozmadawnwings": "necrozma-dawn",
    // Alolan totem Pokémon: Showdown puts the region first, PokeAPI the word totem (and
    // drops the region of Marowak's).
    "raticatealolatotem": "raticate-totem-alola",
    "marowakalolatotem": "marowak-totem",
  ]

  /// Showdown move ids whose PokeAPI identifier is spelled differently.
  static let moveExceptions: [String: String] = [
    // Showdown uses the newer spelling "Vise Grip"; PokeAPI keeps "vice-grip".
    "visegrip": "vice-grip"
  ]
}

/// The Showdown ids of every Pokémon of a dex, for matching Showdown's entries.
///
/// Each Pokémon has candidate keys in four tiers; an entry takes the Pokémon of the first
/// tier that has its id, and a key that names two Pokémon in one tier matches neither:
///
/// 1. the slug: `raichu-alola` is `raichualola`;
/// 2. the species, for a species' default Pokémon: `meowstic` for `meowstic-male`;
/// 3. species and form: `toxtricity` + `low-key`;
/// 4. for a form that is not battle-only, the form without its last word (`pikachuoriginal`
///    for `pikachu-original-cap`, `taurospaldeaaqua` for `tauros-paldea-aqua-breed`,
///    `darmanitangalar` for `darmanitan-galar-standard`), and `female`/`male` shortened
///    to `f`/`m` (`indeedeef` for `indeedee-female`).
///
/// ``ShowdownID/pokemonExceptions`` comes before every tier.
///
/// - Complexity: O(*n*) to build in the number of Pokémon; a match is a few dictionary
///   lookups.
struct ShowdownPokemonIndex {
  /// What an id matches.
  enum Match: Equatable {
    /// One Pokémon, by slug.
    case pokemon(String)
    /// Several Pokémon in the same tier (sorted slugs): none is taken.
    case ambiguous([String])
    /// No Pokémon.
    case none
  }

  /// Key to slugs, for each tier.
  private var tiers: [[String: Set<String>]] = Array(repeating: [:], count: 4)
  private let slugs: Set<String>
  private let exceptions: [String: String]

  /// The index of `dex`'s Pokémon, with `exceptions` (Showdown id to slug) before the tiers.
  init(dex: Pokedex, exceptions: [String: String] = ShowdownID.pokemonExceptions) {
    slugs = Set(dex.pokemon.map(\.slug))
    self.exceptions = exceptions
    for pokemon in dex.pokemon {
      add(ShowdownID.id(pokemon.slug), pokemon, tier: 0)
      let species = ShowdownID.id(pokemon.speciesSlug)
      if pokemon.isDefault { add(species, pokemon, tier: 1) }
      guard let form = pokemon.form, !pokemon.isDefault else { continue }
      add(species + ShowdownID.id(form.slug), pokemon, tier: 2)
      guard !form.isBattleOnly else { continue }
      let words = form.slug.split(separator: "-").map(String.init)
      if words.count > 1 {
        add(species + ShowdownID.id(words.dropLast().joined()), pokemon, tier: 3)
      }
      let short = words.map { $0 == "female" ? "f" : $0 == "male" ? "m" : $0 }
      if short != words { add(species + ShowdownID.id(short.joined()), pokemon, tier: 3) }
    }
  }

  private mutating func add(_ key: String, _ pokemon: Pokemon, tier: Int) {
    tiers[tier][key, default: []].insert(pokemon.slug)
  }

  /// The Pokémon the Showdown entry `id` is.
  func match(_ id: String) -> Match {
    if let slug = exceptions[id], slugs.contains(slug) { return .pokemon(slug) }
    for tier in tiers {
      guard let found = tier[id] else { continue }
      if found.count == 1, let slug = found.first { return .pokemon(slug) }
      return .ambiguous(found.sorted())
    }
    return .none
  }
}

/// PokeAPI's move identifiers by Showdown id: `trickroom` to `trick-room`.
struct ShowdownMoveIndex {
  /// What a Showdown move id matches.
  enum Match: Equatable {
    case move(String)
    /// Several identifiers strip to the id (sorted).
    case ambiguous([String])
    case none
  }

  private var identifiers: [String: Set<String>] = [:]

  init(moveIdentifiers: [String]) {
    for identifier in moveIdentifiers {
      identifiers[ShowdownID.id(identifier), default: []].insert(identifier)
    }
    let known = Set(moveIdentifiers)
    for (id, identifier) in ShowdownID.moveExceptions where known.contains(identifier) {
      identifiers[id] = [identifier]
    }
  }

  /// The PokeAPI move the Showdown move id `id` is.
  func match(_ id: String) -> Match {
    guard let found = identifiers[id] else { return .none }
    if found.count == 1, let identifier = found.first { return .move(identifier) }
    return .ambiguous(found.sorted())
  }
}
