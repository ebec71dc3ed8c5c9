import PokedexTestSupport
import Testing

@testable import PokedexKit

/// `MoveLearners` on the bundled dex with small hand-written moves and learnsets.
@Suite struct MoveLearnersTests {
  static let source = DataSource(name: "test", commit: "", license: "")

  static func move(_ id: Int, _ identifier: String, _ names: LocalizedNames) -> Move {
    Move(
      id: id,
      identifier: identifier,
      names: names,
      generation: 1,
      type: "normal",
      damageClass: "status",
      power: nil,
      accuracy: nil,
      pp: 10,
      priority: 0,
      target: "selected-pokemon",
      flags: [],
      effectChance: nil,
      shortEffect: nil,
      effect: nil,
      machines: []
    )
  }

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

  static let learners: MoveLearners = {
    let dex = (try? PokedexLoader.load()) ?? .placeholder
    let moves = MoveDex(
      source: source,
      versionGroups: [],
      moves: [
        move(85, "thunderbolt", ["en": "Thunderbolt", "fr": "Tonnerre"]),
        move(433, "trick-room", ["en": "Trick Room", "fr": "Distorsion", "ja": "トリックルーム"]),
        move(344, "volt-tackle", ["en": "Volt Tackle"]),
        move(394, "flare-blitz", ["en": "Flare Blitz"]),
      ]
    )
    let learnsets = LearnsetDex(
      source: source,
      learnsets: [
        learnset("charizard", ["flare-blitz": ["9L1", "8L1"]]),
        learnset("pichu", ["volt-tackle": ["9E", "8E"], "thunderbolt": ["9M"]]),
        learnset("pikachu", ["thunderbolt": ["9M", "8M", "4M"]], prevolution: "pichu"),
        learnset("raichu", ["thunderbolt": ["9M"]], prevolution: "pikachu"),
        learnset(
          "raichu-alola",
          ["thunderbolt": ["9M"], "trick-room": ["8M"]],
          prevolution: "pikachu"
        ),
        Learnset(pokemon: "charizard-mega-x", inherits: "charizard", moves: LearnedMoves()),
      ]
    )
    return MoveLearners(dex: dex, learnsets: learnsets, moves: moves)
  }()

  static func pokemon(_ slug: String) throws -> Pokemon {
    try #require(learners.dex.pokemon.first { $0.slug == slug })
  }

  static func slugs(_ rows: [Int]) -> [String] { rows.map { learners.dex.pokemon[$0].slug } }

  /// The slugs of the default Pokémon among `rows`.
  static func defaults(_ rows: [Int]) -> [String] {
    rows.map { learners.dex.pokemon[$0] }.filter(\.isDefault).map(\.slug)
  }

  @Test(arguments: ["trick-room", "trickroom", "Trick Room", "TRICK ROOM", "Distorsion", "トリックルーム"])
  func findsAMoveByAnySpelling(name: String) {
    #expect(Self.learners.move(named: name)?.identifier == "trick-room")
  }

  @Test func anUnknownMoveHasASuggestion() {
    #expect(Self.learners.move(named: "thunderbolr") == nil)
    #expect(Self.learners.move(named: "") == nil)
    #expect(Self.learners.suggestion(for: "thunderbolr")?.identifier == "thunderbolt")
    #expect(Self.learners.suggestion(for: "zzzzzzzzzzzz") == nil)
  }

