import PokedexKit
import PokedexTestSupport
import Testing

/// Text searched for and the slugs it must find, with the kind of match.
struct SearchCase: Sendable, CustomTestStringConvertible {
  var text: String
  var slugs: [String]
  var isFuzzy = false

  var testDescription: String { text }
}

@Suite struct SearchTests {
  @Test(arguments: [
    ("Mr. Mime", "mrmime"), ("mr-mime", "mrmime"), ("MR MIME", "mrmime"),
    ("Farfetch’d", "farfetchd"), ("Farfetch'd", "farfetchd"), ("Nidoran♀", "nidoranf"),
    ("nidoran-f", "nidoranf"), ("Nidoran♂", "nidoranm"), ("Flabébé", "flabebe"),
    ("Flabe\u{301}be\u{301}", "flabebe"), ("Ｐｉｋａｃｈｕ", "pikachu"), ("Straße", "strasse"),
    ("Pokémon", "pokemon"), ("ピカチュウ", "ピカチュウ"), ("Type: Null", "typenull"),
    ("  porygon-z  ", "porygonz"), ("Čeština", "cestina"),
  ])
  func normalizes(_ text: String, _ key: String) {
    #expect(NameNormalizer.key(text) == key)
  }

  @Test func normalizedKanaMeetsInEitherForm() {
    let composed = "ガーディ"
    let decomposed = "カ\u{3099}ーディ"
    #expect(NameNormalizer.key(composed) == NameNormalizer.key(decomposed))
    #expect(DexFixture.index.search(decomposed).pokemon.first?.slug == "growlithe")
  }

  static let exactCases: [SearchCase] = [
    SearchCase(text: "mr mime", slugs: ["mr-mime"]),
    SearchCase(text: "Mr. Mime", slugs: ["mr-mime"]),
    SearchCase(text: "mr-mime", slugs: ["mr-mime"]),
    SearchCase(text: "farfetchd", slugs: ["farfetchd"]),
    SearchCase(text: "Farfetch’d", slugs: ["farfetchd"]),
    SearchCase(text: "nidoran-f", slugs: ["nidoran-f"]),
    SearchCase(text: "Nidoran♀", slugs: ["nidoran-f"]),
    SearchCase(text: "Nidoran♂", slugs: ["nidoran-m"]),
    SearchCase(text: "flabebe", slugs: ["flabebe"]),
    SearchCase(text: "Flabe\u{301}be\u{301}", slugs: ["flabebe"]),
    SearchCase(text: "ピカチュウ", slugs: ["pikachu"]),
    SearchCase(text: "Bisasam", slugs: ["bulbasaur"]),
    SearchCase(text: "이상해씨", slugs: ["bulbasaur"]),
    SearchCase(text: "妙蛙种子", slugs: ["bulbasaur"]),
    SearchCase(text: "mega charizard x", slugs: ["charizard-mega-x"]),
    SearchCase(text: "Mega Charizard Y", slugs: ["charizard-mega-y"]),
    SearchCase(text: "charizard-gmax", slugs: ["charizard-gmax"]),
    SearchCase(text: "alolan vulpix", slugs: ["vulpix-alola"]),
    SearchCase(text: "alola vulpix", slugs: ["vulpix-alola"]),
    SearchCase(text: "vulpix-alola", slugs: ["vulpix-alola"]),
    SearchCase(text: "Galarian Mr. Mime", slugs: ["mr-mime-galar"]),
    SearchCase(text: "ロコン", slugs: ["vulpix"]),
    SearchCase(text: "charizard", slugs: ["charizard"]),
    SearchCase(text: "25", slugs: ["pikachu"]),
    SearchCase(text: "#025", slugs: ["pikachu"]),
    SearchCase(text: "10034", slugs: ["charizard-mega-x"]),
    SearchCase(text: "tauros-paldea-combat-breed", slugs: ["tauros-paldea-combat-breed"]),
  ]

  @Test(arguments: exactCases)
  func findsExactly(_ testCase: SearchCase) {
    let result = DexFixture.index.search(testCase.text)
    #expect(result.match == .exact)
    #expect(result.pokemon.map(\.slug) == testCase.slugs)
  }

  static let fuzzyCases: [SearchCase] = [
    SearchCase(text: "pikachoo", slugs: ["pikachu"], isFuzzy: true),
    SearchCase(text: "chamander", slugs: ["charmander"], isFuzzy: true),
    SearchCase(text: "bulbsaur", slugs: ["bulbasaur"], isFuzzy: true),
    SearchCase(text: "gengr", slugs: ["gengar"], isFuzzy: true),
    SearchCase(text: "garchmop", slugs: ["garchomp"], isFuzzy: true),
    SearchCase(text: "mewtoo", slugs: ["mewtwo"], isFuzzy: true),
    SearchCase(text: "ピカチュ", slugs: ["pikachu"], isFuzzy: true),
    SearchCase(text: "nidoran", slugs: ["nidoran-f", "nidoran-m"], isFuzzy: true),
  ]

