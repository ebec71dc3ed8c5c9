/// Which learnsets to read from the learnsets file (see
/// ``PokedexLoader/loadLearnsets(_:path:)``).
public enum LearnsetSelection: Hashable, Sendable {
  /// Every learnset.
  case all
  /// The learnsets that list the move with this identifier, and every learnset that inherits
  /// another: learners built from them answer who learns that move as learners built from
  /// all of them do.
  case teaching(String)
  /// The learnsets of the Pokémon with these slugs (see
  /// ``MoveLearners/learnsetOwners(of:in:)``).
  case owners(Set<String>)
}

extension PokedexLoader {
  /// The learnsets `selection` names, read from the learnsets file at `path` (default: the
  /// bundled one) without decoding the others: what a command about one Pokémon or one move
  /// needs, in a fraction of the time of ``load(_:path:)``.
  ///
  /// The learnsets it skips are checked only to be JSON (`pokedex data check` checks them
  /// all). The result answers only for what it was selected for.
  ///
  /// ```swift
  /// let family = try PokedexLoader.loadLearnsets(.owners(["pichu", "pikachu", "raichu"]))
  /// family.learnsets.map(\.pokemon)  // ["pikachu", "raichu", "pichu"]
  /// ```
  ///
  /// - Complexity: O(n) in the file's size, with a small constant for the learnsets skipped.
  /// - Throws: what ``load(_:path:)`` throws.
  public static func loadLearnsets(
    _ selection: LearnsetSelection,
    path filePath: String? = nil
  ) throws(PokedexLoadError) -> LearnsetDex {
    let path: String
    if let given = filePath {
      path = given
    } else {
      path = try bundledDataPath(for: LearnsetDex.self)
    }
    let bytes: [UInt8]
    do { bytes = try readFileBytes(atPath: path) } catch { throw .unreadable(error) }
    switch selection {
    case .all:
      return try decode(LearnsetDex.self, from: bytes, path: path)
    case .teaching(let move):
      // The move's identifier is a key of the learnsets that teach it; a learnset that
      // inherits has no moves of its own.
      let strings = [move, "inherits"].map { Array($0.utf8) }
      var learnsets = try decode(
        LearnsetDex.self,
        from: bytes,
        path: path,
        filter: .mentioning(strings)
      )
      // The full decoder, which takes over from the fast path on anything unusual, reads all.
      learnsets.learnsets.removeAll { $0.inherits == nil && $0.moves[move] == nil }
      return learnsets
    case .owners(let pokemon):
      return try loadLearnsets(of: pokemon, from: bytes, path: path)
    }
  }

  private static func loadLearnsets(
    of pokemon: Set<String>,
    from bytes: [UInt8],
    path: String
  ) throws(PokedexLoadError) -> LearnsetDex {
    var wanted = pokemon
    while true {
      var learnsets = try decode(
        LearnsetDex.self,
        from: bytes,
        path: path,
        filter: .firstMember(key: Array("pokemon".utf8), values: wanted)
      )
      // The full decoder, which takes over from the fast path on anything unusual, reads all.
      learnsets.learnsets.removeAll { !wanted.contains($0.pokemon) }
      // Each round adds at least one of the file's finitely many `inherits` values, so the
      // rounds end; a Mega Evolution takes two.
      let inherited = Set(learnsets.learnsets.compactMap(\.inherits)).subtracting(wanted)
      if inherited.isEmpty { return learnsets }
      wanted.formUnion(inherited)
    }
  }
}
