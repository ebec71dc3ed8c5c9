import Foundation
import JSONCore
import PokedexPipeline
import PokedexTestSupport
import Testing

@testable import PokedexKit

/// Hostile values and keys in a data file (issue 13): each is malformed data with its JSON
/// path, refused alike by the fast path (`DexReader`) and the Codable path
/// (`FastJSONDecoder`), and nothing downstream can overflow on what loads.
@Suite struct HostileDataTests {
  /// A small dex in the writer's format, every table filled; the source's name is on line 2,
  /// away from every value the cases change.
  static let document = """
    {"schemaVersion": 1,
     "source": {"name": "n", "commit": "c", "license": "l"},
     "languages": [{"id": 9, "identifier": "en", "iso639": "en", "iso3166": "us", "official": true, "names": {"en": "English"}}],
     "generations": [{"id": 1, "identifier": "generation-i", "region": "kanto", "names": {"en": "Generation I"}}],
     "types": [{"id": 12, "identifier": "grass", "generation": 1, "names": {"en": "Grass"}, "damageFactors": {"grass": 50}}],
     "abilities": [{"id": 65, "identifier": "overgrow", "generation": 3, "names": {"en": "Overgrow"}}],
     "pokemon": [
      {"id": 1, "nationalNumber": 1, "slug": "a", "speciesSlug": "a", "names": {"en": "A"},
       "genus": {"en": "Seed"}, "isDefault": true, "types": ["grass"],
       "stats": {"hp": 45, "attack": 49, "defense": 49, "specialAttack": 65, "specialDefense": 65, "speed": 45},
       "evYield": {"hp": 0, "attack": 0, "defense": 0, "specialAttack": 1, "specialDefense": 0, "speed": 0},
       "abilities": [{"ability": "overgrow", "slot": 1, "isHidden": false}], "height": 0.7, "weight": 6.9,
       "baseExperience": 64, "generation": 1, "color": "green", "shape": "quadruped", "habitat": "grassland",
       "eggGroups": ["monster"], "genderRate": 1, "captureRate": 45, "baseHappiness": 50,
       "hatchCounter": 20, "growthRate": "medium-slow", "isLegendary": false, "isMythical": false,
       "isBaby": false, "evolution": {"chainId": 1, "from": [], "to": []},
       "dexNumbers": {"kanto": 1, "national": 1}}
     ]}
    """

