import DiffableSnapshots

extension PokedexIndex {
  /// Runs a fetch request: filters with its query, sorts, groups into sections and pages.
  ///
  /// The work is a ``FetchedResultsController`` fetch: its predicate is the
  /// compiled query, its sort descriptors the section order then the
  /// request's keys (then national number and id), its section name the
  /// section key, its offset and limit the request's. The result is read from
  /// the controller's `Snapshot<String, PokemonRowID>`: sections named by
  /// their identifier, items naming the rows (see ``PokemonRowID`` for the
  /// keys that list a Pokémon under several sections).
  ///
  /// Paging applies to rows in section order, as in a table view: `fetchOffset`
  /// rows are skipped and at most `fetchLimit` are kept, across sections.
  ///
  /// ```swift
  /// let result = index.fetch(PokemonFetchRequest(query: try Query(["gen:1"], index: index)))
  /// result.matchCount  // 151 with the full data
  /// ```
  /// - Complexity: O(*n* × *t*) to filter *n* Pokémon with *t* terms, plus O(*n*)
  ///   to order the rows by the index's ranks for the request's order, which the first
  ///   fetch in that order builds in O(*n* log *n*).
  public func fetch(_ request: PokemonFetchRequest) -> PokemonFetchResult {
    guard let controller = fetchedResultsController(for: request) else {
      return PokemonFetchResult(sections: [], matchCount: 0, rowCount: 0)
    }
    let catalog = controller.catalog
    var sections: [PokemonSection] = []
    let rows = controller.controller.fetchedElements
    let snapshot = controller.controller.snapshot
    var start = 0
    let all = pokedex.pokemon
    for identifier in snapshot.sectionIdentifiers {
      let count = (try? snapshot.numberOfItems(inSection: identifier)) ?? 0
      guard count > 0, request.fetchLimit != 0 else { continue }
      let slice = rows[start..<start + count]
      start += count
      sections.append(
        PokemonSection(
          identifier: identifier,
          name: slice.first.map { catalog.entry(at: $0.entry).name } ?? "",
          pokemon: slice.map { all[Int($0.position)] }
        )
      )
    }
    let rowCount = controller.controller.matchingCount
    return PokemonFetchResult(
      sections: sections,
      matchCount: matchCount(for: request, rowCount: rowCount),
      rowCount: rowCount
    )
  }

  /// A fetched-results controller over the rows of the dex for `request`:
  /// one row per Pokémon, or per Pokémon and section value for the keys that
  /// list a Pokémon under each of its values.
  ///
  /// The rows are sorted in the request's order (sections, then its sort), so the fetch,
  /// and a refetch with another query and the same order and sections, only filters.
  ///
  /// Returns `nil` only if the controller refuses the request, which cannot
  /// happen: row ids are positions (unique even when a malformed file repeats
  /// a Pokémon id, so the controller takes them unchecked), the sort groups the
  /// sections, and the offset and limit are clamped to zero or more.
  ///
  /// - Complexity: O(*n* log *n*) to sort the *n* rows, then O(*n*) predicate calls; a
  ///   refetch costs O(*n*) predicate calls.
  package func fetchedResultsController(
    for request: PokemonFetchRequest
  ) -> (
    controller: FetchedResultsController<PokemonRow, PokemonRowID>, catalog: SectionCatalog
  )? {
    var catalog = SectionCatalog(
      key: request.sectionKey,
      pokedex: pokedex,
      language: request.language
    )
    let unsorted = rows(for: request.sectionKey, catalog: &catalog)
    let order = FetchRequest<PokemonRow>(
      sortDescriptors: sortDescriptors(for: request, sectionRanks: catalog.ranks())
    )
    let fetchRequest = self.fetchRequest(for: request, catalog: catalog)
    guard
      let controller = try? FetchedResultsController(
        elements: order.sorted(unsorted),
        fetchRequest: fetchRequest,
        uncheckedIdentifiedBy: { $0.id }
      )
    else { return nil }
    return (controller, catalog)
  }

