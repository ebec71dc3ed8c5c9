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
  /// Position in `pokedex.pokemon` by Pokémon id.
  private let positionByID: [Int: Int]
  /// Position of the default Pokémon by national number.
  private let positionByNationalNumber: [Int: Int]
  /// Positions by normalized name: a position, or `-(k + 1)` for `sharedPositions[k]`.
  private let positionByName: [String: Int]
  /// The positions of names that several Pokémon share, in dex order, without repeats.
  private let sharedPositions: [[Int]]

  /// Indexes `pokedex`.
  ///
  /// - Complexity: O(*n* × *l*) for *n* Pokémon with names in *l* languages.
  public init(_ pokedex: Pokedex) {
    self.pokedex = pokedex
    typeChart = TypeChart(types: pokedex.types)
    let count = pokedex.pokemon.count
    var positionByID = [Int: Int](minimumCapacity: count)
    var positionByNationalNumber = [Int: Int](minimumCapacity: count)
    var positionByName = [String: Int](minimumCapacity: count * 8)
    var sharedPositions: [[Int]] = []
    func add(_ name: String, _ position: Int) {
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
    pokedex.pokemon.withUnsafeBufferPointer { buffer in
      for position in buffer.indices {
        let pokemon = buffer[position]
        positionByID[pokemon.id] = position
        if pokemon.isDefault || positionByNationalNumber[pokemon.nationalNumber] == nil {
          positionByNationalNumber[pokemon.nationalNumber] = position
        }
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
    self.positionByID = positionByID
    self.positionByNationalNumber = positionByNationalNumber
    self.positionByName = positionByName
    self.sharedPositions = sharedPositions
  }

  /// The positions of the Pokémon with the normalized name `key`, in dex order.
  package func positions(forKey key: String) -> [Int]? {
    guard let position = positionByName[key] else { return nil }
    return position >= 0 ? [position] : sharedPositions[-position - 1]
  }

  /// Calls `body` with every indexed normalized name and its positions.
  package func forEachName(_ body: (String, [Int]) -> Void) {
    for (key, position) in positionByName {
      body(key, position >= 0 ? [position] : sharedPositions[-position - 1])
    }
  }

  /// The Pokémon with PokeAPI id `id`.
  ///
  /// - Complexity: O(1).
  public func pokemon(id: Int) -> Pokemon? {
    positionByID[id].map { pokedex.pokemon[$0] }
  }

  /// The default Pokémon of the species with national number `nationalNumber`.
  ///
  /// - Complexity: O(1).
  public func pokemon(nationalNumber: Int) -> Pokemon? {
    positionByNationalNumber[nationalNumber].map { pokedex.pokemon[$0] }
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
  package func position(ofID id: Int) -> Int? { positionByID[id] }

  /// The Pokémon at `positions`, defaults first, without forms of a species whose default is there.
  package func pokemon(atPositions positions: [Int]) -> [Pokemon] {
    let candidates = positions.map { pokedex.pokemon[$0] }
    let defaultSpecies = Set(candidates.lazy.filter(\.isDefault).map(\.speciesSlug))
    let kept = candidates.filter { $0.isDefault || !defaultSpecies.contains($0.speciesSlug) }
    return kept.filter(\.isDefault) + kept.filter { !$0.isDefault }
  }
}