  /// The same document with an escape in the source's key `name`, which the fast path declines:
  /// it goes through the Codable path.
  static func slowVariant(_ text: String) -> String {
    text.replacingOccurrences(of: #""name": "n""#, with: #""n\u0061me": "n""#)
  }

  @Test func theDocumentLoadsOnBothPaths() throws {
    let fast = try #require(PokedexLoader.read(Array(Self.document.utf8)))
    #expect(PokedexLoader.read(Array(Self.slowVariant(Self.document).utf8)) == nil)
    let slow = try PokedexLoader.decode(Array(Self.slowVariant(Self.document).utf8), path: "d")
    #expect(fast == slow)
    #expect(fast == (try JSONDecoder().decode(Pokedex.self, from: Data(Self.document.utf8))))
  }

  /// The error `text` gets from the loader (`nil` if it loads).
  static func loadError(_ text: String) -> JSONError? {
    do {
      _ = try PokedexLoader.decode(Array(text.utf8), path: "d.json")
      return nil
    } catch {
      guard case .malformed(_, let json) = error else {
        Issue.record("expected malformed data, got \(error)")
        return nil
      }
      return json
    }
  }

  struct OutOfBounds: Sendable, CustomTestStringConvertible {
    var from: String
    var to: String
    var path: String
    var message: String
    var testDescription: String { "\(path) = \(to)" }
  }

  static let outOfBounds: [OutOfBounds] = [
    .init(
      from: #""hp": 45"#,
      to: #""hp": 9223372036854775807"#,
      path: "pokemon[0].stats.hp",
      message: "expected an integer in 0...255, found 9223372036854775807"
    ),
    .init(
      from: #""speed": 45"#,
      to: #""speed": -1"#,
      path: "pokemon[0].stats.speed",
      message: "expected an integer in 0...255, found -1"
    ),
    .init(
      from: #""specialAttack": 1"#,
      to: #""specialAttack": 256"#,
      path: "pokemon[0].evYield.specialAttack",
      message: "expected an integer in 0...255, found 256"
    ),
    .init(
      from: #""genderRate": 1"#,
      to: #""genderRate": 9223372036854775807"#,
      path: "pokemon[0].genderRate",
      message: "expected an integer in -1...8, found 9223372036854775807"
    ),
    .init(
      from: #""genderRate": 1"#,
      to: #""genderRate": -2"#,
      path: "pokemon[0].genderRate",
      message: "expected an integer in -1...8, found -2"
    ),
    .init(
      from: #""captureRate": 45"#,
      to: #""captureRate": 256"#,
      path: "pokemon[0].captureRate",
      message: "expected an integer in 0...255, found 256"
    ),
    .init(
      from: #""baseHappiness": 50"#,
      to: #""baseHappiness": -1"#,
      path: "pokemon[0].baseHappiness",
      message: "expected an integer in 0...255, found -1"
    ),
    .init(
      from: #""hatchCounter": 20"#,
      to: #""hatchCounter": 100000"#,
      path: "pokemon[0].hatchCounter",
      message: "expected an integer in 0...255, found 100000"
    ),
    .init(
      from: #""baseExperience": 64"#,
      to: #""baseExperience": 65536"#,
      path: "pokemon[0].baseExperience",
      message: "expected an integer in 0...65535, found 65536"
    ),
    .init(
      from: #""generation": 1, "color""#,
      to: #""generation": 100, "color""#,
      path: "pokemon[0].generation",
      message: "expected an integer in 1...99, found 100"
    ),
    .init(
      from: #""id": 1, "nationalNumber""#,
      to: #""id": 0, "nationalNumber""#,
      path: "pokemon[0].id",
      message: "expected an integer in 1...999999, found 0"
    ),
    .init(
      from: #""nationalNumber": 1"#,
      to: #""nationalNumber": 9223372036854775807"#,
      path: "pokemon[0].nationalNumber",
      message: "expected an integer in 1...99999, found 9223372036854775807"
    ),
    .init(
      from: #""kanto": 1"#,
      to: #""kanto": 100000"#,
      path: "pokemon[0].dexNumbers.kanto",
      message: "expected an integer in 0...99999, found 100000"
    ),
    .init(
      from: #""slot": 1"#,
      to: #""slot": 0"#,
      path: "pokemon[0].abilities[0].slot",
      message: "expected an integer in 1...255, found 0"
    ),
    .init(
      from: #""chainId": 1"#,
      to: #""chainId": -5"#,
      path: "pokemon[0].evolution.chainId",
      message: "expected an integer in 0...999999, found -5"
    ),
    .init(
      from: #""height": 0.7"#,
      to: #""height": 1e308"#,
      path: "pokemon[0].height",
      message: "expected a number in 0...100000, found 1e308"
    ),
    .init(
      from: #""height": 0.7"#,
      to: #""height": -0.5"#,
      path: "pokemon[0].height",
      message: "expected a number in 0...100000, found -0.5"
    ),
    .init(
      from: #""weight": 6.9"#,
      to: #""weight": 100000.5"#,
      path: "pokemon[0].weight",
      message: "expected a number in 0...100000, found 100000.5"
    ),
    .init(
      from: #""grass": 50"#,
      to: #""grass": 1001"#,
      path: "types[0].damageFactors.grass",
      message: "expected an integer in 0...1000, found 1001"
    ),
    .init(
      from: #""id": 12"#,
      to: #""id": 1000000"#,
      path: "types[0].id",
      message: "expected an integer in 1...999999, found 1000000"
    ),
    .init(
      from: #""generation": 3"#,
      to: #""generation": 0"#,
      path: "abilities[0].generation",
      message: "expected an integer in 1...99, found 0"
    ),
    .init(
      from: #""id": 1, "identifier": "generation-i""#,
      to: #""id": 100, "identifier": "generation-i""#,
      path: "generations[0].id",
      message: "expected an integer in 1...99, found 100"
    ),
    .init(
      from: #""id": 9"#,
      to: #""id": 0"#,
      path: "languages[0].id",
      message: "expected an integer in 1...999999, found 0"
    ),
    .init(
      from: #""schemaVersion": 1"#,
      to: #""schemaVersion": 0"#,
      path: "schemaVersion",
      message: "expected an integer of at least 1, found 0"
    ),
  ]

  /// A number out of its field's bounds is malformed data with its path, line and column:
  /// the fast path declines it, and the full decoder explains it the same way whichever
  /// path the file would otherwise take.
  @Test(arguments: outOfBounds)
  func numbersOutOfBoundsAreMalformedOnBothPaths(_ test: OutOfBounds) throws {
    let text = Self.document.replacingOccurrences(of: test.from, with: test.to)
    try #require(text != Self.document)
    #expect(PokedexLoader.read(Array(text.utf8)) == nil)
    let fast = try #require(Self.loadError(text))
    #expect(fast.path == test.path)
    #expect(fast.message == test.message)
    let slow = try #require(Self.loadError(Self.slowVariant(text)))
    #expect(slow == fast)
    // The location is the number's: the line holds the new text at that column.
    let line = text.split(separator: "\n", omittingEmptySubsequences: false)[fast.line - 1]
    let value = test.to.split(separator: ":", maxSplits: 1)[1].drop { $0 == " " }
    let number = value.prefix { $0 != "," }
    #expect(line.dropFirst(fast.column - 1).hasPrefix(number))
  }

  /// Numbers at the very edges of their bounds are read by the fast path, as the full
  /// decoder reads them.
  @Test func numbersAtTheBoundsAreReadByBothPaths() throws {
    var text = Self.document
    for (from, to) in [
      (#""hp": 45"#, #""hp": 255"#), (#""speed": 45"#, #""speed": 0"#),
      (#""genderRate": 1"#, #""genderRate": -1"#), (#""height": 0.7"#, #""height": 100000"#),
      (#""weight": 6.9"#, #""weight": 0"#), (#""kanto": 1"#, #""kanto": 0"#),
      (#""nationalNumber": 1"#, #""nationalNumber": 99999"#),
      (#""id": 1, "nationalNumber""#, #""id": 999999, "nationalNumber""#),
      (#""grass": 50"#, #""grass": 1000"#), (#""schemaVersion": 1"#, #""schemaVersion": 1"#),
    ] {
      text = text.replacingOccurrences(of: from, with: to)
    }
    let fast = try #require(PokedexLoader.read(Array(text.utf8)))
    #expect(fast.pokemon.first?.stats.total == 255 + 49 + 49 + 65 + 65)
    let slow = try PokedexLoader.decode(Array(Self.slowVariant(text).utf8), path: "d")
    #expect(fast == slow)
  }

  /// The bounds hold every value of the bundled data.
  @Test func theBundledDataIsWithinBounds() throws {
    let dex = try PokedexLoader.load()
    #expect(dex.isWithin(nil))
    #expect(dex.boundsViolation(nil) == nil)
  }

  /// Every field whose type holds numbers has bounds (the schema asserts it as it is built;
  /// this names any field that slipped through a release build).
  @Test func everyNumberHasBounds() {
    func unbounded<Model>(_ schema: Schema<Model>) -> [String] {
      schema.fields.filter { $0.check == nil && $0.holdsNumbers }.map(\.key)
    }
    #expect(unbounded(Pokedex.schema).isEmpty)
    #expect(unbounded(Pokemon.schema).isEmpty)
    #expect(unbounded(Stats.schema).isEmpty)
    #expect(unbounded(TypeInfo.schema).isEmpty)
    #expect(unbounded(Language.schema).isEmpty)
    #expect(unbounded(Generation.schema).isEmpty)
    #expect(unbounded(Ability.schema).isEmpty)
    #expect(unbounded(AbilitySlot.schema).isEmpty)
    #expect(unbounded(Evolution.schema).isEmpty)
    #expect(Pokemon.schema.checked.map(\.key).contains("dexNumbers"))
  }

  struct BadKey: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var from: String
    var to: String
    var path: String
    var message: String
  }

  static let badKeys: [BadKey] = [
    .init(
      testDescription: "a misspelled required key",
      from: #""color""#,
      to: #""colour""#,
      path: "pokemon[0].colour",
      message: "unknown key 'colour'"
    ),
    .init(
      testDescription: "a misspelled optional key",
      from: #""habitat""#,
      to: #""habitatt""#,
      path: "pokemon[0].habitatt",
      message: "unknown key 'habitatt'"
    ),
    .init(
      testDescription: "an extra key in a nested object",
      from: #""speed": 45"#,
      to: #""speed": 45, "luck": 1"#,
      path: "pokemon[0].stats.luck",
      message: "unknown key 'luck'"
    ),
    .init(
      testDescription: "an extra key at the top level",
      from: #""schemaVersion": 1,"#,
      to: #""schemaVersion": 1, "moves": [],"#,
      path: "moves",
      message: "unknown key 'moves'"
    ),
    .init(
      testDescription: "a repeated key",
      from: #""captureRate": 45"#,
      to: #""captureRate": 45, "captureRate": 3"#,
      path: "pokemon[0].captureRate",
      message: "repeated key 'captureRate'"
    ),
    .init(
      testDescription: "a repeated Pokédex",
      from: #""kanto": 1"#,
      to: #""kanto": 1, "kanto": 2"#,
      path: "pokemon[0].dexNumbers.kanto",
      message: "repeated key 'kanto'"
    ),
    .init(
      testDescription: "a repeated damage factor",
      from: #""grass": 50"#,
      to: #""grass": 50, "grass": 200"#,
      path: "types[0].damageFactors.grass",
      message: "repeated key 'grass'"
    ),
    .init(
      testDescription: "a repeated language",
      from: #""genus": {"en": "Seed"}"#,
      to: #""genus": {"en": "Seed", "en": "Graine"}"#,
      path: "pokemon[0].genus.en",
      message: "repeated key 'en'"
    ),
  ]

  /// An unknown or repeated key is malformed data on both paths; before, the Codable path
  /// dropped the field (or kept one of two values) without a word.
  @Test(arguments: badKeys)
  func unknownAndRepeatedKeysAreMalformed(_ test: BadKey) throws {
    let text = Self.document.replacingOccurrences(of: test.from, with: test.to)
    try #require(text != Self.document)
    #expect(PokedexLoader.read(Array(text.utf8)) == nil)
    let error = try #require(Self.loadError(text))
    #expect(error.path == test.path)
    #expect(error.message == test.message)
    #expect(Self.loadError(Self.slowVariant(text)) == error)
  }

  /// A key that is not valid UTF-8 matches no field: it is named, its bad bytes escaped.
  @Test(arguments: [
    (#""shape": "quadruped""#, "\"sh\u{1}ape\": \"quadruped\"", "pokemon[0].sh\\xFFape"),
    (#""names": {"en": "A"}"#, "\"names\": {\"e\u{1}n\": \"A\"}", "pokemon[0].names.e\\xFFn"),
    (#""kanto": 1"#, "\"kan\u{1}o\": 1", "pokemon[0].dexNumbers.kan\\xFFo"),
  ])
  func keysThatAreNotUTF8AreMalformed(from: String, to: String, path: String) throws {
    let shown = try #require(path.split(separator: ".").last)
    let text = Self.document.replacingOccurrences(of: from, with: to)
    try #require(text != Self.document)
    // The placeholder U+0001 becomes the byte 0xFF, which no UTF-8 text contains.
    let hostile = Array(text.utf8).map { $0 == 1 ? 0xFF : $0 }
    #expect(PokedexLoader.read(hostile) == nil)
    let error = #expect(throws: PokedexLoadError.self) {
      try PokedexLoader.decode(hostile, path: "d.json")
    }
    guard case .malformed(_, let json)? = error else { return }
    #expect(json.path == path)
    #expect(json.message == "key '\(shown)' is not valid UTF-8")
  }

  /// A newer file may have keys this version does not know: its version explains the
  /// refusal, not the first unknown key (`Guides/DataFormat.md`, "Forward compatibility").
  @Test func aNewerVersionExplainsItsUnknownKeys() {
    let text = Self.document.replacingOccurrences(
      of: #""schemaVersion": 1,"#,
      with: #""schemaVersion": 2, "moves": [],"#
    )
    #expect(throws: PokedexLoadError.unsupportedSchemaVersion(path: "d", found: 2, supported: 1)) {
      try PokedexLoader.decode(Array(text.utf8), path: "d")
    }
  }

  /// `load(path:)` wants the tables every lookup needs; before, an empty one surfaced as a
  /// usage error ("unknown language 'en'") in every command.
  @Test(arguments: [("languages", "language"), ("types", "type")])
  func anEmptyLanguageOrTypeTableIsMalformed(table: String, entry: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let start = try #require(Self.document.range(of: "\"\(table)\": ["))
    let end = try #require(
      Self.document.range(of: "}],", range: start.upperBound..<Self.document.endIndex)
    )
    let text = Self.document.replacingCharacters(
      in: start.lowerBound..<end.upperBound,
      with: "\"\(table)\": [],"
    )
    let path = directory.path("d.json")
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    _ = try PokedexLoader.decode(Array(text.utf8), path: path)
    let error = #expect(throws: PokedexLoadError.self) { try PokedexLoader.load(path: path) }
    guard case .malformed(_, let json)? = error else { return }
    #expect(json.path == table)
    #expect(json.message == "the table is empty; expected at least one \(entry)")
    #expect(json.line > 1)
  }

  /// A loop of symbolic links is a file that cannot be found (66 in the CLI), not an I/O
  /// error (74).
  @Test func aSymlinkLoopIsNotAnIOError() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let a = directory.path("a.json")
    let b = directory.path("b.json")
    try FileManager.default.createSymbolicLink(atPath: a, withDestinationPath: b)
    try FileManager.default.createSymbolicLink(atPath: b, withDestinationPath: a)
    let error = #expect(throws: PokedexLoadError.self) { try PokedexLoader.load(path: a) }
    guard case .unreadable(let file)? = error else {
      Issue.record("expected an unreadable file, got \(String(describing: error))")
      return
    }
    #expect(file.code == ELOOP)
    #expect(
      error?.description == "cannot read '\(a)': a loop of symbolic links (or too many of them)"
    )
  }
}

/// The validator reports a number the loader would refuse, so `data build` never writes a
/// file that no command can read.
@Suite struct ValidatorBoundsTests {
  @Test func aNumberOutOfBoundsIsAnError() throws {
    var dex = DexFixture.pokedex
    let index = try #require(dex.pokemon.indices.last)
    dex.pokemon[index].baseExperience = 70_000
    let diagnostics = DexValidator(expectedSpeciesCounts: [:]).validate(dex)
    let expected = DexDiagnostic(
      severity: .error,
      message: "expected an integer in 0...65535, found 70000",
      location: "pokemon[\(index)].baseExperience"
    )
    #expect(diagnostics.contains(expected))
    #expect(
      !DexValidator(expectedSpeciesCounts: [:]).validate(DexFixture.pokedex).contains(expected)
    )
  }
}

/// Arithmetic on values a loaded dex cannot hold but code can build: no trap.
@Suite struct HostileArithmeticTests {
  @Test func statTotalsSaturate() {
    let huge = Stats(hp: .max, attack: 1, defense: 1, specialAttack: 1, specialDefense: 1, speed: 1)
    #expect(huge.total == .max)
    let tiny = Stats(
      hp: .min,
      attack: -1,
      defense: 0,
      specialAttack: 0,
      specialDefense: 0,
      speed: 0
    )
    #expect(tiny.total == .min)
    let normal = Stats(
      hp: 45,
      attack: 49,
      defense: 49,
      specialAttack: 65,
      specialDefense: 65,
      speed: 45
    )
    #expect(normal.total == 318)
  }

  /// The validator's contiguity check counts the missing numbers instead of listing
  /// 1...n, which for `Int.max` took gigabytes.
  @Test(.timeLimit(.minutes(1)))
  func contiguityOfAHugeNationalNumberIsCheap() throws {
    var dex = DexFixture.pokedex
    let index = try #require(dex.pokemon.lastIndex { $0.isDefault })
    let species = dex.pokemon[index].speciesSlug
    for position in dex.pokemon.indices where dex.pokemon[position].speciesSlug == species {
      dex.pokemon[position].nationalNumber = .max
    }
    let numbers = Set(dex.pokemon.filter(\.isDefault).map(\.nationalNumber))
    let missing = Int.max - numbers.count
    let diagnostics = DexValidator(expectedSpeciesCounts: [:]).validate(dex)
    let contiguity = diagnostics.first {
      $0.message.hasPrefix("national numbers are not contiguous")
    }
    #expect(
      contiguity?.message.hasPrefix(
        "national numbers are not contiguous from 1 to \(Int.max): \(missing) missing ("
      ) == true
    )
  }
}

/// `FastJSONDecoder(unknownKeys:)`: skipping stays the default; rejecting names the key.
@Suite struct UnknownKeyPolicyTests {
  struct Point: Decodable, Equatable {
    var x: Int
    var y: Int?
  }

  @Test func ignoringIsTheDefault() throws {
    let bytes = Array(#"{"x": 1, "z": 2, "x": 3}"#.utf8)
    #expect(try FastJSONDecoder().decode(Point.self, from: bytes) == Point(x: 1, y: nil))
  }

  @Test(arguments: [
    (#"{"x": 1, "z": 2}"#, "z", "unknown key 'z'", 10),
    (#"{"x": 1, "\u0001": 2}"#, "\\u{1}", "unknown key '\\u{1}'", 10),
    (#"{"x": 1, "x": 2}"#, "x", "repeated key 'x'", 10),
  ])
  func rejectingNamesTheKey(json: String, path: String, message: String, column: Int) {
    let decoder = FastJSONDecoder(unknownKeys: .reject)
    #expect(
      throws: JSONError(kind: .decoding, path: path, message: message, line: 1, column: column)
    ) {
      try decoder.decode(Point.self, from: Array(json.utf8))
    }
  }
}
