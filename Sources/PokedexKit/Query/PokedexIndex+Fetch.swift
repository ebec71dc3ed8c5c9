extension PokedexIndex {
  /// Runs a fetch request: filters with its query, sorts, groups into sections and pages.
  ///
  /// Paging applies to rows in section order, as in a table view: `fetchOffset`
  /// rows are skipped and at most `fetchLimit` are kept, across sections.
  ///
  /// ```swift
  /// let result = index.fetch(PokemonFetchRequest(query: try Query(["gen:1"], index: index)))
  /// result.matchCount  // 151 with the full data
  /// ```
  /// - Complexity: O(*n* × *t*) to filter *n* Pokémon with *t* terms, plus
  ///   O(*m* log *m*) to sort the *m* matches.
  public func fetch(_ request: PokemonFetchRequest) -> PokemonFetchResult {
    let matches = request.query.filter(pokedex.pokemon)
    let sorted = sort(matches, by: request.sortDescriptors, language: request.language)
    let offset = max(0, request.fetchOffset)
    let limit = request.fetchLimit.map { max(0, $0) } ?? Int.max
    guard let sectionKey = request.sectionKey else {
      let page = Array(sorted.dropFirst(offset).prefix(limit))
      let sections = page.isEmpty ? [] : [PokemonSection(identifier: "", name: "", pokemon: page)]
      return PokemonFetchResult(
        sections: sections,
        matchCount: matches.count,
        rowCount: sorted.count
      )
    }
    let catalog = SectionCatalog(key: sectionKey, pokedex: pokedex, language: request.language)
    var rows: [(section: SectionCatalog.Entry, rank: Int, pokemon: Pokemon)] = []
    rows.reserveCapacity(sorted.count)
    for (rank, pokemon) in sorted.enumerated() {
      for entry in catalog.entries(for: pokemon) { rows.append((entry, rank, pokemon)) }
    }
    rows.sort {
      ($0.section.order, $0.section.identifier, $0.rank)
        < ($1.section.order, $1.section.identifier, $1.rank)
    }
    var sections: [PokemonSection] = []
    for row in rows.dropFirst(offset).prefix(limit) {
      if sections.last?.identifier == row.section.identifier {
        sections[sections.count - 1].pokemon.append(row.pokemon)
      } else {
        sections.append(
          PokemonSection(
            identifier: row.section.identifier,
            name: row.section.name,
            pokemon: [row.pokemon]
          )
        )
      }
    }
    return PokemonFetchResult(sections: sections, matchCount: matches.count, rowCount: rows.count)
  }

  /// Sorts stably by `descriptors`, then by national number and id.
  ///
  /// - Complexity: O(*n* log *n*).
  public func sort(
    _ pokemon: [Pokemon],
    by descriptors: [PokemonSortDescriptor],
    language: String = "en"
  ) -> [Pokemon] {
    let keys = descriptors + PokemonSortDescriptor.defaultOrder
    var numbers: [[Double]] = []
    var names: [[String]] = []
    var plan: [(descriptor: PokemonSortDescriptor, column: Int)] = []
    pokemon.withUnsafeBufferPointer { buffer in
      for descriptor in keys {
        switch descriptor.key {
        case .name:
          plan.append((descriptor, names.count))
          names.append(
            buffer.indices.map {
              let pokemon = buffer[$0]
              return NameNormalizer.key(
                pokemon.names[language] ?? pokemon.names["en"] ?? pokemon.slug
              )
            }
          )
        case .id:
          plan.append((descriptor, numbers.count))
          numbers.append(buffer.indices.map { Double(buffer[$0].id) })
        default:
          let stat = descriptor.key.stat ?? .num
          plan.append((descriptor, numbers.count))
          numbers.append(buffer.indices.map { stat.value(of: buffer[$0]) })
        }
      }
    }
    let order = pokemon.indices.sorted { a, b in
      for (descriptor, column) in plan {
        if descriptor.key == .name {
          let (x, y) = (names[column][a], names[column][b])
          if x != y { return descriptor.isAscending ? x < y : x > y }
        } else {
          let (x, y) = (numbers[column][a], numbers[column][b])
          if x != y { return descriptor.isAscending ? x < y : x > y }
        }
      }
      return a < b
    }
    return order.map { pokemon[$0] }
  }
}

/// The sections one key can produce, with their order and names.
struct SectionCatalog {
  struct Entry: Hashable {
    var order: Int
    var identifier: String
    var name: String
  }

  let key: PokemonSectionKey
  private var entries: [String: Entry] = [:]
  private let fallbackOrder = Int.max / 2

  init(key: PokemonSectionKey, pokedex: Pokedex, language: String) {
    self.key = key
    func add(_ identifier: String, _ name: String, _ order: Int, key: String? = nil) {
      entries[key ?? identifier] = Entry(order: order, identifier: identifier, name: name)
    }
    switch key {
    case .type, .types:
      for (order, type) in pokedex.types.enumerated() {
        add(
          type.identifier,
          type.names[language] ?? type.names["en"] ?? PropertyNames.titleCase(type.identifier),
          order
        )
      }
    case .generation:
      for generation in pokedex.generations {
        let name =
          generation.names[language] ?? generation.names["en"]
          ?? "Generation \(PropertyNames.roman(generation.id))"
        add(generation.identifier, name, generation.id, key: String(generation.id))
      }
    case .color:
      for (order, entry) in PropertyNames.colors.enumerated() {
        add(entry.identifier, entry.name, order)
      }
    case .egg:
      for (order, entry) in PropertyNames.eggGroups.enumerated() {
        add(entry.identifier, entry.name, order)
      }
    case .habitat:
      for (order, entry) in PropertyNames.habitats.enumerated() {
        add(entry.identifier, entry.name, order)
      }
      add("none", "No Habitat", Int.max - 1)
    case .legendary:
      add("legendary", "Legendary", 0)
      add("mythical", "Mythical", 1)
      add("other", "Other", 2)
    }
  }

  /// The sections `pokemon` falls under.
  func entries(for pokemon: Pokemon) -> [Entry] {
    switch key {
    case .type: pokemon.types.prefix(1).map(entry)
    case .types: pokemon.types.map(entry)
    case .generation: [entry(String(pokemon.generation))]
    case .color: [entry(pokemon.color)]
    case .egg: pokemon.eggGroups.isEmpty ? [entry("no-eggs")] : pokemon.eggGroups.map(entry)
    case .habitat: [entry(pokemon.habitat ?? "none")]
    case .legendary:
      [entry(pokemon.isLegendary ? "legendary" : pokemon.isMythical ? "mythical" : "other")]
    }
  }

  /// The entry of `identifier`; values the tables lack sort after the known ones, by name.
  private func entry(_ identifier: String) -> Entry {
    entries[identifier]
      ?? Entry(
        order: fallbackOrder,
        identifier: identifier,
        name: PropertyNames.titleCase(identifier)
      )
  }
}
