import PokedexKit

/// The slugs of the fixture Pokémon `query` matches, in dex order.
func slugs(matching arguments: [String], includingForms: Bool = false) throws -> [String] {
  let query = try Query(arguments, index: DexFixture.index, includingForms: includingForms)
  return DexFixture.pokedex.pokemon.filter(query.evaluate).map(\.slug)
}

/// The slugs of the fixture Pokémon a direct Swift filter keeps, default Pokémon only
/// unless `includingForms`.
func slugs(includingForms: Bool = false, where isIncluded: (Pokemon) -> Bool) -> [String] {
  DexFixture.pokedex.pokemon.filter { (includingForms || $0.isDefault) && isIncluded($0) }
    .map(\.slug)
}
