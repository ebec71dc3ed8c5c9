import Foundation
import PokedexTestSupport
import Testing

@testable import PokedexCLI

/// What players type in Pokémon Showdown finds what they mean: its names, its formes and its
/// aliases, before any guess.
@Suite struct ShowdownNameLookupTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var text: String
    var slug: String
    var kind: String
    var testDescription: String { text }
  }

  @Test(arguments: [
    Case(text: "Indeedee-F", slug: "indeedee-female", kind: "exact"),
    Case(text: "Meowstic-F", slug: "meowstic-female", kind: "exact"),
    Case(text: "Basculegion-F", slug: "basculegion-female", kind: "exact"),
    Case(text: "Oinkologne-F", slug: "oinkologne-female", kind: "exact"),
    Case(text: "Necrozma-Dusk-Mane", slug: "necrozma-dusk", kind: "exact"),
    Case(text: "Greninja-Bond", slug: "greninja-battle-bond", kind: "exact"),
    Case(text: "Zygarde-10%", slug: "zygarde-10", kind: "exact"),
    Case(text: "Landorus-T", slug: "landorus-therian", kind: "alias"),
    Case(text: "lando", slug: "landorus-incarnate", kind: "alias"),
    Case(text: "koko", slug: "tapu-koko", kind: "alias"),
    Case(text: "ttar", slug: "tyranitar", kind: "alias"),
    Case(text: "Gastrodon-East", slug: "gastrodon", kind: "exact"),
    Case(text: "Vivillon-Ocean", slug: "vivillon", kind: "exact"),
    Case(text: "Arceus-Fairy", slug: "arceus", kind: "exact"),
    Case(text: "Silvally-Steel", slug: "silvally", kind: "exact"),
    Case(text: "Maushold-Four", slug: "maushold-family-of-four", kind: "exact"),
    Case(text: "Sinistcha-Masterpiece", slug: "sinistcha", kind: "exact"),
  ])
  func showFindsShowdownsNames(_ example: Case) throws {
    let result = pokedex("show", example.text, "--format", "json")
    #expect(result.code == .success, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    let records = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
    )
    #expect(records.first?["slug"] as? String == example.slug)
    let match = records.first?["match"] as? [String: Any]
    #expect(match?["kind"] as? String == example.kind)
  }

  /// An alias is an answer, not a guess: it is found even with `--exact` and when piped.
  @Test func anAliasIsAnAnswer() {
    let result = pokedex("show", "lando", "--exact")
    #expect(result.code == .success)
    #expect(result.stdout.hasPrefix("#0645 Landorus"))
  }

  @Test func searchListsTheAliasedPokemonFirst() {
    let result = pokedex("search", "lando", width: 80)
    #expect(result.code == .success)
    #expect(
      result.stdout.split(separator: "\n").dropFirst().first?.contains("landorus-incarnate") == true
    )
    let koko = pokedex("search", "koko", width: 80)
    #expect(koko.stdout.split(separator: "\n").dropFirst().first?.contains("tapu-koko") == true)
  }

  /// A forme asked for by its Showdown name is shown with its own types and matchups, and
  /// says what it needs; its JSON record carries it as `forme`.
  @Test func aFormeShowsItsTypesAndNeeds() throws {
    let card = pokedex("show", "Arceus-Fairy", width: 100)
    #expect(card.code == .success, "\(card.stderr)")
    #expect(card.stdout.contains("Types       Fairy\n"))
    #expect(card.stdout.contains("Showdown    Arceus-Fairy, a forme of Arceus; holds Pixie Plate"))
    // Fairy is immune to Dragon; Normal Arceus is immune to Ghost.
    #expect(card.stdout.contains("  0x   Dragon\n"))
    #expect(!card.stdout.contains("0x   Ghost"))
    let json = pokedex("show", "Arceus-Fairy", "--format", "json")
    let records = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
    )
    let forme = try #require(records.first?["forme"] as? [String: Any])
    #expect(forme["types"] as? [String] == ["fairy"])
    #expect(forme["id"] as? String == "arceusfairy")
    #expect(pokedex("show", "arceus", "--format", "json").stdout.contains("\"forme\"") == false)
  }

  /// The card gives Showdown's name, aliases, needs and tiers.
  @Test func theCardShowsShowdownsNameNeedsAndTier() {
    let card = pokedex("show", "kyogre-primal", "landorus-t", width: 200)
    #expect(card.code == .success, "\(card.stderr)")
    #expect(card.stdout.contains("Showdown    Kyogre-Primal\n"))
    #expect(card.stdout.contains("Needs       holds Blue Orb\n"))
    #expect(card.stdout.contains("Tier        Illegal; doubles Illegal; National Dex Uber"))
    #expect(card.stdout.contains("Showdown    Landorus-Therian  (also landorust, landot)"))
    #expect(card.stdout.contains("Tier        OU; doubles DOU; National Dex OU (generation 9)"))
    #expect(card.stdout.contains("Status      legendary, sub-legendary"))
    #expect(card.stdout.contains("Weight      68 kg  (Low Kick, Grass Knot: power 80)"))
  }
}
