import Foundation
import JSONCore
import PokedexTestSupport
import Testing

@testable import PokedexKit

/// The loader's fast path (`DexReader`): it must read what the writer produces by itself,
/// and must decline, never misread, whatever else it meets.
@Suite struct DexReaderTests {
  static let dataPath = packageRoot().appendingPathComponent("Data/pokemons.json").path

  static func bundledText() throws -> String {
    try String(contentsOfFile: dataPath, encoding: .utf8)
  }

  /// The fast path's result alone (`nil` when it declines).
  static func fastRead(_ text: String) -> Pokedex? {
    PokedexLoader.read(Array(text.utf8))
  }

  static func foundationDecode(_ text: String) throws -> Pokedex {
    try JSONDecoder().decode(Pokedex.self, from: Data(text.utf8))
  }

  @Test func readsTheBundledDataByItself() throws {
    let text = try Self.bundledText()
    let fast = try #require(Self.fastRead(text))
    #expect(fast.pokemon.count == 1351)
    let same = fast == (try Self.foundationDecode(text))
    #expect(same)
  }

  static func smallDex() throws -> Pokedex {
    let dex = try foundationDecode(try bundledText())
    return Pokedex(
      schemaVersion: dex.schemaVersion,
      source: dex.source,
      languages: dex.languages,
      generations: dex.generations,
      types: dex.types,
      abilities: Array(dex.abilities.prefix(20)),
      pokemon: Array(dex.pokemon.prefix(40)) + Array(dex.pokemon.suffix(40))
    )
  }

  /// Sorted keys are alphabetical, not the written order; the indentation differs too.
  @Test(arguments: [false, true])
  func readsOtherKeyOrdersAndFormatting(pretty: Bool) throws {
    let small = try Self.smallDex()
    let encoder = JSONEncoder()
    encoder.outputFormatting =
      pretty
      ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
      : [.sortedKeys, .withoutEscapingSlashes]
    let text = String(decoding: try encoder.encode(small), as: UTF8.self)
    let same = Self.fastRead(text) == small
    #expect(same)
  }

  /// Without `.sortedKeys`, Foundation writes names in hash order: the fast path declines,
  /// and the loader still decodes the file.
  @Test func fallsBackForUnsortedNames() throws {
    let small = try Self.smallDex()
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    let bytes = Array(try encoder.encode(small))
    #expect(PokedexLoader.read(bytes) == nil)
    let same = (try PokedexLoader.decode(bytes, path: "unsorted.json")) == small
    #expect(same)
  }

  static let onePokemon = """
    {"id": 1, "nationalNumber": 1, "slug": "a", "speciesSlug": "a", "names": {"en": "A", "ja": "エー"},
     "genus": {}, FORM "isDefault": true, "types": ["grass"],
     "stats": {"hp": 1, "attack": 2, "defense": 3, "specialAttack": 4, "specialDefense": 5, "speed": 6},
     "evYield": {"hp": 0, "attack": 0, "defense": 0, "specialAttack": 0, "specialDefense": 0, "speed": 1},
     "abilities": [{"ability": "x", "slot": 1, "isHidden": false}], "height": 0.7, "weight": 6.9,
     BASE "generation": 1, "color": "green", SHAPE "eggGroups": [], "genderRate": -1,
     "captureRate": 45, "growthRate": "slow", "isLegendary": false, "isMythical": false,
     "isBaby": false, "evolution": {"chainId": 1, "from": [], "to": []}, "dexNumbers": {"kanto": 1}}
    """

  static func document(_ pokemon: String) -> String {
    """
    {"schemaVersion": 1, "source": {"name": "n", "commit": "c", "license": "l"},
     "languages": [], "generations": [], "types": [], "abilities": [], "pokemon": [\(pokemon)]}
    """
  }

