/// Who learns which move, and how: moves found by any spelling, each Pokémon's learnset
/// with inherited forms resolved, the moves it can use through its prevolutions, and every
/// Pokémon that learns a move.
///
/// Built from the three files that describe moves: the dex (`pokemons.json`, for
/// Pokémon and their evolutions), the learnsets and the moves. Prevolutions count as they
/// do in Pokémon Showdown's `/dexsearch`: Raichu can use a move Pichu learns as an egg move,
/// so Raichu "learns" it.
///
/// ```swift
/// let learners = MoveLearners(dex: dex, learnsets: learnsets, moves: moves)
/// let move = learners.move(named: "Trick Room")            // trick-room
/// learners.learners(of: "trick-room").count                // Pokémon that learn it in gen 9
/// learners.sources(of: "thunderbolt", for: pikachu)        // [pikachu: 9M, ...]
/// learners.move(named: "thunderbolr")                      // nil
/// learners.suggestion(for: "thunderbolr")?.identifier      // "thunderbolt"
/// ```
///
/// - Complexity: Building is O(*p* + *m*) in the numbers of Pokémon and moves. Finding a
///   move by identifier is O(1); by a name in another language O(*m* × languages) the first
///   time in a call. Whether a Pokémon learns a move is O(log *k*) in the size of its
///   learnset per step of its evolution line.
public struct MoveLearners: Sendable {
  /// The dex the learnsets refer to.
  public let dex: Pokedex
  /// Every move.
  public let moves: MoveDex
  /// Every learnset.
  public let learnsets: LearnsetDex
  /// The generation whose sources count when none is given: the newest in the dex.
  public let currentGeneration: Int

  /// Move rows by identifier and by identifier without punctuation (`trickroom`).
  private let moveRows: [String: Int]
  /// Learnset rows by Pokémon slug.
  private let learnsetRows: [String: Int]
  /// Pokémon rows by slug.
  private let pokemonRows: [String: Int]

  /// Indexes the three files.
  ///
  /// - Complexity: O(*p* + *m*) in the numbers of Pokémon and moves.
  public init(dex: Pokedex, learnsets: LearnsetDex, moves: MoveDex) {
    self.dex = dex
    self.moves = moves
    self.learnsets = learnsets
    currentGeneration = dex.generations.map(\.id).max() ?? 1
    var moveRows: [String: Int] = [:]
    for (row, move) in moves.moves.enumerated() {
      moveRows[move.identifier] = row
      let key = NameNormalizer.key(move.identifier)
      if moveRows[key] == nil { moveRows[key] = row }
    }
    self.moveRows = moveRows
    learnsetRows = Self.rows(of: learnsets)
    var pokemonRows: [String: Int] = [:]
    for (row, pokemon) in dex.pokemon.enumerated() where pokemonRows[pokemon.slug] == nil {
      pokemonRows[pokemon.slug] = row
    }
    self.pokemonRows = pokemonRows
  }

  /// Each learnset's row by its Pokémon's slug (the first, if a slug comes twice).
  private static func rows(of learnsets: LearnsetDex) -> [String: Int] {
    var rows: [String: Int] = [:]
    for (row, learnset) in learnsets.learnsets.enumerated() where rows[learnset.pokemon] == nil {
      rows[learnset.pokemon] = row
    }
    return rows
  }

  // MARK: Moves

  /// The move `name` names: its identifier (`trick-room`), the identifier without
  /// punctuation (`trickroom`), or its name in any language (`Trick Room`, `トリックルーム`),
  /// compared as ``NameNormalizer`` keys; `nil` if none matches.
  public func move(named name: String) -> Move? {
    if let row = moveRows[name] ?? moveRows[NameNormalizer.key(name)] {
      return moves.moves[row]
    }
    let key = NameNormalizer.key(name)
    guard !key.isEmpty else { return nil }
    return moves.moves.first { move in
      move.names.contains { NameNormalizer.key($0.value) == key }
    }
  }

