import PokedexKit

/// The second stage of ``LearnsetBuilder``: one ``Learnset`` per Pokémon, with forms that
/// have no moves of their own pointed at their base form.
///
/// - A Pokémon with moves of its own keeps them.
/// - A form whose own moves are all restricted (`R`: Rotom-Wash's Hydro Pump, the crowned
///   Zacian's Behemoth Blade, Pikachu in a costume) lists only what its form change adds;
///   Showdown's learnsets extend the base form's (`changesFrom`), so the form gets its base
///   form's moves with its own merged in.
/// - Any other Pokémon without moves (a Mega Evolution, a Gigantamax form, Deoxys-Attack,
///   Ogerpon in a mask) inherits its base form's learnset: ``Learnset/inherits`` names it
///   and its moves are empty.
///
/// The base form of a Pokémon is the Pokémon of the same species with moves of its own
/// (and not itself a restricted-only form) whose Showdown id is the longest proper prefix of
/// the Pokémon's key (its slug's id, or species and form): `charizardmegax` takes
/// `charizard`, `toxtricitylowkeygmax` takes `toxtricitylowkey`, `darmanitangalarzen` takes
/// `darmanitangalar`. Without one, the species' default Pokémon, if it has moves.
struct LearnsetAssembly {
  let dex: Pokedex
  let mapping: LearnsetMapping
  var diagnostics: [DexDiagnostic] = []

  /// The Pokémon whose own moves are only restricted sources, by slug.
  private let restrictedOnly: Set<String>
  /// Pokémon with moves of their own that may be a base form, by the Showdown id that
  /// matched them.
  private let bases: [String: String]
  private let species: [String: String]
  private let defaults: [String: String]

  init(dex: Pokedex, mapping: LearnsetMapping) {
    self.dex = dex
    self.mapping = mapping
    var restricted: Set<String> = []
    for pokemon in dex.pokemon where !pokemon.isDefault {
      guard let moves = mapping.ownMoves[pokemon.slug], !moves.isEmpty else { continue }
      if moves.values.allSatisfy({ $0.allSatisfy { $0.method == .restricted } }) {
        restricted.insert(pokemon.slug)
      }
    }
    restrictedOnly = restricted
    bases = mapping.owners.filter { entry in
      !(mapping.ownMoves[entry.value]?.isEmpty ?? true) && !restricted.contains(entry.value)
    }
    species = Dictionary(dex.pokemon.map { ($0.slug, $0.speciesSlug) }) { first, _ in first }
    defaults = Dictionary(
      dex.pokemon.filter(\.isDefault).map { ($0.speciesSlug, $0.slug) }
    ) { first, _ in first }
  }

  /// One learnset per Pokémon, sorted by Pokémon id.
  mutating func learnsets() -> [Learnset] {
    dex.pokemon.sorted { $0.id < $1.id }.map { learnset(of: $0) }
  }

  private mutating func learnset(of pokemon: Pokemon) -> Learnset {
    let own = mapping.ownMoves[pokemon.slug] ?? [:]
    guard own.isEmpty || restrictedOnly.contains(pokemon.slug) else {
      return Learnset(pokemon: pokemon.slug, moves: Self.learnedMoves(own))
    }
    guard let base = base(of: pokemon) else {
      if own.isEmpty { return Learnset(pokemon: pokemon.slug, moves: LearnedMoves()) }
      diagnostics.append(
        DexDiagnostic(
          severity: .warning,
          message: "its moves are all form-change moves, but no base form has moves to add",
          location: pokemon.slug
        )
      )
      return Learnset(pokemon: pokemon.slug, moves: Self.learnedMoves(own))
    }
    guard !own.isEmpty else {
      return Learnset(pokemon: pokemon.slug, inherits: base, moves: LearnedMoves())
    }
    var moves = mapping.ownMoves[base] ?? [:]
    for (move, sources) in own {
      moves[move] = LearnsetMapping.merge(moves[move] ?? [], sources)
    }
    return Learnset(pokemon: pokemon.slug, moves: Self.learnedMoves(moves))
  }

  /// The base form of `pokemon` (see the type's documentation), or `nil`.
  private func base(of pokemon: Pokemon) -> String? {
    var keys = [ShowdownID.id(pokemon.slug)]
    if let form = pokemon.form {
      keys.append(ShowdownID.id(pokemon.speciesSlug) + ShowdownID.id(form.slug))
    }
    var best: (length: Int, slug: String)?
    for key in keys {
      var prefix = Substring(key)
      while !prefix.isEmpty {
        prefix = prefix.dropLast()
        guard let slug = bases[String(prefix)], slug != pokemon.slug,
          species[slug] == pokemon.speciesSlug
        else { continue }
        if prefix.count > best?.length ?? -1 { best = (prefix.count, slug) }
        break
      }
    }
    if let best { return best.slug }
    guard let fallback = defaults[pokemon.speciesSlug], fallback != pokemon.slug,
      bases.values.contains(fallback)
    else { return nil }
    return fallback
  }

  private static func learnedMoves(_ moves: [String: [MoveSource]]) -> LearnedMoves {
    LearnedMoves(moves.map { LearnedMove(move: $0.key, sources: $0.value) })
  }
}
