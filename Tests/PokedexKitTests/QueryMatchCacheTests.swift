import PokedexTestSupport
import Testing

@testable import PokedexKit

/// A ``QueryMatchCache`` reuses the matches of terms from one query to the next and
/// compares stats on columns: whatever the order of the queries, its matches are what
/// evaluating each query on every Pokémon gives.
@Suite struct QueryMatchCacheTests {
  static let index: PokedexIndex? = (try? PokedexLoader.load()).map(PokedexIndex.init)

  /// Terms of every kind the cache treats apart: stat comparisons with a number and with
  /// another stat, alternatives mixing comparisons and other atoms, negations, form kinds.
  static let vocabulary = [
    "fire", "type:water|grass", "spe>100", "bst>=600", "atk>spa", "def<=spd", "hp=100",
    "weight>500", "spe<30|dragon", "!legendary", "gen:1-3", "mega", "!flying|bst<300",
    "height!=1", "num<=151", "!fire", "ghost|!poison",
  ]

  @Test(arguments: 0..<30 as Range<UInt64>)
  func matchesAreThoseOfTheQuery(seed: UInt64) throws {
    let index = try #require(Self.index)
    var random = SplitMix64(seed: seed)
    let cache = QueryMatchCache(index: index)
    let all = index.pokedex.pokemon
    // A query line being edited: each query keeps some terms of the last one.
    var terms: [String] = []
    for _ in 0..<8 {
      if !terms.isEmpty, Bool.random(using: &random) { terms.removeLast() }
      if terms.count < 3, let term = Self.vocabulary.randomElement(using: &random) {
        terms.append(term)
      }
      let forms = Int.random(in: 0..<4, using: &random) == 0
      let query = try Query(terms, index: index, includingForms: forms)
      let expected = all.indices.map { query.evaluate(row: $0, of: all) }
      #expect(cache.matches(of: query) == expected, "\(terms) forms: \(forms)")
    }
  }

  @Test func typesTheTableLacksGetTheirOwnColumnNumbers() throws {
    // Pokémon whose types the type table does not have, before and after known ones, and
    // a Pokémon with no type: the columns must still tell every type apart.
    var dex = DexFixture.pokedex
    let lacking = ["shadow", "bird", "shadow"]
    for (offset, type) in lacking.enumerated() where offset < dex.pokemon.count {
      dex.pokemon[offset].types = offset == 1 ? [dex.pokemon[offset].types[0], type] : [type]
    }
    if let last = dex.pokemon.indices.last { dex.pokemon[last].types = [] }
    let index = PokedexIndex(dex)
    let columns = index.typeColumns()
    #expect(Set(columns.numbers.values).count == columns.numbers.count)
    #expect(columns.numbers["shadow"] != nil && columns.numbers["bird"] != nil)
    let cache = QueryMatchCache(index: index)
    let all = index.pokedex.pokemon
    for terms in [["fire"], ["!fire"], ["water|fire"], ["grass", "!poison"]] {
      let query = try Query(terms, index: index, includingForms: true)
      let expected = all.indices.map { query.evaluate(row: $0, of: all) }
      #expect(cache.matches(of: query) == expected, "\(terms)")
    }
  }

  @Test func anEmptyQueryMatchesTheDefaultPokemon() throws {
    let index = try #require(Self.index)
    let cache = QueryMatchCache(index: index)
    let all = index.pokedex.pokemon
    #expect(cache.matches(of: try Query([], index: index)) == all.map(\.isDefault))
    let withForms = try Query([], index: index, includingForms: true)
    #expect(cache.matches(of: withForms) == all.map { _ in true })
  }
}
