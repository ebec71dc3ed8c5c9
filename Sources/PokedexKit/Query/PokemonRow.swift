/// One row of a fetch: a Pokémon under one section.
///
/// The elements a fetch hands to its ``FetchedResultsController``. A key
/// that lists a Pokémon under each of its values (`types`, `egg`) gives it one
/// row per value; every other key gives it exactly one row.
package struct PokemonRow: Equatable, Sendable {
  /// The Pokémon's position in the dex's `pokemon` array.
  package var position: Int32
  /// The index of its section in the fetch's section catalog.
  package var entry: Int32
  /// The row's item identifier in the fetch's snapshot.
  package var id: PokemonRowID

  init(position: Int, entry: Int32, composite: Bool) {
    self.position = Int32(truncatingIfNeeded: position)
    self.entry = entry
    id = PokemonRowID(position: self.position, section: composite ? entry : -1)
  }
}

/// The item identifier of a fetched row in the fetch's `Snapshot<String, PokemonRowID>`.
///
/// A snapshot holds each item once, but sectioning by `types` or `egg` lists a
/// Pokémon under each of its values, so there the identifier is composite:
/// the Pokémon and the section (`section` is the section's index in the
/// fetch's catalog). For the other keys `section` is -1 and the identifier
/// names the Pokémon alone, so a Pokémon that changes section between two
/// fetches is one move in their diff, not a deletion and an insertion. The
/// Pokémon is named by its position in the dex rather than its id, which
/// stays unique even in a malformed file that repeats an id.
package struct PokemonRowID: Hashable, Sendable {
  /// The Pokémon's position in the dex's `pokemon` array.
  package var position: Int32
  /// The section's index in the fetch's catalog, or -1 when the section key
  /// lists each Pokémon once.
  package var section: Int32
}

extension PokemonSectionKey {
  /// Whether a Pokémon can fall under several sections of this key.
  var isMultiValued: Bool { self == .types || self == .egg }
}

extension PokedexIndex {
  /// The Pokémon a fetched row names, or `nil` when the row is not from this dex.
  package func pokemon(forRow id: PokemonRowID) -> Pokemon? {
    let all = pokedex.pokemon
    return all.indices.contains(Int(id.position)) ? all[Int(id.position)] : nil
  }

  /// How many Pokémon a fetch of `request` matched, from its `rowCount` rows: the rows
  /// themselves, except for keys that list a Pokémon under several sections, where the
  /// query is counted over the dex.
  ///
  /// - Complexity: O(1), or O(*n*) predicate calls for `types` and `egg`.
  package func matchCount(for request: PokemonFetchRequest, rowCount: Int) -> Int {
    guard request.sectionKey.map(\.isMultiValued) == true else { return rowCount }
    return request.query.count(in: pokedex.pokemon)
  }
}
