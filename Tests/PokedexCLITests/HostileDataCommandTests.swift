import Foundation
import PokedexCLI
import PokedexTestSupport
import Testing

/// Hostile data files given with `--data` (issue 13), run through the built `pokedex`:
/// before, these trapped (exit 132), grew to gigabytes, or exited with the wrong code.
@Suite struct HostileDataCommandTests {
  static let bundled = packageRoot().appendingPathComponent("Data/pokemons.json").path

  struct Patch: Sendable, CustomTestStringConvertible {
    var from: String
    var to: String
    /// What stderr must say: the JSON path and what was expected.
    var message: String
    var testDescription: String { to }
  }

  static let patches: [Patch] = [
    Patch(
      from: #""hp": 45"#,
      to: #""hp": 9223372036854775807"#,
      message: "pokemon[0].stats.hp: expected an integer in 0...255, found 9223372036854775807"
    ),
    Patch(
      from: #""genderRate": 1,"#,
      to: #""genderRate": 9223372036854775807,"#,
      message: "pokemon[0].genderRate: expected an integer in -1...8, found 9223372036854775807"
    ),
    Patch(
      from: #""nationalNumber": 1,"#,
      to: #""nationalNumber": 9223372036854775807,"#,
      message:
        "pokemon[0].nationalNumber: expected an integer in 1...99999, found 9223372036854775807"
    ),
    Patch(
      from: #""height": 0.7"#,
      to: #""height": 1e308"#,
      message: "pokemon[0].height: expected a number in 0...100000, found 1e308"
    ),
    Patch(
      from: #""color": "green""#,
      to: #""colour": "green""#,
      message: "pokemon[0].colour: unknown key 'colour'"
    ),
    Patch(
      from: #""habitat": "grassland""#,
      to: #""habitatt": "grassland""#,
      message: "pokemon[0].habitatt: unknown key 'habitatt'"
    ),
  ]

  /// Writes the bundled data with `patch` applied (its first occurrence: Bulbasaur's).
  static func patchedFile(_ patch: Patch, in directory: TemporaryDirectory) throws -> String {
    let text = try String(contentsOfFile: bundled, encoding: .utf8)
    let range = try #require(text.range(of: patch.from))
    let path = directory.path("hostile.json")
    try Data(text.replacingCharacters(in: range, with: patch.to).utf8)
      .write(to: URL(fileURLWithPath: path))
    return path
  }

  static func run(_ arguments: [String], home: TemporaryDirectory) throws -> ProcessResult {
    let binary = try #require(builtProductPath("pokedex"), "'swift test' builds pokedex")
    return try runProcess(
      binary,
      arguments,
      environment: ["POKEDEX_CONFIG_HOME": home.path("config")]
    )
  }

  /// Every command that reads the data refuses the file with 65 and the JSON path, instead
  /// of trapping on a stat total, a percentage or a height, or allocating gigabytes.
  @Test(arguments: patches)
  func hostileValuesAndKeysAreMalformedData(_ patch: Patch) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let data = try Self.patchedFile(patch, in: directory)
    for command in [
      ["show", "1"], ["list", "--sort", "bst"], ["list", "bst>0"],
      ["list", "--fields", "name,height"], ["data", "check"],
    ] {
      let result = try Self.run(command + ["--data", data], home: directory)
      #expect(result.status == 65, "\(command): \(result.stderr)")
      #expect(result.stdout.isEmpty, "\(command)")
      #expect(
        result.stderr.hasPrefix("error: \(data):") && result.stderr.contains(patch.message),
        "\(command): \(result.stderr)"
      )
    }
  }

  /// An endless device is cut off at the 64 MiB limit, quickly and in bounded memory (it
  /// used to read 512 MiB into about 800 MB), and a data file piped in still loads.
  @Test func anEndlessDeviceIsCutOffAndAPipeStillLoads() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let clock = ContinuousClock()
    let start = clock.now
    let endless = try Self.run(["show", "1", "--data", "/dev/zero"], home: directory)
    #expect(endless.status == 74, "\(endless.stderr)")
    #expect(endless.stderr.contains("File too large"), "\(endless.stderr)")
    #expect(clock.now - start < .seconds(20))
    let binary = try #require(builtProductPath("pokedex"), "'swift test' builds pokedex")
    let piped = try runProcess(
      "/bin/sh",
      ["-c", "cat \"$1\" | \"$0\" show 1 --data /dev/stdin", binary, Self.bundled],
      environment: ["POKEDEX_CONFIG_HOME": directory.path("config")]
    )
    #expect(piped.status == 0, "\(piped.stderr)")
    #expect(piped.stdout.contains("Bulbasaur"))
  }

  /// A `--data` symlink loop is a missing input (66), not an I/O error (74).
  @Test func aSymlinkLoopIsNoInput() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let a = directory.path("a.json")
    try FileManager.default.createSymbolicLink(
      atPath: a,
      withDestinationPath: directory.path("b.json")
    )
    try FileManager.default.createSymbolicLink(
      atPath: directory.path("b.json"),
      withDestinationPath: a
    )
    let result = try Self.run(["show", "1", "--data", a], home: directory)
    #expect(result.status == 66, "\(result.stderr)")
    #expect(result.stderr.contains("a loop of symbolic links"))
  }

  /// An empty languages or types table is malformed data (65), not a usage error (64) about
  /// an unknown language or type.
  @Test(arguments: ["languages", "types"])
  func anEmptyTableIsMalformedData(table: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let text = try String(contentsOfFile: Self.bundled, encoding: .utf8)
    let start = try #require(text.range(of: "\n  \"\(table)\": [\n"))
    let end = try #require(text.range(of: "\n  ],\n", range: start.upperBound..<text.endIndex))
    let path = directory.path("empty.json")
    try Data(
      text.replacingCharacters(
        in: start.lowerBound..<end.upperBound,
        with: "\n  \"\(table)\": [],\n"
      )
      .utf8
    ).write(to: URL(fileURLWithPath: path))
    for command in [["show", "1"], ["list"], ["types", "fire"], ["search", "bulbasaur"]] {
      let result = try Self.run(command + ["--data", path], home: directory)
      #expect(result.status == 65, "\(command): \(result.stderr)")
      #expect(
        result.stderr.contains("\(table): the table is empty"),
        "\(command): \(result.stderr)"
      )
    }
  }
}

/// Formatting of numbers a loaded dex cannot hold but code can build: no trap.
@Suite struct HostileFormattingTests {
  @Test(arguments: [
    (0.7, "0.7"), (6.0, "6"), (999.9, "999.9"), (-0.4, "-0.4"), (100_000, "100000"),
    (1e308, "1e+308"), (.infinity, "inf"), (-Double.infinity, "-inf"),
  ])
  func measuresNeverTrap(value: Double, text: String) {
    #expect(formatMeasure(value) == text)
  }

  @Test func measuresThatAreNaNPrintAsNaN() {
    #expect(formatMeasure(.nan) == "nan")
  }

  @Test func statBarsClampWithoutOverflow() {
    let full = StatBar.render(value: 255, maximum: 255, width: 10, ascii: true)
    #expect(full == String(repeating: "#", count: 10))
    #expect(StatBar.render(value: .max, maximum: 255, width: 10, ascii: true) == full)
    #expect(StatBar.render(value: .min, maximum: 255, width: 10, ascii: true) == "")
    #expect(StatBar.render(value: .max, maximum: .max, width: 10, ascii: true) == full)
    #expect(StatBar.render(value: 51, maximum: 255, width: 10) == "██")
  }
}
