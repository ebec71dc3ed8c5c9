import Foundation
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

  /// Every field of every schema is a stored property, so the reader and writer reach it
  /// at its offset (`Schema+Storage.swift`); and reading each model back gives the value
  /// the key paths (the slow twin) give.
  @Test func everySchemaFieldIsAStoredProperty() {
    func check<Model: SchemaModel>(_ type: Model.Type) {
      for field in Model.schema.fields {
        #expect(MemoryLayout<Model>.offset(of: field.keyPath) != nil, "\(Model.self).\(field.key)")
      }
    }
    check(Pokedex.self)
    check(DataSource.self)
    check(Language.self)
    check(Generation.self)
    check(TypeInfo.self)
    check(Ability.self)
    check(Pokemon.self)
    check(Form.self)
    check(Stats.self)
    check(AbilitySlot.self)
    check(Evolution.self)
    check(EvolutionStep.self)
    check(DexRecordIndex.self)
    check(DexRecordIndex.Entry.self)
  }

  /// Each schema names every property of its model: its keys are exactly the `Codable`
  /// keys the encoder writes, in the same order.
  @Test func schemasMatchTheCodableKeys() throws {
    let dex = try PokedexLoader.load()
    let encoded = try PokedexEncoder().encode(dex)
    #expect(DexJSONWriter.document(dex) == encoded)
  }
}
