import PokedexTestSupport
import Testing

@testable import PokedexKit

/// `Query.recordFilter`: which records a query needs, compiled against the dex's tables
/// alone; and, over the bundled data, that a query run on the records its filter keeps
/// matches exactly what it matches on the whole dex.
@Suite struct QueryRecordFilterTests {
  static let whole = try? PokedexLoader.load()

  struct Case: Sendable, CustomTestStringConvertible {
    var terms: [String]
    var filter: PokemonRecordFilter
    var testDescription: String { terms.joined(separator: " ") }
  }

  static let cases: [Case] = [
    Case(terms: ["type:fire"], filter: .types(["fire"])),
    Case(terms: ["fire|water", "spe>100"], filter: .types(["fire", "water"])),
    Case(terms: ["feu"], filter: .types(["fire"])),  // a type's name in another language
    Case(terms: ["!fire", "water"], filter: .types(["water"])),
    Case(terms: ["weak:ground", "gen1-3", "legendary", "fire"], filter: .types(["fire"])),
    Case(terms: ["ability:blaze|levitate"], filter: .abilities(["blaze", "levitate"])),
    Case(terms: ["ability:blaze", "fire"], filter: .types(["fire"])),
    Case(terms: ["fire|ability:blaze"], filter: .all),  // mixed alternatives
    Case(terms: ["!fire"], filter: .all),
    Case(terms: ["spe>100", "mono"], filter: .all),  // no term names a type or ability
    Case(terms: [], filter: .all),
    // Resolved against the Pokémon, or reading other records: every record.
    Case(terms: ["fire", "name:char*"], filter: .all),
    Case(terms: ["fire", "egg:monster"], filter: .all),
    Case(terms: ["fire", "color:red"], filter: .all),
    Case(terms: ["fire", "habitat:mountain"], filter: .all),
    Case(terms: ["fire", "shape:upright"], filter: .all),
  ]

  @Test(arguments: cases)
  func aQueryNeedsTheRecordsOfTheTypesOrAbilitiesATermRequires(_ test: Case) throws {
    var tables = try #require(Self.whole)
    tables.pokemon = []
    let query = try Query(test.terms, index: PokedexIndex(tables))
    #expect(query.recordFilter == test.filter)
  }

  /// The filter compiled against the tables keeps every Pokémon the query matches on the
  /// whole dex, and the query compiled against the records kept matches the same ones.
  @Test(arguments: cases.filter { $0.filter != .all })
  func theRecordsKeptMatchAsTheWholeDexDoes(_ test: Case) throws {
    let whole = try #require(Self.whole)
    var tables = whole
    tables.pokemon = []
    for forms in [false, true] {
      let filter = try Query(test.terms, index: PokedexIndex(tables), includingForms: forms)
        .recordFilter
      var kept = whole
      kept.pokemon = whole.pokemon.filter(filter.keeps)
      let expected = try Query(test.terms, index: PokedexIndex(whole), includingForms: forms)
        .filter(whole.pokemon)
      let found = try Query(test.terms, index: PokedexIndex(kept), includingForms: forms)
        .filter(kept.pokemon)
      #expect(found == expected)
      #expect(!found.isEmpty)
    }
  }
}
