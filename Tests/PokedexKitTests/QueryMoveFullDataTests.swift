import Foundation
import PokedexKit
import Testing

/// `move:`, `learns:` and `learnedby:` on the real data: the bundled files, or those in
/// `POKEDEX_TEST_DATA_DIR` (`pokemons.json`, `learnsets.json`, `moves.json`) when set. Skipped
/// while the bundled learnsets are the empty placeholder.
@Suite(.enabled(if: QueryMoveRealData.data != nil, "the learnsets are not generated yet"))
struct QueryMoveFullDataTests {
  static var data: QueryMoveRealData? { QueryMoveRealData.data }

  static func slugs(_ terms: [String], forms: Bool = false) throws -> [String] {
    let data = try #require(data)
    let query = try Query(
      terms,
      index: data.index,
      includingForms: forms,
      moveLearners: { data.learners }
    )
    return query.filter(data.index.pokedex.pokemon).map(\.slug)
  }

  @Test func pikachuLearnsThunderboltByTMInGeneration9() throws {
    #expect(try Self.slugs(["move:thunderbolt"]).contains("pikachu"))
    #expect(try Self.slugs(["move:Thunderbolt", "learns:tm"]).contains("pikachu"))
    #expect(!(try Self.slugs(["move:thunderbolt", "learns:egg"]).contains("pikachu")))
  }

  @Test func trickRoomIncludesSlowbro() throws {
    for spelling in ["move:trick-room", "move:trickroom", "move:Trick Room", "move:Distorsion"] {
      let found = try Self.slugs([spelling])
      #expect(found.contains("slowbro"), "\(spelling)")
      #expect(found.contains("gengar"), "\(spelling)")
    }
  }

  /// Raichu's learnset has no Volt Tackle; Pichu's has (Showdown's `R` and `S` sources
  /// in generation 9): Raichu counts through Pichu.
  @Test func aMoveLearnedOnlyByAPrevolutionCounts() throws {
    let data = try #require(Self.data)
    let raichu = try #require(data.index.pokedex.pokemon.first { $0.slug == "raichu" })
    #expect(data.learners.learnset(of: raichu)?.moves["volt-tackle"] == nil)
    #expect(try Self.slugs(["move:volt-tackle"]).contains("raichu"))
    #expect(try Self.slugs(["move:volt-tackle"], forms: true).contains("raichu-alola"))
  }

  @Test func megaCharizardXInheritsCharizardsMoves() throws {
    #expect(try Self.slugs(["move:flare-blitz", "mega"]).contains("charizard-mega-x"))
  }

  @Test func learnedByPikachu() throws {
    let data = try #require(Self.data)
    let query = try MoveQuery.compile(
      ["learnedby:pikachu", "type:electric"],
      moves: data.learners.moves,
      index: data.index,
      learners: { data.learners }
    )
    let found = query.run(on: data.learners.moves).map(\.identifier)
    #expect(found.contains("thunderbolt"))
    #expect(found.contains("volt-tackle"))
    #expect(!found.contains("bolt-strike"))
  }
}

/// The real dex, moves and learnsets, or `nil` while the learnsets are empty.
struct QueryMoveRealData: Sendable {
  var index: PokedexIndex
  var learners: MoveLearners

  static let data: QueryMoveRealData? = {
    let directory = ProcessInfo.processInfo.environment["POKEDEX_TEST_DATA_DIR"]
    func path(_ name: String) -> String? { directory.map { $0 + "/" + name } }
    guard let dex = try? PokedexLoader.load(Pokedex.self, path: path("pokemons.json")),
      let learnsets = try? PokedexLoader.load(LearnsetDex.self, path: path("learnsets.json")),
      let moves = try? PokedexLoader.load(MoveDex.self, path: path("moves.json")),
      !learnsets.learnsets.isEmpty, !moves.moves.isEmpty
    else { return nil }
    return QueryMoveRealData(
      index: PokedexIndex(dex),
      learners: MoveLearners(dex: dex, learnsets: learnsets, moves: moves)
    )
  }()
}
