import Foundation
import PokedexKit
import PokedexTestSupport
import Testing

@testable import PokedexCLI

/// `list` reads only the records its query can match when the data file has an index
/// (`pokemons.index.json`, see `PokedexFile`). Property: for random queries and options,
/// `list` prints byte for byte what it prints for the same file without an index, which it
/// reads whole.
@Suite struct ListIndexTests {
  static let atoms = [
    "fire", "water", "type:grass", "feu", "dragon|fairy", "psychic", "steel|ice",
    "ability:blaze", "ability:levitate", "ability:intimidate|swift-swim", "ability:overgrow",
    "legendary", "mega", "form", "mono", "final", "evolves", "alola", "gen1", "g3-5", "spe>100",
    "bst>=500", "atk>def", "weak:ground", "resists:fire", "immune:ghost", "egg:monster",
    "color:red", "name:char*", "fire|spe>120",
  ]
  static let options: [[String]] = [
    ["--forms"], ["--sort", "name"], ["--sort", "bst:desc,name"], ["--sort", "spe"],
    ["--section-by", "type"], ["--section-by", "types"], ["--section-by", "generation"],
    ["--section-by", "color"], ["--section-by", "egg"], ["--section-by", "habitat"],
    ["--section-by", "legendary"], ["--limit", "7"], ["--offset", "3"], ["--lang", "ja"],
    ["--lang", "zh-hant"], ["--lang", "fr"], ["--format", "json"], ["--format", "ndjson"],
    ["--format", "csv"], ["--format", "tsv"], ["--fields", "num,name,types,bst,abilities"],
    ["--card"],
  ]

  /// Random `list` arguments: one to three terms (some negated), a few options.
  static func arguments(using generator: inout SeededGenerator) -> [String] {
    var arguments = ["list"]
    for _ in 0..<Int.random(in: 1...3, using: &generator) {
      let atom = atoms.randomElement(using: &generator) ?? "fire"
      let negated = !atom.contains("|") && Int.random(in: 0..<5, using: &generator) == 0
      arguments.append(negated ? "!" + atom : atom)
    }
    for _ in 0..<Int.random(in: 0...3, using: &generator) {
      arguments += options.randomElement(using: &generator) ?? []
    }
    return arguments + ["--color", "never"]
  }

  @Test func listPrintsWhatItPrintsWithoutTheIndex() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let data = packageRoot().appendingPathComponent("Data")
    let fileManager = FileManager.default
    for folder in ["indexed", "whole"] {
      try fileManager.createDirectory(
        at: directory.url.appendingPathComponent(folder),
        withIntermediateDirectories: true
      )
      try fileManager.copyItem(
        at: data.appendingPathComponent("pokemons.json"),
        to: directory.url.appendingPathComponent("\(folder)/pokemons.json")
      )
    }
    try fileManager.copyItem(
      at: data.appendingPathComponent("pokemons.index.json"),
      to: directory.url.appendingPathComponent("indexed/pokemons.index.json")
    )
    let indexed = directory.path("indexed/pokemons.json")
    let whole = directory.path("whole/pokemons.json")
    #expect(try PokedexFile(path: indexed).isIndexed)
    #expect(try !PokedexFile(path: whole).isIndexed)

    let tables = try PokedexFile(path: indexed).tables
    var generator = SeededGenerator(seed: 2026)
    var narrowed = 0
    let trials = 200
    // First, forms whose species' default Pokémon has none of the types asked for (Heat
    // Rotom, fire, is named after Rotom, electric and ghost, in Chinese), then random ones.
    let named = [
      ["list", "fire", "--forms", "--lang", "zh-hant"],
      ["list", "ability:levitate", "--forms", "--lang", "ja"],
    ]
    for index in 0..<(named.count + trials) {
      let arguments = index < named.count ? named[index] : Self.arguments(using: &generator)
      let terms = arguments.dropFirst().prefix { !$0.hasPrefix("--") }
      if let query = try? Query(Array(terms), index: PokedexIndex(tables)),
        query.recordFilter != .all
      {
        narrowed += 1
      }
      let fromIndex = pokedex(arguments + ["--data", indexed], width: 100)
      let fromWhole = pokedex(arguments + ["--data", whole], width: 100)
      #expect(fromIndex.code == fromWhole.code, "\(arguments)")
      #expect(fromIndex.stdout == fromWhole.stdout, "\(arguments)")
      #expect(fromIndex.stderr == fromWhole.stderr, "\(arguments)")
    }
    // Enough of the queries read only some records for the comparison to mean something.
    #expect(narrowed >= trials / 3, "\(narrowed) of \(trials) queries read only some records")
  }
}
