import PokedexKit
import Testing

/// `move:` and `learns:` in the Pokémon query language, on the fixture dex with
/// ``QueryMoveFixture``'s moves and learnsets.
@Suite struct QueryMoveTermTests {
  typealias Fixture = QueryMoveFixture

  @Test(arguments: [
    "move:trick-room", "move:trickroom", "move:\"Trick Room\"", "move:Trick Room",
    "move:'Trick Room'", "move:TRICK ROOM", "move:Distorsion", "move:トリックルーム", "moves:trick-room",
  ])
  func findsTheMoveByAnySpelling(term: String) throws {
    #expect(try Fixture.slugs([term]) == ["mr-mime", "mew"])
  }

  /// Pichu alone learns Volt Tackle; Pikachu and Raichu (Alolan Raichu too, from Pikachu)
  /// can use it as its evolutions, as Showdown's `/dexsearch` counts them.
  @Test func prevolutionsMovesCount() throws {
    #expect(try Fixture.slugs(["move:volt-tackle"]) == ["pikachu", "raichu", "pichu"])
    #expect(
      try Fixture.slugs(["move:volt-tackle"], includingForms: true)
        == ["pikachu", "raichu", "pichu", "raichu-alola"]
    )
    // Egg moves through a prevolution follow: Raichu "learns" Volt Tackle as an egg move.
    #expect(
      try Fixture.slugs(["move:volt-tackle", "learns:egg"]) == ["pikachu", "raichu", "pichu"]
    )
    #expect(try Fixture.slugs(["move:volt-tackle", "learns:tm"]) == [])
  }

  /// Mega Charizard X inherits Charizard's learnset; Mega Charizard Y has none in the fixture.
  @Test func inheritedLearnsetsCount() throws {
    #expect(try Fixture.slugs(["move:flare-blitz"]) == ["charizard", "mew"])
    #expect(
      try Fixture.slugs(["move:flare-blitz", "mega"]) == ["charizard-mega-x"]
    )
  }

  @Test func andOrAndNot() throws {
    #expect(try Fixture.slugs(["move:thunderbolt", "move:surf"]) == ["mew"])
    #expect(try Fixture.slugs(["move:thunderbolt,move:surf"]) == ["mew"])
    #expect(
      try Fixture.slugs(["move:trick-room|flare-blitz"]) == ["charizard", "mr-mime", "mew"]
    )
    #expect(
      try Fixture.slugs(["move:trick-room|move:flare-blitz"]) == ["charizard", "mr-mime", "mew"]
    )
    #expect(
      try Fixture.slugs(["move:thunderbolt", "!move:surf"]) == ["pikachu", "raichu", "pichu"]
    )
    #expect(try Fixture.slugs(["electric", "!move:volt-tackle"]) == [])
    #expect(try Fixture.slugs(["move:thunderbolt", "type:psychic"]) == ["mew"])
  }

  @Test func otherGenerations() throws {
    #expect(try Fixture.slugs(["move:surf"]) == ["mew"])
    #expect(try Fixture.slugs(["move:surf@gen4"]) == ["pikachu", "raichu"])
    #expect(try Fixture.slugs(["move:surf@g4"]) == ["pikachu", "raichu"])
    #expect(try Fixture.slugs(["move:surf@4"]) == ["pikachu", "raichu"])
    #expect(try Fixture.slugs(["move:surf@gen:iv"]) == ["pikachu", "raichu"])
    #expect(try Fixture.slugs(["move:\"Surf\"@gen4"]) == ["pikachu", "raichu"])
    #expect(try Fixture.slugs(["move:surf@gen4-9"]) == ["pikachu", "raichu", "mew"])
    #expect(
      try Fixture.slugs(["move:trick-room@gen8"], includingForms: true)
        == ["mr-mime", "raichu-alola"]
    )
    // An alternative that takes the key `move:` takes an `@gen` of its own.
    #expect(
      try Fixture.slugs(["move:flare-blitz|surf@gen4"]) == [
        "charizard", "pikachu", "raichu", "mew",
      ]
    )
  }

  @Test func learnsRestrictsTheMethods() throws {
    #expect(try Fixture.slugs(["move:flare-blitz", "learns:level"]) == ["charizard"])
    #expect(try Fixture.slugs(["move:flare-blitz", "learns:tutor"]) == ["mew"])
    #expect(try Fixture.slugs(["learns:tm|tutor", "move:flare-blitz"]) == ["mew"])
    #expect(try Fixture.slugs(["move:flare-blitz", "!learns:tutor"]) == ["charizard"])
    #expect(try Fixture.slugs(["move:flare-blitz", "learns:levelup"]) == ["charizard"])
    #expect(
      try Fixture.slugs(["move:quick-attack", "learns:level"]) == ["pikachu", "raichu", "pichu"]
    )
  }

  /// A saved filter's `learns:` restricts the filter's own `move:` terms, and the query's
  /// restricts the query's.
  @Test func learnsIsScopedToItsQueryOrFilter() throws {
    let filters = ["tutored": ["move:flare-blitz", "learns:tutor"], "blitz": ["move:flare-blitz"]]
    #expect(try Fixture.slugs(["@tutored"], savedFilters: filters) == ["mew"])
    #expect(
      try Fixture.slugs(["@blitz", "learns:tutor", "move:surf"], savedFilters: filters) == []
    )
    #expect(
      try Fixture.slugs(["@blitz", "learns:level", "move:flare-blitz"], savedFilters: filters) == [
        "charizard"
      ]
    )
    #expect(
      try Fixture.slugs(["@blitz", "learns:tm", "move:thunderbolt"], savedFilters: filters) == [
        "mew"
      ]
    )
  }

  // MARK: - Loading

  /// A query without `move:` terms never calls the loader; one with several calls it once.
  @Test func loadsMoveDataOnlyForMoveTermsAndOnce() throws {
    let calls = Counter()
    func compile(_ arguments: [String]) throws -> Query {
      try Query(
        arguments,
        index: DexFixture.index,
        moveLearners: {
          calls.increment()
          return Fixture.learners
        }
      )
    }
    _ = try compile(["fire", "spe>100", "name:pika*", "!legendary"])
    _ = try compile([])
    #expect(calls.value == 0)
    #expect(throws: QueryError.self) { try compile(["firre"]) }
    #expect(calls.value == 0)
    _ = try compile(["move:surf", "move:thunderbolt|trick-room"])
    #expect(calls.value == 1)
  }

  @Test func loaderFailureIsMoveDataUnavailable() throws {
    struct Missing: Error, CustomStringConvertible {
      var description: String { "learnsets.json is missing" }
    }
    let error = #expect(throws: QueryError.self) {
      try Query(["fire", "move:surf"], index: DexFixture.index, moveLearners: { throw Missing() })
    }
    #expect(
      error?.rendered == """
        error: cannot load the move data: learnsets.json is missing
         --> query:1:11
        fire move:surf
                  ^^^^
        help: the move and learnset files are installed beside pokemons.json; see 'pokedex help data'
        """
    )
    let none = #expect(throws: QueryError.self) {
      try Query(["move:surf"], index: DexFixture.index)
    }
    #expect(none?.message == "cannot load the move data: no move data was given to the query")
  }

  // MARK: - Errors

  static let errors: [ErrorCase] = [
    ErrorCase(
      ["move:thunderbolr"],
      """
      error: unknown move 'thunderbolr'
       --> query:1:6
      move:thunderbolr
           ^^^^^^^^^^^
      help: did you mean 'thunderbolt'?
      """
    ),
    ErrorCase(
      ["fire", "move:\"Trik Room\""],
      """
      error: unknown move 'Trik Room'
       --> query:1:12
      fire move:"Trik Room"
                 ^^^^^^^^^
      help: did you mean 'trick-room'?
      """
    ),
    ErrorCase(
      ["move:xyzzyplugh"],
      """
      error: unknown move 'xyzzyplugh'
       --> query:1:6
      move:xyzzyplugh
           ^^^^^^^^^^
      help: write the move's identifier (trick-room) or its name in any language ('move:Trick Room')
      """
    ),
    ErrorCase(
      ["move:surf@gen10"],
      """
      error: invalid generation '10'
       --> query:1:14
      move:surf@gen10
                   ^^
      help: generations are 1 to 9; write gen:1 or a range gen:1-3
      """
    ),
    ErrorCase(
      ["move:surf@"],
      """
      error: missing value in 'move:surf@'
       --> query:1:10
      move:surf@
               ^
      help: write a value after the key or operator, such as type:fire or hp>100
      """
    ),
    ErrorCase(
      ["move:surf@gen4@gen5"],
      """
      error: unexpected '@' in 'move:surf@gen4@gen5'
       --> query:1:15
      move:surf@gen4@gen5
                    ^
      help: '@' comes once, first, before a saved filter's name ('@fast')
      """
    ),
    ErrorCase(
      ["fire", "learns:egg"],
      """
      error: 'learns:egg' restricts no move: term
       --> query:1:6
      fire learns:egg
           ^^^^^^^^^^
      help: 'learns:' restricts how the query's move: terms are learned; add one, such as 'move:surf learns:tm'
      """
    ),
    ErrorCase(
      ["move:surf", "learns:eg"],
      """
      error: unknown learn method 'eg'
       --> query:1:18
      move:surf learns:eg
                       ^^
      help: did you mean 'egg'?
      """
    ),
    ErrorCase(
      ["move:surf", "learns:egg", "learns:tm"],
      """
      error: 'learns:tm' contradicts 'learns:egg'
       --> query:1:22
      move:surf learns:egg learns:tm
                           ^^^^^^^^^
      help: 'learns:' terms are AND-ed; use '|' for alternatives, such as 'learns:egg|tutor'
      """
    ),
    ErrorCase(
      ["move:surf", "fire|learns:egg"],
      """
      error: 'learns:egg' cannot be an alternative of other terms
       --> query:1:16
      move:surf fire|learns:egg
                     ^^^^^^^^^^
      help: write 'learns:' as a term of its own, such as 'move:surf learns:egg|tutor'
      """
    ),
    ErrorCase(
      ["move:surf", "!move:surf"],
      """
      error: '!move:surf' contradicts 'move:surf'
       --> query:1:11
      move:surf !move:surf
                ^^^^^^^^^^
      help: a Pokémon cannot both match and not match a term; remove one of them
      """
    ),
    ErrorCase(
      ["mov:surf"],
      """
      error: unknown key 'mov:'
       --> query:1:1
      mov:surf
      ^^^
      help: did you mean 'move'?
      """
    ),
  ]

  @Test(arguments: errors)
  func errorsRenderWithACaret(_ errorCase: ErrorCase) {
    #expect {
      _ = try Fixture.slugs(errorCase.arguments)
    } throws: { error in
      guard let error = error as? QueryError else { return false }
      #expect(error.rendered == errorCase.rendered)
      return error.rendered == errorCase.rendered
    }
  }

  /// An error inside a saved filter points into the filter's line.
  @Test func learnsWithoutMoveInASavedFilterPointsIntoIt() {
    let error = #expect(throws: QueryError.self) {
      try Fixture.slugs(["move:surf", "@eggs"], savedFilters: ["eggs": ["learns:egg"]])
    }
    #expect(error?.location.source == "@eggs")
    #expect(error?.message == "'learns:egg' restricts no move: term")
  }

  /// Odd `move:` and `learns:` values are errors located in the query, never crashes.
  @Test(arguments: [
    "move:", "move:\"\"", "move:''", "move:'", "move:@gen4", "move:surf@", "move:surf@gen",
    "move:surf@gen99999999999999999999", "move:surf@gen-4", "move:surf@gen4-1", "move:surf@ g x",
    "move:surf @ @", "move:!surf", "move:surf!", "learns:", "learns:|", "!learns:", "move:a|",
    "move:\u{1B}[31m", "move:surf@gen\u{0}",
  ])
  func oddValuesAreLocatedErrors(term: String) {
    #expect {
      _ = try Fixture.slugs(["fire", term])
    } throws: { error in
      guard let error = error as? QueryError else { return false }
      return error.location.column >= 6 && !error.rendered.isEmpty
    }
  }

  /// An apostrophe is no quote: `King's Shield@gen7` splits at `@`.
  @Test func apostropheIsNoQuote() throws {
    #expect(try Fixture.slugs(["move:Volt Tackle@gen9"]) == ["pikachu", "raichu", "pichu"])
    let error = #expect(throws: QueryError.self) { try Fixture.slugs(["move:King's Shield@gen7"]) }
    #expect(error?.message == "unknown move 'King's Shield'")
  }

  @Test func completionWordsKnowMovesAndMethods() {
    #expect(QueryWords.keys.contains("move"))
    #expect(QueryWords.keys.contains("learns"))
    #expect(QueryWords.values(forKey: "learns", in: DexFixture.pokedex).first == "level")
    #expect(QueryWords.moveValues(in: Fixture.moves).contains("trick-room"))
  }
}

/// A count shared with a closure.
final class Counter {
  private(set) var value = 0
  func increment() { value += 1 }
}
