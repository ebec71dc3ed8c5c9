import PokedexKit

/// Showdown's species names (`"Ninetales-Alola"`, `"Tauros-Paldea-Combat"`, `"Indeedee-F"`)
/// resolved to the dex's Pokémon, by the rules the learnset pipeline uses for Showdown's
/// entries (``ShowdownPokemonIndex``), with names to suggest for a miss.
struct SpeciesLookup: Sendable {
  private let dex: Pokedex
  private let index: ShowdownPokemonIndex
  private let rows: [String: Int]
  /// Showdown's names by id: each Pokémon's, each forme's it keeps, and their aliases.
  private let namesByID: [String: ShowdownName]
  /// The rows of the Pokémon that share each Pokémon's entry, by the slug of the latter.
  private let sharing: [String: [Int]]

  /// A name Showdown has: the Pokémon it is, and its forme if PokeAPI keeps it inside one.
  struct ShowdownName: Sendable {
    /// The row of the Pokémon in the dex.
    var row: Int
    /// The name Showdown writes: `"Indeedee-F"`, `"Gastrodon-East"`.
    var name: String
    /// The forme, when the name is one the Pokémon keeps inside it.
    var forme: ShowdownForme?
  }

  init(dex: Pokedex) {
    self.dex = dex
    index = ShowdownPokemonIndex(dex: dex)
    var rows: [String: Int] = [:]
    var names: [String: ShowdownName] = [:]
    var aliases: [String: ShowdownName] = [:]
    var sharing: [String: [Int]] = [:]
    // A Pokémon that shares another's entry (Zygarde-10% with Power Construct) comes after
    // it, so that the entry's name is the other's.
    let order = dex.pokemon.indices.sorted {
      (dex.pokemon[$0].showdown?.sharedWith != nil ? 1 : 0, $0)
        < (dex.pokemon[$1].showdown?.sharedWith != nil ? 1 : 0, $1)
    }
    for row in order {
      let pokemon = dex.pokemon[row]
      if rows[pokemon.slug] == nil { rows[pokemon.slug] = row }
      guard let showdown = pokemon.showdown else { continue }
      if let other = showdown.sharedWith { sharing[other, default: []].append(row) }
      let own = ShowdownName(row: row, name: showdown.name)
      if names[showdown.id] == nil { names[showdown.id] = own }
      for alias in showdown.aliases where aliases[alias] == nil { aliases[alias] = own }
      for forme in showdown.formes {
        let entry = ShowdownName(row: row, name: forme.name, forme: forme)
        if names[forme.id] == nil { names[forme.id] = entry }
        for alias in forme.aliases where aliases[alias] == nil { aliases[alias] = entry }
      }
    }
    // A name wins over an alias that spells the same id.
    namesByID = names.merging(aliases) { name, _ in name }
    self.rows = rows
    self.sharing = sharing
  }

  /// The Pokémon that share the entry of the Pokémon with `slug` (by row): Showdown's
  /// Zygarde-10% is PokeAPI's `zygarde-10` and `zygarde-10-power-construct`.
  func rows(sharingWith slug: String) -> [Int] { sharing[slug] ?? [] }

  /// Showdown's name for `species` (`"Necrozma-Dusk"` → `"Necrozma-Dusk-Mane"`,
  /// `"indeedee female"` → `"Indeedee-F"`), with its Pokémon and forme, or `nil` when
  /// Showdown has no such name or alias.
  ///
  /// - Complexity: one dictionary lookup, after computing the id.
  func showdownName(_ species: String) -> ShowdownName? {
    let id = ShowdownID.id(species)
    if let found = namesByID[id] { return found }
    guard case .pokemon(let slug) = index.match(id), let row = rows[slug],
      let showdown = dex.pokemon[row].showdown
    else { return nil }
    return ShowdownName(row: row, name: showdown.name)
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
    let id = ShowdownID.id(species)
    if let found = namesByID[id] { return .pokemon(row: found.row) }
    switch index.match(id) {
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

  /// Every Pokémon's and forme's name as Showdown writes it (``showdownName(of:)`` for a
  /// Pokémon Showdown does not have).
  private func showdownNames() -> [String] {
    var speciesNames: [String: String] = [:]
    for pokemon in dex.pokemon where pokemon.isDefault {
      speciesNames[pokemon.speciesSlug] = pokemon.names["en"] ?? pokemon.speciesSlug
    }
    return dex.pokemon.flatMap { pokemon in
      guard let showdown = pokemon.showdown else {
        return [Self.showdownName(of: pokemon, species: speciesNames[pokemon.speciesSlug])]
      }
      return [showdown.name] + showdown.formes.map(\.name)
    }
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
