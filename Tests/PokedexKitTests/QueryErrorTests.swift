import PokedexKit
import Testing

/// Arguments and the exact rendering of the error they raise.
struct ErrorCase: Sendable, CustomTestStringConvertible {
  var arguments: [String]
  var rendered: String

  init(_ arguments: [String], _ rendered: String) {
    self.arguments = arguments
    self.rendered = rendered
  }

  var testDescription: String { arguments.joined(separator: " ") }
}

@Suite struct QueryErrorTests {
  static let savedFilters = ["fast": ["spe>100"], "loop": ["@loop"]]

  static let cases: [ErrorCase] = [
    ErrorCase(
      ["fire", "firre"],
      """
      error: unknown term 'firre'
       --> query:1:6
      fire firre
           ^^^^^
      help: did you mean 'fire'?
      """
    ),
    ErrorCase(
      ["typ:fire"],
      """
      error: unknown key 'typ:'
       --> query:1:1
      typ:fire
      ^^^
      help: did you mean 'type'?
      """
    ),
    ErrorCase(
      ["type:firre"],
      """
      error: unknown type 'firre'
       --> query:1:6
      type:firre
           ^^^^^
      help: did you mean 'fire'?
      """
    ),
    ErrorCase(
      ["ability:levitat"],
      """
      error: unknown ability 'levitat'
       --> query:1:9
      ability:levitat
              ^^^^^^^
      help: did you mean 'levitate'?
      """
    ),
    ErrorCase(
      ["ability:xyzzyq"],
      """
      error: unknown ability 'xyzzyq'
       --> query:1:9
      ability:xyzzyq
              ^^^^^^
      help: write the ability's slug (swift-swim) or its name in any language
      """
    ),
    ErrorCase(
      ["color:redd"],
      """
      error: unknown colour 'redd'
       --> query:1:7
      color:redd
            ^^^^
      help: did you mean 'red'?
      """
    ),
    ErrorCase(
      ["egg:monstr"],
      """
      error: unknown egg group 'monstr'
       --> query:1:5
      egg:monstr
          ^^^^^^
      help: did you mean 'monster'?
      """
    ),
    ErrorCase(
      ["habitat:cavee"],
      """
      error: unknown habitat 'cavee'
       --> query:1:9
      habitat:cavee
              ^^^^^
      help: did you mean 'cave'?
      """
    ),
    ErrorCase(
      ["shape:blobb"],
      """
      error: unknown shape 'blobb'
       --> query:1:7
      shape:blobb
            ^^^^^
      help: did you mean 'blob'?
      """
    ),
    ErrorCase(
      ["hpp>100"],
      """
      error: unknown stat 'hpp'
       --> query:1:1
      hpp>100
      ^^^
      help: did you mean 'hp'?
      """
    ),
    ErrorCase(
      ["hp>1o0"],
      """
      error: invalid number '1o0'
       --> query:1:4
      hp>1o0
         ^^^
      help: write a number that is zero or more, such as 100 or 1.5
      """
    ),
    ErrorCase(
      ["hp>-5"],
      """
      error: invalid number '-5'
       --> query:1:4
      hp>-5
         ^^
      help: write a number that is zero or more, such as 100 or 1.5
      """
    ),
    ErrorCase(
      ["gen:10"],
      """
      error: invalid generation '10'
       --> query:1:5
      gen:10
          ^^
      help: generations are 1 to 9; write gen:1 or a range gen:1-3
      """
    ),
    ErrorCase(
      ["gen:3-1"],
      """
      error: invalid generation '3-1'
       --> query:1:5
      gen:3-1
          ^^^
      help: generations are 1 to 9; write gen:1 or a range gen:1-3
      """
    ),
    ErrorCase(
      ["type:"],
      """
      error: missing value in 'type:'
       --> query:1:1
      type:
      ^^^^^
      help: write a value after the key or operator, such as type:fire or hp>100
      """
    ),
    ErrorCase(
      ["hp>"],
      """
      error: missing value in 'hp>'
       --> query:1:1
      hp>
      ^^^
      help: write a value after the key or operator, such as type:fire or hp>100
      """
    ),
    ErrorCase(
      ["fire,,water"],
      """
      error: empty term
       --> query:1:6
      fire,,water
           ^
      help: remove the extra ',' or '|', or the lone '!'
      """
    ),
    ErrorCase(
      ["fire|"],
      """
      error: empty term
       --> query:1:5
      fire|
          ^
      help: remove the extra ',' or '|', or the lone '!'
      """
    ),
    ErrorCase(
      ["!"],
      """
      error: empty term
       --> query:1:1
      !
      ^
      help: remove the extra ',' or '|', or the lone '!'
      """
    ),
    ErrorCase(
      ["hp>100>50"],
      """
      error: more than one comparison operator in 'hp>100>50'
       --> query:1:1
      hp>100>50
      ^^^^^^^^^
      help: write one comparison per term, such as 'hp>50, hp<100'
      """
    ),
    ErrorCase(
      ["100>50"],
      """
      error: comparison '100>50' has no stat
       --> query:1:1
      100>50
      ^^^^^^
      help: put a stat on one side, such as 'hp>100' or 'atk>spa'
      """
    ),
    ErrorCase(
      ["!hp>100"],
      """
      error: '!' cannot negate the comparison 'hp>100'
       --> query:1:1
      !hp>100
      ^^^^^^^
      help: write 'hp<=100' instead
      """
    ),
    ErrorCase(
      ["fire", "!fire"],
      """
      error: '!fire' contradicts 'fire'
       --> query:1:6
      fire !fire
           ^^^^^
      help: a Pokémon cannot both match and not match a term; remove one of them
      """
    ),
    ErrorCase(
      ["fire", "water", "grass"],
      """
      error: 'grass' contradicts 'fire, water'
       --> query:1:12
      fire water grass
                 ^^^^^
      help: a Pokémon has at most two types; use '|' for alternatives, such as 'fire|water'
      """
    ),
    ErrorCase(
      ["color:red", "color:blue"],
      """
      error: 'color:blue' contradicts 'color:red'
       --> query:1:11
      color:red color:blue
                ^^^^^^^^^^
      help: a Pokémon has only one colour; use '|' for alternatives
      """
    ),
    ErrorCase(
      ["gen:1", "gen:2"],
      """
      error: 'gen:2' contradicts 'gen:1'
       --> query:1:7
      gen:1 gen:2
            ^^^^^
      help: a Pokémon has only one generation; use '|' for alternatives
      """
    ),
    ErrorCase(
      ["spe>100", "spe<50"],
      """
      error: 'spe<50' and 'spe>100' leave no possible value of spe
       --> query:1:9
      spe>100 spe<50
              ^^^^^^
      help: no Pokémon can match both; check the operators' direction
      """
    ),
    ErrorCase(
      ["@fats"],
      """
      error: unknown saved filter '@fats'
       --> query:1:1
      @fats
      ^^^^^
      help: did you mean '@fast'?
      """
    ),
    ErrorCase(
      ["@loop"],
      """
      error: saved filter '@loop' refers to itself
       --> @loop:1:1
      @loop
      ^^^^^
      help: a saved filter may use other saved filters, but not itself
      """
    ),
    ErrorCase(
      ["levitate"],
      """
      error: unknown term 'levitate'
       --> query:1:1
      levitate
      ^^^^^^^^
      help: did you mean 'ability:levitate'?
      """
    ),
    ErrorCase(
      ["lengendary"],
      """
      error: unknown term 'lengendary'
       --> query:1:1
      lengendary
      ^^^^^^^^^^
      help: did you mean 'legendary'?
      """
    ),
    ErrorCase(
      ["evolves", "fe"],
      """
      error: 'fe' contradicts 'evolves'
       --> query:1:9
      evolves fe
              ^^
      help: a Pokémon cannot both match and not match a term; remove one of them
      """
    ),
    ErrorCase(
      ["weight>2.5, weight<2.5"],
      """
      error: 'weight<2.5' and 'weight>2.5' leave no possible value of weight
       --> query:1:13
      weight>2.5, weight<2.5
                  ^^^^^^^^^^
      help: no Pokémon can match both; check the operators' direction
      """
    ),
    ErrorCase(
      ["ピカチュウ", "firre"],
      """
      error: unknown term 'ピカチュウ'
       --> query:1:1
      ピカチュウ firre
      ^^^^^^^^^^
      help: did you mean 'name:ピカチュウ'?
      """
    ),
    ErrorCase(
      ["name:ピカチュウ", "firre"],
      """
      error: unknown term 'firre'
       --> query:1:12
      name:ピカチュウ firre
                      ^^^^^
      help: did you mean 'fire'?
      """
    ),
    ErrorCase(
      ["fire", "!fire|water", "water,!water"],
      """
      error: '!water' contradicts 'water'
       --> query:1:24
      fire !fire|water water,!water
                             ^^^^^^
      help: a Pokémon cannot both match and not match a term; remove one of them
      """
    ),
    ErrorCase(
      ["weak:firre"],
      """
      error: unknown type 'firre'
       --> query:1:6
      weak:firre
           ^^^^^
      help: did you mean 'fire'?
      """
    ),
    ErrorCase(
      ["name:"],
      """
      error: missing value in 'name:'
       --> query:1:1
      name:
      ^^^^^
      help: write a value after the key or operator, such as type:fire or hp>100
      """
    ),
    ErrorCase(
      ["@"],
      """
      error: missing value in '@'
       --> query:1:1
      @
      ^
      help: write a value after the key or operator, such as type:fire or hp>100
      """
    ),
    ErrorCase(
      ["hp>=100", "hp<=99"],
      """
      error: 'hp<=99' and 'hp>=100' leave no possible value of hp
       --> query:1:9
      hp>=100 hp<=99
              ^^^^^^
      help: no Pokémon can match both; check the operators' direction
      """
    ),
  ]

