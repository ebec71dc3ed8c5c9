import PokedexKit

/// A small, real subset of the dex for tests: 38 Pokémon from PokeAPI's CSV tables
/// (default Pokémon and forms: megas, Gigantamax, Alolan, Galarian, Hisuian and
/// Paldean variants), the full 18-type chart, their abilities and the nine
/// generations, with names in en, ja, ja-hrkt, ko, fr, de and zh-hans.
enum DexFixture {
  /// The fixture dex.
  static let pokedex = Pokedex(
    source: DataSource(name: "PokeAPI", commit: "fixture", license: "BSD-3-Clause (PokeAPI)"),
    languages: [],
    generations: generationTable,
    types: typeTable,
    abilities: abilityTable,
    pokemon: pokemonTable.sorted { $0.id < $1.id }
  )

  /// The fixture dex, indexed.
  static let index = PokedexIndex(pokedex)

  /// The fixture Pokémon with `slug`, if there is one.
  static func pokemon(_ slug: String) -> Pokemon? {
    pokedex.pokemon.first { $0.slug == slug }
  }

  /// A dex of `count` Pokémon made by copying the fixture's with new ids and numbers,
  /// for benchmarks and scale tests.
  static func synthesized(count: Int) -> Pokedex {
    var dex = pokedex
    dex.pokemon = (0..<count).map { offset in
      var pokemon = pokemonTable[offset % pokemonTable.count]
      pokemon.id = offset + 1
      pokemon.nationalNumber = offset + 1
      pokemon.slug += "-\(offset)"
      return pokemon
    }
    return dex
  }
}
