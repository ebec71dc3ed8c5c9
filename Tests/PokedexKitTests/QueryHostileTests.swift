import Foundation
import PokedexKit
import Testing

/// Sloppy syntax the tokenizer used to accept, and saved filters that used to expand
/// exponentially (issue 13).
@Suite struct QueryHostileTests {
  static let misplacedBang =
    "help: '!' negates a whole alternative and comes once, first ('!fire'); 'not equal' is '!=' ('hp!=100')"
  static let misplacedColon =
    "help: write one ':' between a key and its value ('type:fire'); a comparison has none ('hp>100')"

  static let operatorCases: [ErrorCase] = [
    ErrorCase(
      ["hp!>100"],
      "error: unexpected '!' in 'hp!>100'\n --> query:1:3\nhp!>100\n  ^\n" + misplacedBang
    ),
    ErrorCase(
      ["!!fire"],
      "error: unexpected '!' in '!!fire'\n --> query:1:2\n!!fire\n ^\n" + misplacedBang
    ),
    ErrorCase(
      ["water", "! !fire"],
      "error: unexpected '!' in '! !fire'\n --> query:1:9\nwater ! !fire\n        ^\n"
        + misplacedBang
    ),
    ErrorCase(
      ["fire!"],
      "error: unexpected '!' in 'fire!'\n --> query:1:5\nfire!\n    ^\n" + misplacedBang
    ),
    ErrorCase(
      ["hp ! = 100"],
      "error: unexpected '!' in 'hp ! = 100'\n --> query:1:4\nhp ! = 100\n   ^\n" + misplacedBang
    ),
    ErrorCase(
      ["spe>100|hp=!100"],
      "error: unexpected '!' in 'hp=!100'\n --> query:1:12\nspe>100|hp=!100\n           ^\n"
        + misplacedBang
    ),
    ErrorCase(
      ["hp:>100"],
      "error: unexpected ':' in 'hp:>100'\n --> query:1:3\nhp:>100\n  ^\n" + misplacedColon
    ),
    ErrorCase(
      ["type::fire"],
      "error: unexpected ':' in 'type::fire'\n --> query:1:6\ntype::fire\n     ^\n"
        + misplacedColon
    ),
    ErrorCase(
      ["type: :fire"],
      "error: unexpected ':' in 'type: :fire'\n --> query:1:7\ntype: :fire\n      ^\n"
        + misplacedColon
    ),
    ErrorCase(
      ["@@fast"],
      "error: unexpected '@' in '@@fast'\n --> query:1:2\n@@fast\n ^\n"
        + "help: '@' comes once, first, before a saved filter's name ('@fast')"
    ),
    ErrorCase(
      ["fire@"],
      "error: unexpected '@' in 'fire@'\n --> query:1:5\nfire@\n    ^\n"
        + "help: '@' comes once, first, before a saved filter's name ('@fast')"
    ),
  ]

  @Test(arguments: operatorCases)
  func misplacedOperatorsAreErrorsWithACaret(_ testCase: ErrorCase) {
    do {
      _ = try Query(
        testCase.arguments,
        index: DexFixture.index,
        savedFilter: { $0 == "fast" ? ["spe>100"] : nil }
      )
      Issue.record("expected an error")
    } catch {
      #expect(error.rendered == testCase.rendered)
    }
  }

  /// A control character typed in a term shows as its picture, in the message and the
  /// source line alike, and the caret stays under the term.
  @Test func controlCharactersInATermShowAsPictures() {
    do {
      _ = try Query(["water", "zz\u{1B}zz"], index: DexFixture.index)
      Issue.record("expected an error")
    } catch {
      #expect(!error.rendered.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
      let lines = error.rendered.split(separator: "\n")
      #expect(lines.first?.contains("zz\u{241B}zz") == true)
      #expect(lines.count >= 4 && lines[2] == "water zz\u{241B}zz" && lines[3] == "      ^^^^^")
    }
  }