  @Test func aMegaEvolutionLearnsItsBaseFormsMoves() throws {
    let mega = try Self.pokemon("charizard-mega-x")
    #expect(Self.learners.learnset(of: mega)?.pokemon == "charizard")
    #expect(
      Self.learners.sources(of: "flare-blitz", for: mega).map(\.description) == [
        "charizard: 9L1", "charizard: 8L1",
      ]
    )
  }

  /// The bundled dex, moves and learnsets: the links `data build` wrote, as Showdown
  /// derives them.
  static let bundled = Result {
    MoveLearners(
      dex: try PokedexLoader.load(),
      learnsets: try PokedexLoader.load(LearnsetDex.self),
      moves: try PokedexLoader.load(MoveDex.self)
    )
  }

  struct PrevolutionCase: Sendable, CustomTestStringConvertible {
    var pokemon: String
    var chain: [String]
    var testDescription: String { pokemon }
  }

  @Test(arguments: [
    PrevolutionCase(pokemon: "raichu", chain: ["pikachu", "pichu"]),
    PrevolutionCase(pokemon: "raichu-alola", chain: ["pikachu", "pichu"]),
    PrevolutionCase(pokemon: "pichu", chain: []),
    PrevolutionCase(pokemon: "sirfetchd", chain: ["farfetchd-galar"]),
    PrevolutionCase(pokemon: "persian", chain: ["meowth"]),
    PrevolutionCase(pokemon: "persian-alola", chain: ["meowth-alola"]),
    PrevolutionCase(pokemon: "perrserker", chain: ["meowth-galar"]),
    PrevolutionCase(pokemon: "slowbro-galar", chain: ["slowpoke-galar"]),
    PrevolutionCase(pokemon: "slowbro", chain: ["slowpoke"]),
    PrevolutionCase(pokemon: "mr-rime", chain: ["mr-mime-galar", "mime-jr"]),
    PrevolutionCase(pokemon: "charizard-mega-x", chain: ["charmeleon", "charmander"]),
    PrevolutionCase(pokemon: "lycanroc-dusk", chain: ["rockruff-own-tempo"]),
    // Formes with no prevolution of their own: only the line's generation-9 egg moves.
    PrevolutionCase(pokemon: "pikachu-original-cap", chain: ["pichu"]),
    PrevolutionCase(pokemon: "floette-eternal", chain: ["flabebe"]),
    PrevolutionCase(pokemon: "ursaluna-bloodmoon", chain: ["teddiursa"]),
  ])
  func prevolutionsAreShowdowns(_ example: PrevolutionCase) throws {
    let learners = try Self.bundled.get()
    let pokemon = try #require(learners.dex.pokemon.first { $0.slug == example.pokemon })
    #expect(learners.prevolutions(of: pokemon).map(\.slug) == example.chain)
  }

  /// Learnsets as Showdown derives them, on the bundled data.
  @Test func formesLearnWhatShowdownLetsThem() throws {
    let learners = try Self.bundled.get()
    func pokemon(_ slug: String) throws -> Pokemon {
      try #require(learners.dex.pokemon.first { $0.slug == slug })
    }
    func learns(_ slug: String, _ move: String, in generation: Int? = nil) throws -> Bool {
      let row = try #require(learners.dex.pokemon.firstIndex { $0.slug == slug })
      return learners.canLearn(move, row: row, generation: generation)
    }
    // Costume Pikachu learn Cosplay Pikachu's moves, not Pikachu's.
    #expect(try learners.learnset(of: pokemon("pikachu-rock-star"))?.extends == nil)
    #expect(try learns("pikachu-rock-star", "meteor-mash"))
    #expect(try learns("pikachu-rock-star", "thunderbolt", in: 6))
    #expect(try !learns("pikachu-rock-star", "thunderbolt", in: 9))
    // Floette-Mega inherits Floette-Eternal; Greninja-Ash, Greninja-Bond.
    #expect(try learners.learnset(of: pokemon("floette-mega"))?.pokemon == "floette-eternal")
    #expect(try learners.learnset(of: pokemon("greninja-ash"))?.pokemon == "greninja-battle-bond")
    // A forme that changes from another adds that one's moves (and Rotom-Wash its base's).
    #expect(try learns("calyrex-shadow", "leech-seed"))
    #expect(try learns("rotom-wash", "thunderbolt"))
    #expect(try learns("zygarde-10", "toxic"))
    // Cap Pikachu learns Pichu's generation-9 egg moves, not the rest of Pichu's.
    #expect(try learns("pikachu-original-cap", "fake-out", in: 9))
    #expect(try !learns("pikachu-original-cap", "zap-cannon"))
    #expect(try learns("pikachu", "zap-cannon"))
  }

  @Test func aMoveOnlyAPrevolutionLearnsCounts() throws {
    let raichu = try Self.pokemon("raichu")
    #expect(
      Self.learners.sources(of: "volt-tackle", for: raichu).map(\.description) == [
        "pichu: 9E", "pichu: 8E",
      ]
    )
    #expect(
      Self.learners.sources(of: "volt-tackle", for: raichu, includingPrevolutions: false).isEmpty
    )
    #expect(
      Self.defaults(Self.learners.learners(of: "volt-tackle")) == ["pikachu", "raichu", "pichu"]
    )
    #expect(Self.slugs(Self.learners.learners(of: "volt-tackle")).contains("raichu-alola"))
  }

  @Test func generationsAndMethodsRestrict() {
    #expect(Self.slugs(Self.learners.learners(of: "trick-room")).isEmpty)
    #expect(Self.slugs(Self.learners.learners(of: "trick-room", in: 8)) == ["raichu-alola"])
    let inFour = Self.learners.learners(of: "thunderbolt", in: 4)
    #expect(Self.defaults(inFour) == ["pikachu", "raichu"])
    #expect(Self.slugs(inFour).contains("raichu-alola"))
    #expect(Self.learners.learners(of: "volt-tackle", in: nil, methods: [.levelUp]).isEmpty)
    #expect(
      Self.defaults(Self.learners.learners(of: "volt-tackle", in: nil, methods: [.egg])) == [
        "pikachu", "raichu", "pichu",
      ]
    )
    #expect(Self.learners.learners(of: "no-such-move").isEmpty)
    #expect(!Self.learners.canLearn("thunderbolt", row: -1, generation: nil))
  }
}
