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

/// The conventional colour of each type, for accents in terminal and SVG output.
package enum TypePalette {
  package static func color(of type: String) -> String {
    colors[type] ?? "#68A090"
  }

  private static let colors = [
    "normal": "#A8A77A", "fire": "#EE8130", "water": "#6390F0", "electric": "#F7D02C",
    "grass": "#7AC74C", "ice": "#96D9D6", "fighting": "#C22E28", "poison": "#A33EA1",
    "ground": "#E2BF65", "flying": "#A98FF3", "psychic": "#F95587", "bug": "#A6B91A",
    "rock": "#B6A136", "ghost": "#735797", "dragon": "#6F35FC", "dark": "#705746",
    "steel": "#B7B7CE", "fairy": "#D685AD", "stellar": "#40B5A5",
  ]
}
