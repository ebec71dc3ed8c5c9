import PokedexCLI
import Testing

/// Completion of item names and of the item query, from the bundled `items.json`.
@Suite struct ItemCompletionTests {
  static func reply(_ words: String...) -> [String] {
    let result = pokedex(["completions", "--complete", "--"] + words)
    return result.stdout.split(separator: "\n").dropFirst().map(String.init)
  }

  @Test func itemNames() {
    #expect(Self.reply("item", "leftov") == ["leftovers"])
    #expect(Self.reply("item", "leftovers", "choice-sc") == ["choice-scarf"])
  }

  @Test func itemQuery() {
    #expect(Self.reply("items", "cat") == ["category:"])
    #expect(Self.reply("items", "fli") == ["fling"])
    #expect(Self.reply("items", "category:mega") == ["category:mega-stones"])
    #expect(Self.reply("items", "!nonstandard:p") == ["!nonstandard:past"])
    #expect(Self.reply("items", "user:charizard-m").starts(with: ["user:charizard-mega-x"]))
    #expect(Self.reply("items", "type:fai") == ["type:fairy"])
    #expect(Self.reply("items", "--sort", "fl") == ["fling", "fling:desc"])
    #expect(Self.reply("items", "--sort", "name,g") == ["name,gen", "name,gen:desc"])
  }
}
