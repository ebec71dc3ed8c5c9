import Foundation
import PokedexTestSupport
import Testing

@testable import PokedexKit

/// `DexRecordIndex` and `PokedexFile`: the bundled index describes the bundled dex; a file
/// read through it gives, for any filter, the Pokémon the filter keeps (exactly the whole
/// dex's records, in its order); and an index that does not describe its file, or cannot be
/// read, is passed over for the whole file.
@Suite struct DexRecordIndexTests {
  static let dexPath = packageRoot().appendingPathComponent("Data/pokemons.json").path
  static let bytes = (try? readFileBytes(atPath: dexPath)) ?? []
  static let whole = (try? PokedexLoader.load(path: dexPath))

  /// A directory with a copy of the dex and its index, the dex's bytes passed through `edit`.
  private static func copy(
    _ edit: (inout [UInt8]) -> Void = { _ in },
    index editIndex: ((inout DexRecordIndex) -> Void)? = nil,
    indexBytes: [UInt8]? = nil
  ) throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    var dex = bytes
    edit(&dex)
    try Data(dex).write(to: directory.url.appendingPathComponent("pokemons.json"))
    var index = try PokedexLoader.load(DexRecordIndex.self)
    editIndex?(&index)
    let written = indexBytes ?? DataSet.document(index, capacity: 65_536)
    try Data(written).write(to: directory.url.appendingPathComponent("pokemons.index.json"))
    return directory
  }

  @Test func theBundledIndexDescribesTheBundledDex() throws {
    let dex = try #require(Self.whole)
    let index = try PokedexLoader.load(DexRecordIndex.self)
    #expect(try DexRecordIndex(indexing: Self.bytes, of: dex) == index)
    #expect(index.describes(Self.bytes))
    #expect(index.recordStarts.count == dex.pokemon.count)
    // Each start is a record's `{`, and the records end where the array does.
    #expect(index.recordStarts.allSatisfy { Self.bytes[$0] == UInt8(ascii: "{") })
    #expect(Self.bytes[index.recordsEnd - 1] == UInt8(ascii: "]"))
    let fire = try #require(index.types.first { $0.value == "fire" })
    #expect(
      fire.records.map { dex.pokemon[$0].slug }.prefix(3) == [
        "charmander", "charmeleon", "charizard",
      ]
    )
    #expect(
      index.speciesDefaults.indices.allSatisfy {
        let species = dex.pokemon[index.speciesDefaults[$0]]
        return species.isDefault && species.speciesSlug == dex.pokemon[$0].speciesSlug
      }
    )
  }

  @Test func theBundledFileIsReadThroughItsIndex() throws {
    let file = try PokedexFile(path: Self.dexPath)
    #expect(file.isIndexed)
    var tables = try #require(Self.whole)
    tables.pokemon = []
    #expect(file.tables == tables)
    #expect(try file.pokedex(keeping: .all) == Self.whole)
  }

  /// Property: for random sets of types and abilities, the dex read through the index holds
  /// every Pokémon the filter keeps and the default Pokémon of each one's species, and no
  /// other, each equal to the whole dex's record, in the whole dex's order.
  @Test func everyFilterGivesWhatItKeepsAndTheirSpeciesInOrder() throws {
    let whole = try #require(Self.whole)
    let file = try PokedexFile(path: Self.dexPath)
    let types = whole.types.map(\.identifier)
    let abilities = whole.abilities.map(\.identifier)
    var generator = SeededGenerator(seed: 12)
    for trial in 0..<60 {
      let count = Int.random(in: 1...3, using: &generator)
      let filter: PokemonRecordFilter =
        trial.isMultiple(of: 2)
        ? .types(Set((0..<count).compactMap { _ in types.randomElement(using: &generator) }))
        : .abilities(
          Set((0..<count).compactMap { _ in abilities.randomElement(using: &generator) })
        )
      let kept = Set(whole.pokemon.filter(filter.keeps).map(\.speciesSlug))
      let expected = whole.pokemon.filter {
        filter.keeps($0) || ($0.isDefault && kept.contains($0.speciesSlug))
      }
      let dex = try file.pokedex(keeping: filter)
      #expect(dex.pokemon == expected, "\(filter)")
      #expect(dex.types == whole.types && dex.abilities == whole.abilities)
    }
  }

  /// The file is read once: the dex decoded from it later does not read it again.
  @Test func pokemonAreDecodedFromTheBytesReadWhenTheFileWasOpened() throws {
    let directory = try Self.copy()
    defer { directory.remove() }
    let file = try PokedexFile(path: directory.path("pokemons.json"))
    #expect(file.isIndexed)
    try Data().write(to: directory.url.appendingPathComponent("pokemons.json"))
    let fire = try file.pokedex(keeping: .types(["fire"]))
    #expect(fire.pokemon.contains { $0.slug == "charizard" })
  }

  enum Mismatch: String, CaseIterable, Sendable {
    case aByteChanged, aByteAdded, noIndex, anotherVersion, garbage, anIndexOfAnotherFile
    case aRecordOutOfRange
  }

  /// An index that does not describe its file is passed over in silence: the file is read
  /// whole, edits and all.
  @Test(arguments: Mismatch.allCases)
  func aFileItsIndexDoesNotDescribeIsReadWhole(_ mismatch: Mismatch) throws {
    // Bulbasaur's English name, edited in place or lengthened.
    let name = Array(#""en": "Bulbasaur""#.utf8)
    let at = try #require(Self.bytes.firstRange(of: name)).lowerBound + 7
    let directory: TemporaryDirectory
    switch mismatch {
    case .aByteChanged: directory = try Self.copy { $0[at] = UInt8(ascii: "X") }
    case .aByteAdded: directory = try Self.copy { $0.insert(UInt8(ascii: "X"), at: at) }
    case .noIndex: directory = try Self.copy(indexBytes: [])
    case .anotherVersion: directory = try Self.copy(index: { $0.schemaVersion = 2 })
    case .garbage: directory = try Self.copy(indexBytes: Array("{\"schemaVersion\": [".utf8))
    case .anIndexOfAnotherFile:
      directory = try Self.copy(index: { $0.fileChecksum = "0123456789abcdef" })
    case .aRecordOutOfRange:
      directory = try Self.copy(index: { $0.types[0].records.append($0.recordStarts.count) })
    }
    defer { directory.remove() }
    let file = try PokedexFile(path: directory.path("pokemons.json"))
    #expect(!file.isIndexed)
    let dex = try file.pokedex(keeping: .types(["fire"]))
    #expect(dex.pokemon.count == Self.whole?.pokemon.count)
    let names: [Mismatch: String] = [.aByteChanged: "Xulbasaur", .aByteAdded: "XBulbasaur"]
    #expect(dex.pokemon.first?.names["en"] == names[mismatch] ?? "Bulbasaur")
  }

  /// An index that matches its file's checksum but was written by hand (offsets anywhere in
  /// the file) never crashes the reader: it gives the whole dex, or records of the file.
  @Test func handWrittenOffsetsNeverCrash() throws {
    let whole = try #require(Self.whole)
    var generator = SeededGenerator(seed: 7)
    let count = Self.bytes.count
    for trial in 0..<40 {
      let directory = try Self.copy(index: { index in
        let starts = (0..<index.recordStarts.count).map { _ in
          Int.random(in: 0..<count, using: &generator)
        }
        index.recordStarts = starts.sorted().enumerated().map { $0.element + $0.offset }
        if trial.isMultiple(of: 3) {
          index.recordsEnd = Int.random(in: 1...count, using: &generator)
        }
        index.recordStarts = index.recordStarts.filter { $0 < index.recordsEnd }
        index.speciesDefaults = Array(index.recordStarts.indices)
        for entry in index.types.indices {
          index.types[entry].records = index.types[entry].records.filter(
            index.recordStarts.indices.contains
          )
        }
        index.abilities = []
      })
      defer { directory.remove() }
      guard let file = try? PokedexFile(path: directory.path("pokemons.json")) else {
        Issue.record("the whole file failed to load")
        continue
      }
      let dex = try file.pokedex(keeping: .types(["fire", "water"]))
      #expect(dex.pokemon.allSatisfy(whole.pokemon.contains))
    }
  }

  @Test func theIndexLiesBesideItsDex() {
    #expect(DexRecordIndex.path(besideDex: "/a/pokemons.json") == "/a/pokemons.index.json")
    #expect(DexRecordIndex.path(besideDex: "old.json") == "old.index.json")
    #expect(DexRecordIndex.path(besideDex: "dex") == "dex.index.json")
  }
}
