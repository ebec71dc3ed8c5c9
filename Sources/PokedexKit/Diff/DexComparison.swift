import DiffableSnapshots

/// Why two dex files cannot be compared.
public enum DexComparisonError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Two Pokémon of one file share an id, so the file has no well-defined
  /// snapshot; `index` is the position of the second one in `pokemon`.
  case duplicatePokemonID(Int, side: DexComparison.Side, index: Int)

  /// A lower-case message naming the file side and the JSON path.
  public var description: String {
    switch self {
    case .duplicatePokemonID(let id, let side, let index):
      "the \(side.rawValue) file has two Pokémon with id \(id) (the second at pokemon[\(index)]); "
        + "fix or regenerate it with 'pokedex data build'"
    }
  }
}

/// What changed between two versions of the dex: Pokémon added, removed and
/// moved between or within generations, the fields that changed for the
/// Pokémon in both, and the changes to the tables around them.
///
/// Each dex becomes a ``Snapshot`` whose sections are generation numbers (in
/// increasing order) and whose items are Pokémon ids (in file order). The
/// Pokémon present in both files whose value differs are marked with
/// `reconfigureItems` on the new snapshot, and the snapshots' minimal
/// ``SnapshotDiff`` gives the rest.
///
/// ```swift
/// let comparison = try DexComparison(old: committed, new: regenerated)
/// comparison.added.map(\.slug)              // ["pecharunt"]
/// comparison.changed.first?.fields.first    // stats.hp: 35 -> 40
/// comparison.isIdentical                    // false
/// ```
///
/// - Complexity: O(*n* + *f*) for *n* Pokémon and *f* fields of the ones that
///   differ, plus the diff's O(*k* log *k*).
public struct DexComparison: Sendable {
  /// Which of the two files.
  public enum Side: String, Hashable, Sendable {
    /// The file compared from.
    case old
    /// The file compared to.
    case new
  }

  /// Where a Pokémon is in a snapshot: its generation (the section) and its
  /// index among that generation's Pokémon, in file order.
  public struct Location: Hashable, Sendable, Comparable {
    /// The generation, the section's identifier.
    public var generation: Int
    /// The 0-based index within the generation.
    public var index: Int

    /// Creates a location.
    public init(generation: Int, index: Int) {
      self.generation = generation
      self.index = index
    }

    /// Orders by generation, then index.
    public static func < (lhs: Location, rhs: Location) -> Bool {
      (lhs.generation, lhs.index) < (rhs.generation, rhs.index)
    }
  }

  /// A Pokémon only one file has.
  public struct Entry: Hashable, Sendable {
    /// Its id.
    public var id: Int
    /// Its slug, `"pikachu"`.
    public var slug: String
    /// Where it is in the file that has it.
    public var location: Location
  }

  /// A Pokémon both files have, at a different place: another generation,
  /// or out of order within its generation (a minimal set of moves).
  public struct Move: Hashable, Sendable {
    /// Its id.
    public var id: Int
    /// Its slug in the new file.
    public var slug: String
    /// Where it was.
    public var from: Location
    /// Where it is.
    public var to: Location
  }

  /// A Pokémon both files have, with different values.
  public struct Change: Hashable, Sendable {
    /// Its id.
    public var id: Int
    /// Its slug in the new file.
    public var slug: String
    /// Where it is in the new file.
    public var location: Location
    /// The fields that differ, in the data file's key order.
    public var fields: [FieldChange]
  }

  /// The old dex as a snapshot: generations, Pokémon ids.
  public let oldSnapshot: Snapshot<Int, Int>
  /// The new dex as a snapshot; the changed Pokémon are marked reconfigured.
  public let newSnapshot: Snapshot<Int, Int>
  /// The minimal changes from `oldSnapshot` to `newSnapshot`.
  public let difference: SnapshotDiff<Int, Int>
  /// Pokémon only the new file has, in new snapshot order.
  public let added: [Entry]
  /// Pokémon only the old file has, in old snapshot order.
  public let removed: [Entry]
  /// Pokémon that changed generation or order, in new snapshot order.
  public let moved: [Move]
  /// Pokémon whose value changed, in new snapshot order.
  public let changed: [Change]
  /// Changes outside the Pokémon: header, source, languages, generations,
  /// types, abilities (see ``tableChanges(from:to:)``).
  public let tableChanges: [FieldChange]
  /// The number of Pokémon in the old file.
  public let oldCount: Int
  /// The number of Pokémon in the new file.
  public let newCount: Int