  @Test(arguments: fuzzyCases)
  func findsApproximately(_ testCase: SearchCase) {
    let result = DexFixture.index.search(testCase.text)
    #expect(result.isFuzzy)
    #expect(result.pokemon.map(\.slug) == testCase.slugs)
  }

  @Test(arguments: ["xyzzy", "q", "", "   ", "99999", "#", "pikachuuuuuu"])
  func missesWithoutGuessing(_ text: String) {
    let result = DexFixture.index.search(text)
    #expect(result.match == .none)
    #expect(result.pokemon.isEmpty)
  }

  @Test func fuzzyDistanceIsLengthScaled() {
    #expect(EditDistance.limit(forLength: 1) == 0)
    #expect(EditDistance.limit(forLength: 4) == 1)
    #expect(EditDistance.limit(forLength: 6) == 2)
    #expect(EditDistance.limit(forLength: 7) == 3)
    #expect(DexFixture.index.search("mev").match == .fuzzy(distance: 1))
    #expect(DexFixture.index.search("mvv").match == .none)
    #expect(DexFixture.index.search("pikachoo").match == .fuzzy(distance: 2))
  }

  /// The ASCII fast path of `key` against the general path `patternKey` takes
  /// (the same rule, keeping `*` and `?`, which the words here do not have).
  @Test func asciiKeysAgreeWithTheGeneralPath() {
    var rng = SplitMix64(seed: 12)
    let alphabet = Array("abzAZ09 .-'_:!~\t")
    for _ in 0..<500 {
      let word = String(
        (0..<Int.random(in: 0...12, using: &rng)).map { _ in
          alphabet.randomElement(using: &rng) ?? "a"
        }
      )
      #expect(NameNormalizer.key(word) == NameNormalizer.patternKey(word), "\(word)")
    }
    #expect(NameNormalizer.key("pikachu") == "pikachu")
    #expect(NameNormalizer.key("Mr. Mime") == "mrmime")
    #expect(NameNormalizer.key("") == "")
  }

  @Test func editDistanceCountsSwapsAsOneEdit() {
    #expect(EditDistance.distance("garchomp", "garchmop", limit: 3) == 1)
    #expect(EditDistance.distance("kitten", "sitting", limit: 3) == 3)
    #expect(EditDistance.distance("kitten", "sitting", limit: 2) == nil)
    #expect(EditDistance.distance("", "abc", limit: 3) == 3)
  }

  @Test func editDistanceAgreesWithAPlainLevenshteinOnRandomWords() {
    var rng = SplitMix64(seed: 7)
    let alphabet = Array("abcd")
    for _ in 0..<300 {
      let a = String(
        (0..<Int.random(in: 0...6, using: &rng)).map { _ in
          alphabet.randomElement(using: &rng) ?? "a"
        }
      )
      let b = String(
        (0..<Int.random(in: 0...6, using: &rng)).map { _ in
          alphabet.randomElement(using: &rng) ?? "a"
        }
      )
      let plain = levenshtein(Array(a), Array(b))
      let computed = EditDistance.distance(a, b, limit: 10) ?? -1
      // Transpositions may only make the distance smaller, never by more than half.
      #expect(computed <= plain && computed * 2 >= plain, "\(a) \(b)")
      #expect(EditDistance.distance(a, b, limit: computed) == computed)
      if computed > 0 { #expect(EditDistance.distance(a, b, limit: computed - 1) == nil) }
    }
  }

  @Test func indexLooksUpByIDNumberAndName() {
    let index = DexFixture.index
    #expect(index.pokemon(id: 10103)?.slug == "vulpix-alola")
    #expect(index.pokemon(id: 9999) == nil)
    #expect(index.pokemon(nationalNumber: 6)?.slug == "charizard")
    #expect(index.pokemon(nationalNumber: 2000) == nil)
    #expect(index.pokemon(named: "MEGA-CHARIZARD-X").map(\.slug) == ["charizard-mega-x"])
    #expect(index.pokemon(named: "nothing").isEmpty)
  }

  @Test func indexScalesToAFullSizedDex() {
    let dex = DexFixture.synthesized(count: 1351)
    let index = PokedexIndex(dex)
    for pokemon in dex.pokemon {
      #expect(index.pokemon(id: pokemon.id)?.slug == pokemon.slug)
    }
    #expect(index.search("pikachu-9").pokemon.map(\.id) == [10])
  }
}

/// Levenshtein distance without transpositions or limits, the reference for the property test.
private func levenshtein(_ a: [Character], _ b: [Character]) -> Int {
  var row = Array(0...b.count)
  for i in 1...max(1, a.count) where !a.isEmpty {
    var previousDiagonal = row[0]
    row[0] = i
    for j in stride(from: 1, through: b.count, by: 1) {
      let saved = row[j]
      row[j] = min(row[j] + 1, row[j - 1] + 1, previousDiagonal + (a[i - 1] == b[j - 1] ? 0 : 1))
      previousDiagonal = saved
    }
  }
  return row[b.count]
}

@Suite struct MatchedNameTests {
  let index = DexFixture.index

