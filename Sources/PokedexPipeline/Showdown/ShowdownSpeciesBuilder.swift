import PokedexKit

/// Gives each Pokémon of the dex what Pokémon Showdown knows of it (``ShowdownSpecies``):
/// its Showdown name and id, its aliases, the formes PokeAPI keeps inside it, what it needs,
/// its tags and its tiers in every generation.
///
/// The rules, in order (`Guides/DataFormat.md`, "Showdown's names and tiers"):
/// 1. Showdown's real species and formes (national number 1 and up; not CAP or custom) are
///    matched to PokeAPI's Pokémon as the learnsets are (``ShowdownPokemonIndex``, with
///    ``ShowdownID/pokemonExceptions``); a few PokeAPI Pokémon share an entry
///    (``ShowdownID/sharedEntries``).
/// 2. An entry that matches no Pokémon is a forme PokeAPI keeps inside one: it joins the
///    Pokémon of the forme it comes from in battle, else the one it changes from, else its
///    base species', with its own types where they differ (Arceus-Fairy is Fairy). The
///    cosmetic formes a species lists without an entry (Florges-Blue) join it too.
/// 3. An alias joins the Pokémon or forme whose name it stands for.
/// 4. Tiers follow Showdown: a generation's table, else the next newer generation's; a forme
///    without tiers of its own takes those of the forme it comes from in battle, else of its
///    base species (Mimikyu's and the totems' as Showdown does); a generation before the
///    forme's is left out.
///
/// An entry or alias that cannot be placed, and a PokeAPI Pokémon that Showdown does not
/// have (beyond ``ShowdownID/withoutEntries``), is a warning naming the entry and the file.
///
/// ```swift
/// var builder = ShowdownSpeciesBuilder(dex: dex, tables: tables)
/// let species = builder.build()            // by slug
/// species["indeedee-female"]?.name          // "Indeedee-F"
/// builder.diagnostics                      // [] for the shared data
/// ```
///
/// - Complexity: O(*n* + *a*) in the numbers of entries and aliases, plus O(*p*) to index
///   the *p* Pokémon.
struct ShowdownSpeciesBuilder {
  let dex: Pokedex
  let tables: ShowdownTables
  /// What could not be placed, as warnings, in the order found.
  private(set) var diagnostics: [DexDiagnostic] = []

  /// The canon entries by id.
  private var entries: [String: ShowdownSpeciesEntry] = [:]
  /// The Pokémon each matched entry is, by entry id.
  private var owners: [String: String] = [:]
  /// The entry each Pokémon is, by slug.
  private var entryOf: [String: String] = [:]
  /// The formes joined to each Pokémon, by slug, in Showdown's order.
  private var formes: [String: [ShowdownForme]] = [:]
  /// The Pokémon each forme joined, by the forme's id.
  private var formeOwners: [String: String] = [:]
  /// The aliases of each Pokémon, by slug, and of each forme, by its id.
  private var aliases: [String: [String]] = [:]
  private var formeAliases: [String: [String]] = [:]

  init(dex: Pokedex, tables: ShowdownTables) {
    self.dex = dex
    self.tables = tables
  }

  /// What Showdown knows of each Pokémon it has, by slug.
  mutating func build() -> [String: ShowdownSpecies] {
    for entry in tables.species where Self.isCanon(entry.entry) {
      entries[entry.id] = entry.entry
    }
    matchEntries()
    joinFormes()
    placeAliases()
    var result: [String: ShowdownSpecies] = [:]
    for pokemon in dex.pokemon {
      guard let id = entryOf[pokemon.slug], let entry = entries[id] else {
        if ShowdownID.withoutEntries[pokemon.slug] == nil {
          warn(
            "pokedex.json",
            "no entry is PokeAPI's '\(pokemon.slug)'; it has no Showdown name"
          )
        }
        continue
      }
      result[pokemon.slug] = species(id, entry, of: pokemon)
    }
    return result
  }

  /// Whether an entry is a real species or forme: CAP, Pokéstar and MissingNo. are not.
  /// (A cosmetic forme's entry has no number; it is its species'.)
  static func isCanon(_ entry: ShowdownSpeciesEntry) -> Bool {
    ((entry.num ?? 0) >= 1 || entry.isCosmeticForme == true)
      && !["CAP", "Custom"].contains(entry.isNonstandard ?? "")
  }