  /// The controller's fetch request for `request` over rows made with `catalog` and
  /// sorted in `request`'s order (the rows of ``fetchedResultsController(for:)``): the
  /// compiled query as its predicate, the catalog's identifiers as section names, the
  /// request's page. It has no sort descriptors: filtering rows that are in order keeps
  /// them in order.
  ///
  /// A controller from ``fetchedResultsController(for:)`` refetches a new query with the
  /// same sort and section key by taking this request and `performFetch()`, which
  /// delivers the difference, as a Core Data controller does when its fetch request
  /// changes. Another sort or section key needs a new controller.
  ///
  /// ```swift
  /// guard let (controller, catalog) = index.fetchedResultsController(for: request) else { return }
  /// request.query = try Query(["fire"], index: index)
  /// controller.fetchRequest = index.fetchRequest(for: request, catalog: catalog)
  /// try controller.performFetch()
  /// ```
  package func fetchRequest(
    for request: PokemonFetchRequest,
    catalog: SectionCatalog
  ) -> FetchRequest<PokemonRow> {
    let all = pokedex.pokemon
    let query = request.query
    var sectionName: (@Sendable (PokemonRow) -> String)?
    if request.sectionKey != nil {
      sectionName = { row in catalog.entry(at: row.entry).identifier }
    }
    // Rows come from `all.indices`, so every `row.position` is an index of `all`.
    return FetchRequest<PokemonRow>(
      predicate: { row in query.evaluate(all[Int(row.position)]) },
      sectionName: sectionName,
      fetchLimit: max(0, request.fetchLimit ?? 0),
      fetchOffset: max(0, request.fetchOffset)
    )
  }

  /// The rows of the dex under `sectionKey`: one per Pokémon, or one per
  /// Pokémon and value for the keys that list a Pokémon under each of its
  /// values; `catalog` gains an entry for each value its tables lack.
  ///
  /// - Complexity: O(*n*) for *n* Pokémon.
  private func rows(
    for sectionKey: PokemonSectionKey?,
    catalog: inout SectionCatalog
  ) -> [PokemonRow] {
    var rows: [PokemonRow] = []
    let multiValued = sectionKey?.isMultiValued ?? false
    for (position, pokemon) in pokedex.pokemon.enumerated() {
      catalog.forEachEntryIndex(of: pokemon) { entry in
        rows.append(PokemonRow(position: position, entry: entry, composite: multiValued))
      }
    }
    return rows
  }

  /// The controller's order for `request`: the section order (one rank per
  /// catalog entry, from `sectionRanks`) when it has sections, then the
  /// request's keys, then national number and id.
  private func sortDescriptors(
    for request: PokemonFetchRequest,
    sectionRanks rank: [Int]
  ) -> [FetchRequest<PokemonRow>.SortDescriptor] {
    let all = pokedex.pokemon
    var sortDescriptors: [FetchRequest<PokemonRow>.SortDescriptor] = []
    if request.sectionKey != nil {
      sortDescriptors.append(.init(value: { rank[Int($0.entry)] }))
    }
    sortDescriptors += Self.orderDescriptors(request.sortDescriptors, language: request.language) {
      all[Int($0.position)]
    }
    return sortDescriptors
  }

  /// The fetch's sort descriptors for `descriptors` then national number and id, over
  /// elements naming the Pokémon `pokemon` returns.
  private static func orderDescriptors<Element>(
    _ descriptors: [PokemonSortDescriptor],
    language: String,
    pokemon: @escaping @Sendable (Element) -> Pokemon
  ) -> [FetchRequest<Element>.SortDescriptor] {
    (descriptors + PokemonSortDescriptor.defaultOrder).map { descriptor in
      let ascending = descriptor.isAscending
      switch descriptor.key {
      case .name:
        return .init(ascending: ascending) { nameKey(of: pokemon($0), language: language) }
      case .id:
        return .init(ascending: ascending) { pokemon($0).id }
      default:
        let stat = descriptor.key.stat ?? .num
        return .init(ascending: ascending) { stat.value(of: pokemon($0)) }
      }
    }
  }

