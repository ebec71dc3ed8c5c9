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
  /// Positions by normalized name, in dex order, without repeats.
  package let positionsByName: [String: [Int]]

  /// Indexes `pokedex`.
  ///
  /// - Complexity: O(*n* × *l*) for *n* Pokémon with names in *l* languages.
  public init(_ pokedex: Pokedex) {
    self.pokedex = pokedex
    typeChart = TypeChart(types: pokedex.types)
    let count = pokedex.pokemon.count
    var positionByID = [Int: Int](minimumCapacity: count)
    var positionByNationalNumber = [Int: Int](minimumCapacity: count)
    var positionsByName = [String: [Int]](minimumCapacity: count * 4)
    func add(_ name: String, _ position: Int) {
      let key = NameNormalizer.key(name)
      guard !key.isEmpty else { return }
      positionsByName[key, default: []].appendIfNew(position)
    }
    for (position, pokemon) in pokedex.pokemon.enumerated() {
      positionByID[pokemon.id] = position
      if pokemon.isDefault || positionByNationalNumber[pokemon.nationalNumber] == nil {
        positionByNationalNumber[pokemon.nationalNumber] = position
      }
      add(pokemon.slug, position)
      if pokemon.isDefault { add(pokemon.speciesSlug, position) }
      if let form = pokemon.form, !form.slug.isEmpty {
        add(form.slug + pokemon.speciesSlug, position)
      }
      for name in pokemon.names.values { add(name, position) }
    }
    self.positionByID = positionByID
    self.positionByNationalNumber = positionByNationalNumber
    self.positionsByName = positionsByName
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
    pokemon(atPositions: positionsByName[NameNormalizer.key(name)] ?? [])
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

extension Array where Element == Int {
  /// Appends `value` unless it is already the last element (positions arrive in order).
  fileprivate mutating func appendIfNew(_ value: Int) {
    if last != value { append(value) }
  }
}
