import Foundation
import PokedexKit
import Testing

/// The bundled `moves.json` with what Showdown adds (flags, text, aliases, null power and
/// accuracy), as the library reads it: lookups by alias, the kind of power, older text, and
/// the query's comparisons over moves without a number.
@Suite(.enabled(if: QueryMoveRealData.data != nil, "the learnsets are not generated yet"))
struct MoveShowdownDataTests {
  static func learners() throws -> MoveLearners { try #require(QueryMoveRealData.data).learners }

  static func move(_ identifier: String) throws -> Move {
    try #require(try learners().move(identifier: identifier), "\(identifier)")
  }

  @Test func theEffectChanceIsInTheText() throws {
    #expect(
      try Self.move("crunch").shortEffect
        == "Has a 20% chance to lower the target’s Defense by one stage."
    )
    #expect(try Self.move("fire-fang").shortEffect?.contains("a 10% chance to make") == true)
  }

  @Test func powerIsANumberVariesOrNone() throws {
    #expect(try Self.move("thunderbolt").powerKind == .fixed(90))
    for identifier in [
      "low-kick", "grass-knot", "heavy-slam", "gyro-ball", "ruination", "comeuppance",
      "hard-press", "max-flare", "breakneck-blitz--physical",
    ] {
      #expect(try Self.move(identifier).powerKind == .varies, "\(identifier)")
    }
    for identifier in ["shelter", "trick-room", "dragon-cheer"] {
      #expect(try Self.move(identifier).powerKind == .none, "\(identifier)")
    }
    for identifier in ["tachyon-cutter", "burning-bulwark", "dragon-cheer", "aerial-ace"] {
      #expect(try Self.move(identifier).accuracy == nil, "\(identifier)")
    }
  }

  @Test func comparisonsSkipMovesWithoutTheNumber() throws {
    let data = try #require(QueryMoveRealData.data)
    let weak = try MoveQuery.compile(["power<20"], moves: data.learners.moves, index: data.index)
      .run(on: data.learners.moves)
    #expect(!weak.isEmpty)
    #expect(weak.allSatisfy { $0.damageClass != "status" && ($0.power ?? 100) < 20 })
    #expect(!weak.contains { $0.identifier == "max-flutterby" })
    let sure = try MoveQuery.compile(["accuracy<=0"], moves: data.learners.moves, index: data.index)
      .run(on: data.learners.moves)
    #expect(sure.isEmpty)
  }

  @Test func everyGeneration9MoveHasFlagsAndText() throws {
    let generation9 = try Self.learners().moves.moves.filter { $0.generation == 9 }
    #expect(generation9.count == 69)
    #expect(generation9.allSatisfy { $0.shortEffect != nil && $0.effect != nil })
    #expect(generation9.allSatisfy { $0.fromShowdown?.taken.contains("flags") == true })
  }

  @Test func aliasesNameMovesBeforeAnyGuess() throws {
    let learners = try Self.learners()
    #expect(learners.move(named: "tbolt")?.identifier == "thunderbolt")
    #expect(learners.move(named: "T-Bolt")?.identifier == "thunderbolt")
    #expect(learners.move(named: "eq")?.identifier == "earthquake")
    #expect(learners.move(named: "Hidden Power Fire")?.identifier == "hidden-power")
    let data = try #require(QueryMoveRealData.data)
    let found = try MoveQuery.compile(["tbolt"], moves: learners.moves, index: data.index)
      .run(on: learners.moves).map(\.identifier)
    #expect(found == ["thunderbolt"])
  }

  @Test func olderGenerationsReadTheirOwnText() throws {
    let crunch = try Self.move("crunch")
    #expect(crunch.olderEffects.map(\.generation) == [3])
    #expect(
      crunch.effectText(inGeneration: 3).shortEffect
        == "20% chance to lower the target's Sp. Def by 1."
    )
    #expect(crunch.effectText(inGeneration: 4).shortEffect == crunch.shortEffect)
  }
}