  // MARK: Rule 1: entries to Pokémon

  private mutating func matchEntries() {
    let index = ShowdownPokemonIndex(dex: dex)
    for entry in tables.species where entries[entry.id] != nil {
      switch index.match(entry.id) {
      case .pokemon(let slug):
        if let other = entryOf[slug] {
          warn(
            "pokedex.json: \(entry.id)",
            "is PokeAPI's '\(slug)', which '\(other)' already is; left out"
          )
          continue
        }
        owners[entry.id] = slug
        entryOf[slug] = entry.id
      case .ambiguous(let slugs):
        warn(
          "pokedex.json: \(entry.id)",
          "matches several Pokémon (\(slugs.joined(separator: ", "))); left out"
        )
      case .none:
        continue  // a forme PokeAPI keeps inside a Pokémon (rule 2)
      }
    }
    let slugs = Set(dex.pokemon.map(\.slug))
    for (slug, id) in ShowdownID.sharedEntries.sorted(by: { $0.key < $1.key })
    where slugs.contains(slug) && entryOf[slug] == nil && entries[id] != nil {
      entryOf[slug] = id
    }
  }

  // MARK: Rule 2: formes

  private mutating func joinFormes() {
    for entry in tables.species {
      guard let value = entries[entry.id], owners[entry.id] == nil else { continue }
      let candidates =
        (value.battleOnly?.names ?? [])
        + [value.changesFrom, value.baseSpecies]
        .compactMap { $0 }
      let owners = self.owners
      guard let owner = candidates.lazy.compactMap({ owners[ShowdownID.id($0)] }).first else {
        warn(
          "pokedex.json: \(entry.id)",
          "matches no Pokémon, and neither does the forme it comes from; left out"
        )
        continue
      }
      join(
        ShowdownForme(
          name: value.name,
          id: entry.id,
          types: types(value.types, unlessSameAs: owner),
          requiredItems: value.neededItems,
          isCosmetic: value.isCosmeticForme ?? false,
          isBattleOnly: value.battleOnly != nil
        ),
        to: owner
      )
    }
    // Cosmetic formes named only in their species' entry.
    for entry in tables.species {
      guard let value = entries[entry.id], let owner = owners[entry.id] else { continue }
      for name in value.cosmeticFormes ?? [] {
        let id = ShowdownID.id(name)
        guard entries[id] == nil, formeOwners[id] == nil else { continue }
        join(ShowdownForme(name: name, id: id, isCosmetic: true), to: owner)
      }
    }
  }

  private mutating func join(_ forme: ShowdownForme, to slug: String) {
    formes[slug, default: []].append(forme)
    formeOwners[forme.id] = slug
  }

  /// `types` as type identifiers (`"Fairy"` is `fairy`), or `nil` when they are the types of
  /// the Pokémon `slug` (or not given).
  private func types(_ types: [String]?, unlessSameAs slug: String) -> [String]? {
    guard let types else { return nil }
    let identifiers = types.map { $0.lowercased() }
    let own = dex.pokemon.first { $0.slug == slug }?.types
    return identifiers == own ? nil : identifiers
  }

  // MARK: Rule 3: aliases

  private mutating func placeAliases() {
    let names = Set(tables.species.map { ShowdownID.id($0.entry.name) })
    // An alias that is itself a name (Showdown's `miniororange` for Minior's cosmetic
    // Orange Core) adds nothing: the name finds its Pokémon or forme.
    for alias in tables.aliases where owners[alias.id] == nil && formeOwners[alias.id] == nil {
      let target = ShowdownID.id(alias.entry)
      if let slug = owners[target] {
        aliases[slug, default: []].append(alias.id)
      } else if formeOwners[target] != nil {
        formeAliases[target, default: []].append(alias.id)
      } else if names.contains(target), entries[target] != nil {
        warn("aliases.json: \(alias.id)", "stands for '\(alias.entry)', which has no Pokémon")
      }
      // Other aliases name moves, items, abilities, formats or non-canon species.
    }
  }

  // MARK: The result

