import Foundation
import JSONCore
import PokedexTestSupport
import Testing

@testable import PokedexKit

@Suite struct PokedexLoaderTests {
  let dataPath = packageRoot().appendingPathComponent("Data/pokemons.json").path

  @Test func directDecodingMatchesJSONDecoderOnTheBundledData() throws {
    let bytes = try readFileBytes(atPath: dataPath)
    let expected = try JSONDecoder().decode(Pokedex.self, from: Data(bytes))
    let direct = try PokedexLoader.decode(bytes, path: dataPath)
    let codable = try FastJSONDecoder().decode(Pokedex.self, from: bytes)
    #expect(direct.pokemon.count == 1351)
    #expect(direct == expected)
    #expect(codable == expected)
  }

  @Test func theBundledResourceIsFound() throws {
    let path = try PokedexLoader.bundledDataPath()
    #expect(path.hasSuffix("/pokemons.json"))
    #expect(try PokedexLoader.load().pokemon.count == 1351)
  }

  @Test func theExecutableDirectoryIsTheRunningBinarys() throws {
    let directory = try #require(PokedexLoader.executableDirectory())
    let executable = try #require(
      Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent().path
    )
    #expect(directory == executable)
    #expect(PokedexLoader.bundledDataDirectories().first?.hasPrefix(directory + "/") == true)
  }

  /// The bundle beside the executable, then `../share/pokedex`, and nothing of the machine
  /// that built the binary (this source tree): a binary copied alone must not read it.
  @Test func theDataIsLookedForBesideTheExecutableThenInShare() {
    let directories = PokedexLoader.bundledDataDirectories(executableDirectory: "/opt/p/bin")
    #if canImport(Darwin)
      #expect(
        directories == [
          "/opt/p/bin/pokedex_PokedexData.bundle/Contents/Resources",
          "/opt/p/bin/pokedex_PokedexData.bundle", "/opt/p/share/pokedex",
        ]
      )
    #else
      #expect(directories == ["/opt/p/bin/pokedex_PokedexData.resources", "/opt/p/share/pokedex"])
    #endif
    #expect(
      PokedexLoader.bundledDataDirectories(executableDirectory: "/")
        .last == "/share/pokedex"
    )
    #expect(
      PokedexLoader.bundledDataDirectories(executableDirectory: "/bin/")
        .last == "/share/pokedex"
    )
    #expect(PokedexLoader.bundledDataDirectories(executableDirectory: nil) == [])
    let sourceTree = packageRoot().path
    #expect(!PokedexLoader.bundledDataDirectories().contains { $0.hasPrefix(sourceTree + "/Data") })
  }

  @Test func missingFileIsReported() {
    let error = #expect(throws: PokedexLoadError.self) {
      try PokedexLoader.load(path: "/nonexistent/pokemons.json")
    }
    guard case .unreadable(let file)? = error else {
      Issue.record("expected an unreadable file, got \(String(describing: error))")
      return
    }
    #expect(file.reason == .notFound)
    #expect(file.path == "/nonexistent/pokemons.json")
    #expect(error?.description == "no such file '/nonexistent/pokemons.json'")
  }

  @Test func directoryIsReported() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let error = #expect(throws: PokedexLoadError.self) {
      try PokedexLoader.load(path: directory.url.path)
    }
    #expect(error?.description == "'\(directory.url.path)' is a directory, not a file")
  }

  @Test func unreadableFileIsReported() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("secret.json")
    try Data("{}".utf8).write(to: URL(fileURLWithPath: path))
    chmod(path, 0)
    guard access(path, R_OK) != 0 else { return }  // root reads anything: nothing to check
    let error = #expect(throws: PokedexLoadError.self) { try PokedexLoader.load(path: path) }
    guard case .unreadable(let file)? = error else {
      Issue.record("expected an unreadable file, got \(String(describing: error))")
      return
    }
    #expect(file.reason == .permissionDenied)
    #expect(error?.description == "permission denied reading '\(path)'")
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var json: String
    var message: String
    var testDescription: String { message }
  }

  @Test(arguments: [
    Case(json: "", message: "bad.json:1:1: expected a value before the end of input"),
    Case(json: "[]", message: "bad.json:1:1: expected an object, found an array"),
    Case(json: #"{"schemaVersion": 1}"#, message: "bad.json:1:1: missing key 'source'"),
    Case(
      json: #"{"schemaVersion": "one"}"#,
      message: #"bad.json:1:19: schemaVersion: expected an integer, found "one""#
    ),
    Case(
      json: #"{"schemaVersion": 9, "pokemon": []}"#,
      message:
        "bad.json: schema version 9 is newer than this tool reads (1); update pokedex or regenerate the file"
    ),
  ])
  func malformedFilesNameTheProblem(_ test: Case) {
    let error = #expect(throws: PokedexLoadError.self) {
      try PokedexLoader.decode(Array(test.json.utf8), path: "bad.json")
    }
    #expect(error?.description == test.message)
  }

  @Test func aTypeErrorDeepInARecordNamesItsJSONPath() throws {
    var text = try String(contentsOfFile: dataPath, encoding: .utf8)
    // Corrupt the HP of the thirteenth Pokémon record (index 12).
    let records = text.components(separatedBy: "\"stats\": {\"hp\": ")
    #expect(records.count > 13)
    var corrupted = records[0]
    for (index, record) in records.dropFirst().enumerated() {
      corrupted +=
        "\"stats\": {\"hp\": " + (index == 12 ? "\"x\"" + record.drop(while: \.isNumber) : record)
    }
    text = corrupted
    let error = #expect(throws: PokedexLoadError.self) {
      try PokedexLoader.decode(Array(text.utf8), path: "pokemons.json")
    }
    guard case .malformed(_, let json)? = error else { return }
    #expect(json.path == "pokemon[12].stats.hp")
    #expect(json.message == #"expected an integer, found "x""#)
    let line = text.split(separator: "\n", omittingEmptySubsequences: false)[json.line - 1]
    #expect(line.contains("\"hp\": \"x\""))
  }
}
