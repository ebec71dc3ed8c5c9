import Foundation
import PokedexKit
import PokedexTestSupport
import Testing

@testable import PokedexPipeline

/// `ShowdownTables`: Showdown's data tables read and checked, every problem located.
@Suite struct ShowdownTablesTests {
  @Test func readsTheFixtureInTheFilesOrder() throws {
    let tables = try ShowdownTables(directory: PipelineFixtures.showdownDirectory)
    #expect(tables.species.first?.id == "bulbasaur")
    #expect(tables.species.map(\.id).contains("charizardmegax"))
    let charizardX = try #require(tables.species.first { $0.id == "charizardmegax" }?.entry)
    #expect(charizardX.name == "Charizard-Mega-X")
    #expect(charizardX.baseSpecies == "Charizard")
    #expect(charizardX.neededItems == ["Charizardite X"])
    #expect(tables.formats[9]?["charizard"] != nil)
    #expect(tables.formats.keys.sorted() == Array(1...9))
    #expect(tables.aliases.contains { $0.id == "zardx" && $0.entry == "Charizard-Mega-X" })
    #expect(tables.source.commit == "9fcf262d91c4572289c9e8421936fd0aa25c8e5d")
  }

  @Test(.enabled(if: SharedData.hasShowdown, "needs ../shared/showdown"))
  func readsEveryTableOfTheSharedData() throws {
    let tables = try ShowdownTables(directory: SharedData.showdown)
    #expect(tables.species.count == 1517)
    #expect(tables.aliases.count == 2544)
    #expect(tables.moves.count == 954)
    #expect(tables.items.count == 583)
    #expect(tables.abilities.count == 320)
    #expect(tables.learnsets.entries.count == 1288)
    #expect(tables.formats[1]?.count == 152)
    let crunch = try #require(tables.moves.first { $0.id == "crunch" }?.entry)
    #expect(crunch.secondary?.chance == 20)
    #expect(tables.moves.first { $0.id == "shelter" }?.entry.accuracy == .neverMisses)
  }

  struct Damage: Sendable, CustomTestStringConvertible {
    var file: String
    var replace: String
    var with: String
    var message: String
    var testDescription: String { "\(file): \(message)" }
  }

  static let damages = [
    Damage(
      file: "pokedex.json",
      replace: #""types": ["Grass", "Poison"]"#,
      with: #""types": "Grass""#,
      message: "pokedex.json:2:55: bulbasaur.types: expected an array, found \"Grass\""
    ),
    Damage(
      file: "moves.json",
      replace: #""accuracy": 100"#,
      with: #""accuracy": false"#,
      message: "moves.json:"
    ),
    Damage(
      file: "formats-data.json",
      replace: #""gen1""#,
      with: #""genX""#,
      message: "formats-data.json: genX: expected a generation gen1 ... gen9"
    ),
    Damage(
      file: "aliases.json",
      replace: "\n}",
      with: ",\n}",
      message: "aliases.json:"
    ),
  ]

  /// A malformed table fails the read, naming the file, where, and what was expected.
  @Test(arguments: damages)
  func aMalformedTableIsLocated(_ damage: Damage) throws {
    let copy = try Self.copyOfFixture()
    defer { copy.remove() }
    let url = copy.url.appendingPathComponent(damage.file)
    let text = try String(contentsOf: url, encoding: .utf8)
    #expect(text.contains(damage.replace))
    try text.replacingOccurrences(of: damage.replace, with: damage.with)
      .write(to: url, atomically: true, encoding: .utf8)
    let error = #expect(throws: DataPipelineError.self) {
      try ShowdownTables(directory: copy.url)
    }
    #expect(error?.description.hasPrefix(damage.message) == true, "\(String(describing: error))")
  }

  /// A table that is not there names the file and says where the tables come from.
  @Test(arguments: ShowdownTables.fileNames)
  func aMissingTableSaysWhichAndWhere(_ name: String) throws {
    let copy = try Self.copyOfFixture()
    defer { copy.remove() }
    try FileManager.default.removeItem(at: copy.url.appendingPathComponent(name))
    let error = #expect(throws: DataPipelineError.self) {
      try ShowdownTables(directory: copy.url)
    }
    let text = error?.description ?? ""
    #expect(text.hasPrefix(copy.url.appendingPathComponent(name).path + ": no such file"))
    #expect(
      text.hasSuffix(
        "point --showdown at a directory of Pokémon Showdown's data tables as JSON (../shared/showdown)"
      )
    )
  }

  static func copyOfFixture() throws -> TemporaryDirectory {
    let copy = try TemporaryDirectory(prefix: "pokedex-showdown")
    let source = PipelineFixtures.showdownDirectory
    for name in try FileManager.default.contentsOfDirectory(atPath: source.path) {
      try FileManager.default.copyItem(
        at: source.appendingPathComponent(name),
        to: copy.url.appendingPathComponent(name)
      )
    }
    return copy
  }
}

/// `../shared`, beside the package: present on developers' machines and in CI; tests that
/// read it are skipped without it.
enum SharedData {
  static let directory = packageRoot().deletingLastPathComponent()
    .appendingPathComponent("shared", isDirectory: true)
  static let showdown = directory.appendingPathComponent("showdown", isDirectory: true)
  static let csv = directory.appendingPathComponent("pokeapi-csv", isDirectory: true)
  static let hasShowdown = FileManager.default.fileExists(
    atPath: showdown.appendingPathComponent("pokedex.json").path
  )
  static let hasCSV = FileManager.default.fileExists(
    atPath: csv.appendingPathComponent("pokemon.csv").path
  )
}
