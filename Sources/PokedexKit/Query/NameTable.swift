/// Normalized names with the positions of the Pokémon that have them, and the names
/// Pokémon Showdown adds: its names, the formes PokeAPI keeps inside one Pokémon, and its
/// aliases.
///
/// PokeAPI's names come first: a Showdown name, forme or alias only fills a key no name of
/// PokeAPI's has (`show Maushold` is PokeAPI's default Maushold; a paste's `Maushold` is
/// resolved the Showdown way by the team validator).
struct NameTable: Sendable {
  /// A forme of a Pokémon: the Pokémon's position and the forme's index in its Showdown
  /// formes.
  struct FormeKey: Hashable, Sendable {
    var position: Int
    var forme: Int
  }

  /// What an alias stands for: a Pokémon, or a forme of one.
  enum AliasTarget: Hashable, Sendable {
    case pokemon(Int)
    case forme(FormeKey)
  }

  /// A position, or `-(k + 1)` for `sharedPositions[k]`.
  private var positionByName: [String: Int]
  /// The positions of names that several Pokémon share, in dex order, without repeats.
  private var sharedPositions: [[Int]] = []
  /// Showdown's formes by normalized name (`arceusfairy`).
  private var formes: [String: FormeKey] = [:]
  /// Showdown's aliases by normalized alias (`lando`).
  private var aliases: [String: AliasTarget] = [:]

  /// Indexes every name of every Pokémon of `pokedex`.
  init(_ pokedex: Pokedex) {
    positionByName = [String: Int](minimumCapacity: pokedex.pokemon.count * 8)
    for (position, pokemon) in pokedex.pokemon.enumerated() {
      add(pokemon.slug, position)
      if pokemon.isDefault, pokemon.speciesSlug != pokemon.slug {
        add(pokemon.speciesSlug, position)
      }
      if let form = pokemon.form, !form.slug.isEmpty {
        add(form.slug + pokemon.speciesSlug, position)
      }
      var previous: [String] = []
      for name in pokemon.names.values where !previous.contains(name) {
        add(name, position)
        previous.append(name)
      }
    }
    // Showdown's names where PokeAPI has none (collected apart, so that each is checked
    // against PokeAPI's names only); a Pokémon that shares another's entry (Zygarde with
    // Power Construct) leaves the name to that one.
    var showdownNames: [(key: String, position: Int)] = []
    for (position, pokemon) in pokedex.pokemon.enumerated() {
      guard let showdown = pokemon.showdown, showdown.sharedWith == nil else { continue }
      let name = showdown.name
      let key = NameNormalizer.key(name)
      if !key.isEmpty, positionByName[key] == nil { showdownNames.append((key, position)) }
    }
    for (key, position) in showdownNames { addKey(key, position) }
    for (position, pokemon) in pokedex.pokemon.enumerated() {
      for (index, forme) in (pokemon.showdown?.formes ?? []).enumerated() {
        let key = NameNormalizer.key(forme.name)
        if !key.isEmpty, positionByName[key] == nil, formes[key] == nil {
          formes[key] = FormeKey(position: position, forme: index)
        }
      }
    }
    for (position, pokemon) in pokedex.pokemon.enumerated() {
      guard let showdown = pokemon.showdown else { continue }
      for alias in showdown.aliases { addAlias(alias, .pokemon(position)) }
      for (index, forme) in showdown.formes.enumerated() {
        for alias in forme.aliases {
          addAlias(alias, .forme(FormeKey(position: position, forme: index)))
        }
      }
    }
  }

  private mutating func add(_ name: String, _ position: Int) {
    addKey(NameNormalizer.key(name), position)
  }

  private mutating func addKey(_ key: String, _ position: Int) {
    guard !key.isEmpty else { return }
    guard let existing = positionByName[key] else {
      positionByName[key] = position
      return
    }
    if existing >= 0 {
      guard existing != position else { return }
      positionByName[key] = -(sharedPositions.count + 1)
      sharedPositions.append([existing, position])
    } else if sharedPositions[-existing - 1].last != position {
      sharedPositions[-existing - 1].append(position)
    }
  }

  /// Adds an alias where no name or forme has its key, and no other alias has.
  private mutating func addAlias(_ alias: String, _ target: AliasTarget) {
    let key = NameNormalizer.key(alias)
    guard !key.isEmpty, positionByName[key] == nil, formes[key] == nil, aliases[key] == nil
    else { return }
    aliases[key] = target
  }

  func positions(forKey key: String) -> [Int]? {
    guard let position = positionByName[key] else { return nil }
    return position >= 0 ? [position] : sharedPositions[-position - 1]
  }

  /// The Showdown forme named `key`, if a forme has that name.
  func forme(forKey key: String) -> FormeKey? { formes[key] }

  /// What the Showdown alias `key` stands for, if it is one.
  func alias(forKey key: String) -> AliasTarget? { aliases[key] }

  func forEachName(_ body: (String, [Int]) -> Void) {
    for (key, position) in positionByName {
      body(key, position >= 0 ? [position] : sharedPositions[-position - 1])
    }
  }
}
