import Foundation
import Testing

@testable import PokedexKit
@testable import PokedexPipeline

/// Showdown ids to PokeAPI identifiers, and the rules for entries that match no Pokémon.
@Suite(.enabled(if: LearnsetSharedData.isAvailable, "needs ../shared/showdown/learnsets.json"))
struct LearnsetMappingTests {
  func build(_ json: String) throws -> LearnsetBuild {
    let inputs = try LearnsetSharedData.inputs()
    return try LearnsetBuilder().build(
      showdownJSON: Array(json.utf8),
      fileName: "learnsets.json",
      dex: inputs.dex,
      moveIdentifiers: inputs.moveIdentifiers
    )
  }

  @Test func showdownIDs() {
    #expect(ShowdownID.id("trick-room") == "trickroom")
    #expect(ShowdownID.id("Mr. Mime") == "mrmime")
    #expect(ShowdownID.id("Tauros-Paldea-Aqua") == "taurospaldeaaqua")
    #expect(ShowdownID.id("Flabébé") == "flabb")
    #expect(ShowdownID.id("Porygon-Z") == "porygonz")
  }

  struct MatchCase: Sendable, CustomTestStringConvertible {
    var id: String
    var expected: ShowdownPokemonIndex.Match
    var testDescription: String { id }
  }

  static let matches: [MatchCase] = [
    MatchCase(id: "pikachu", expected: .pokemon("pikachu")),
    MatchCase(id: "raichualola", expected: .pokemon("raichu-alola")),
    MatchCase(id: "nidoranf", expected: .pokemon("nidoran-f")),
    MatchCase(id: "mrmime", expected: .pokemon("mr-mime")),
    MatchCase(id: "meowstic", expected: .pokemon("meowstic-male")),
    MatchCase(id: "deoxys", expected: .pokemon("deoxys-normal")),
    MatchCase(id: "toxtricitylowkey", expected: .pokemon("toxtricity-low-key")),
    MatchCase(id: "indeedeef", expected: .pokemon("indeedee-female")),
    MatchCase(id: "meowsticf", expected: .pokemon("meowstic-female")),
    MatchCase(id: "taurospaldeaaqua", expected: .pokemon("tauros-paldea-aqua-breed")),
    MatchCase(id: "pikachuoriginal", expected: .pokemon("pikachu-original-cap")),
    MatchCase(id: "ogerponwellspring", expected: .pokemon("ogerpon-wellspring-mask")),
    // The form without its last word, but only of forms that are not battle-only: Galarian
    // Zen Darmanitan is, so "darmanitangalar" is only the standard form.
    MatchCase(id: "darmanitangalar", expected: .pokemon("darmanitan-galar-standard")),
    MatchCase(id: "necrozmaduskmane", expected: .pokemon("necrozma-dusk")),
    MatchCase(id: "raticatealolatotem", expected: .pokemon("raticate-totem-alola")),
    MatchCase(id: "mimikyutotem", expected: .pokemon("mimikyu-totem-disguised")),
    // Showdown's plain "-Gmax" of a species with two forms is the first (an exception).
    MatchCase(id: "toxtricitygmax", expected: .pokemon("toxtricity-amped-gmax")),
    MatchCase(id: "toxtricitylowkeygmax", expected: .pokemon("toxtricity-low-key-gmax")),
    // Where the default forms differ, the exceptions win over the species rule.
    MatchCase(id: "minior", expected: .pokemon("minior-red")),
    MatchCase(id: "maushold", expected: .pokemon("maushold-family-of-three")),
    MatchCase(id: "sinisteaantique", expected: .none),
    MatchCase(id: "syclant", expected: .none),
  ]

  @Test(arguments: matches) func pokemonIDs(_ testCase: MatchCase) throws {
    let index = ShowdownPokemonIndex(dex: try LearnsetSharedData.inputs().dex)
    #expect(index.match(testCase.id) == testCase.expected)
  }

  /// Every exception names a Pokémon of the dex that the rules alone do not give that id
  /// (they give none, several, or another: Showdown's Minior is PokeAPI's Red Core).
  @Test func everyExceptionNamesAPokemonNoRuleFinds() throws {
    let dex = try LearnsetSharedData.inputs().dex
    let slugs = Set(dex.pokemon.map(\.slug))
    let index = ShowdownPokemonIndex(dex: dex)
    let rulesOnly = ShowdownPokemonIndex(dex: dex, exceptions: [:])
    for (id, slug) in ShowdownID.pokemonExceptions {
      #expect(slugs.contains(slug), "\(id) -> \(slug)")
      #expect(index.match(id) == .pokemon(slug))
      #expect(rulesOnly.match(id) != .pokemon(slug), "\(id) needs no exception")
    }
    #expect(ShowdownID.pokemonExceptions.count == 15)
  }