  /// The name `pokemon` sorts by: its name in `language`, else in English,
  /// else its slug, as a ``NameNormalizer`` key.
  private static func nameKey(of pokemon: Pokemon, language: String) -> String {
    NameNormalizer.key(pokemon.names[language] ?? pokemon.names["en"] ?? pokemon.slug)
  }

  /// Sorts stably by `descriptors`, then by national number and id, as a fetch does.
  ///
  /// ```swift
  /// let fastest = index.sort(index.pokedex.pokemon, by: [PokemonSortDescriptor(.spe, ascending: false)])
  /// fastest.first?.slug  // "regieleki" with the full data
  /// ```
  ///
  /// - Complexity: O(*n* log *n*).
  public func sort(
    _ pokemon: [Pokemon],
    by descriptors: [PokemonSortDescriptor],
    language: String = "en"
  ) -> [Pokemon] {
    let order = FetchRequest<Pokemon>(
      sortDescriptors: Self.orderDescriptors(descriptors, language: language) { $0 }
    )
    return order.sorted(pokemon)
  }
}

/// The sections one key can produce, with their order and names, by index.
package struct SectionCatalog: Sendable {
  package struct Entry: Hashable, Sendable {
    var order: Int
    var identifier: String
    var name: String
  }

  let key: PokemonSectionKey?
  private var entries: [Entry] = []
  private var indexByValue: [String: Int] = [:]
  private let fallbackOrder = Int.max / 2

  /// The catalog of `key`; one unnamed entry when `key` is `nil`.
  init(key: PokemonSectionKey?, pokedex: Pokedex, language: String) {
    self.key = key
    func add(_ identifier: String, _ name: String, _ order: Int, key: String? = nil) {
      indexByValue[key ?? identifier] = entries.count
      entries.append(Entry(order: order, identifier: identifier, name: name))
    }
    switch key {
    case nil:
      add("", "", 0)
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

  /// Each entry's rank in section order: by order, then identifier.
  func ranks() -> [Int] {
    let sorted = entries.indices.sorted {
      (entries[$0].order, entries[$0].identifier) < (entries[$1].order, entries[$1].identifier)
    }
    var rank = [Int](repeating: 0, count: entries.count)
    for (position, entry) in sorted.enumerated() { rank[entry] = position }
    return rank
  }

  /// The entry at `index`, as returned by ``entryIndices(for:)``.
  func entry(at index: Int32) -> Entry { entries[Int(index)] }

  /// The display name of the section of `row` (`"Fire"`, `"Generation I"`); empty when
  /// the fetch is unsectioned.
  package func sectionName(of row: PokemonRow) -> String { entry(at: row.entry).name }

  /// Calls `body` with the index of each section `pokemon` falls under:
  /// exactly one, except for `types` and `egg` (one per value). Values the
  /// tables lack get an entry that sorts after the known ones, by identifier.
  mutating func forEachEntryIndex(of pokemon: Pokemon, _ body: (Int32) -> Void) {
    switch key {
    case nil: body(0)
    case .type: body(index(pokemon.types.first ?? "unknown"))
    case .types: for type in pokemon.types { body(index(type)) }
    case .generation: body(index(String(pokemon.generation)))
    case .color: body(index(pokemon.color))
    case .egg:
      if pokemon.eggGroups.isEmpty { body(index("no-eggs")) }
      for group in pokemon.eggGroups { body(index(group)) }
    case .habitat: body(index(pokemon.habitat ?? "none"))
    case .legendary:
      body(index(pokemon.isLegendary ? "legendary" : pokemon.isMythical ? "mythical" : "other"))
    }
  }

  private mutating func index(_ value: String) -> Int32 {
    if let index = indexByValue[value] { return Int32(index) }
    indexByValue[value] = entries.count
    entries.append(
      Entry(order: fallbackOrder, identifier: value, name: PropertyNames.titleCase(value))
    )
    return Int32(entries.count - 1)
  }
}
