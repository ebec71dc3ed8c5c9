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
  /// Positions by Pokémon id and by national number, built on the first lookup by number.
  private let numbers: LazyTable<NumberTable>
  /// The normalized names, built on the first name lookup.
  private let names: LazyTable<NameTable>
  /// The abilities by normalized identifier and name, built on the first lookup.
  private let abilityKeys: LazyTable<[String: Set<String>]>
  /// Each Pokémon's rank in name order, by language, built on the first sort by name.
  let nameRanks: LazyTables<String, [Int]>
  /// Each Pokémon's rank in a fetch's order, by order, built on the first fetch in it.
  let orderRanks: LazyTables<OrderRanksKey, [Int]>
  /// The rows of a fetch in its order (sections, then sort) with their section catalog,
  /// built on the first fetch in that order.
  let orderedRows: LazyTables<RowOrderKey, (rows: [PokemonRow], catalog: SectionCatalog)>
  /// Each stat of every Pokémon, by stat, built on the first test of the stat on the dex.
  private let statColumns: LazyTables<QueryStat, [Double]>
  /// Every Pokémon's first two types as numbers, built on the first type test on the dex.
  private let typeColumnTable: LazyTable<TypeColumns>

  /// Indexes `pokedex`.
  ///
  /// Only the type chart is built here. The tables of positions by id and by
  /// national number are built on the first lookup by number, and the table of
  /// normalized names in every language on the first lookup by name, so that a
  /// command that never looks a Pokémon up (a query) does not pay for them.
  ///
  /// - Complexity: O(*t*²) for *t* types; the first lookup by number adds O(*n*)
  ///   for *n* Pokémon, the first name lookup O(*n* × *l*) for names in *l* languages.
  public init(_ pokedex: Pokedex) {
    self.pokedex = pokedex
    typeChart = TypeChart(types: pokedex.types)
    numbers = LazyTable()
    names = LazyTable()
    abilityKeys = LazyTable()
    // A browser cycles through a handful of sorts and section keys; each table holds one
    // integer or row per Pokémon.
    nameRanks = LazyTables(limit: 4)
    orderRanks = LazyTables(limit: 16)
    orderedRows = LazyTables(limit: 8)
    statColumns = LazyTables(limit: QueryStat.allCases.count)
    typeColumnTable = LazyTable()
  }

  /// The positions of the Pokémon with the normalized name `key`, in dex order.
  package func positions(forKey key: String) -> [Int]? {
    names.table { NameTable(pokedex) }.positions(forKey: key)
  }

  /// The identifiers of the abilities whose identifier or name in any language has the
  /// normalized form `key` (`"levitate"`); empty when none has.
  ///
  /// - Complexity: O(1) expected; the first lookup builds the table in O(*a* × *l*) for
  ///   *a* abilities named in *l* languages.
  package func abilityIdentifiers(forKey key: String) -> Set<String> {
    let keys = abilityKeys.table {
      var keys: [String: Set<String>] = [:]
      for ability in pokedex.abilities {
        keys[NameNormalizer.key(ability.identifier), default: []].insert(ability.identifier)
        for name in ability.names.values {
          keys[NameNormalizer.key(name), default: []].insert(ability.identifier)
        }
      }
      return keys
    }
    return keys[key] ?? []
  }

  /// `stat` of every Pokémon, by position: a column that a query tests the whole dex on,
  /// reading one number per Pokémon in order.
  ///
  /// - Complexity: O(1) after the first call for `stat`, which reads every Pokémon.
  package func column(of stat: QueryStat) -> [Double] {
    statColumns.table(for: stat) {
      let all = pokedex.pokemon
      let getter = stat.getter
      return all.indices.map { getter(all, $0) }
    }
  }

  /// Every Pokémon's first two types as numbers, by position.
  ///
  /// - Complexity: O(1) after the first call, which reads every Pokémon.
  package func typeColumns() -> TypeColumns {
    typeColumnTable.table { TypeColumns(pokedex) }
  }

  /// Calls `body` with every indexed normalized name and its positions.
  package func forEachName(_ body: (String, [Int]) -> Void) {
    names.table { NameTable(pokedex) }.forEachName(body)
  }

  /// The Pokémon with PokeAPI id `id`.
  ///
  /// - Complexity: O(1); the first lookup by id or national number builds the
  ///   table in O(*n*).
  public func pokemon(id: Int) -> Pokemon? {
    position(ofID: id).map { pokedex.pokemon[$0] }
  }

  /// The default Pokémon of the species with national number `nationalNumber`.
  ///
  /// - Complexity: O(1); the first lookup by id or national number builds the
  ///   table in O(*n*).
  public func pokemon(nationalNumber: Int) -> Pokemon? {
    numbers.table { NumberTable(pokedex) }.positionByNationalNumber[nationalNumber].map {
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
    numbers.table { NumberTable(pokedex) }.positionByID[id]
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

/// Every Pokémon's first two types as numbers (0 for none), with each type's number: the
/// type columns of ``PokedexIndex/typeColumns()``.
package struct TypeColumns: Sendable {
  /// The number of each type: the dex's types from 1 in table order, then the types only
  /// Pokémon name.
  package private(set) var numbers: [String: UInt32] = [:]
  /// The number of each Pokémon's first type, by position.
  package private(set) var first: [UInt32]
  /// The number of each Pokémon's second type, by position.
  package private(set) var second: [UInt32]

  init(_ pokedex: Pokedex) {
    // The table's types are found by comparing a few short strings, without hashing.
    let known = pokedex.types.map(\.identifier)
    for (offset, type) in known.enumerated() where numbers[type] == nil {
      numbers[type] = UInt32(truncatingIfNeeded: offset + 1)
    }
    let all = pokedex.pokemon
    first = [UInt32](repeating: 0, count: all.count)
    second = first
    var numbers = self.numbers
    // After the table's numbers; at most twice as many types as Pokémon, far fewer than
    // 2³² in any memory.
    var next = known.count + 1
    func number(_ type: String) -> UInt32 {
      if let offset = known.firstIndex(of: type) { return UInt32(truncatingIfNeeded: offset + 1) }
      if let number = numbers[type] { return number }
      numbers[type] = UInt32(truncatingIfNeeded: next)
      next += 1
      return UInt32(truncatingIfNeeded: next - 1)
    }
    for position in all.indices {
      let types = all[position].types
      if types.count > 0 { first[position] = number(types[0]) }
      if types.count > 1 { second[position] = number(types[1]) }
    }
    self.numbers = numbers
  }
}