  @Test func wellPlacedOperatorsStillWork() throws {
    #expect(throws: Never.self) {
      try Query(["hp!=100", "!fire", "! water"], index: DexFixture.index)
    }
    #expect(throws: Never.self) {
      try Query(["spe >= 100", "name:Mr. Mime|pika*"], index: DexFixture.index)
    }
    #expect(throws: Never.self) {
      try Query(["!@fast"], index: DexFixture.index, savedFilter: { _ in ["spe>100"] })
    }
  }

  @Test(arguments: ["--bst", "bst!", "!bst", "bst=", "@bst"])
  func sortKeysWithOperatorCharactersAreUnknown(_ text: String) {
    #expect {
      _ = try PokemonSortDescriptor.parse(text)
    } throws: { error in
      guard case .unknownSortKey = error as? QueryError else { return false }
      return true
    }
    #expect(throws: Never.self) { try PokemonSortDescriptor.parse("-bst,special-attack:desc") }
  }

  @Test(arguments: ["gen!", "gen:", "!gen", "-gen", "@type"])
  func sectionKeysWithOperatorCharactersAreUnknown(_ text: String) {
    #expect {
      _ = try PokemonSectionKey(parsing: text)
    } throws: { error in
      guard case .unknownSectionKey = error as? QueryError else { return false }
      return true
    }
    #expect(throws: Never.self) { try PokemonSectionKey(parsing: "egg-groups") }
  }

  // MARK: - Saved-filter expansion

  /// `e0` = `hp>10`, `e(k)` = `@e(k-1) @e(k-1)`: `@ek` stands for 2^k terms.
  static func doubling(_ name: String) -> [String]? {
    guard name.first == "e", let level = Int(name.dropFirst()), level >= 0 else { return nil }
    return level == 0 ? ["hp>10"] : ["@e\(level - 1)", "@e\(level - 1)"]
  }

  @Test func doublingFiltersStopAtTheSizeLimitNamingTheFilter() throws {
    let line = "@e9 @e9"
    let location = QuerySourceLocation(source: "@e10", line: line, column: 5, length: 3)
    #expect(
      throws: QueryError.expansionTooLarge("@e10", filter: "e9", limit: 1000, at: location)
    ) {
      try Query(["@e15"], index: DexFixture.index, savedFilter: Self.doubling)
    }
    #expect(throws: Never.self) {
      try Query(["@e9"], index: DexFixture.index, savedFilter: Self.doubling)
    }
    do {
      _ = try Query(["@e12"], index: DexFixture.index, savedFilter: Self.doubling)
      Issue.record("expected an error")
    } catch {
      #expect(
        error.rendered == """
          error: saved filter '@e10' expands to more than 1000 terms
           --> @e10:1:5
          @e9 @e9
              ^^^
          help: '@e9' stands for many terms; with every saved filter replaced by its terms a query holds at most 1000, so use each filter once
          """
      )
    }
  }

  @Test func aQueryThatRepeatsALargeFilterIsRefusedToo() {
    let location = QuerySourceLocation(source: "query", line: "@e9 @e9", column: 5, length: 3)
    #expect(throws: QueryError.expansionTooLarge("query", filter: "e9", limit: 1000, at: location))
    {
      try Query(["@e9", "@e9"], index: DexFixture.index, savedFilter: Self.doubling)
    }
  }

  @Test func expansionCompilesEachFilterOnce() throws {
    let lookups = LookupCounter()
    let query = try Query(
      ["@e9"],
      index: DexFixture.index,
      savedFilter: { name in
        lookups.increment()
        return Self.doubling(name)
      }
    )
    #expect(lookups.value == 10, "e9 ... e0, each once (not 2^10 - 1)")
    let matching = DexFixture.pokedex.pokemon.filter(query.evaluate).map(\.slug)
    #expect(matching == (try slugs(matching: ["hp>10"])))
  }

  @Test func hostileFiltersAreRefusedQuickly() {
    let start = ContinuousClock.now
    for level in [16, 40, 1000] {
      #expect(throws: QueryError.self) {
        try Query(["@e\(level)"], index: DexFixture.index, savedFilter: Self.doubling)
      }
    }
    #expect(ContinuousClock.now - start < .seconds(2))
  }

  /// `d0` = `fire`, `d(k)` = `@d(k-1)`: a chain `k + 1` filters deep.
  static func chain(_ name: String) -> [String]? {
    guard name.first == "d", let level = Int(name.dropFirst()), level >= 0 else { return nil }
    return level == 0 ? ["fire"] : ["@d\(level - 1)"]
  }

  @Test func nestingIsBoundedInDepth() throws {
    #expect(throws: Never.self) {
      try Query(["@d15"], index: DexFixture.index, savedFilter: Self.chain)
    }
    let location = QuerySourceLocation(source: "@d1", line: "@d0", column: 1, length: 3)
    #expect(throws: QueryError.savedFilterTooDeep("d0", limit: 16, at: location)) {
      try Query(["@d16"], index: DexFixture.index, savedFilter: Self.chain)
    }
    // A filter compiled once shallowly is still too deep when used deeper.
    let deeper = QuerySourceLocation(source: "@d5", line: "@d4", column: 1, length: 3)
    #expect(throws: QueryError.savedFilterTooDeep("d4", limit: 16, at: deeper)) {
      try Query(
        ["@d4", "@x"],
        index: DexFixture.index,
        savedFilter: { name in name == "x" ? ["@d15"] : Self.chain(name) }
      )
    }
  }
}

/// Counts calls from a `@Sendable` closure.
final class LookupCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  func increment() { lock.withLock { count += 1 } }
  var value: Int { lock.withLock { count } }
}
