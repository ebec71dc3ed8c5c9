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

  /// The slug of the Pokémon a slug, a name in any language or a Showdown name or alias
  /// names: the one whose slug it is, else the default Pokémon of that name, else the first
  /// form; `nil` when none has it.
  ///
  /// ```swift
  /// index.slug(named: "Pikachu")  // "pikachu"
  /// index.slug(named: "lando")    // "landorus-incarnate"
  /// ```
  ///
  /// - Complexity: O(1) expected after the name table is built.
  package func slug(named text: String) -> String? {
    let key = NameNormalizer.key(text)
    guard let positions = positions(forKey: key), !positions.isEmpty else {
      return (forme(forKey: key) ?? alias(forKey: key))?.pokemon.slug
    }
    let pokemon = pokedex.pokemon
    let position =
      positions.first { NameNormalizer.key(pokemon[$0].slug) == key }
      ?? positions.first { pokemon[$0].isDefault } ?? positions[0]
    return pokemon[position].slug
  }

  /// The identifier of the type `text` names (identifier or name in any language) in a
  /// query term at `location`.
  ///
  /// ```swift
  /// try index.typeIdentifier(named: "Feu", at: location)  // "fire"
  /// ```
  ///
  /// - Throws: ``QueryError/unknownValue(_:_:suggestion:at:)`` of kind `.type`, with the
  ///   closest type.
  package func typeIdentifier(named text: String, at location: QuerySourceLocation)
    throws(QueryError) -> String
  {
    do {
      return try typeChart.type(named: text).identifier
    } catch {
      switch error {
      case .unknownType(_, let suggestion):
        throw .unknownValue(.type, text, suggestion: suggestion, at: location)
      }
    }
  }

  /// The identifiers of the abilities whose identifier or name in any language has the
  /// normalized form `key` (`"levitate"`); empty when none has.
  ///
  /// - Complexity: O(1) expected.
  package func abilityIdentifiers(forKey key: String) -> Set<String> {
    abilityKeys[key] ?? []
  }

  /// The Pokémon and the Showdown forme the normalized name `key` names (`arceusfairy`):
  /// a forme PokeAPI keeps inside one Pokémon.
  package func forme(forKey key: String) -> (pokemon: Pokemon, forme: ShowdownForme)? {
    guard let found = names.table({ NameTable(pokedex) }).forme(forKey: key),
      let formes = pokedex.pokemon[found.position].showdown?.formes,
      formes.indices.contains(found.forme)
    else { return nil }
    return (pokedex.pokemon[found.position], formes[found.forme])
  }

  /// What the Showdown alias `key` (normalized, `lando`) stands for: a Pokémon, and a
  /// forme of it when the alias names one.
  package func alias(forKey key: String) -> (pokemon: Pokemon, forme: ShowdownForme?)? {
    switch names.table({ NameTable(pokedex) }).alias(forKey: key) {
    case .pokemon(let position)?:
      return (pokedex.pokemon[position], nil)
    case .forme(let found)?:
      let formes = pokedex.pokemon[found.position].showdown?.formes ?? []
      guard formes.indices.contains(found.forme) else { return nil }
      return (pokedex.pokemon[found.position], formes[found.forme])
    case nil:
      return nil
    }
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

  /// The Pokémon with the name `name` in any language (or that slug, or its Showdown
  /// name), compared as ``NameNormalizer`` keys, default Pokémon first; else the Pokémon of
  /// the Showdown forme or alias `name` is.
  ///
  /// When a name belongs to a default Pokémon and to forms of the same species
  /// (forms whose name in some language is just the species' name), only the
  /// default Pokémon is returned.
  ///
  /// ```swift
  /// index.pokemon(named: "farfetchd").first?.names["en"]  // "Farfetch’d"
  /// index.pokemon(named: "ロコン").map(\.slug)              // ["vulpix"]
  /// index.pokemon(named: "Indeedee-F").map(\.slug)         // ["indeedee-female"]
  /// index.pokemon(named: "lando").map(\.slug)              // ["landorus-incarnate"]
  /// ```
  /// - Complexity: O(*k*) in the length of `name`.
  public func pokemon(named name: String) -> [Pokemon] {
    let key = NameNormalizer.key(name)
    if let positions = positions(forKey: key) { return pokemon(atPositions: positions) }
    return (forme(forKey: key)?.pokemon ?? alias(forKey: key)?.pokemon).map { [$0] } ?? []
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
