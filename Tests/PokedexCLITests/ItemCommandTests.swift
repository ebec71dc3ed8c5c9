import Foundation
import PokedexCLI
import PokedexTestSupport
import Testing

/// `pokedex item NAME...` over the bundled `items.json`.
@Suite struct ItemCommandTests {
  @Test func cardGolden() {
    let result = pokedex("item", "charizardite-x", "firium-z", width: 80)
    #expect(result.code == .success)
    #expect(result.stderr.isEmpty)
    assertGolden(result.stdout, named: "item-charizardite-x-firium-z.txt")
  }

  @Test func namesInEveryLanguageShowdownIDsAndAliases() {
    for name in ["Choice Scarf", "choicescarf", "scarf", "Wahlschal", "こだわりスカーフ"] {
      let result = pokedex("item", name)
      #expect(result.code == .success, "\(name)")
      #expect(result.stdout.hasPrefix("Choice Scarf\n"), "\(name)")
    }
    let aliased = pokedex("item", "lefties").stdout
    #expect(aliased.contains("Showdown    leftovers  (also lefties)"))
    #expect(pokedex("item", "leftovers", "--lang", "de").stdout.hasPrefix("Überreste\n"))
  }

  @Test func whatAnItemIsMadeFor() {
    let stone = pokedex("item", "Charizardite Y").stdout
    #expect(stone.contains("For         Charizard"))
    #expect(stone.contains("Mega        Charizard → Mega Charizard Y"))
    #expect(stone.contains("Past: not in the current games"))
    let flung = pokedex("item", "Iron Ball").stdout
    #expect(flung.contains("Fling       power 130"))
    #expect(pokedex("item", "Firium Z").stdout.contains("Fling       cannot be flung"))
  }

  @Test func longShowsTheWholeEffect() {
    let short = pokedex("item", "Focus Sash", width: 200).stdout
    let long = pokedex("item", "Focus Sash", "--long", width: 200).stdout
    #expect(short.contains("Effect      Held: Holder survives any single-hit attack at 1 HP"))
    #expect(long.contains("This effect works against multi-hit attacks"))
    #expect(!short.contains("multi-hit"))
  }

  @Test func jsonIsTheRecord() throws {
    let result = pokedex("item", "lefties", "Charizardite X", "--format", "json")
    #expect(result.code == .success)
    let array = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
    )
    #expect(array.map { $0["identifier"] as? String } == ["leftovers", "charizardite-x"])
    #expect(array[0]["showdownID"] as? String == "leftovers")
    #expect(array[0]["aliases"] as? [String] == ["lefties"])
    #expect(array[0]["flingPower"] as? Int == 10)
    #expect(array[1]["nonstandard"] as? String == "Past")
    #expect(array[1]["users"] as? [String] == ["charizard"])
  }

  @Test func missesSayWhatToDo() {
    let close = pokedex("item", "leftovrs")
    #expect(close.code == .failure)
    #expect(
      close.stderr
        == "error: no item matches 'leftovrs'; did you mean 'leftovers'? (output is not a terminal: pass --fuzzy to accept it)\n"
    )
    let accepted = pokedex("item", "leftovrs", "--fuzzy")
    #expect(accepted.code == .success)
    #expect(accepted.stdout.hasPrefix("Leftovers\n"))
    // One miss among hits: the hits print, the run exits 1.
    let mixed = pokedex("item", "leftovers", "qqqqqqqq")
    #expect(mixed.code == .failure)
    #expect(mixed.stdout.hasPrefix("Leftovers\n"))
    #expect(mixed.stderr == "error: no item matches 'qqqqqqqq'; see 'pokedex items'\n")
    #expect(pokedex("item").code == .usage)
    #expect(pokedex("item", "leftovers", "--format", "yaml").code == .usage)
  }
}