  struct Variant: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var form = ""
    var base = ""
    var shape = ""
    var text: String {
      DexReaderTests.document(
        DexReaderTests.onePokemon.replacingOccurrences(of: "FORM", with: form)
          .replacingOccurrences(of: "BASE", with: base)
          .replacingOccurrences(of: "SHAPE", with: shape)
      )
    }
  }

  @Test(arguments: [
    Variant(testDescription: "optional keys missing"),
    Variant(
      testDescription: "optional keys null",
      form: #""form": null,"#,
      base: #""baseExperience": null, "baseHappiness": null, "hatchCounter": null,"#,
      shape: #""shape": null, "habitat": null,"#
    ),
    Variant(
      testDescription: "optional keys present",
      form:
        #""form": {"slug": "mega", "names": {"en": "Mega A"}, "isMega": true, "isBattleOnly": true, "isGigantamax": false, "region": null},"#,
      base: #""baseExperience": 64, "baseHappiness": 50, "hatchCounter": 20,"#,
      shape: #""shape": "quadruped", "habitat": "grassland","#
    ),
  ])
  func readsOptionalsLikeJSONDecoder(_ variant: Variant) throws {
    let fast = try #require(Self.fastRead(variant.text))
    #expect(fast == (try Self.foundationDecode(variant.text)))
  }

  struct Declined: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var from: String
    var to: String
  }

  /// Valid JSON outside what the fast path reads: it declines, and the loader still decodes
  /// exactly what `JSONDecoder` does.
  @Test(arguments: [
    // An unknown key is declined too, and the loader now refuses it as malformed data
    // (issue 13): `HostileDataTests.unknownAndRepeatedKeysAreMalformed`.
    Declined(
      testDescription: "unsorted names",
      from: #"{"en": "A", "ja": "エー"}"#,
      to: #"{"ja": "エー", "en": "A"}"#
    ),
    Declined(testDescription: "a float with an exponent", from: "0.7", to: "7e-1"),
    Declined(testDescription: "a long mantissa", from: "6.9", to: "6.90000000000000000"),
  ])
  func declinesWhatItDoesNotRead(_ test: Declined) throws {
    try Self.declines(test)
  }

  static func declines(_ test: Declined) throws {
    let text = Variant(testDescription: "").text.replacingOccurrences(of: test.from, with: test.to)
    #expect(text != Variant(testDescription: "").text)
    #expect(Self.fastRead(text) == nil)
    let loaded = try PokedexLoader.decode(Array(text.utf8), path: "variant.json")
    #expect(loaded == (try Self.foundationDecode(text)))
  }

  /// Escapes in a string value (the long effects of moves have line breaks) are read as the
  /// tape reads them; one the tape refuses is declined and explained by the full decoder.
  @Test(arguments: [#""sl\u006fw""#, #""sl\now""#, #""s\"l\\o\/w""#, #""sl\ud83d\ude00w""#])
  func readsEscapesInStringValues(escaped: String) throws {
    let text = Variant(testDescription: "").text.replacingOccurrences(of: #""slow""#, with: escaped)
    let fast = try #require(Self.fastRead(text))
    #expect(fast == (try Self.foundationDecode(text)))
  }

  @Test func anUnpairedSurrogateIsDeclinedAndExplained() throws {
    let text = Variant(testDescription: "").text.replacingOccurrences(
      of: #""slow""#,
      with: #""sl\ud83dw""#
    )
    #expect(Self.fastRead(text) == nil)
    #expect(throws: PokedexLoadError.self) {
      try PokedexLoader.decode(Array(text.utf8), path: "variant.json")
    }
  }

  @Test(arguments: [
    (#""id": 1,"#, #""id": 1, "id": 2,"#),  // a repeated key
    ("\"captureRate\": 45", "\"captureRate\": 45x"),
    (#""slow""#, "\"sl\u{1}ow\""),  // a control character
    ("\"isBaby\": false", "\"isBaby\": fals"),
    ("\"genderRate\": -1", "\"genderRate\": 01"),
  ])
  func declinesInvalidInput(from: String, to: String) {
    let text = Variant(testDescription: "").text.replacingOccurrences(of: from, with: to)
    #expect(Self.fastRead(text) == nil)
  }

  @Test func declinesInvalidUTF8InNames() {
    var bytes = Array(Variant(testDescription: "").text.utf8)
    // "エー" → its first byte becomes a stray continuation byte.
    let index = bytes.firstIndex(of: 0xE3)
    #expect(index != nil)
    if let index { bytes[index] = 0x83 }
    #expect(PokedexLoader.read(bytes) == nil)
  }

  /// Records formatted unlike the writer's (each record's abilities one per line with
  /// another record's indentation) read the same.
  @Test func unusualIndentationChangesNothing() throws {
    let text = try Self.bundledText()
    let separator = "},\n    {"
    guard let array = text.range(of: "\"pokemon\": ["),
      let first = text.range(of: separator, range: array.upperBound..<text.endIndex)
    else {
      Issue.record("the bundled data has no Pokémon separator")
      return
    }
    let rest = text[first.upperBound...]
      .replacingOccurrences(of: separator, with: "},\n  {")
      .replacingOccurrences(of: "}, {\"ability\"", with: separator + "\"ability\"")
    let tricky = String(text[..<first.upperBound]) + rest
    #expect(tricky.components(separatedBy: separator).count > 100)
    let fast = try #require(Self.fastRead(tricky))
    let same = fast == (try Self.foundationDecode(text))
    #expect(same)
  }

  /// An error late in the array is reported like any other, with the record's index.
  @Test(arguments: [700, 1350])
  func anErrorInALaterRecordIsReportedWithItsPath(record: Int) throws {
    let text = try Self.bundledText()
    let marker = "\"stats\": {\"hp\": "
    let parts = text.components(separatedBy: marker)
    #expect(parts.count == 1352)
    guard parts.count > record + 1 else { return }
    var corrupted = parts[0]
    for (index, part) in parts.dropFirst().enumerated() {
      corrupted += marker + (index == record ? "\"x\"" + part.drop(while: \.isNumber) : part)
    }
    #expect(Self.fastRead(corrupted) == nil)
    let error = #expect(throws: PokedexLoadError.self) {
      try PokedexLoader.decode(Array(corrupted.utf8), path: "pokemons.json")
    }
    guard case .malformed(_, let json)? = error else { return }
    #expect(json.path == "pokemon[\(record)].stats.hp")
  }
}

@Suite struct LocalizedNamesTests {
  @Test func readAndBuiltNamesAreEqualAndHashAlike() throws {
    let text = DexReaderTests.Variant(testDescription: "").text
    let fast = try #require(DexReaderTests.fastRead(text))
    let read = try #require(fast.pokemon.first?.names)
    let built: LocalizedNames = ["ja": "エー", "en": "A"]
    #expect(read == built)
    #expect(read.hashValue == built.hashValue)
    #expect(read.keys == ["en", "ja"])
    #expect(read.values == ["A", "エー"])
  }

  @Test func assigningKeepsLanguagesSortedAndNilRemoves() {
    var names: LocalizedNames = ["fr": "Pikachu", "en": "Pikachu"]
    names["ja"] = "ピカチュウ"
    names["de"] = "Pikachu"
    names["fr"] = nil
    names["en"] = "PIKACHU"
    #expect(names.keys == ["de", "en", "ja"])
    #expect(names["en"] == "PIKACHU")
    #expect(names["fr"] == nil)
    #expect(names.count == 3)
    #expect(Array(names).map(\.value) == ["Pikachu", "PIKACHU", "ピカチュウ"])
    #expect(names != ["de": "Pikachu", "en": "Pikachu", "ja": "ピカチュウ"])
  }

  @Test func boundariesBetweenLanguageAndNameMatter() {
    let a: LocalizedNames = ["ab": "c"]
    let b: LocalizedNames = ["a": "bc"]
    #expect(a != b)
    #expect(LocalizedNames().isEmpty)
    #expect(LocalizedNames() == [:])
  }
}

@Suite struct LocalizedNamesTextTests {
  /// Names read from a document with other formatting, and the same names built in code.
  static let cases: [(json: String, built: LocalizedNames)] = [
    (#"{}"#, [:]),
    (#"{ "en" : "A" }"#, ["en": "A"]),
    (
      #"{"de":"Bisasam","en":"Bulbasaur","ja":"フシギダネ"}"#,
      ["de": "Bisasam", "en": "Bulbasaur", "ja": "フシギダネ"]
    ),
    ("{\n  \"a\": \"\",\n  \"b\": \"x:y,z}\"\n}", ["a": "", "b": "x:y,z}"]),
  ]

  static func read(_ json: String) throws -> LocalizedNames {
    try DexReader.reading(Array(json.utf8)) { reader throws(DexReader.Failure) in
      try reader.names()
    }
  }

  @Test(arguments: 0..<cases.count)
  func textBackedNamesBehaveLikeBuiltOnes(_ index: Int) throws {
    let (json, built) = Self.cases[index]
    let read = try Self.read(json)
    #expect(read == built)
    #expect(built == read)
    #expect(read.hashValue == built.hashValue)
    #expect(read.count == built.count)
    #expect(read.isEmpty == built.isEmpty)
    #expect(read.keys == built.keys)
    #expect(read.values == built.values)
    #expect(Array(read).map(\.key) == built.keys)
    for language in built.keys { #expect(read[language] == built[language]) }
    #expect(read["zz"] == nil)
    var edited = read
    edited["zz"] = "new"
    #expect(edited.count == built.count + 1)
    #expect(edited["zz"] == "new")
    #expect(read["zz"] == nil)
  }

  @Test func namesOutliveTheReaderAndItsBytes() throws {
    let names = try Self.read(#"{"en":"Pikachu","ja":"ピカチュウ"}"#)
    #expect(names["ja"] == "ピカチュウ")
    #expect(names.description == #"["en": "Pikachu", "ja": "ピカチュウ"]"#)
  }

  @Test(arguments: [
    #"{"en":"A","de":"B"}"#,  // unsorted
    #"{"en":"A","en":"B"}"#,  // repeated
    #"{"en":"A\u00e9"}"#,  // an escape
    #"{"en":1}"#,
    #"{"en":"A",}"#,
    #"{"en" "A"}"#,  // no colon
    #"{"en":"A" "fr":"B"}"#,  // no comma
    #"{"en":"A""#,  // unterminated
    #"{"en":"A":"B"}"#,
    #"{"en"}"#,
    #"{,}"#,
    "{\"en\":\"\u{1}\"}",  // a control character
  ])
  func declinesWhatItDoesNotRead(_ json: String) {
    #expect(throws: DexReader.Failure.self) { try Self.read(json) }
  }
}

@Suite struct DexNumbersTests {
  @Test func readsLikeADictionaryInSortedOrder() {
    var numbers: DexNumbers = ["national": 25, "kanto": 25]
    numbers["paldea"] = 74
    numbers["kanto"] = 26
    numbers["none"] = nil
    #expect(numbers.keys == ["kanto", "national", "paldea"])
    #expect(numbers["kanto"] == 26)
    #expect(numbers["johto"] == nil)
    #expect(numbers.count == 3)
    #expect(numbers.dictionary == ["national": 25, "kanto": 26, "paldea": 74])
    numbers["national"] = nil
    #expect(Array(numbers).map(\.key) == ["kanto", "paldea"])
    #expect(DexNumbers().isEmpty)
  }

  @Test func equalityAndHashingIgnoreTheOrderGiven() {
    let a = DexNumbers(["b": 2, "a": 1])
    let b: DexNumbers = ["a": 1, "b": 2]
    #expect(a == b)
    #expect(a.hashValue == b.hashValue)
    #expect(a != ["a": 1, "b": 3])
    #expect(a != ["a": 1])
  }

  @Test func codableAsASortedObject() throws {
    let numbers: DexNumbers = ["national": 1, "kanto": 1]
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let json = String(decoding: try encoder.encode(numbers), as: UTF8.self)
    #expect(json == #"{"kanto":1,"national":1}"#)
    #expect(try JSONDecoder().decode(DexNumbers.self, from: Data(json.utf8)) == numbers)
  }

  @Test(
    arguments: [
      (#"{}"#, [:]),
      (#"{ "kanto" : 1 }"#, ["kanto": 1]),
      (
        #"{"a-1": -3, "kalos-central": 80, "national": 1025}"#,
        ["national": 1025, "a-1": -3, "kalos-central": 80]
      ),
    ] as [(String, DexNumbers)]
  )
  func readNumbersBehaveLikeBuiltOnes(json: String, built: DexNumbers) throws {
    let read = try DexReader.reading(Array(json.utf8)) { reader throws(DexReader.Failure) in
      try reader.dexNumbers()
    }
    #expect(read == built)
    #expect(read.hashValue == built.hashValue)
    #expect(read.count == built.count)
    #expect(read.isEmpty == built.isEmpty)
    #expect(read.keys == built.keys)
    #expect(Array(read).map(\.value) == Array(built).map(\.value))
    #expect(read.dictionary == built.dictionary)
    for key in built.keys { #expect(read[key] == built[key]) }
    #expect(read["none"] == nil)
    var edited = read
    edited["zzz"] = 7
    #expect(edited.count == built.count + 1)
    #expect(edited["zzz"] == 7)
    #expect(read["zzz"] == nil)
  }

  @Test func theReaderDeclinesUnsortedOrRepeatedKeysAndOtherNumbers() {
    for json in [#"{"b":1,"a":2}"#, #"{"a":1,"a":2}"#, #"{"a":1.5}"#, #"{"a":"1"}"#, #"{"a":01}"#] {
      #expect(throws: DexReader.Failure.self) {
        try DexReader.reading(Array(json.utf8)) { reader throws(DexReader.Failure) in
          try reader.dexNumbers()
        }
      }
    }
  }
}

@Suite struct UTF8ValidationTests {
  /// Random byte strings, mostly made of pieces of valid UTF-8 of every length with
  /// corrupted bytes mixed in, checked against the standard library's validation, alone
  /// and as the reader scans them in a string.
  @Test func agreesWithTheStandardLibrary() {
    var random = SplitMix64(seed: 0x5EED_0F_0CE)
    let pieces: [[UInt8]] = [
      Array("a".utf8), Array("é".utf8), Array("ピ".utf8), Array("😀".utf8), Array("\u{FFFF}".utf8),
      Array("\u{10FFFF}".utf8), Array("\u{800}".utf8), Array("\u{D7FF}".utf8),
      Array("\u{E000}".utf8),
      [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
      [0xF5, 0x80, 0x80, 0x80], [0x80], [0xBF], [0xE3, 0x83], [0xFF], [0xC2],
    ]
    for _ in 0..<4_000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 0...12, using: &random) {
        if Int.random(in: 0..<8, using: &random) == 0 {
          bytes.append(UInt8.random(in: 0...255, using: &random))
        } else if let piece = pieces.randomElement(using: &random) {
          bytes += piece
        }
      }
      let expected = String(validating: bytes, as: UTF8.self) != nil
      #expect(UTF8Validation.isValid(bytes) == expected, "\(bytes)")
      // The reader checks strings as it scans them.
      let plain = bytes.filter { $0 != 0x22 && $0 != 0x5C && $0 >= 0x20 }
      let read = try? DexReader.reading([0x22] + plain + [0x22]) {
        reader throws(DexReader.Failure) in try reader.string()
      }
      #expect((read != nil) == (String(validating: plain, as: UTF8.self) != nil), "\(plain)")
      #expect(read.map { $0.utf8.count } ?? plain.count == plain.count)
    }
  }
}

@Suite struct ScannerWhitespaceTests {
  /// Runs of every length and mix of JSON whitespace, at every alignment, end where the
  /// next token starts (or at the end of the document).
  @Test func skipsExactlyTheWhitespace() {
    var random = SplitMix64(seed: 0x0057_ACE5)
    let whitespace: [UInt8] = [0x20, 0x20, 0x20, 0x0A, 0x0D, 0x09]
    for _ in 0..<2_000 {
      let lead = Int.random(in: 0...9, using: &random)
      let run = (0..<Int.random(in: 0...40, using: &random)).map { _ in
        whitespace.randomElement(using: &random) ?? 0x20
      }
      let next: [UInt8] = Bool.random(using: &random) ? [] : [UInt8(ascii: "x"), 0x20, 0x20]
      let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: lead) + run + next
      let (peeked, position) = JSONScanner.scan(bytes, from: lead) { scanner in
        (scanner.peek(), scanner.position)
      }
      #expect(position == lead + run.count)
      #expect(peeked == (next.isEmpty ? 0 : UInt8(ascii: "x")))
    }
  }
}

@Suite struct StringInternerTests {
  /// The last bytes of a string hash the same read in one load as one at a time, so a
  /// string near the end of the document matches its copies elsewhere.
  @Test func theTailHashesAlikeEitherWay() {
    var random = SplitMix64(seed: 0x1A7E)
    for length in 1...40 {
      let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
      let (head, tail) = JSONScanner.scan(bytes + [1, 2, 3, 4, 5, 6, 7, 8] + bytes) { padded in
        (padded.hash(0..<length), padded.hash((length + 8)..<(2 * length + 8)))
      }
      #expect(head == tail)
    }
  }

  @Test func equalBytesGiveTheSameString() {
    let text = Array(#"["fire", "water", "fire", "a-much-longer-ability-name", "fire"]"#.utf8)
    var strings: [String] = []
    #expect(throws: Never.self) {
      strings = try DexReader.reading(text) { reader throws(DexReader.Failure) in
        try [String].read(from: &reader)
      }
    }
    #expect(strings == ["fire", "water", "fire", "a-much-longer-ability-name", "fire"])
  }
}