  @Test(arguments: [
    ("pikachu", MatchedName.Kind.exact, "Pikachu", "en" as String?),
    ("PIKACHU", .exact, "Pikachu", "en"),
    ("mr-mime", .exact, "mr-mime", nil),
    ("mr mime", .normalized, "Mr. Mime", "en"),
    ("Bisasam", .exact, "Bisasam", "de"),
    ("#025", .exact, "025", nil),
    ("pikachoo", .fuzzy, "Pikachu", "en"),
  ])
  func saysWhichNameMatchedAndHow(
    _ text: String,
    _ kind: MatchedName.Kind,
    _ name: String,
    _ language: String?
  ) {
    let match = index.matchedName(index.search(text))
    #expect(match == MatchedName(kind: kind, name: name, language: language))
    #expect(match?.isAnswer == (kind != .fuzzy))
  }

  @Test func prefersTheDisplayLanguage() {
    let match = index.matchedName(index.search("pikachu"), preferring: "fr")
    #expect(match == MatchedName(kind: .exact, name: "Pikachu", language: "fr"))
  }

  @Test func aMissHasNoMatchedName() {
    #expect(index.matchedName(index.search("qqqqqqqq")) == nil)
  }
}

/// `matchedName(of:nameTerms:preferring:)` on the bundled data, whose names are in every
/// language.
@Suite struct NameTermMatchTests {
  static let loaded = Result { PokedexIndex(try PokedexLoader.load()) }

  /// A Pokémon listed through a `name:` term says which of its names the term matched, when
  /// it is not its name in the display language.
  @Test(
    arguments: [
      (
        ["name:char*"], "beautifly", "en",
        MatchedName(kind: .pattern, name: "Charmillon", language: "fr")
      ),
      (["name:char*"], "charmander", "en", nil),
      (
        ["name:char*"], "charmander", "fr",
        MatchedName(kind: .pattern, name: "Charmander", language: "en")
      ),
      (
        ["name:charmillon"], "beautifly", "en",
        MatchedName(kind: .normalized, name: "Charmillon", language: "fr")
      ),
      (
        ["name:~charmilon"], "beautifly", "en",
        MatchedName(kind: .fuzzy, name: "Charmillon", language: "fr")
      ),
      (["name:~pikachoo"], "pikachu", "en", nil),
      (["!name:char*"], "bulbasaur", "en", nil),
      (["fire"], "charmander", "en", nil),
      (
        ["@mine"], "beautifly", "en",
        MatchedName(kind: .pattern, name: "Charmillon", language: "fr")
      ),
    ] as [([String], String, String, MatchedName?)]
  )
  func saysWhichNameANameTermMatched(
    terms: [String],
    slug: String,
    language: String,
    expected: MatchedName?
  ) throws {
    let index = try Self.loaded.get()
    let query = try Query(terms, index: index, savedFilter: { $0 == "mine" ? ["name:char*"] : nil })
    let pokemon = try #require(index.pokedex.pokemon.first { $0.slug == slug })
    #expect(query.evaluate(pokemon))
    #expect(
      index.matchedName(of: pokemon, nameTerms: query.nameTerms, preferring: language) == expected
    )
  }
}

@Suite struct PartialSearchTests {
  let index = DexFixture.index

  @Test func prefixesOfDisplayedNamesComeFirst() {
    let found = index.searchPartially("char")
    #expect(found.map(\.pokemon.slug) == ["charmander", "charmeleon", "charizard"])
    #expect(found.allSatisfy { $0.match.kind == .prefix && $0.match.language == "en" })
    #expect(found.first?.match.name == "Charmander")
    #expect(found.first?.match.isAnswer == false)
  }

  @Test func formsSharingAPrefixAreAllFound() {
    let found = index.searchPartially("paldean tauros")
    #expect(found.map(\.pokemon.slug) == ["tauros-paldea-combat-breed"])
    #expect(
      found.first?.match
        == MatchedName(kind: .prefix, name: "Paldean Tauros (Combat Breed)", language: "en")
    )
  }

  @Test func substringsWhenNoNameStartsWithTheText() {
    let found = index.searchPartially("izar")
    #expect(found.map(\.pokemon.slug) == ["charizard"])
    #expect(found.first?.match == MatchedName(kind: .substring, name: "Charizard", language: "en"))
  }

  @Test func otherLanguagesAfterTheDisplayedOne() {
    let french = index.searchPartially("salamè")
    #expect(french.first?.pokemon.slug == "charmander")
    #expect(french.first?.match == MatchedName(kind: .prefix, name: "Salamèche", language: "fr"))
    let displayed = index.searchPartially("salamè", preferring: "fr")
    #expect(displayed.first?.match.language == "fr")
    let japanese = index.searchPartially("char", preferring: "ja")
    #expect(japanese.first?.match.language == nil)
    #expect(japanese.first?.match.name == "charmander")
  }

  @Test(arguments: ["", "  ", "25", "#025", "qqqqqqqq"])
  func findsNothing(_ text: String) {
    #expect(index.searchPartially(text).isEmpty)
  }
}
