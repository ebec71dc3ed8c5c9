import Foundation
import Testing

@testable import PokedexKit
@testable import PokedexPipeline

/// Each check of ``LearnsetValidator`` on learnsets broken on purpose.
@Suite struct LearnsetValidatorTests {
  /// The bundled dex cut to Charizard, Mega Charizard X and Ditto.
  func dex() throws -> Pokedex {
    var dex = try LearnsetSharedData.inputs().dex
    dex.pokemon = dex.pokemon.filter {
      ["charizard", "ditto", "charizard-mega-x"].contains($0.slug)
    }
    return dex
  }

  static let source = DataSource(name: "test", commit: "", license: "")

  func moves(_ pairs: [(String, [String])]) -> LearnedMoves {
    LearnedMoves(pairs.map { LearnedMove(move: $0.0, sources: $0.1.compactMap(MoveSource.init)) })
  }

  var valid: [Learnset] {
    [
      Learnset(pokemon: "charizard", moves: moves([("flamethrower", ["9M", "8M"])])),
      Learnset(pokemon: "ditto", moves: moves([("transform", ["9L1"])])),
      Learnset(pokemon: "charizard-mega-x", inherits: "charizard", moves: LearnedMoves()),
    ]
  }

  func check(_ learnsets: [Learnset], moves: [String]? = ["flamethrower", "transform"]) throws
    -> [String]
  {
    LearnsetValidator().validate(
      LearnsetDex(source: Self.source, learnsets: learnsets),
      dex: try dex(),
      moveIdentifiers: moves
    ).map(\.description)
  }

  @Test func validLearnsetsPass() throws {
    #expect(try check(valid) == [])
  }

  @Test func aMissingLearnsetIsReported() throws {
    #expect(
      try check(Array(valid.prefix(2))) == [
        "error: learnsets: pokemon 'charizard-mega-x' has no learnset"
      ]
    )
  }

  @Test func repeatedUnknownAndUnorderedLearnsetsAreReported() throws {
    var learnsets = valid
    learnsets.append(valid[1])
    learnsets.append(Learnset(pokemon: "missingno", moves: moves([("transform", ["9L1"])])))
    #expect(
      try check(learnsets) == [
        "error: learnsets[3].pokemon: a second learnset for 'ditto'",
        "error: learnsets[4].pokemon: 'missingno' is not a Pokémon of the dex",
      ]
    )
    #expect(
      try check([valid[1], valid[0], valid[2]]) == [
        "error: learnsets[1].pokemon: 'charizard' is out of order; learnsets are sorted by Pokémon id"
      ]
    )
  }

  @Test func aLearnsetWithoutMovesOrInheritanceIsReported() throws {
    var learnsets = valid
    learnsets[1].moves = LearnedMoves()
    #expect(
      try check(learnsets) == [
        "error: learnsets[1]: pokemon 'ditto' has no moves and inherits none"
      ]
    )
  }

  @Test func inheritingMustPointAtAnotherPokemonWithMoves() throws {
    var learnsets = valid
    learnsets[2].inherits = "charizard-mega-x"
    #expect(
      try check(learnsets) == [
        "error: learnsets[2].inherits: 'charizard-mega-x' inherits its own learnset"
      ]
    )
    learnsets[2].inherits = "charizard-gmax"
    #expect(
      try check(learnsets) == [
        "error: learnsets[2].inherits: inherits 'charizard-gmax', which has no learnset"
      ]
    )
    learnsets[2].inherits = "charizard"
    learnsets[0] = Learnset(pokemon: "charizard", inherits: "ditto", moves: LearnedMoves())
    #expect(
      try check(learnsets) == [
        "error: learnsets[2].inherits: inherits 'charizard', which has no moves of its own"
      ]
    )
    learnsets = valid
    learnsets[2].moves = moves([("flamethrower", ["9M"])])
    #expect(
      try check(learnsets) == [
        "error: learnsets[2].inherits: has moves of its own and inherits 'charizard'"
      ]
    )
  }

  @Test func movesMustBeKnownWithSourcesEachOnce() throws {
    var learnsets = valid
    learnsets[1].moves = moves([
      ("transform", ["9L1", "9L1"]), ("tackle", []), ("flamethrower", ["9M"]),
    ])
    #expect(
      try check(learnsets) == [
        "error: learnsets[1].moves.tackle: unknown move 'tackle'",
        "error: learnsets[1].moves.tackle: the move has no source",
        "error: learnsets[1].moves.transform: a source appears twice",
      ]
    )
    #expect(try check(learnsets, moves: nil).count == 2)
  }

  /// The links a learnset continues with: one at most, not while inheriting, to another
  /// Pokémon's learnset.
  @Test func linksMustBeOneToAnotherLearnset() throws {
    var learnsets = valid
    learnsets[0].prevolution = "ditto"
    #expect(try check(learnsets) == [])
    learnsets[0].extends = "charizard"
    learnsets[1].eggMovesFrom = "mew"
    learnsets[2].prevolution = "ditto"
    #expect(
      try check(learnsets) == [
        "error: learnsets[0]: names extends and prevolution; at most one is allowed",
        "error: learnsets[0].extends: names its own learnset",
        "error: learnsets[1].eggMovesFrom: 'mew' has no learnset",
        "error: learnsets[2].prevolution: inherits and names 'ditto' too; a link belongs to the learnset inherited",
      ]
    )
  }
}
