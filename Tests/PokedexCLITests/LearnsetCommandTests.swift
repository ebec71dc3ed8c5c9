import Foundation
import PokedexCLI
import PokedexTestSupport
import Testing

/// `pokedex learnset NAME` on the fixture's learnsets (``MoveFixture``).
@Suite struct LearnsetCommandTests {
  @Test func tablesGolden() {
    let result = pokedexWithMoves("learnset", "raichu", width: 80)
    #expect(result.code == .success)
    #expect(result.stderr.isEmpty)
    assertGolden(result.stdout, named: "learnset-raichu.txt")
  }

  @Test func dittoLearnsOnlyTransform() {
    let result = pokedexWithMoves("learnset", "ditto")
    #expect(
      result.stdout == """
        Ditto: moves in generation 9

        By level up (1)
        Level  Move       Type    Cat.    Power  Acc.  PP
            1  Transform  Normal  Status      —     —  10

        """
    )
  }

  @Test func levelUpMovesAreInLevelOrder() throws {
    let result = pokedexWithMoves("learnset", "charmander", "--gen", "4", "--method", "level")
    let levels = result.stdout.split(separator: "\n").compactMap { line in
      Int(line.split(separator: " ").first ?? "")
    }
    #expect(levels == levels.sorted())
    #expect(levels.count >= 3)
    #expect(!result.stdout.contains("By TM"))
    #expect(result.stdout.hasPrefix("Charmander: moves in generation 4\n"))
  }

  @Test func methodsFilterAndRepeat() {
    let egg = pokedexWithMoves("learnset", "pichu", "--method", "egg").stdout
    #expect(egg.contains("By breeding (egg moves)"))
    #expect(!egg.contains("By level up"))
    let both = pokedexWithMoves("learnset", "pichu", "--method", "egg", "--method", "tm").stdout
    #expect(both.contains("By TM"))
    #expect(both.contains("By breeding"))
    let none = pokedexWithMoves("learnset", "ditto", "--method", "tutor").stdout
    #expect(none == "Ditto: moves in generation 9\nNo moves by tutor in generation 9.\n")
  }

  @Test func movesOnlyAPrevolutionLearnsComeLast() throws {
    let text = pokedexWithMoves("learnset", "raichu").stdout
    let section = try #require(text.components(separatedBy: "By a previous evolution").last)
    #expect(section.contains("Volt Tackle"))
    #expect(section.contains("Pichu (event, restricted)"))
    #expect(!pokedexWithMoves("learnset", "pichu").stdout.contains("By a previous evolution"))
  }

  @Test func aFormThatInheritsSaysWhose() {
    let mega = pokedexWithMoves("learnset", "mega charizard x").stdout
    let base = pokedexWithMoves("learnset", "charizard").stdout
    #expect(
      mega.hasPrefix(
        "Mega Charizard X: moves in generation 9\nMega Charizard X learns the moves of Charizard.\n"
      )
    )
    #expect(mega.split(separator: "\n").dropFirst(2) == base.split(separator: "\n").dropFirst(1))
    let alola = pokedexWithMoves("learnset", "raichu-alola").stdout
    #expect(!alola.contains("learns the moves of"))
  }

  @Test func jsonShape() throws {
    let result = pokedexWithMoves("learnset", "raichu", "--format", "json")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    )
    #expect(object["pokemon"] as? String == "raichu")
    #expect(object["generation"] as? Int == 9)
    #expect(object["learnsetOf"] is NSNull)
    let groups = try #require(object["groups"] as? [[String: Any]])
    #expect(groups.map { $0["method"] as? String } == ["level", "tm", "prevolution"])
    let level = try #require(groups.first?["moves"] as? [[String: Any]])
    #expect(
      level.first?.keys.sorted() == [
        "accuracy", "category", "level", "move", "name", "power", "pp", "type",
      ]
    )
    let prevolution = try #require(groups.last?["moves"] as? [[String: Any]])
    let tackle = try #require(prevolution.first { $0["move"] as? String == "volt-tackle" })
    #expect(tackle["from"] as? String == "pichu")
    #expect(tackle["methods"] as? [String] == ["event", "restricted"])
    let mega = pokedexWithMoves("learnset", "charizard-mega-x", "--format", "json").stdout
    #expect(mega.contains("\"learnsetOf\": \"charizard\""))
  }

  @Test func errors() {
    let miss = pokedexWithMoves("learnset", "pikachoo")
    #expect(miss.code == .failure)
    #expect(miss.stderr.contains("did you mean 'pikachu'?"))
    #expect(pokedexWithMoves("learnset").code == .usage)
    #expect(pokedexWithMoves("learnset", "pikachu", "raichu").code == .usage)
    #expect(pokedexWithMoves("learnset", "pikachu", "--gen", "10").code == .usage)
    #expect(pokedexWithMoves("learnset", "pikachu", "--gen", "0").code == .usage)
    let method = pokedexWithMoves("learnset", "pikachu", "--method", "levelup")
    #expect(method.code == .usage)
    #expect(
      method.stderr.hasPrefix(
        "error: invalid value 'levelup' for --method: expected one of level, tm, egg"
      )
    )
  }
}
