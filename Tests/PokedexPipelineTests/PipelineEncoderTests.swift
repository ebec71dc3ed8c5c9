import Foundation
import JSONCore
import PokedexTestSupport
import Testing

@testable import PokedexKit
@testable import PokedexPipeline

@Suite struct PipelineEncoderTests {
  /// A one-Pokémon dex small enough to spell out its JSON.
  static func tinyDex(height: Double = 0.7, weight: Double = 1000) -> Pokedex {
    Pokedex(
      source: DataSource(name: "PokeAPI", commit: "abc", license: "L"),
      languages: [
        Language(
          id: 9,
          identifier: "en",
          iso639: "en",
          iso3166: "us",
          official: true,
          names: ["en": "English"]
        )
      ],
      generations: [Generation(id: 1, identifier: "generation-i", region: "kanto", names: [:])],
      types: [
        TypeInfo(
          id: 12,
          identifier: "grass",
          generation: 1,
          names: ["fr": "Plante", "en": "Grass"],
          damageFactors: ["water": 200, "fire": 50]
        )
      ],
      abilities: [],
      pokemon: [
        Pokemon(
          id: 1,
          nationalNumber: 1,
          slug: "bulbasaur",
          speciesSlug: "bulbasaur",
          names: ["en": "Bulbasaur", "ja": "フシギダネ"],
          genus: ["en": "Seed \"Pokémon\""],
          form: nil,
          isDefault: true,
          types: ["grass"],
          stats: Stats(
            hp: 45,
            attack: 49,
            defense: 49,
            specialAttack: 65,
            specialDefense: 65,
            speed: 45
          ),
          evYield: Stats(
            hp: 0,
            attack: 0,
            defense: 0,
            specialAttack: 1,
            specialDefense: 0,
            speed: 0
          ),
          abilities: [AbilitySlot(ability: "overgrow", slot: 1, isHidden: false)],
          height: height,
          weight: weight,
          baseExperience: nil,
          generation: 1,
          color: "green",
          shape: nil,
          habitat: nil,
          eggGroups: [],
          genderRate: 1,
          captureRate: 45,
          baseHappiness: 70,
          hatchCounter: 20,
          growthRate: "medium-slow",
          isLegendary: false,
          isMythical: false,
          isBaby: false,
          evolution: Evolution(
            chainId: 1,
            from: [],
            to: [
              EvolutionStep(
                from: "bulbasaur",
                to: "ivysaur",
                trigger: "level-up",
                conditions: ["level 16"]
              )
            ]
          ),
          dexNumbers: ["national": 1, "kanto": 1]
        )
      ]
    )
  }

  @Test func writesTheDocumentedLayout() throws {
    let text = String(decoding: try PokedexEncoder().encode(Self.tinyDex()), as: UTF8.self)
    let expected = """
      {
        "schemaVersion": 1,
        "source": {"name": "PokeAPI", "commit": "abc", "license": "L"},
        "languages": [
          {"id": 9, "identifier": "en", "iso639": "en", "iso3166": "us", "official": true, "names": {"en": "English"}}
        ],
        "generations": [
          {"id": 1, "identifier": "generation-i", "region": "kanto", "names": {}}
        ],
        "types": [
          {"id": 12, "identifier": "grass", "generation": 1, "names": {"en": "Grass", "fr": "Plante"}, "damageFactors": {"fire": 50, "water": 200}}
        ],
        "abilities": [],
        "pokemon": [
          {
            "id": 1,
            "nationalNumber": 1,
            "slug": "bulbasaur",
            "speciesSlug": "bulbasaur",
            "names": {"en": "Bulbasaur", "ja": "フシギダネ"},
            "genus": {"en": "Seed \\"Pokémon\\""},
            "isDefault": true,
            "types": ["grass"],
            "stats": {"hp": 45, "attack": 49, "defense": 49, "specialAttack": 65, "specialDefense": 65, "speed": 45},
            "evYield": {"hp": 0, "attack": 0, "defense": 0, "specialAttack": 1, "specialDefense": 0, "speed": 0},
            "abilities": [{"ability": "overgrow", "slot": 1, "isHidden": false}],
            "height": 0.7,
            "weight": 1000,
            "generation": 1,
            "color": "green",
            "eggGroups": [],
            "genderRate": 1,
            "captureRate": 45,
            "baseHappiness": 70,
            "hatchCounter": 20,
            "growthRate": "medium-slow",
            "isLegendary": false,
            "isMythical": false,
            "isBaby": false,
            "evolution": {
              "chainId": 1,
              "from": [],
              "to": [
                {"from": "bulbasaur", "to": "ivysaur", "trigger": "level-up", "conditions": ["level 16"]}
              ]
            },
            "dexNumbers": {"kanto": 1, "national": 1}
          }
        ]
      }

      """
    #expect(text == expected)
  }

