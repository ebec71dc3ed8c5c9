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

  static func learnset(_ pokemon: String, _ moves: [String: [String]]) -> Learnset {
    Learnset(
      pokemon: pokemon,
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
        learnset("pikachu", ["thunderbolt": ["9M", "8M", "4M"]]),
        learnset("raichu", ["thunderbolt": ["9M"]]),
        learnset("raichu-alola", ["thunderbolt": ["9M"], "trick-room": ["8M"]]),
        Learnset(pokemon: "charizard-mega-x", inherits: "charizard", moves: LearnedMoves()),
      ]
    )
    return MoveLearners(dex: dex, learnsets: learnsets, moves: moves)
  }()

  static func pokemon(_ slug: String) throws -> Pokemon {
    try #require(learners.dex.pokemon.first { $0.slug == slug })
  }

  static func slugs(_ rows: [Int]) -> [String] { rows.map { learners.dex.pokemon[$0].slug } }

  /// The slugs of the default Pokémon among `rows` (the bundled dex's forms of Pikachu
  /// have no learnset here, so they learn what Pichu does).
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
  ])
  func prevolutionsFollowTheForm(_ example: PrevolutionCase) throws {
    let chain = Self.learners.prevolutions(of: try Self.pokemon(example.pokemon)).map(\.slug)
    #expect(chain == example.chain)
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