  @Test(arguments: cases)
  func rendersExactly(_ testCase: ErrorCase) {
    do {
      _ = try Query(
        testCase.arguments,
        index: DexFixture.index,
        savedFilter: { Self.savedFilters[$0] },
        savedFilterNames: Self.savedFilters.keys.sorted()
      )
      Issue.record("expected an error")
    } catch {
      #expect(error.rendered == testCase.rendered)
    }
  }

  @Test func errorsAreTypedAndEquatable() {
    let location = QuerySourceLocation(source: "query", line: "fire firre", column: 6, length: 5)
    #expect(throws: QueryError.unknownTerm("firre", suggestion: "fire", at: location)) {
      try Query(["fire", "firre"], index: DexFixture.index)
    }
    let range = QuerySourceLocation(source: "query", line: "spe>100 spe<50", column: 9, length: 6)
    #expect(
      throws: QueryError.emptyRange("spe<50", conflictsWith: "spe>100", stat: "spe", at: range)
    ) {
      try Query(["spe>100", "spe<50"], index: DexFixture.index)
    }
    #expect(
      QueryError.unknownTerm("firre", suggestion: "fire", at: location).description
        == "unknown term 'firre'"
    )
  }

  @Test func errorsInsideSavedFiltersPointIntoThem() {
    let location = QuerySourceLocation(source: "@bad", line: "fire hpp>1", column: 6, length: 3)
    #expect(throws: QueryError.unknownStat("hpp", suggestion: "hp", at: location)) {
      try Query(
        ["@bad"],
        index: DexFixture.index,
        savedFilter: { $0 == "bad" ? ["fire", "hpp>1"] : nil }
      )
    }
  }

  @Test func integralStatsTightenStrictBounds() {
    #expect(throws: QueryError.self) { try Query(["hp>100", "hp<101"], index: DexFixture.index) }
    #expect(throws: Never.self) {
      try Query(["weight>100", "weight<100.5"], index: DexFixture.index)
    }
    #expect(throws: Never.self) {
      try Query(["spe>=100", "spe<=100", "spe!=100"], index: DexFixture.index)
    }
    #expect(throws: Never.self) { try Query(["fire|water", "!fire"], index: DexFixture.index) }
    #expect(throws: Never.self) { try Query(["gen:1-3", "gen:3-5"], index: DexFixture.index) }
  }

  @Test func sortAndSectionKeysRenderLikeQueries() {
    do {
      _ = try PokemonSortDescriptor.parse("name,bst:dsc")
      Issue.record("expected an error")
    } catch {
      #expect(
        error.rendered == """
          error: unknown sort key 'dsc'
           --> --sort:1:10
          name,bst:dsc
                   ^^^
          help: did you mean 'desc'?
          """
      )
    }
    do {
      _ = try PokemonSortDescriptor.parse("bts")
      Issue.record("expected an error")
    } catch {
      #expect(
        error.rendered == """
          error: unknown sort key 'bts'
           --> --sort:1:1
          bts
          ^^^
          help: did you mean 'bst'?
          """
      )
    }
    do {
      _ = try PokemonSectionKey(parsing: "typo")
      Issue.record("expected an error")
    } catch {
      #expect(
        error.rendered == """
          error: unknown section key 'typo'
           --> --section-by:1:1
          typo
          ^^^^
          help: did you mean 'type'?
          """
      )
    }
  }
}