  struct NumberCase: Sendable, CustomTestStringConvertible {
    var value: Double
    var text: String
    var testDescription: String { text }
  }

  static let numbers: [NumberCase] = [
    NumberCase(value: 0.7, text: "0.7"), NumberCase(value: 90.5, text: "90.5"),
    NumberCase(value: 1000, text: "1000"), NumberCase(value: 0.1, text: "0.1"),
    NumberCase(value: 28, text: "28"), NumberCase(value: 0, text: "0"),
    NumberCase(value: 999.9, text: "999.9"), NumberCase(value: -2.5, text: "-2.5"),
    NumberCase(value: 0.123, text: "0.123"), NumberCase(value: 1e-5, text: "1e-05"),
    NumberCase(value: Double(69) / 10, text: "6.9"),
  ]

  @Test(arguments: numbers)
  func formatsNumbersStably(_ number: NumberCase) throws {
    let bytes = try PokedexEncoder().encode([number.value])
    #expect(String(decoding: bytes, as: UTF8.self) == "[\(number.text)]\n")
    #expect(try JSONDecoder().decode([Double].self, from: Data(bytes)) == [number.value])
  }

  @Test func escapesStrings() throws {
    let value = ["a\"b\\c\nd\te\u{1}f/é"]
    let bytes = try PokedexEncoder().encode(value)
    #expect(String(decoding: bytes, as: UTF8.self) == "[\"a\\\"b\\\\c\\nd\\te\\u0001f/é\"]\n")
    #expect(try JSONDecoder().decode([String].self, from: Data(bytes)) == value)
  }

  @Test func roundTripsThroughJSONDecoder() throws {
    let dex = try PipelineFixtures.dex()
    let bytes = try PokedexEncoder().encode(dex)
    #expect(try JSONDecoder().decode(Pokedex.self, from: Data(bytes)) == dex)
    let tiny = Self.tinyDex(height: 0.3, weight: 0.1)
    #expect(
      try JSONDecoder().decode(Pokedex.self, from: Data(PokedexEncoder().encode(tiny))) == tiny
    )
  }

  @Test func rejectsNonFiniteNumbersWithTheirPath() {
    #expect(throws: DataPipelineError.nonFiniteNumber(path: "pokemon[0].height")) {
      try PokedexEncoder().encode(Self.tinyDex(height: .nan))
    }
    #expect(
      DataPipelineError.nonFiniteNumber(path: "pokemon[0].weight").description
        == "pokemon[0].weight: cannot write a non-finite number as JSON"
    )
  }

  @Test func writesFilesAtomically() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.url.appendingPathComponent("pokemons.json")
    try Data("old".utf8).write(to: url)
    let dex = Self.tinyDex()
    try PokedexEncoder().write(dex, to: url)
    #expect([UInt8](try Data(contentsOf: url)) == (try PokedexEncoder().encode(dex)))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["pokemons.json"]
    )
    let missing = directory.url.appendingPathComponent("no/such/dir/pokemons.json")
    #expect(throws: DataPipelineError.self) { try PokedexEncoder().write(dex, to: missing) }
  }
}

@Suite struct DexJSONWriterTests {
  /// The fast writer behind `list --format json` writes exactly what the encoder writes,
  /// for every Pokémon of the bundled data as the loader reads it (names left in the file,
  /// dex numbers too), and for the same records made in code.
  @Test func writesWhatTheEncoderWritesForEveryBundledPokemon() throws {
    let dex = try PokedexLoader.load(
      path: packageRoot().appendingPathComponent("Data/pokemons.json").path
    )
    // Compared as one Bool: a failure would otherwise print both 2.6 MB arrays.
    let same = DexJSONWriter.array(dex.pokemon) == (try PokedexEncoder().encode(dex.pokemon))
    #expect(same)
    let rebuilt = dex.pokemon.prefix(60).map { pokemon in
      var copy = pokemon
      copy.names = LocalizedNames(Dictionary(uniqueKeysWithValues: Array(pokemon.names)))
      copy.dexNumbers = DexNumbers(pokemon.dexNumbers.dictionary)
      return copy
    }
    let rebuiltSame = DexJSONWriter.array(rebuilt) == (try PokedexEncoder().encode(rebuilt))
    #expect(rebuiltSame)
  }

  @Test func writesOneRecordPerLineForNDJSON() throws {
    let dex = try PokedexLoader.load(
      path: packageRoot().appendingPathComponent("Data/pokemons.json").path
    )
    for pokemon in dex.pokemon.prefix(30) {
      let line = DexJSONWriter.line(pokemon)
      #expect(!line.contains(0x0A))
      let decoded = try JSONDecoder().decode(Pokemon.self, from: Data(line))
      #expect(decoded == pokemon)
    }
  }
}
