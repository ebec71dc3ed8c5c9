import Foundation
import PokedexTestSupport
import Testing

@testable import PokedexKit
@testable import PokedexPipeline

/// Reading Showdown's file: source codes, and a clear error for anything malformed.
@Suite struct LearnsetShowdownTests {
  struct CodeCase: Sendable, CustomTestStringConvertible {
    var code: String
    var expected: ShowdownSourceCode?
    var testDescription: String { "'\(code)'" }
  }

  static let codes: [CodeCase] = [
    CodeCase(code: "9L20", expected: .source(MoveSource(generation: 9, method: .levelUp(20)))),
    CodeCase(code: "8L0", expected: .source(MoveSource(generation: 8, method: .levelUp(0)))),
    CodeCase(code: "8M", expected: .source(MoveSource(generation: 8, method: .machine))),
    CodeCase(code: "7T", expected: .source(MoveSource(generation: 7, method: .tutor))),
    CodeCase(code: "6E", expected: .source(MoveSource(generation: 6, method: .egg))),
    CodeCase(code: "9S0", expected: .source(MoveSource(generation: 9, method: .event))),
    CodeCase(code: "4S21", expected: .source(MoveSource(generation: 4, method: .event))),
    CodeCase(code: "9R", expected: .source(MoveSource(generation: 9, method: .restricted))),
    CodeCase(code: "5D", expected: .source(MoveSource(generation: 5, method: .dreamWorld))),
    CodeCase(code: "7V", expected: .source(MoveSource(generation: 7, method: .transfer))),
    CodeCase(code: "3C", expected: .notASource),
    CodeCase(code: "4C", expected: .notASource),
    CodeCase(code: "9Q", expected: nil),
    CodeCase(code: "", expected: nil),
    CodeCase(code: "9", expected: nil),
    CodeCase(code: "0M", expected: nil),
    CodeCase(code: "10M", expected: nil),
    CodeCase(code: "9MM", expected: nil),
    CodeCase(code: "9L", expected: nil),
    CodeCase(code: "9L+5", expected: nil),
    CodeCase(code: "9L101", expected: nil),
    CodeCase(code: "9L1000", expected: nil),
    CodeCase(code: "9S", expected: nil),
    CodeCase(code: "9Sx", expected: nil),
    CodeCase(code: "4C1", expected: nil),
    CodeCase(code: "9m", expected: nil),
  ]

  @Test(arguments: codes) func sourceCodes(_ testCase: CodeCase) {
    #expect(ShowdownSourceCode(testCase.code) == testCase.expected)
  }

  func build(_ json: String) throws -> LearnsetBuild {
    let inputs = try LearnsetSharedData.inputs()
    return try LearnsetBuilder().build(
      showdownJSON: Array(json.utf8),
      fileName: "learnsets.json",
      dex: inputs.dex,
      moveIdentifiers: inputs.moveIdentifiers
    )
  }

  func failure(_ json: String) throws -> String {
    let error = #expect(throws: DataPipelineError.self) { try build(json) }
    return try #require(error).description
  }

  @Test func eventIndexesChainBreedingAndRepeatsAreDropped() throws {
    let build = try build(
      #"{"ditto": {"learnset": {"transform": ["9L1", "9S0", "9S1", "8S0", "4C", "9L1"], "tackle": ["3C"]}}}"#
    )
    let ditto = try #require(build.learnsets.learnset("ditto"))
    #expect(ditto.moves.map(\.move) == ["transform"])
    #expect(ditto.moves["transform"] == ["9L1", "9S", "8S"].compactMap(MoveSource.init))
  }

  @Test func otherMembersOfAnEntryAreNotRead() throws {
    let build = try build(
      #"{"ditto": {"eventOnly": true, "learnset": {"transform": ["9L1"]}, "eventData": [{"generation": 7}], "encounters": []}}"#
    )
    #expect(build.learnsets.learnset("ditto")?.moves.count == 1)
  }