  /// The move whose English name or identifier is closest to `name`, for "did you mean".
  public func suggestion(for name: String) -> Move? {
    let candidates = moves.moves.map { $0.names["en"] ?? $0.identifier }
    guard let best = EditDistance.suggestion(for: name, among: candidates) else { return nil }
    return moves.moves.first { ($0.names["en"] ?? $0.identifier) == best }
  }

  /// The move with identifier `identifier`.
  public func move(identifier: String) -> Move? {
    moveRows[identifier].map { moves.moves[$0] }
  }

  // MARK: Learnsets

  /// The learnset whose moves `pokemon` learns itself: its own (with the moves of the formes
  /// it extends: Rotom-Wash's with Rotom's), or the one it inherits (a Mega Evolution's is its
  /// base form's); `nil` if the learnsets have none for it.
  public func learnset(of pokemon: Pokemon) -> Learnset? {
    var links = chain(of: pokemon.slug)
    guard var learnset = links.first?.learnset else { return nil }
    links.removeFirst()
    var moves = Array(learnset.moves)
    for link in links {
      guard link.extendsSpecies else { break }
      for learned in link.learnset.moves where !moves.contains(where: { $0.move == learned.move }) {
        moves.append(learned)
      }
      learnset.extends = nil
    }
    learnset.moves = LearnedMoves(moves)
    return learnset
  }

  /// The Pokémon whose moves `pokemon` learns through them, nearest first: the Pokémon it
  /// evolves from and theirs (`[pikachu, pichu]` for Raichu), or the first stage of its line
  /// for a forme with no prevolution of its own (`[pichu]` for cap Pikachu, whose
  /// ``moves(learnedThrough:by:)`` are then Pichu's generation-9 egg moves).
  public func prevolutions(of pokemon: Pokemon) -> [Pokemon] {
    chain(of: pokemon.slug).dropFirst().filter { !$0.extendsSpecies }.compactMap { link in
      pokemonRows[link.learnset.pokemon].map { dex.pokemon[$0] }
    }
  }

  /// The moves `pokemon` learns through `prevolution` (one of ``prevolutions(of:)``): all
  /// its moves, or only its generation-9 egg moves when `pokemon` is a forme with no
  /// prevolution of its own.
  public func moves(learnedThrough prevolution: Pokemon, by pokemon: Pokemon) -> LearnedMoves {
    guard
      let link = chain(of: pokemon.slug).first(where: { $0.learnset.pokemon == prevolution.slug })
    else { return LearnedMoves() }
    return link.eggMovesOnly ? Self.eggMoves(link.learnset.moves) : link.learnset.moves
  }

  /// Every way `pokemon` learns `move` (an identifier): its own sources first, then those
  /// of the learnsets it continues with (its prevolutions), nearest first, each with the
  /// Pokémon that learns it directly.
  ///
  /// ```swift
  /// learners.sources(of: "thunderbolt", for: raichu)
  /// // [raichu: 9M, 8M, ..., pikachu: 9M, ..., pichu: 9M, ...]
  /// ```
  public func sources(
    of move: String,
    for pokemon: Pokemon,
    includingPrevolutions: Bool = true
  ) -> [LearnedSource] {
    var result: [LearnedSource] = []
    for link in chain(of: pokemon.slug) {
      if !includingPrevolutions && !link.extendsSpecies { break }
      for source in link.learnset.moves[move] ?? []
      where !link.eggMovesOnly || Self.isGeneration9Egg(source) {
        result.append(LearnedSource(pokemon: link.learnset.pokemon, source: source))
      }
    }
    return result
  }

  /// Whether the Pokémon at `row` of ``dex``'s `pokemon` can learn `move` (an identifier) in
  /// `generation` (`nil`: any) by one of `methods` (`nil`: any), itself or through the
  /// learnsets it continues with.
  ///
  /// - Complexity: O(log *k*) per learnset of its chain, for learnsets of *k* moves.
  public func canLearn(
    _ move: String,
    row: Int,
    generation: Int?,
    methods: Set<LearnMethod.Kind>? = nil
  ) -> Bool {
    guard dex.pokemon.indices.contains(row) else { return false }
    for link in chain(of: dex.pokemon[row].slug) {
      let learns = link.learnset.moves.learns(move) { source in
        (!link.eggMovesOnly || Self.isGeneration9Egg(source))
          && (generation.map { source.generation == $0 } ?? true)
          && (methods.map { $0.contains(source.method.kind) } ?? true)
      }
      if learns { return true }
    }
    return false
  }

