import Foundation
import PokedexTestSupport
import Testing

@testable import PokedexKit

/// `LearnsetFileIndex`: the learnsets file indexed before the learnsets wanted are known
/// gives what `PokedexLoader.loadLearnsets(.owners(_:))` gives, results and errors.
@Suite struct LearnsetFileIndexTests {
  static let index = Result { try LearnsetFileIndex() }

  /// The evolution lines of random Pokémon, forms that inherit among them.
  @Test func randomOwnersAreReadAsTheLoaderReadsThem() throws {
    let dex = try PartialLearnsetLoadTests.dex.get()
    let index = try Self.index.get()
    var rng = SplitMix64(seed: 16)
    var sets: [Set<String>] = [[], ["charizard-mega-x"], ["deoxys-speed"], ["no-such-pokemon"]]
    for _ in 0..<20 {
      let pokemon = (0..<3).compactMap { _ in dex.pokemon.randomElement(using: &rng) }
      sets.append(MoveLearners.learnsetOwners(of: pokemon, in: dex))
    }
    for owners in sets {
      let expected = try PokedexLoader.loadLearnsets(.owners(owners))
      #expect(try index.learnsets(of: owners) == expected, "\(owners.sorted())")
    }
    #expect(try index.learnsets(of: ["charizard-mega-x"]).learnsets.count == 2)
  }

  /// Records in another member order, or with an escaped key, are read whatever is wanted,
  /// then dropped if not wanted.
  @Test func recordsItCannotNameAreReadAsTheLoaderReadsThem() throws {
    let path = try PartialLearnsetLoadTests.file([
      #"    {"moves": {"tackle": "9L1"}, "pokemon": "a"}"#,
      #"    {"inherits": "a", "pokemon": "b", "moves": {}}"#,
      #"    {"pokem\u006fn": "c", "moves": {"growl": "9L1"}}"#,
      #"    {"pokemon": "d", "moves": {"tackle": "9L1"}}"#,
    ])
    defer { try? FileManager.default.removeItem(atPath: path) }
    let index = try LearnsetFileIndex(path: path)
    for owners: Set<String> in [["b"], ["c"], [], ["a", "c"], ["d"]] {
      #expect(
        try index.learnsets(of: owners)
          == (try PokedexLoader.loadLearnsets(.owners(owners), path: path)),
        "\(owners.sorted())"
      )
    }
    #expect(try index.learnsets(of: ["b"]).learnsets.map(\.pokemon) == ["a", "b"])
  }

  /// A learnset it decodes is checked as the loader checks it, with the loader's error
  /// (located in the file); one it skips only to be JSON.
  @Test func aBadLearnsetIsTheLoadersErrorWhenWanted() throws {
    let path = try PartialLearnsetLoadTests.file([
      #"    {"pokemon": "a", "moves": {"tackle": "9Q"}}"#,
      #"    {"pokemon": "b", "moves": {"tackle": "9L1"}}"#,
    ])
    defer { try? FileManager.default.removeItem(atPath: path) }
    let index = try LearnsetFileIndex(path: path)
    #expect(try index.learnsets(of: ["b"]).learnsets.map(\.pokemon) == ["b"])
    let loaderError = #expect(throws: PokedexLoadError.self) {
      try PokedexLoader.loadLearnsets(.owners(["a"]), path: path)
    }
    let indexError = #expect(throws: PokedexLoadError.self) {
      try index.learnsets(of: ["a"])
    }
    #expect(indexError?.description == loaderError?.description)
    #expect(indexError?.description.contains(":4:47:") == true, "\(String(describing: indexError))")
  }

  /// A file that is not JSON, or has no learnsets array, is the loader's error.
  @Test(arguments: [
    #"    {"pokemon": "a", "moves": {"tackle": "9L1"}"#,
    #"    {"pokemon": "a", "moves": {"tackle" "9L1"}}"#,
    #"    {"pokemon": "a", "moves": {"tackle": "9L1}}"#,
    #"    7"#,
  ])
  func aFileThatIsNotJSONIsMalformed(record: String) throws {
    let path = try PartialLearnsetLoadTests.file([
      record, #"    {"pokemon": "b", "moves": {"tackle": "9L1"}}"#,
    ])
    defer { try? FileManager.default.removeItem(atPath: path) }
    let loaderError = #expect(throws: PokedexLoadError.self) {
      try PokedexLoader.loadLearnsets(.owners(["b"]), path: path)
    }
    let indexError = #expect(throws: PokedexLoadError.self) {
      try LearnsetFileIndex(path: path)
    }
    #expect(indexError?.description == loaderError?.description)
  }

  /// A file the loader reads in a shape the index does not (an escaped key) is left to the
  /// loader.
  @Test func aFileInAnotherShapeIsLeftToTheLoader() throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("learnsets-shape-\(UUID().uuidString).json")
    try Data(
      #"""
      {"schemaVersion": 1, "source": {"name": "t", "commit": "", "license": ""},
       "learn\u0073ets": [{"pokemon": "a", "moves": {"tackle": "9L1"}}]}
      """#.utf8
    ).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let index = try LearnsetFileIndex(path: url.path)
    #expect(try index.learnsets(of: ["a"]).learnsets.map(\.pokemon) == ["a"])
    #expect(
      try index.learnsets(of: ["a"]) == PokedexLoader.loadLearnsets(.owners(["a"]), path: url.path)
    )
  }

  @Test func aMissingFileIsUnreadable() throws {
    #expect(throws: PokedexLoadError.self) {
      try LearnsetFileIndex(path: "/nonexistent/learnsets.json")
    }
  }
}