  private func species(
    _ id: String,
    _ entry: ShowdownSpeciesEntry,
    of pokemon: Pokemon
  ) -> ShowdownSpecies {
    let base = entry.baseSpecies.flatMap { entries[ShowdownID.id($0)] }
    let battleOnly =
      entry.battleOnly?.names ?? (Self.isMega(entry) ? entry.baseSpecies.map { [$0] } ?? [] : [])
    // Clamped: a generation outside 1...9 in the file must not make an empty range.
    // A cosmetic forme's entry has no number: its species' gives the generation.
    let generation = min(
      max(
        entry.gen ?? base?.gen ?? Self.generation(of: entry.num == nil ? base ?? entry : entry),
        1
      ),
      9
    )
    let isShared = owners[id] != pokemon.slug
    return ShowdownSpecies(
      name: entry.name,
      id: id,
      aliases: isShared ? [] : aliases[pokemon.slug] ?? [],
      formes: (isShared ? [] : formes[pokemon.slug] ?? []).map { forme in
        var forme = forme
        forme.aliases = formeAliases[forme.id] ?? []
        return forme
      },
      requiredItems: entry.neededItems,
      requiredAbility: entry.requiredAbility,
      requiredMove: entry.requiredMove,
      battleOnly: battleOnly,
      changesFrom: entry.changesFrom ?? battleOnly.first,
      generation: generation,
      tags: entry.tags ?? base?.tags ?? [],
      tiers: (generation...9).map { tiers(of: id, entry, in: $0) },
      sharedWith: isShared ? owners[id] : nil
    )
  }

  /// Whether the entry is a Mega Evolution (Showdown: a forme `Mega`, `Mega-X` or `Mega-Y`).
  private static func isMega(_ entry: ShowdownSpeciesEntry) -> Bool {
    ["Mega", "Mega-X", "Mega-Y"].contains(entry.forme ?? "")
  }

  /// The generation Showdown gives an entry that names none, from its number and forme.
  static func generation(of entry: ShowdownSpeciesEntry) -> Int {
    let number = entry.num ?? 0
    let forme = entry.forme ?? ""
    if number >= 906 || forme.contains("Paldea") { return 9 }
    if number >= 810 || ["Gmax", "Galar", "Galar-Zen", "Hisui"].contains(forme) { return 8 }
    if number >= 722 || forme.hasPrefix("Alola") || forme == "Starter" { return 7 }
    if forme == "Primal" || number >= 650 || isMega(entry) { return 6 }
    if number >= 494 { return 5 }
    if number >= 387 { return 4 }
    if number >= 252 { return 3 }
    if number >= 152 { return 2 }
    return 1
  }

  /// The entry's tiers in `generation` (rule 4).
  private func tiers(of id: String, _ entry: ShowdownSpeciesEntry, in generation: Int)
    -> ShowdownTiers
  {
    var found = formats(of: id, in: generation)
    if found?.tier == nil && found?.doublesTier == nil && found?.natDexTier == nil,
      let base = entry.baseSpecies, base != entry.name
    {
      let fallback: String
      if base == "Mimikyu" {
        fallback = "mimikyu"
      } else if id.hasSuffix("totem") {
        fallback = String(id.dropLast(5))
      } else if let battleOnly = entry.battleOnly?.names.first {
        fallback = ShowdownID.id(battleOnly)
      } else {
        fallback = ShowdownID.id(base)
      }
      let inherited = formats(of: fallback, in: generation)
      found = ShowdownFormatsEntry(
        tier: inherited?.tier ?? "Illegal",
        doublesTier: inherited?.doublesTier ?? "Illegal",
        natDexTier: inherited?.natDexTier ?? "Illegal",
        isNonstandard: found?.isNonstandard ?? entry.isNonstandard
      )
    }
    let singles = found?.tier ?? "Illegal"
    return ShowdownTiers(
      generation: generation,
      singles: singles,
      doubles: found?.doublesTier ?? singles,
      nationalDex: found?.natDexTier ?? singles,
      isNonstandard: found?.isNonstandard ?? (generation == 9 ? entry.isNonstandard : nil)
    )
  }

  /// `formats-data.json`'s entry for `id` in `generation`, else in the next newer
  /// generation that has one (a generation's table holds only what its mod changes).
  private func formats(of id: String, in generation: Int) -> ShowdownFormatsEntry? {
    for newer in generation...9 {
      if let entry = tables.formats[newer]?[id] { return entry }
    }
    return nil
  }

  private mutating func warn(_ location: String, _ message: String) {
    diagnostics.append(DexDiagnostic(severity: .warning, message: message, location: location))
  }
}
