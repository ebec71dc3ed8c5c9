import PokedexCLI
import PokedexKit
import Testing

/// Egg groups, colours, shapes, habitats and growth rates read as the games name them in
/// text for people, and stay PokeAPI identifiers in JSON.
@Suite struct PropertyDisplayNamesTests {
  static func dex() throws -> Pokedex {
    try CommandContext(environment: [:]).loadDex(
      try ParsedArguments.parse([], options: GlobalOptions())
    )
  }

  /// The names agree with the titles `--section-by` gives its sections, for every value
  /// the data uses.
  @Test(arguments: [PokemonSectionKey.egg, .color, .habitat])
  func namesAgreeWithSectionTitles(key: PokemonSectionKey) throws {
    let index = PokedexIndex(try Self.dex())
    let sections = index.fetch(PokemonFetchRequest(sectionKey: key)).sections
    #expect(sections.count > 5)
    let name: (String) -> String =
      switch key {
      case .egg: PropertyNames.eggGroup
      case .color: PropertyNames.color
      default: PropertyNames.habitat
      }
    for section in sections where section.identifier != "none" {
      #expect(name(section.identifier) == section.name)
    }
  }

  @Test func everyValueInTheDataHasAName() throws {
    let dex = try Self.dex()
    let tables = [
      (Set(dex.pokemon.flatMap(\.eggGroups)), PropertyNames.eggGroups),
      (Set(dex.pokemon.map(\.color)), PropertyNames.colors),
      (Set(dex.pokemon.compactMap(\.shape)), PropertyNames.shapes),
      (Set(dex.pokemon.compactMap(\.habitat)), PropertyNames.habitats),
      (Set(dex.pokemon.map(\.growthRate)), PropertyNames.growthRates),
    ]
    for (used, table) in tables {
      #expect(used.subtracting(table.map(\.identifier)).isEmpty)
    }
  }

  @Test func unknownIdentifiersAreTitleCased() {
    #expect(PropertyNames.eggGroup("new-group") == "New Group")
    #expect(PropertyNames.shape("humanoid") == "Bipedal")
    #expect(PropertyNames.growthRate("slow-then-very-fast") == "Erratic")
  }

  @Test func theCardUsesNames() {
    let card = pokedex("show", "pikachu").stdout
    #expect(card.contains("Egg groups  Field, Fairy\n"))
    #expect(card.contains("Colour      Yellow\n"))
    #expect(card.contains("Shape       Quadruped\n"))
    #expect(card.contains("Habitat     Forest\n"))
    #expect(card.contains("growth Medium Fast"))
    let gardevoir = pokedex("show", "gardevoir").stdout
    #expect(gardevoir.contains("Egg groups  Human-Like, Amorphous\n"))
    #expect(pokedex("show", "mewtwo").stdout.contains("Egg groups  Undiscovered\n"))
  }

  @Test(arguments: ["csv", "tsv", "table"])
  func listUsesNames(format: String) {
    let result = pokedex(
      "list",
      "name:pikachu",
      "--fields",
      "name,egg,color,shape,habitat,growth",
      "--format",
      format
    )
    #expect(result.code == .success)
    for name in ["Field, Fairy", "Yellow", "Quadruped", "Forest", "Medium Fast"] {
      #expect(result.stdout.contains(name))
    }
    #expect(!result.stdout.contains("ground"))
  }

  @Test func jsonKeepsIdentifiers() {
    let result = pokedex("show", "gardevoir", "--format", "json")
    #expect(result.stdout.contains("\"indeterminate\""))
    #expect(result.stdout.contains("\"humanshape\""))
    #expect(!result.stdout.contains("Amorphous"))
  }
}
