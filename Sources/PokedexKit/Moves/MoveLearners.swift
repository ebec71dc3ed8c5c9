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
/// learners.move(named: "tbolt")?.identifier                // "thunderbolt" (an alias)
/// learners.learners(of: "trick-room").count                // Pokémon that learn it in gen 9
/// learners.sources(of: "thunderbolt", for: pikachu)        // [pikachu: 9M, ...]
/// learners.move(named: "thunderbolr")                      // nil
/// learners.suggestion(for: "thunderbolr")?.identifier      // "thunderbolt"
/// ```
///
/// - Complexity: Building is O(*p* + *m*) in the numbers of Pokémon and moves. Finding a
///   move by identifier or alias is O(1); by a name in any language O(*m* × languages).
///   Whether a Pokémon learns a move is O(log *k*) in the size of its learnset per step of
///   its evolution line.
public struct MoveLearners: Sendable {
  /// The dex the learnsets refer to.
  public let dex: Pokedex
  /// Every move.
  public let moves: MoveDex
  /// Every learnset.
  public let learnsets: LearnsetDex
  /// The generation whose sources count when none is given: the newest in the dex.
  public let currentGeneration: Int

  /// Move rows by identifier, alias and name.
  private let moveNames: NameIndex
  /// Learnset rows by Pokémon slug.
  private let learnsetRows: [String: Int]
  /// For each Pokémon row, the row of the Pokémon it evolves from, if any.
  private let prevolutionRows: [Int?]

  /// Indexes the three files.
  ///
  /// - Complexity: O(*p* + *m*) in the numbers of Pokémon and moves.
  public init(dex: Pokedex, learnsets: LearnsetDex, moves: MoveDex) {
    self.dex = dex
    self.moves = moves
    self.learnsets = learnsets
    currentGeneration = dex.generations.map(\.id).max() ?? 1
    moveNames = NameIndex(
      identifiers: moves.moves.map(\.identifier),
      aliases: moves.moves.map(\.aliases),
      names: moves.moves.map(\.names)
    )
    learnsetRows = Self.rows(of: learnsets)
    prevolutionRows = Prevolutions.rows(in: dex.pokemon)
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
  /// punctuation (`trickroom`), one of its aliases (Showdown's `tbolt`, `eq`), or its name
  /// in any language (`Trick Room`, `トリックルーム`), compared as ``NameNormalizer`` keys
  /// (see ``NameIndex`` for the order); `nil` if none matches.
  public func move(named name: String) -> Move? {
    moveNames.row(named: name).map { moves.moves[$0] }
  }

  /// The move whose English name or identifier is closest to `name`, for "did you mean".
  public func suggestion(for name: String) -> Move? {
    moveNames.suggestedRow(for: name).map { moves.moves[$0] }
  }

  /// The move with identifier `identifier`.
  public func move(identifier: String) -> Move? {
    moveNames.row(identifier: identifier).map { moves.moves[$0] }
  }

  // MARK: Learnsets

  /// The learnset whose moves `pokemon` learns itself: its own, or the one it inherits (a
  /// Mega Evolution's is its base form's); `nil` if the learnsets have none for it.
  public func learnset(of pokemon: Pokemon) -> Learnset? {
    var slug = pokemon.slug
    // A chain of inheritance is at most one step in generated data; four bounds a bad file.
    for _ in 0..<4 {
      guard let row = learnsetRows[slug] else { return nil }
      let learnset = learnsets.learnsets[row]
      guard let next = learnset.inherits else { return learnset }
      slug = next
    }
    return nil
  }

  /// The Pokémon `pokemon` evolves from, nearest first: `[pikachu, pichu]` for Raichu.
  public func prevolutions(of pokemon: Pokemon) -> [Pokemon] {
    guard let row = dex.pokemon.firstIndex(where: { $0.id == pokemon.id }) else { return [] }
    return prevolutionChain(ofRow: row).dropFirst().map { dex.pokemon[$0] }
  }

  /// Every way `pokemon` learns `move` (an identifier): its own sources first, then those
  /// of its prevolutions, nearest first, each with the Pokémon that learns it directly.
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
    guard let row = dex.pokemon.firstIndex(where: { $0.id == pokemon.id }) else { return [] }
    let chain = prevolutionChain(ofRow: row)
    var result: [LearnedSource] = []
    for member in includingPrevolutions ? chain[...] : chain.prefix(1) {
      guard let learnset = learnset(of: dex.pokemon[member]) else { continue }
      for source in learnset.moves[move] ?? [] {
        result.append(LearnedSource(pokemon: learnset.pokemon, source: source))
      }
    }
    return result
  }