  /// Whether the two files hold the same data (their bytes may still differ
  /// in layout).
  public var isIdentical: Bool {
    added.isEmpty && removed.isEmpty && moved.isEmpty && changed.isEmpty && tableChanges.isEmpty
  }

  /// Compares two versions of the dex.
  ///
  /// - Throws: ``DexComparisonError/duplicatePokemonID(_:side:index:)`` when
  ///   a file has two Pokémon with one id.
  /// - Complexity: O(*n* + *f*); see the type's discussion.
  public init(old: Pokedex, new: Pokedex) throws(DexComparisonError) {
    let oldSnapshot = try Self.snapshot(of: old, side: .old)
    var newSnapshot = try Self.snapshot(of: new, side: .new)
    var oldByID: [Int: Pokemon] = [:]
    oldByID.reserveCapacity(old.pokemon.count)
    for pokemon in old.pokemon { oldByID[pokemon.id] = pokemon }
    var newByID: [Int: Pokemon] = [:]
    newByID.reserveCapacity(new.pokemon.count)
    for pokemon in new.pokemon { newByID[pokemon.id] = pokemon }

    var changed: [Change] = []
    for id in newSnapshot.itemIdentifiers {
      guard let before = oldByID[id], let after = newByID[id], before != after else { continue }
      changed.append(
        Change(
          id: id,
          slug: after.slug,
          location: Self.location(of: id, in: newSnapshot),
          fields: Self.fieldChanges(from: before, to: after)
        )
      )
    }
    do {
      try newSnapshot.reconfigureItems(changed.map(\.id))
    } catch {
      // Unreachable: every id comes from the snapshot itself.
    }
    let difference = newSnapshot.difference(from: oldSnapshot)

    self.oldSnapshot = oldSnapshot
    self.newSnapshot = newSnapshot
    self.difference = difference
    self.changed = changed
    added = difference.addedItemIdentifiers.map { id in
      Entry(id: id, slug: newByID[id]?.slug ?? "", location: Self.location(of: id, in: newSnapshot))
    }
    removed = difference.removedItemIdentifiers.map { id in
      Entry(id: id, slug: oldByID[id]?.slug ?? "", location: Self.location(of: id, in: oldSnapshot))
    }
    moved = difference.relocatedItemIdentifiers.map { id in
      Move(
        id: id,
        slug: newByID[id]?.slug ?? "",
        from: Self.location(of: id, in: oldSnapshot),
        to: Self.location(of: id, in: newSnapshot)
      )
    }
    tableChanges = Self.tableChanges(from: old, to: new)
    oldCount = old.pokemon.count
    newCount = new.pokemon.count
  }

  /// The dex as a snapshot: one section per generation, in increasing
  /// order, holding the ids of its Pokémon in file order.
  ///
  /// ```swift
  /// try DexComparison.snapshot(of: dex, side: .new).sectionIdentifiers  // [1, 2, ..., 9]
  /// ```
  ///
  /// - Throws: ``DexComparisonError/duplicatePokemonID(_:side:index:)``.
  /// - Complexity: O(*n* + *g* log *g*) for *g* generations.
  public static func snapshot(of dex: Pokedex, side: Side) throws(DexComparisonError) -> Snapshot<
    Int, Int
  > {
    var idsByGeneration: [Int: [Int]] = [:]
    var seen = Set<Int>(minimumCapacity: dex.pokemon.count)
    for (index, pokemon) in dex.pokemon.enumerated() {
      guard seen.insert(pokemon.id).inserted else {
        throw .duplicatePokemonID(pokemon.id, side: side, index: index)
      }
      idsByGeneration[pokemon.generation, default: []].append(pokemon.id)
    }
    var snapshot = Snapshot<Int, Int>()
    do {
      for generation in idsByGeneration.keys.sorted() {
        try snapshot.appendSections([generation])
        try snapshot.appendItems(idsByGeneration[generation] ?? [], toSection: generation)
      }
    } catch {
      // Unreachable: sections and ids were checked unique above.
    }
    return snapshot
  }

  private static func location(of id: Int, in snapshot: Snapshot<Int, Int>) -> Location {
    let path = snapshot.indexPath(ofItem: id)
    let generation = path.map { snapshot.sectionIdentifiers[$0.section] } ?? 0
    return Location(generation: generation, index: path?.item ?? -1)
  }
}
