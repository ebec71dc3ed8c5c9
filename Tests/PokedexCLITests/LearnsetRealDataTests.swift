import Foundation
import PokedexCLI
import PokedexTestSupport
import Testing

/// The learnset commands on the bundled data: facts checked against Showdown's learnsets,
/// and golden files of their text.
@Suite struct LearnsetRealDataTests {
  @Test(arguments: [
    ("move-thunderbolt-real.txt", ["move", "thunderbolt"]),
    ("learnset-pikachu-real.txt", ["learnset", "pikachu"]),
    ("show-pikachu-moves-real.txt", ["show", "pikachu", "--moves"]),
  ])
  func goldens(name: String, arguments: [String]) {
    let result = pokedex(arguments, environment: ["COLUMNS": "100"])
    #expect(result.code == .success)
    #expect(result.stderr.isEmpty)
    assertGolden(result.stdout, named: name)
  }

  @Test func pikachuLearnsThunderboltByTMInGenerationNine() {
    let text = pokedex("learnset", "pikachu", "--method", "tm").stdout
    #expect(text.contains("\nTM126  Thunderbolt "))
    let json = pokedex("learnset", "pikachu", "--format", "json").stdout
    #expect(json.contains("\"machine\": \"TM126\",\n          \"move\": \"thunderbolt\""))
  }

  @Test func dittoLearnsOnlyTransform() throws {
    let json = pokedex("learnset", "ditto", "--format", "json").stdout
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    )
    let groups = try #require(object["groups"] as? [[String: Any]])
    let moves = groups.flatMap { ($0["moves"] as? [[String: Any]]) ?? [] }
    #expect(Set(moves.map { $0["move"] as? String }) == ["transform"])
  }

  @Test func smeargleLearnsSketch() {
    let text = pokedex("learnset", "smeargle").stdout
    #expect(text.contains(" Sketch "))
  }

  @Test func raichuAlolaHasItsOwnLearnsetAndMegaCharizardXInheritsCharizards() {
    let alola = pokedex("learnset", "raichu-alola").stdout
    #expect(!alola.contains("learns the moves of"))
    #expect(alola.contains("Psychic"))
    let mega = pokedex("learnset", "charizard-mega-x").stdout
    #expect(
      mega.hasPrefix(
        "Mega Charizard X: moves in generation 9\nMega Charizard X learns the moves of Charizard.\n"
      )
    )
  }

  @Test func aMoveOnlyAPrevolutionLearnsCounts() throws {
    // Volt Tackle: Pichu's (egg), Pikachu's and Raichu's through Pichu.
    let json = pokedex("move", "volt-tackle", "--format", "json").stdout
    #expect(json.contains("\"raichu\""))
    let raichu = pokedex("learnset", "raichu").stdout
    let section = try #require(raichu.components(separatedBy: "By a previous evolution").last)
    #expect(section.contains("Volt Tackle"))
  }
}
