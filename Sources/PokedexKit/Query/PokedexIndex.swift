/// O(1) lookup of Pokémon by id, national number and normalized name, plus the type chart.
///
/// The loader builds one after decoding; queries, fetch requests and searches all
/// run against it.
///
/// ```swift
/// let index = PokedexIndex(dex)
/// index.pokemon(id: 10034)?.slug             // "charizard-mega-x"
/// index.pokemon(nationalNumber: 25)?.slug    // "pikachu"
/// index.pokemon(named: "Mr. Mime").map(\.id) // [122]
/// ```
///
/// Names are indexed in every language the data has, with the Pokémon's slug,
/// its species' slug (for default Pokémon) and, for forms, the form's slug before
/// the species' (`alolavulpix`), all as ``NameNormalizer`` keys.
public struct PokedexIndex: Sendable {
  /// The indexed dex.
  public let pokedex: Pokedex
  /// The dex's type chart.
  public let typeChart: TypeChart
  /// Positions by Pokémon id and by national number.
  private let numbers: NumberTable
  /// The normalized names in every language, built on the first lookup by name: a
  /// command that looks no Pokémon up by name (most queries) does not pay for them (a
  /// third of `list`'s time).
  private let names = LazyTable<NameTable>()
  /// The abilities by normalized identifier and name.
  private let abilityKeys: [String: Set<String>]

  /// Indexes `pokedex`.
  ///
  /// - Complexity: O(*t*² + *n* + *a* × *l*) for *t* types, *n* Pokémon and *a* abilities
  ///   named in *l* languages; the first lookup by name adds O(*n* × *l*).
  public init(_ pokedex: Pokedex) {
    self.pokedex = pokedex
    typeChart = TypeChart(types: pokedex.types)
    numbers = NumberTable(pokedex)
    var keys: [String: Set<String>] = [:]
    for ability in pokedex.abilities {
      keys[NameNormalizer.key(ability.identifier), default: []].insert(ability.identifier)
      for name in ability.names.values {
        keys[NameNormalizer.key(name), default: []].insert(ability.identifier)
      }
    }
    abilityKeys = keys
  }

  /// The positions of the Pokémon with the normalized name `key`, in dex order.
  package func positions(forKey key: String) -> [Int]? {
    names.table { NameTable(pokedex) }.positions(forKey: key)
  }

  /// The identifiers of the abilities whose identifier or name in any language has the
  /// normalized form `key` (`"levitate"`); empty when none has.
  ///
  /// - Complexity: O(1) expected.
  package func abilityIdentifiers(forKey key: String) -> Set<String> {
    abilityKeys[key] ?? []
  }

  /// Calls `body` with every indexed normalized name and its positions.
  package func forEachName(_ body: (String, [Int]) -> Void) {
    names.table { NameTable(pokedex) }.forEachName(body)
  }

  /// The Pokémon with PokeAPI id `id`.
  ///
  /// - Complexity: O(1).
  public func pokemon(id: Int) -> Pokemon? {
    position(ofID: id).map { pokedex.pokemon[$0] }
  }

  /// The default Pokémon of the species with national number `nationalNumber`.
  ///
  /// - Complexity: O(1).
  public func pokemon(nationalNumber: Int) -> Pokemon? {
    numbers.positionByNationalNumber[nationalNumber].map {
      pokedex.pokemon[$0]
    }
  }

  /// The Pokémon with the name `name` in any language (or that slug), compared as
  /// ``NameNormalizer`` keys, default Pokémon first.
  ///
  /// When a name belongs to a default Pokémon and to forms of the same species
  /// (forms whose name in some language is just the species' name), only the
  /// default Pokémon is returned.
  ///
  /// ```swift
  /// index.pokemon(named: "farfetchd").first?.names["en"]  // "Farfetch’d"
  /// index.pokemon(named: "ロコン").map(\.slug)              // ["vulpix"]
  /// ```
  /// - Complexity: O(*k*) in the length of `name`.
  public func pokemon(named name: String) -> [Pokemon] {
    pokemon(atPositions: positions(forKey: NameNormalizer.key(name)) ?? [])
  }

  /// The position of the Pokémon with id `id` in `pokedex.pokemon`.
  package func position(ofID id: Int) -> Int? {
    numbers.positionByID[id]
  }

  /// The Pokémon at `positions`, defaults first, without forms of a species whose default is there.
  package func pokemon(atPositions positions: [Int]) -> [Pokemon] {
    let candidates = positions.map { pokedex.pokemon[$0] }
    let defaultSpecies = Set(candidates.lazy.filter(\.isDefault).map(\.speciesSlug))
    let kept = candidates.filter { $0.isDefault || !defaultSpecies.contains($0.speciesSlug) }
    return kept.filter(\.isDefault) + kept.filter { !$0.isDefault }
  }
}

/// Positions in `pokedex.pokemon` by Pokémon id, and of the default Pokémon by national number.
struct NumberTable: Sendable {
  private(set) var positionByID: [Int: Int]
  private(set) var positionByNationalNumber: [Int: Int]

  /// Indexes the ids and national numbers of `pokedex`.
  init(_ pokedex: Pokedex) {
    let count = pokedex.pokemon.count
    positionByID = [Int: Int](minimumCapacity: count)
    positionByNationalNumber = [Int: Int](minimumCapacity: count)
    let all = pokedex.pokemon
    for position in all.indices {
      positionByID[all[position].id] = position
      let number = all[position].nationalNumber
      if all[position].isDefault || positionByNationalNumber[number] == nil {
        positionByNationalNumber[number] = position
      }
    }
  }
}

/// Normalized names with the positions of the Pokémon that have them.
struct NameTable: Sendable {
  /// A position, or `-(k + 1)` for `sharedPositions[k]`.
  private var positionByName: [String: Int]
  /// The positions of names that several Pokémon share, in dex order, without repeats.
  private var sharedPositions: [[Int]] = []

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
  }

  private mutating func add(_ name: String, _ position: Int) {
    let key = NameNormalizer.key(name)
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

  func positions(forKey key: String) -> [Int]? {
    guard let position = positionByName[key] else { return nil }
    return position >= 0 ? [position] : sharedPositions[-position - 1]
  }

  func forEachName(_ body: (String, [Int]) -> Void) {
    for (key, position) in positionByName {
      body(key, position >= 0 ? [position] : sharedPositions[-position - 1])
    }
  }
}
