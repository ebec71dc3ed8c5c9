import PokedexKit
import PokedexTestSupport
import Testing

@Suite struct QueryFetchTests {
  let index = DexFixture.index

  @Test func parsesSortKeys() throws {
    #expect(
      try PokemonSortDescriptor.parse("bst:desc,name")
        == [PokemonSortDescriptor(.bst, ascending: false), PokemonSortDescriptor(.name)]
    )
    #expect(
      try PokemonSortDescriptor.parse("speed:asc, -total, number, id:descending")
        == [
          PokemonSortDescriptor(.spe), PokemonSortDescriptor(.bst, ascending: false),
          PokemonSortDescriptor(.number), PokemonSortDescriptor(.id, ascending: false),
        ]
    )
    #expect(try PokemonSectionKey(parsing: "Gen") == .generation)
    #expect(try PokemonSectionKey(parsing: "types") == .types)
    #expect(try PokemonSectionKey(parsing: "colour") == .color)
  }

  @Test func defaultOrderIsNationalNumberThenID() throws {
    let request = PokemonFetchRequest(
      query: try Query(["name:charizard*"], index: index, includingForms: true)
    )
    let result = index.fetch(request)
    #expect(
      result.pokemon.map(\.slug) == [
        "charizard", "charizard-mega-x", "charizard-mega-y", "charizard-gmax",
      ]
    )
    let all = index.fetch(PokemonFetchRequest(query: .all(includingForms: true))).pokemon
    #expect(all == all.sorted { ($0.nationalNumber, $0.id) < ($1.nationalNumber, $1.id) })
  }

  @Test func multiKeySortMatchesADirectSort() throws {
    let descriptors = try PokemonSortDescriptor.parse("gen:desc,bst,name")
    let result = index.fetch(PokemonFetchRequest(sortDescriptors: descriptors)).pokemon
    let expected = DexFixture.pokedex.pokemon.filter(\.isDefault).sorted {
      if $0.generation != $1.generation { return $0.generation > $1.generation }
      if $0.stats.total != $1.stats.total { return $0.stats.total < $1.stats.total }
      return NameNormalizer.key($0.names["en"] ?? "") < NameNormalizer.key($1.names["en"] ?? "")
    }
    #expect(result.map(\.slug) == expected.map(\.slug))
  }

  @Test func sortIsStableOnTies() {
    // Shuffle the input; Pokémon equal on the key must come out in national number, id order.
    var rng = SplitMix64(seed: 42)
    for _ in 0..<20 {
      let shuffled = DexFixture.pokedex.pokemon.shuffled(using: &rng)
      let sorted = index.sort(shuffled, by: [PokemonSortDescriptor(.gen)])
      let expected = DexFixture.pokedex.pokemon.sorted {
        ($0.generation, $0.nationalNumber, $0.id) < ($1.generation, $1.nationalNumber, $1.id)
      }
      #expect(sorted.map(\.id) == expected.map(\.id))
      let byName = index.sort(shuffled, by: [PokemonSortDescriptor(.name, ascending: false)])
      let again = index.sort(
        byName.reversed(),
        by: [PokemonSortDescriptor(.name, ascending: false)]
      )
      #expect(byName.map(\.id) == again.map(\.id))
    }
  }

  @Test func sortsByNameInTheRequestedLanguage() throws {
    let request = PokemonFetchRequest(
      query: try Query(["gen:1", "evolves"], index: index),
      sortDescriptors: [PokemonSortDescriptor(.name)],
      language: "ja-hrkt"
    )
    let names = index.fetch(request).pokemon.compactMap { $0.names["ja-hrkt"] }
    #expect(names == names.sorted())
    #expect(!names.isEmpty)
  }

  @Test func sectionsByTypeComeInChartOrderWithDisplayNames() throws {
    let result = index.fetch(PokemonFetchRequest(sectionKey: .type))
    let chartOrder = DexFixture.pokedex.types.map(\.identifier)
    let positions = result.sections.map { chartOrder.firstIndex(of: $0.identifier) ?? -1 }
    #expect(positions == positions.sorted() && !positions.contains(-1))
    let fire = try #require(result.sections.first { $0.identifier == "fire" })
    #expect(fire.name == "Fire")
    #expect(fire.pokemon.map(\.slug) == slugs { $0.types.first == "fire" })
    #expect(result.pokemon.count == result.matchCount)
    #expect(result.rowCount == result.matchCount)
  }

  @Test func sectionsByTypesListDualTypesUnderEach() throws {
    let result = index.fetch(PokemonFetchRequest(sectionKey: .types))
    let flying = try #require(result.sections.first { $0.identifier == "flying" })
    #expect(flying.pokemon.map(\.slug) == slugs { $0.types.contains("flying") })
    #expect(flying.pokemon.contains { $0.slug == "charizard" })
    let dualCount = DexFixture.pokedex.pokemon.filter { $0.isDefault && $0.types.count == 2 }.count
    #expect(result.rowCount == result.matchCount + dualCount)
  }

  @Test func sectionsByGenerationAreNamedAndOrdered() {
    let result = index.fetch(PokemonFetchRequest(sectionKey: .generation))
    #expect(
      result.sections.map(\.name) == [
        "Generation I", "Generation II", "Generation IV", "Generation VI", "Generation IX",
      ]
    )
    #expect(result.sections.map(\.identifier).first == "generation-i")
    let japanese = index.fetch(PokemonFetchRequest(sectionKey: .generation, language: "ja-hrkt"))
    #expect(japanese.sections.first?.name == "だいいちせだい")
  }

  @Test(arguments: PokemonSectionKey.allCases)
  func sectionsCoverEveryMatchOnceOrPerValue(_ key: PokemonSectionKey) {
    let result = index.fetch(
      PokemonFetchRequest(query: .all(includingForms: true), sectionKey: key)
    )
    #expect(Set(result.pokemon.map(\.id)) == Set(DexFixture.pokedex.pokemon.map(\.id)))
    #expect(Set(result.sections.map(\.identifier)).count == result.sections.count)
    #expect(result.sections.allSatisfy { !$0.name.isEmpty && !$0.pokemon.isEmpty })
    for section in result.sections {
      #expect(section.pokemon == index.sort(section.pokemon, by: []))
    }
  }

  @Test func sectionOrdersForFixedTables() {
    let legendary = index.fetch(PokemonFetchRequest(sectionKey: .legendary))
    #expect(legendary.sections.map(\.name) == ["Legendary", "Mythical", "Other"])
    let habitat = index.fetch(PokemonFetchRequest(sectionKey: .habitat))
    #expect(
      habitat.sections.map(\.name) == [
        "Cave", "Forest", "Grassland", "Mountain", "Rare", "Urban", "Water's Edge", "No Habitat",
      ]
    )
    let egg = index.fetch(PokemonFetchRequest(sectionKey: .egg))
    #expect(egg.sections.map(\.name).prefix(3) == ["Monster", "Flying", "Field"])
    let color = index.fetch(PokemonFetchRequest(sectionKey: .color))
    #expect(color.sections.map(\.identifier) == color.sections.map(\.identifier).sorted())
  }

  @Test func pagingCountsRowsAcrossSections() {
    let full = index.fetch(PokemonFetchRequest(sectionKey: .generation)).pokemon
    for (offset, limit) in [(0, 5), (3, 4), (10, 100), (100, 5), (0, 0)] {
      let page = index.fetch(
        PokemonFetchRequest(sectionKey: .generation, fetchLimit: limit, fetchOffset: offset)
      )
      #expect(page.pokemon == Array(full.dropFirst(offset).prefix(limit)))
      #expect(page.matchCount == full.count)
    }
    let unsectioned = index.fetch(PokemonFetchRequest(fetchLimit: 2, fetchOffset: 1))
    #expect(
      unsectioned.sections.count == 1 && unsectioned.pokemon.map(\.slug) == ["ivysaur", "venusaur"]
    )
    #expect(index.fetch(PokemonFetchRequest(fetchOffset: 1000)).sections.isEmpty)
  }
}
