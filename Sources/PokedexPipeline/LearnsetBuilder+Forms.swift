import PokedexKit

/// The second stage of ``LearnsetBuilder``: one ``Learnset`` per Pokémon, linked as Pokémon
/// Showdown links its learnsets (`Guides/Learnsets.md`).
///
/// For a Pokémon whose Showdown entry is known (``Pokemon/showdown``, with Showdown's
/// `pokedex.json` entries in `species`):
/// - without moves of its own, it inherits the learnset of the forme it changes from
///   (explicitly, or the forme it comes from in battle when that is not its base species:
///   Floette-Mega from Floette-Eternal, Greninja-Ash from Greninja-Bond, the costume Pikachu
///   from Pikachu-Cosplay), else its base species' (a Mega Evolution from its base);
///   a Pokémon that shares its entry with another (Zygarde with Power Construct) inherits
///   that one's;
/// - with moves of its own, it continues with one more learnset, as Showdown's
///   `learnsetParent` does: for Gastrodon's, Pumpkaboo's, Sinistea's and Tatsugiri's formes
///   their base species (``Learnset/extends``); for Lycanroc-Dusk, Own Tempo Rockruff
///   (``Learnset/prevolution``); else the Pokémon it evolves from (``Learnset/prevolution``);
///   else the forme it changes from (``Learnset/extends``: Rotom-Wash from Rotom,
///   Calyrex-Shadow from Calyrex; not Kyurem's fusions); else, for a forme of a species
///   that evolves from another, the first stage of that line, whose generation-9 egg moves
///   only count (``Learnset/eggMovesFrom``: cap Pikachu from Pichu).
///
/// A Pokémon without a Showdown entry (the ride forms), or any Pokémon when no entries are
/// given (learnsets built alone), inherits its base form by the rule below when it has no
/// moves, and extends it when its own moves are all form-change moves (`R`).
///
/// The base form of a Pokémon is the Pokémon of the same species with moves of its own
/// whose Showdown id is the longest proper prefix of the Pokémon's key (its slug's id, or
/// species and form): `charizardmegax` takes `charizard`, `toxtricitylowkeygmax` takes
/// `toxtricitylowkey`. Without one, the species' default Pokémon, if it has moves.
struct LearnsetAssembly {
  let dex: Pokedex
  let mapping: LearnsetMapping
  /// Showdown's species and formes by id; empty when the learnsets are built alone.
  let species: [String: ShowdownSpeciesEntry]
  var diagnostics: [DexDiagnostic] = []

  /// Pokémon with moves of their own that may be a base form, by the Showdown id that
  /// matched them.
  private let bases: [String: String]
  private let speciesOf: [String: String]
  private let defaults: [String: String]

  init(dex: Pokedex, mapping: LearnsetMapping, species: [String: ShowdownSpeciesEntry] = [:]) {
    self.dex = dex
    self.mapping = mapping
    self.species = species
    bases = mapping.owners.filter { !(mapping.ownMoves[$0.value]?.isEmpty ?? true) }
    speciesOf = Dictionary(dex.pokemon.map { ($0.slug, $0.speciesSlug) }) { first, _ in first }
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
    guard let id = pokemon.showdown?.id, let entry = species[id] else {
      guard !own.isEmpty else {
        return Learnset(pokemon: pokemon.slug, inherits: base(of: pokemon), moves: LearnedMoves())
      }
      // A form whose own moves are all form-change moves (`R`) extends its base form.
      let restrictedOnly = own.values.allSatisfy { $0.allSatisfy { $0.method == .restricted } }
      return Learnset(
        pokemon: pokemon.slug,
        extends: restrictedOnly && !pokemon.isDefault ? base(of: pokemon) : nil,
        moves: Self.learnedMoves(own)
      )
    }
    guard !own.isEmpty else {
      return Learnset(
        pokemon: pokemon.slug,
        inherits: inherited(by: pokemon, id, entry),
        moves: LearnedMoves()
      )
    }
    var learnset = Learnset(pokemon: pokemon.slug, moves: Self.learnedMoves(own))
    switch parent(of: entry) {
    case .extends(let name)?: learnset.extends = slug(of: name, other: pokemon.slug)
    case .prevolution(let name)?: learnset.prevolution = slug(of: name, other: pokemon.slug)
    case .eggMoves(let name)?: learnset.eggMovesFrom = slug(of: name, other: pokemon.slug)
    case nil: break
    }
    return learnset
  }

  /// Where Showdown continues a learnset that has moves of its own.
  private enum Parent {
    case extends(String)
    case prevolution(String)
    case eggMoves(String)
  }

  private func parent(of entry: ShowdownSpeciesEntry) -> Parent? {
    let base = entry.baseSpecies ?? entry.name
    if ["Gastrodon", "Pumpkaboo", "Sinistea", "Tatsugiri"].contains(base), entry.forme != nil {
      return .extends(base)
    }
    if entry.name == "Lycanroc-Dusk" { return .prevolution("Rockruff-Dusk") }
    if let prevo = entry.prevo { return .prevolution(prevo) }
    if let from = Self.changesFrom(entry), base != "Kyurem" { return .extends(from) }
    guard base != entry.name, var stage = species[ShowdownID.id(base)], stage.prevo != nil else {
      return nil
    }
    // The first stage of the line (bounded: a bad file may loop).
    for _ in 0..<8 {
      guard let prevo = stage.prevo, let next = species[ShowdownID.id(prevo)] else { break }
      stage = next
    }
    return .eggMoves(stage.name)
  }

  /// The forme `entry` changes from: Showdown's `changesFrom`, else the forme it comes from
  /// in battle unless that is its base species, else its base species for a Mega
  /// Evolution.
  static func changesFrom(_ entry: ShowdownSpeciesEntry) -> String? {
    if let from = entry.changesFrom { return from }
    if let battleOnly = entry.battleOnly?.names.first { return battleOnly }
    let isMega = ["Mega", "Mega-X", "Mega-Y"].contains(entry.forme ?? "")
    return isMega ? entry.baseSpecies : nil
  }

  /// The learnset a Pokémon without moves of its own inherits: the Pokémon that owns its
  /// entry, else the forme it changes from or its base species, followed while those have
  /// no moves either; the base form by the prefix rule when none has.
  private mutating func inherited(by pokemon: Pokemon, _ id: String, _ entry: ShowdownSpeciesEntry)
    -> String?
  {
    if let owner = mapping.owners[id], owner != pokemon.slug, hasMoves(owner) { return owner }
    var current = entry
    for _ in 0..<8 {
      guard let name = Self.changesFrom(current) ?? current.baseSpecies else { break }
      if let slug = slug(of: name, other: pokemon.slug), hasMoves(slug) { return slug }
      guard let next = species[ShowdownID.id(name)] else { break }
      current = next
    }
    return base(of: pokemon)
  }

  private func hasMoves(_ slug: String) -> Bool { !(mapping.ownMoves[slug]?.isEmpty ?? true) }

  /// The Pokémon the Showdown name `name` is, other than `other` (`nil` if none).
  private func slug(of name: String, other: String) -> String? {
    guard case .pokemon(let slug) = mapping.index.match(ShowdownID.id(name)), slug != other else {
      return nil
    }
    return slug
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
          speciesOf[slug] == pokemon.speciesSlug
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