  @Test func moveIDsMapByStrippingHyphensWithoutCollisions() throws {
    let identifiers = try LearnsetSharedData.inputs().moveIdentifiers
    #expect(Set(identifiers.map { ShowdownID.id($0) }).count == identifiers.count)
    let index = ShowdownMoveIndex(moveIdentifiers: identifiers)
    #expect(index.match("trickroom") == .move("trick-room"))
    #expect(index.match("kingsshield") == .move("kings-shield"))
    #expect(index.match("visegrip") == .move("vice-grip"))
    #expect(index.match("paleowave") == .none)
    #expect(
      ShowdownMoveIndex(moveIdentifiers: ["a-b", "ab"]).match("ab") == .ambiguous(["a-b", "ab"])
    )
  }

  @Test func entriesOutsideTheCanonRunAreIgnoredAndTheRestReported() throws {
    let build = try build(
      """
      {"missingno": {"learnset": {"blizzard": ["3L1"]}},
       "bulbasaur": {"learnset": {"tackle": ["9L1"], "notamove": ["9M"]}},
       "vivillonfancy": {"learnset": {"holdhands": ["6S0"]}},
       "arceusbug": {"eventOnly": true},
       "fakemonx": {"learnset": {"tackle": ["9L1"]}},
       "toxtricitygmax": {"learnset": {"tackle": ["9L1"], "growl": ["9L1"]}},
       "meowstic": {"learnset": {"growl": ["9L1"]}},
       "meowsticmale": {"learnset": {"leer": ["9L1"]}},
       "pecharunt": {"learnset": {"malignantchain": ["9L1"]}},
       "syclant": {"learnset": {"tackle": ["9L1"], "paleowave": ["4L1"]}},
       "pokestarufo": {"eventData": []}}
      """
    )
    #expect(build.ignoredEntries == ["missingno", "syclant", "pokestarufo"])
    #expect(build.mergedEntries == ["vivillonfancy": "vivillon", "arceusbug": "arceus"])
    #expect(
      build.learnsets.learnset("vivillon")?.moves["hold-hands"]
        == [MoveSource("6S")].compactMap { $0 }
    )
    #expect(build.learnsets.learnset("meowstic-male")?.moves.map(\.move) == ["growl", "leer"])
    #expect(
      build.report.filter { $0.severity == .warning }.map(\.description) == [
        "warning: fakemonx: entry matches no Pokémon; its 1 move is in no learnset",
        "warning: meowsticmale: entry 'meowsticmale' is Pokémon 'meowstic-male' as 'meowstic' is; their moves are merged",
        "warning: bulbasaur.learnset.notamove: move 'notamove' matches no PokeAPI move; left out of 1 learnset",
      ]
    )
  }

  @Test func formChangeFormsExtendTheirBaseForm() throws {
    let build = try build(
      #"{"rotom": {"learnset": {"thunderbolt": ["9M"], "hydropump": ["4E"]}}, "rotomwash": {"learnset": {"hydropump": ["9R", "8R"], "thunderbolt": ["8R"]}}}"#
    )
    let wash = try #require(build.learnsets.learnset("rotom-wash"))
    #expect(wash.inherits == nil)
    #expect(wash.extends == "rotom")
    #expect(wash.moves["hydro-pump"] == ["9R", "8R"].compactMap(MoveSource.init))
    #expect(wash.moves["thunderbolt"] == ["8R"].compactMap(MoveSource.init))
    #expect(build.learnsets.learnset("rotom-heat")?.inherits == "rotom")
  }

  @Test func pokemonLeftWithoutALearnsetAreErrors() throws {
    let build = try build(#"{"charizard": {"learnset": {"flamethrower": ["9M"]}}}"#)
    #expect(build.learnsets.learnsets.count == 1351)
    #expect(build.learnsets.learnset("charizard-mega-x")?.inherits == "charizard")
    #expect(build.learnsets.learnset("charizard-gmax")?.inherits == "charizard")
    let errors = build.report.filter { $0.severity == .error }
    // Every Pokémon but Charizard and its three forms.
    #expect(errors.count == 1351 - 4)
    #expect(
      errors.first?.description
        == "error: learnsets[0]: pokemon 'bulbasaur' has no moves and inherits none"
    )
  }
}
