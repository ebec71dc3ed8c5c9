import PokedexKit

/// Small moves and learnsets for the fixture dex (``DexFixture``), written to test the move
/// terms: Pichu alone learns Volt Tackle (an egg move) so Pikachu and Raichu learn it as
/// its evolutions; Mega Charizard X inherits Charizard's learnset; Surf is Pikachu's only in
/// generation 4 and Alolan Raichu's Trick Room only in generation 8.
enum QueryMoveFixture {
  static let source = DataSource(name: "test", commit: "", license: "")

  static func move(
    _ id: Int,
    _ identifier: String,
    _ names: LocalizedNames,
    gen: Int,
    type: String,
    _ damageClass: String,
    power: Int?,
    accuracy: Int?,
    pp: Int = 15,
    priority: Int = 0,
    target: String = "selected-pokemon",
    flags: [String] = ["protect", "mirror"]
  ) -> Move {
    Move(
      id: id,
      identifier: identifier,
      names: names,
      generation: gen,
      type: type,
      damageClass: damageClass,
      power: power,
      accuracy: accuracy,
      pp: pp,
      priority: priority,
      target: target,
      flags: flags,
      effectChance: nil,
      shortEffect: nil,
      effect: nil,
      machines: []
    )
  }

  static let moves = MoveDex(
    source: source,
    versionGroups: [],
    moves: [
      move(
        9,
        "thunder-punch",
        ["en": "Thunder Punch", "de": "Donnerschlag"],
        gen: 1,
        type: "electric",
        "physical",
        power: 75,
        accuracy: 100,
        flags: ["contact", "protect", "mirror", "punch"]
      ),
      move(
        57,
        "surf",
        ["en": "Surf", "fr": "Surf"],
        gen: 1,
        type: "water",
        "special",
        power: 90,
        accuracy: 100,
        target: "all-other-pokemon"
      ),
      move(
        85,
        "thunderbolt",
        ["en": "Thunderbolt", "fr": "Tonnerre", "de": "Donnerblitz"],
        gen: 1,
        type: "electric",
        "special",
        power: 90,
        accuracy: 100
      ),
      move(
        87,
        "thunder",
        ["en": "Thunder", "de": "Donner"],
        gen: 1,
        type: "electric",
        "special",
        power: 110,
        accuracy: 70,
        pp: 10
      ),
      move(
        98,
        "quick-attack",
        ["en": "Quick Attack"],
        gen: 1,
        type: "normal",
        "physical",
        power: 40,
        accuracy: 100,
        pp: 30,
        priority: 1,
        flags: ["contact", "protect", "mirror"]
      ),
      move(
        344,
        "volt-tackle",
        ["en": "Volt Tackle"],
        gen: 3,
        type: "electric",
        "physical",
        power: 120,
        accuracy: 100,
        flags: ["contact", "protect", "mirror"]
      ),
      move(
        394,
        "flare-blitz",
        ["en": "Flare Blitz"],
        gen: 4,
        type: "fire",
        "physical",
        power: 120,
        accuracy: 100,
        flags: ["contact", "protect", "mirror"]
      ),
      move(
        433,
        "trick-room",
        ["en": "Trick Room", "fr": "Distorsion", "ja": "トリックルーム"],
        gen: 4,
        type: "psychic",
        "status",
        power: nil,
        accuracy: nil,
        pp: 5,
        priority: -7,
        target: "entire-field",
        flags: ["mirror"]
      ),
    ]
  )

  static func learnset(
    _ pokemon: String,
    _ moves: [String: [String]],
    prevolution: String? = nil
  ) -> Learnset {
    Learnset(
      pokemon: pokemon,
      prevolution: prevolution,
      moves: LearnedMoves(
        moves.map { LearnedMove(move: $0.key, sources: $0.value.compactMap(MoveSource.init)) }
      )
    )
  }

  static let learnsets = LearnsetDex(
    source: source,
    learnsets: [
      learnset("charizard", ["flare-blitz": ["9L1", "8L1"]]),
      Learnset(pokemon: "charizard-mega-x", inherits: "charizard", moves: LearnedMoves()),
      learnset(
        "pichu",
        ["volt-tackle": ["9E", "8E"], "thunderbolt": ["9M"], "quick-attack": ["9L1"]]
      ),
      learnset(
        "pikachu",
        ["thunderbolt": ["9M", "8M", "4M"], "surf": ["4M"]],
        prevolution: "pichu"
      ),
      learnset(
        "raichu",
        ["thunderbolt": ["9M"], "thunder-punch": ["9M"], "thunder": ["9M"]],
        prevolution: "pikachu"
      ),
      learnset(
        "raichu-alola",
        ["thunderbolt": ["9M"], "trick-room": ["8M"]],
        prevolution: "pikachu"
      ),
      learnset("mr-mime", ["trick-room": ["9M", "8M"]]),
      learnset(
        "mew",
        ["trick-room": ["9M"], "surf": ["9M"], "thunderbolt": ["9M"], "flare-blitz": ["9T"]]
      ),
    ]
  )

  static let learners = MoveLearners(dex: DexFixture.pokedex, learnsets: learnsets, moves: moves)

  /// The slugs of the fixture Pokémon `arguments` matches, in dex order, with the fixture's
  /// move data.
  static func slugs(
    _ arguments: [String],
    includingForms: Bool = false,
    savedFilters: [String: [String]] = [:]
  ) throws(QueryError) -> [String] {
    let query = try Query(
      arguments,
      index: DexFixture.index,
      includingForms: includingForms,
      savedFilter: { savedFilters[$0] },
      savedFilterNames: savedFilters.keys.sorted(),
      moveLearners: { learners }
    )
    return DexFixture.pokedex.pokemon.filter(query.evaluate).map(\.slug)
  }

  /// The identifiers of the fixture moves `arguments` matches, sorted by `sort`.
  static func moveIDs(_ arguments: [String], sort: String = "") throws(QueryError) -> [String] {
    let query = try MoveQuery.compile(
      arguments,
      moves: moves,
      index: DexFixture.index,
      learners: { learners }
    )
    let descriptors = sort.isEmpty ? [] : try MoveSortDescriptor.parse(sort)
    return query.run(on: moves, sortedBy: descriptors).map(\.identifier)
  }
}