  /// The rows of ``dex``'s `pokemon` that can learn `move` (an identifier) in `generation`
  /// (`nil`: any) by one of `methods` (`nil`: any), in dex order.
  ///
  /// ```swift
  /// learners.learners(of: "surf", in: 4, methods: [.machine])  // what HM03 taught in gen 4
  /// ```
  ///
  /// - Complexity: O(*p* log *k*) for *p* Pokémon with learnsets of *k* moves.
  public func learners(
    of move: String,
    in generation: Int?,
    methods: Set<LearnMethod.Kind>? = nil
  ) -> [Int] {
    dex.pokemon.indices.filter {
      canLearn(move, row: $0, generation: generation, methods: methods)
    }
  }

  /// The rows of the Pokémon that can learn `move` in ``currentGeneration``, in dex order.
  public func learners(of move: String) -> [Int] {
    learners(of: move, in: currentGeneration)
  }

  /// One learnset of a Pokémon's chain.
  struct Link {
    /// The learnset, its inheritance resolved.
    var learnset: Learnset
    /// Whether only its generation-9 egg moves count (an ``Learnset/eggMovesFrom`` link
    /// was crossed to reach it).
    var eggMovesOnly: Bool
    /// Whether it was reached by ``Learnset/extends`` links only (the same species).
    var extendsSpecies: Bool
  }

  /// The learnsets whose moves the Pokémon `slug` learns, nearest first: its own (or the
  /// one it inherits), then each learnset's parent (``Learnset/parent``), as Showdown walks
  /// them.
  ///
  /// - Complexity: O(*c*) for a chain of *c* learnsets (at most 12: a bad file may loop).
  func chain(of slug: String) -> [Link] {
    var links: [Link] = []
    var next: (slug: String, eggMovesOnly: Bool, extendsSpecies: Bool)? = (slug, false, true)
    var seen: Set<String> = []
    while let current = next, links.count < 12, let learnset = resolved(current.slug),
      seen.insert(learnset.pokemon).inserted
    {
      links.append(
        Link(
          learnset: learnset,
          eggMovesOnly: current.eggMovesOnly,
          extendsSpecies: current.extendsSpecies
        )
      )
      next = learnset.parent.map { parent in
        (
          parent.slug, current.eggMovesOnly || parent.eggMovesOnly,
          current.extendsSpecies && learnset.extends != nil
        )
      }
    }
    return links
  }

  /// The learnset of `slug`, following ``Learnset/inherits`` (at most four steps).
  private func resolved(_ slug: String) -> Learnset? {
    var slug = slug
    for _ in 0..<4 {
      guard let row = learnsetRows[slug] else { return nil }
      let learnset = learnsets.learnsets[row]
      guard let next = learnset.inherits else { return learnset }
      slug = next
    }
    return nil
  }

  private static func isGeneration9Egg(_ source: MoveSource) -> Bool {
    source.generation == 9 && source.method.kind == .egg
  }

  private static func eggMoves(_ moves: LearnedMoves) -> LearnedMoves {
    LearnedMoves(
      moves.compactMap { learned in
        let sources = learned.sources.filter(isGeneration9Egg)
        return sources.isEmpty ? nil : LearnedMove(move: learned.move, sources: sources)
      }
    )
  }
}

/// A way a Pokémon learns a move, with the Pokémon that learns it directly (the Pokémon
/// itself, the form whose learnset it inherits, or a prevolution).
public struct LearnedSource: Hashable, Sendable, CustomStringConvertible {
  /// The slug of the Pokémon whose learnset lists the move.
  public var pokemon: String
  /// How it learns it.
  public var source: MoveSource

  public init(pokemon: String, source: MoveSource) {
    self.pokemon = pokemon
    self.source = source
  }

  /// `pikachu: 9M`.
  public var description: String { "\(pokemon): \(source)" }
}
