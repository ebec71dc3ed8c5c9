import Foundation
import JSONCore
import PokedexPipeline
import PokedexTestSupport
import Testing

@testable import PokedexKit

/// A loaded dex owns its memory: whatever happens to the file afterwards (truncated in
/// place, overwritten in place at the same length, deleted), every name and number reads as
/// before. (The loader used to map the file and read names from it, which faulted with
/// SIGBUS after a truncation and read wrong values after an overwrite.)
@Suite struct DexOwnershipTests {
  enum Change: String, CaseIterable, Sendable {
    case truncated, overwrittenAtTheSameLength, deleted, replacedByRename
  }

  @Test(arguments: Change.allCases)
  func aLoadedDexNeverReadsItsFileAgain(_ change: Change) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let source = packageRoot().appendingPathComponent("Data/pokemons.json")
    let original = try Data(contentsOf: source)
    let copy = directory.url.appendingPathComponent("copy.json")
    try original.write(to: copy)

    let dex = try PokedexLoader.load(path: copy.path)
    let expected = try JSONDecoder().decode(Pokedex.self, from: original)

    switch change {
    case .truncated:
      // What `: > copy.json` or `cp other.json copy.json` does: same inode, no bytes.
      let handle = try FileHandle(forWritingTo: copy)
      try handle.truncate(atOffset: 0)
      try handle.close()
    case .overwrittenAtTheSameLength:
      let handle = try FileHandle(forWritingTo: copy)
      try handle.write(contentsOf: Data(repeating: UInt8(ascii: "x"), count: original.count))
      try handle.close()
    case .deleted:
      try FileManager.default.removeItem(at: copy)
    case .replacedByRename:
      let other = directory.url.appendingPathComponent("other.json")
      try Data("{}".utf8).write(to: other)
      #expect(rename(other.path, copy.path) == 0)
    }

    #expect(dex == expected)
    let pikachu = try #require(dex.pokemon.first { $0.slug == "pikachu" })
    #expect(pikachu.names["en"] == "Pikachu")
    #expect(pikachu.names["ja"] == "ピカチュウ")
    #expect(pikachu.dexNumbers["national"] == 25)
    #expect(pikachu.genus["en"] == "Mouse Pokémon")
    var names = 0
    for pokemon in dex.pokemon {
      names += pokemon.names.count
      #expect(pokemon.dexNumbers["national"] == pokemon.nationalNumber)
    }
    #expect(names > 10_000)
  }

  /// Every model of every data file, written by its schema and read back two ways: by the
  /// fast reader (`DexReader`, through the schema's setters) and by `Codable`
  /// (`JSONDecoder`, the slow twin). Both give back the value written, for 30 values of
  /// each model spread over the bundled files (the files themselves cut down to a few
  /// records each).
  @Test func theFastReaderReadsEveryModelAsCodableDoes() throws {
    var checked: [String] = []
    func check<Model: SchemaModel & Codable>(_ values: [Model]) throws {
      #expect(!values.isEmpty, "\(Model.self): no values to check")
      let step = max(1, values.count / 30)
      for value in stride(from: 0, to: values.count, by: step).map({ values[$0] }) {
        var output = JSONOutput()
        value.write(to: &output, indent: 0)
        let bytes = output.bytes
        let fast = try DexReader.reading(bytes) { reader throws(DexReader.Failure) in
          try Model.read(from: &reader)
        }
        let codable = try JSONDecoder().decode(Model.self, from: Data(bytes))
        #expect(fast == value, "\(Model.self): the fast reader differs")
        #expect(codable == value, "\(Model.self): Codable differs")
      }
      checked.append("\(Model.self)")
    }
    let dex = try PokedexLoader.load()
    let moves = try PokedexLoader.load(MoveDex.self)
    let learnsets = try PokedexLoader.load(LearnsetDex.self)
    let abilities = try PokedexLoader.load(AbilityDex.self)
    let natures = try PokedexLoader.load(NatureDex.self)
    let items = try PokedexLoader.load(ItemDex.self)
    var smallDex = dex
    smallDex.pokemon = Array(dex.pokemon.prefix(3))
    var smallMoves = moves
    smallMoves.moves = Array(moves.moves.prefix(3))
    var smallItems = items
    smallItems.items = Array(items.items.prefix(3))
    var smallLearnsets = learnsets
    smallLearnsets.learnsets = Array(learnsets.learnsets.prefix(3))
    try check([smallDex])
    try check([dex.source])
    try check(dex.languages)
    try check(dex.generations)
    try check(dex.types)
    try check(dex.abilities)
    try check(dex.pokemon)
    try check(dex.pokemon.compactMap(\.form))
    try check(dex.pokemon.map(\.stats))
    try check(dex.pokemon.flatMap(\.abilities))
    try check(dex.pokemon.map(\.evolution))
    try check(dex.pokemon.flatMap { $0.evolution.from + $0.evolution.to })
    try check([smallMoves])
    try check(moves.versionGroups)
    try check(moves.moves)
    try check(moves.moves.flatMap(\.machines))
    try check(moves.moves.flatMap(\.olderEffects))
    try check(moves.moves.compactMap(\.fromShowdown))
    try check([smallLearnsets])
    try check(learnsets.learnsets)
    try check([abilities])
    try check(abilities.abilities)
    try check([natures])
    try check(natures.natures)
    try check([smallItems])
    try check(items.items)
    try check(items.items.flatMap(\.megaEvolutions))
    try check(items.items.compactMap(\.zCrystal))
    // Every model with a schema is checked above.
    #expect(checked.count == 28)
  }

  /// Each schema names every property of its model: its keys are exactly the `Codable`
  /// keys the encoder writes, in the same order.
  @Test func schemasMatchTheCodableKeys() throws {
    let dex = try PokedexLoader.load()
    let encoded = try PokedexEncoder().encode(dex)
    #expect(DexJSONWriter.document(dex) == encoded)
  }
}