  /// Whether the Pokémon at `row` of ``dex``'s `pokemon` can learn `move` (an identifier) in
  /// `generation` (`nil`: any) by one of `methods` (`nil`: any), itself or through a
  /// prevolution.
  ///
  /// - Complexity: O(log *k*) per member of its evolution line, for learnsets of *k* moves.
  public func canLearn(
    _ move: String,
    row: Int,
    generation: Int?,
    methods: Set<LearnMethod.Kind>? = nil
  ) -> Bool {
    guard dex.pokemon.indices.contains(row) else { return false }
    for member in prevolutionChain(ofRow: row) {
      guard let learnset = learnset(of: dex.pokemon[member]) else { continue }
      let learns = learnset.moves.learns(move) { source in
        (generation.map { source.generation == $0 } ?? true)
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

  /// The rows of the Pokémon at `row` and of its prevolutions, nearest first.
  func prevolutionChain(ofRow row: Int) -> [Int] {
    var chain = [row]
    var current = row
    // Evolution lines have at most three members; the bound stops a cycle in a bad file.
    while chain.count < 8, prevolutionRows.indices.contains(current),
      let previous = prevolutionRows[current], !chain.contains(previous)
    {
      chain.append(previous)
      current = previous
    }
    return chain
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

/// Which Pokémon each Pokémon evolves from.
enum Prevolutions {
  /// For each Pokémon, the row of the Pokémon it evolves from, or `nil`.
  ///
  /// The dex's evolution steps name species; the form chosen is, in order: the one a step's
  /// "from FORM" condition names (Sirfetch'd from Galarian Farfetch'd), one of the same region
  /// (Galarian Slowbro from Galarian Slowpoke), or the species' default form (Alolan Raichu
  /// from Pikachu). Steps that say "into FORM" for another form are skipped (Persian does not
  /// evolve from Alolan Meowth). The conditions are the pipeline's own English text
  /// (`DexBuilder+Evolution.swift`).
  static func rows(in pokemon: [Pokemon]) -> [Int?] {
    var formsBySpecies: [String: [Int]] = [:]
    for (row, member) in pokemon.enumerated() where canEvolve(member) {
      formsBySpecies[member.speciesSlug, default: []].append(row)
    }
    return pokemon.map { member in
      guard let step = step(into: member), let candidates = formsBySpecies[step.from] else {
        return nil
      }
      return choose(among: candidates, of: pokemon, for: member, step: step)
    }
  }

  /// The row of the Pokémon `member` evolves from, as ``rows(in:)`` finds it, without
  /// indexing every Pokémon: for one evolution line.
  ///
  /// - Complexity: O(*p*) in the number of Pokémon.
  static func row(of member: Pokemon, in pokemon: [Pokemon]) -> Int? {
    guard let step = step(into: member) else { return nil }
    let candidates = pokemon.indices.filter { row in
      pokemon[row].speciesSlug == step.from && canEvolve(pokemon[row])
    }
    return choose(among: candidates, of: pokemon, for: member, step: step)
  }

  /// The evolution step that leads to `member`: the one that says "into" it, else one that
  /// says "into" no form, else the first.
  private static func step(into member: Pokemon) -> EvolutionStep? {
    let steps = member.evolution.from
    guard !steps.isEmpty else { return nil }
    let into = "into \(member.names["en"] ?? member.slug)"
    let own = steps.first { $0.conditions.contains(into) }
    let general = steps.first { step in !step.conditions.contains { $0.hasPrefix("into ") } }
    return own ?? general ?? steps.first
  }

  private static func canEvolve(_ member: Pokemon) -> Bool {
    member.form.map(isEvolvingForm) ?? true
  }

  /// Forms that can evolve: not Megas, Gigantamax or battle-only forms.
  private static func isEvolvingForm(_ form: Form) -> Bool {
    !form.isMega && !form.isGigantamax && !form.isBattleOnly
  }

  private static func choose(
    among candidates: [Int],
    of pokemon: [Pokemon],
    for member: Pokemon,
    step: EvolutionStep
  ) -> Int? {
    guard !candidates.isEmpty else { return nil }
    let named = step.conditions.compactMap { condition -> String? in
      condition.hasPrefix("from ") ? String(condition.dropFirst(5)) : nil
    }
    if let row = candidates.first(where: { named.contains(pokemon[$0].names["en"] ?? "") }) {
      return row
    }
    if let region = member.form?.region,
      let row = candidates.first(where: { pokemon[$0].form?.region == region })
    {
      return row
    }
    return candidates.first { pokemon[$0].isDefault } ?? candidates.first
  }
}