  @Test func aTruncatedFileIsAnErrorWithItsPosition() throws {
    #expect(
      try failure(#"{"pikachu": {"learnset": {"thunderbolt": ["9M""#)
        == "learnsets.json:1:47: expected ',' or ']' before the end of input"
    )
  }

  @Test func aBadSourceCodeNamesTheEntryAndMove() throws {
    #expect(
      try failure(#"{"pikachu": {"learnset": {"thunderbolt": ["9M", "9Q"]}}}"#)
        == #"learnsets.json:1:49: pikachu.learnset.thunderbolt[1]: expected a move source such as "9L20", "8M" or "9S0" (a generation 1-9, then M, T, L and a level, E, S and an event index, R, D, V or C), found "9Q""#
    )
  }

  @Test func valuesOfTheWrongKindAreErrors() throws {
    #expect(
      try failure(#"["pikachu"]"#) == "learnsets.json:1:1: expected an object, found an array"
    )
    #expect(
      try failure(#"{"pikachu": {"learnset": ["thunderbolt"]}}"#)
        == "learnsets.json:1:26: pikachu.learnset: expected an object, found an array"
    )
    #expect(
      try failure(#"{"pikachu": {"learnset": {"thunderbolt": "9M"}}}"#)
        == #"learnsets.json:1:42: pikachu.learnset.thunderbolt: expected an array, found "9M""#
    )
    #expect(
      try failure(#"{"pikachu": {"learnset": {"thunderbolt": [9]}}}"#)
        == "learnsets.json:1:43: pikachu.learnset.thunderbolt[0]: expected a string, found 9"
    )
    #expect(
      try failure(#"{"pikachu": 1}"#) == "learnsets.json:1:13: pikachu: expected an object, found 1"
    )
  }

  @Test func aRepeatedKeyIsAnErrorRatherThanLostMoves() throws {
    #expect(
      try failure(#"{"ditto": {"learnset": {}}, "ditto": {"learnset": {}}}"#)
        == "learnsets.json:1:29: ditto: the key appears twice in one object"
    )
    #expect(
      try failure(#"{"ditto": {"learnset": {"transform": ["9L1"], "transform": ["8L1"]}}}"#)
        == "learnsets.json:1:47: ditto.learnset.transform: the key appears twice in one object"
    )
  }

  @Test func aMissingFileIsAFileError() throws {
    let inputs = try LearnsetSharedData.inputs()
    let error = #expect(throws: DataPipelineError.self) {
      try LearnsetBuilder().build(
        showdownFile: URL(fileURLWithPath: "/nonexistent/learnsets.json"),
        dex: inputs.dex,
        moveIdentifiers: inputs.moveIdentifiers
      )
    }
    guard case .fileError(let path, let reason) = try #require(error) else {
      Issue.record("expected a file error, got \(String(describing: error))")
      return
    }
    #expect(path == "/nonexistent/learnsets.json")
    #expect(reason.contains("no such file"))
    #expect(reason.contains("../shared/showdown/learnsets.json"))
  }

  @Test func aMissingMovesTableIsNamed() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let error = #expect(throws: DataPipelineError.self) {
      try LearnsetBuilder.moveIdentifiers(fromDirectory: directory.url)
    }
    #expect(error == .missingTable(file: "moves.csv", directory: directory.url.path))
  }

  @Test func theSourceNamesShowdownsCommitAndLicense() {
    let fallback = LearnsetBuilder.dataSource(readme: "", license: "")
    #expect(fallback.commit == LearnsetBuilder.defaultCommit)
    #expect(fallback.license.hasPrefix("Copyright (c) 2011-2026 Guangcong Luo"))
    let given = LearnsetBuilder.dataSource(
      readme: "from commit 0123456789abcdef0123456789abcdef01234567.",
      license: "The MIT License (MIT)\n\nCopyright (c) 2030 Someone\n"
    )
    #expect(given.commit == "0123456789abcdef0123456789abcdef01234567")
    #expect(given.license.hasPrefix("Copyright (c) 2030 Someone. Learnsets derived"))
  }
}
