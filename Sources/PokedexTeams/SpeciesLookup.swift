import PokedexKit

/// Showdown's species names (`"Ninetales-Alola"`, `"Tauros-Paldea-Combat"`, `"Indeedee-F"`)
/// resolved to the dex's Pokémon, by the rules the learnset pipeline uses for Showdown's
/// entries (``ShowdownPokemonIndex``), with names to suggest for a miss.
struct SpeciesLookup: Sendable {
  private let dex: Pokedex
  private let index: ShowdownPokemonIndex
  private let rows: [String: Int]

  init(dex: Pokedex) {
    self.dex = dex
    index = ShowdownPokemonIndex(dex: dex)
    var rows: [String: Int] = [:]
    for (row, pokemon) in dex.pokemon.enumerated() where rows[pokemon.slug] == nil {
      rows[pokemon.slug] = row
    }
    self.rows = rows
  }

  /// What a species name resolves to.
  enum Match: Equatable {
    /// The Pokémon at `row` of the dex.
    case pokemon(row: Int)
    /// Several Pokémon, by slug.
    case ambiguous([String])
    case none
  }

  /// The Pokémon `species` names.
  ///
  /// - Complexity: a few dictionary lookups.
  func match(_ species: String) -> Match {
    switch index.match(ShowdownID.id(species)) {
    case .pokemon(let slug):
      guard let row = rows[slug] else { return .none }
      return .pokemon(row: row)
    case .ambiguous(let slugs): return .ambiguous(slugs)
    case .none: return .none
    }
  }

  /// The Pokémon `species` names, if exactly one.
  func pokemon(_ species: String) -> Pokemon? {
    guard case .pokemon(let row) = match(species) else { return nil }
    return dex.pokemon[row]
  }

  /// The Showdown-style name closest to `species`, for "did you mean".
  ///
  /// - Complexity: O(*p*) edit distances for *p* Pokémon; only called on a miss.
  func suggestion(for species: String) -> String? {
    EditDistance.suggestion(for: species, among: showdownNames())
  }

  /// Every Pokémon's name as Showdown writes it (see ``showdownName(of:)``).
  private func showdownNames() -> [String] {
    var speciesNames: [String: String] = [:]
    for pokemon in dex.pokemon where pokemon.isDefault {
      speciesNames[pokemon.speciesSlug] = pokemon.names["en"] ?? pokemon.speciesSlug
    }
    return dex.pokemon.map { Self.showdownName(of: $0, species: speciesNames[$0.speciesSlug]) }
  }

  /// A Pokémon's name as Showdown writes it: the species' English name, then the form's
  /// words capitalised (`Ninetales-Alola`, `Tauros-Paldea-Combat-Breed`).
  ///
  /// - Complexity: O(*p*), to find the species' default form.
  func showdownName(of pokemon: Pokemon) -> String {
    let base = dex.pokemon.first { $0.speciesSlug == pokemon.speciesSlug && $0.isDefault }
    return Self.showdownName(of: pokemon, species: base?.names["en"])
  }

  private static func showdownName(of pokemon: Pokemon, species: String?) -> String {
    let species = species ?? pokemon.speciesSlug
    guard !pokemon.isDefault, let form = pokemon.form else { return species }
    let words = form.slug.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }
    return ([species] + words).joined(separator: "-")
  }
}
