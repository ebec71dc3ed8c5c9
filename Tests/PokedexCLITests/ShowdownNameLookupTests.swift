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
}
