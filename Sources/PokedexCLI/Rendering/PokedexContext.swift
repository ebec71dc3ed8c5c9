import PokedexKit

/// The loaded dex with the lookups the renderers need: species to Pokémon,
/// evolution roots, forms, type matchups.
package struct PokedexContext: Sendable {
  package let index: PokedexIndex
  package var dex: Pokedex { index.pokedex }
  private let defaultBySpecies: [String: Int]
  private let formsBySpecies: [String: [Int]]

  package init(index: PokedexIndex) {
    self.index = index
    let dex = index.pokedex
    var defaults: [String: Int] = [:]
    var forms: [String: [Int]] = [:]
    for (index, pokemon) in dex.pokemon.enumerated() {
      if pokemon.isDefault { defaults[pokemon.speciesSlug] = index }
      forms[pokemon.speciesSlug, default: []].append(index)
    }
    defaultBySpecies = defaults
    formsBySpecies = forms
  }

  /// The default Pokémon of a species.
  package func defaultPokemon(species: String) -> Pokemon? {
    defaultBySpecies[species].map { dex.pokemon[$0] }
  }

  /// Every Pokémon of the species of `pokemon`, default first.
  package func forms(of pokemon: Pokemon) -> [Pokemon] {
    (formsBySpecies[pokemon.speciesSlug] ?? []).map { dex.pokemon[$0] }
  }

  /// The first species of the evolution family of `species`.
  package func evolutionRoot(of species: String) -> String {
    var current = species
    var steps = 0
    while steps < 10, let from = defaultPokemon(species: current)?.evolution.from.first?.from {
      current = from
      steps += 1
    }
    return current
  }

  /// Attacking types grouped by the damage multiplier `pokemon` takes from them, highest first:
  /// `4x`, `2x`, `1/2x`, `1/4x`, `0x` (neutral types are left out; abilities are ignored).
  package func matchupBuckets(of pokemon: Pokemon) -> [(String, [String])] {
    let matchups = index.typeChart.matchups(for: pokemon)
    return Effectiveness.allCases.filter { $0 != .neutral }.map {
      ($0.label, matchups.types(for: $0))
    }
  }
}
