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
package struct ShowdownPokemonIndex {
  /// What an id matches.
  package enum Match: Equatable {
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
  package init(dex: Pokedex, exceptions: [String: String] = ShowdownID.pokemonExceptions) {
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
  package func match(_ id: String) -> Match {
    if let slug = exceptions[id], slugs.contains(slug) { return .pokemon(slug) }
    for tier in tiers {
      guard let found = tier[id] else { continue }
      if found.count == 1, let slug = found.first { return .pokemon(slug) }
      return .ambiguous(found.sorted())
    }
    return .none
  }
}
