import PokedexKit
import Testing

/// The move query language (`pokedex moves [QUERY]`) on ``QueryMoveFixture``'s moves.
@Suite struct MoveQueryTests {
  typealias Fixture = QueryMoveFixture

  struct Case: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var expected: [String]
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let cases: [Case] = [
    Case(
      arguments: [],
      expected: [
        "thunder-punch", "surf", "thunderbolt", "thunder", "quick-attack", "volt-tackle",
        "flare-blitz", "trick-room",
      ]
    ),
    Case(arguments: ["type:fire"], expected: ["flare-blitz"]),
    Case(arguments: ["t:Feu"], expected: ["flare-blitz"]),
    Case(arguments: ["type:fire|water"], expected: ["surf", "flare-blitz"]),
    Case(arguments: ["category:status"], expected: ["trick-room"]),
    Case(arguments: ["class:special"], expected: ["surf", "thunderbolt", "thunder"]),
    Case(
      arguments: ["type:electric", "!category:special"],
      expected: ["thunder-punch", "volt-tackle"]
    ),
    Case(arguments: ["power>=110"], expected: ["thunder", "volt-tackle", "flare-blitz"]),
    Case(arguments: ["90<=power", "power<100"], expected: ["surf", "thunderbolt"]),
    Case(arguments: ["accuracy<100"], expected: ["thunder"]),
    Case(arguments: ["pp>15"], expected: ["quick-attack"]),
    Case(arguments: ["priority>0"], expected: ["quick-attack"]),
    Case(arguments: ["priority<0"], expected: ["trick-room"]),
    Case(arguments: ["priority=-7"], expected: ["trick-room"]),
    Case(
      arguments: ["power>pp"],
      expected: [
        "thunder-punch", "surf", "thunderbolt", "thunder", "quick-attack", "volt-tackle",
        "flare-blitz",
      ]
    ),
    Case(
      arguments: ["flag:contact"],
      expected: [
        "thunder-punch", "quick-attack", "volt-tackle", "flare-blitz",
      ]
    ),
    Case(
      arguments: ["flag:punch|!contact"],
      expected: [
        "thunder-punch", "surf", "thunderbolt", "thunder", "trick-room",
      ]
    ),
    Case(arguments: ["gen:4"], expected: ["flare-blitz", "trick-room"]),
    Case(arguments: ["gen:3-4"], expected: ["volt-tackle", "flare-blitz", "trick-room"]),
    Case(arguments: ["gen>=4"], expected: ["flare-blitz", "trick-room"]),
    Case(arguments: ["target:entire-field"], expected: ["trick-room"]),
    Case(arguments: ["target:All Other Pokemon"], expected: ["surf"]),
    // Pikachu learns Thunderbolt itself, and Volt Tackle and Quick Attack through Pichu.
    Case(
      arguments: ["learnedby:pikachu"],
      expected: ["thunderbolt", "quick-attack", "volt-tackle"]
    ),
    Case(arguments: ["learnedby:Pikachu@gen4"], expected: ["surf", "thunderbolt"]),
    Case(
      arguments: ["learnedby:pichu|raichu", "type:electric", "category:physical"],
      expected: [
        "thunder-punch", "volt-tackle",
      ]
    ),
    Case(arguments: ["learnedby:mega-charizard-x"], expected: ["flare-blitz"]),
    Case(arguments: ["thunder"], expected: ["thunder-punch", "thunderbolt", "thunder"]),
    Case(arguments: ["donner"], expected: ["thunder-punch", "thunderbolt", "thunder"]),
    Case(arguments: ["Donnerblitz"], expected: ["thunderbolt"]),
    Case(arguments: ["トリックルーム"], expected: ["trick-room"]),
    Case(arguments: ["name:thunder*"], expected: ["thunder-punch", "thunderbolt", "thunder"]),
    Case(arguments: ["name:*punch"], expected: ["thunder-punch"]),
    Case(arguments: ["name:thunder?olt"], expected: ["thunderbolt"]),
    Case(arguments: ["thunder", "!thunderbolt"], expected: ["thunder-punch", "thunder"]),
    Case(arguments: ["thunder,power>80"], expected: ["thunderbolt", "thunder"]),
  ]

  @Test(arguments: cases)
  func termsSelectMoves(_ testCase: Case) throws {
    #expect(try Fixture.moveIDs(testCase.arguments) == testCase.expected)
  }

  @Test func sortingByKeysThenID() throws {
    #expect(
      try Fixture.moveIDs(["type:electric"], sort: "-power,name")
        == ["volt-tackle", "thunder", "thunderbolt", "thunder-punch"]
    )
    #expect(
      try Fixture.moveIDs(["type:electric"], sort: "power")
        == ["thunder-punch", "thunderbolt", "thunder", "volt-tackle"]
    )
    // Moves without a value come last in either direction.
    #expect(try Fixture.moveIDs(["gen:4"], sort: "power").last == "trick-room")
    #expect(try Fixture.moveIDs(["gen:4"], sort: "power:desc").last == "trick-room")
    #expect(try Fixture.moveIDs(["gen:4"], sort: "accuracy:desc") == ["flare-blitz", "trick-room"])
    #expect(
      try Fixture.moveIDs([], sort: "priority:desc,id").prefix(2) == [
        "quick-attack", "thunder-punch",
      ]
    )
    #expect(try Fixture.moveIDs([], sort: "-priority").last == "trick-room")
    #expect(try Fixture.moveIDs([], sort: "type,-id").first == "volt-tackle")
    #expect(try Fixture.moveIDs([], sort: "gen:desc").prefix(2) == ["flare-blitz", "trick-room"])
    #expect(
      try Fixture.moveIDs([], sort: "name")
        == [
          "flare-blitz", "quick-attack", "surf", "thunder", "thunderbolt", "thunder-punch",
          "trick-room", "volt-tackle",
        ]
    )
    #expect(try Fixture.moveIDs(["surf|trick-room"], sort: "-pp") == ["surf", "trick-room"])
  }

  @Test func sortsByNameInTheLanguageAsked() throws {
    let query = try MoveQuery.compile(["thunder"], moves: Fixture.moves, index: DexFixture.index)
    let order = try MoveSortDescriptor.parse("name")
    #expect(
      query.run(on: Fixture.moves, sortedBy: order, language: "de").map(\.identifier)
        == ["thunder", "thunderbolt", "thunder-punch"]
    )
  }

  /// `learnedby:` is the only term that reads the learnsets; the others never call the loader.
  @Test func loadsLearnsetsOnlyForLearnedBy() throws {
    let calls = Counter()
    func compile(_ arguments: [String]) throws -> MoveQuery {
      try MoveQuery.compile(
        arguments,
        moves: Fixture.moves,
        index: DexFixture.index,
        learners: {
          calls.increment()
          return Fixture.learners
        }
      )
    }
    _ = try compile(["type:fire", "power>=90", "flag:contact", "thunder", "gen:1-3"])
    #expect(calls.value == 0)
    _ = try compile(["learnedby:pikachu", "learnedby:raichu|pichu"])
    #expect(calls.value == 1)
  }

  @Test func evaluateTestsOneMove() throws {
    let query = try MoveQuery.compile(["power>=90"], moves: Fixture.moves, index: DexFixture.index)
    #expect(query.arguments == ["power>=90"])
    #expect(Fixture.moves.moves.filter(query.evaluate).count == 5)
  }

  static let errors: [ErrorCase] = [
    ErrorCase(
      ["type:fire", "powr>90"],
      """
      error: unknown move property 'powr'
       --> query:1:11
      type:fire powr>90
                ^^^^
      help: did you mean 'power'?
      """
    ),
    ErrorCase(
      ["speed>90"],
      """
      error: unknown move property 'speed'
       --> query:1:1
      speed>90
      ^^^^^
      help: move properties are power, accuracy, pp, priority, gen, id
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
      ["ability:levitate"],
      """
      error: unknown key 'ability:'
       --> query:1:1
      ability:levitate
      ^^^^^^^
      help: move keys are type, category, flag, gen, target, learnedby, name
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
      ["category:phisical"],
      """
      error: unknown move category 'phisical'
       --> query:1:10
      category:phisical
               ^^^^^^^^
      help: did you mean 'physical'?
      """
    ),
    ErrorCase(
      ["flag:contakt"],
      """
      error: unknown move flag 'contakt'
       --> query:1:6
      flag:contakt
           ^^^^^^^
      help: did you mean 'contact'?
      """
    ),
    ErrorCase(
      ["contact"],
      """
      error: unknown move 'contact'
       --> query:1:1
      contact
      ^^^^^^^
      help: did you mean 'flag:contact'?
      """
    ),
    ErrorCase(
      ["thunderbolr"],
      """
      error: unknown move 'thunderbolr'
       --> query:1:1
      thunderbolr
      ^^^^^^^^^^^
      help: did you mean 'Thunderbolt'?
      """
    ),
    ErrorCase(
      ["learnedby:pikachoo"],
      """
      error: unknown Pokémon 'pikachoo'
       --> query:1:11
      learnedby:pikachoo
                ^^^^^^^^
      help: did you mean 'pikachu'?
      """
    ),
    ErrorCase(
      ["learnedby:pikachu@gen10"],
      """
      error: invalid generation '10'
       --> query:1:22
      learnedby:pikachu@gen10
                           ^^
      help: generations are 1 to 9; write gen:1 or a range gen:1-3
      """
    ),
    ErrorCase(
      ["!power>90"],
      """
      error: '!' cannot negate the comparison 'power>90'
       --> query:1:1
      !power>90
      ^^^^^^^^^
      help: write 'power<=90' instead
      """
    ),
    ErrorCase(
      ["power>9o"],
      """
      error: invalid number '9o'
       --> query:1:7
      power>9o
            ^^
      help: write a number that is zero or more, such as 100 or 1.5
      """
    ),
    ErrorCase(
      ["type:fire,,power>90"],
      """
      error: empty term
       --> query:1:11
      type:fire,,power>90
                ^
      help: remove the extra ',' or '|', or the lone '!'
      """
    ),
    ErrorCase(
      ["type::fire"],
      """
      error: unexpected ':' in 'type::fire'
       --> query:1:6
      type::fire
           ^
      help: write one ':' between a key and its value ('type:fire'); a comparison has none ('hp>100')
      """
    ),
    ErrorCase(
      ["@strong"],
      """
      error: unknown term '@strong'
       --> query:1:1
      @strong
      ^^^^^^^
      help: a move term is a name (thunder, name:thunder*), key:value (type:fire, flag:contact) or a comparison ('power>=90'); see 'pokedex help query'
      """
    ),
  ]

  @Test(arguments: errors)
  func errorsRenderWithACaret(_ errorCase: ErrorCase) {
    #expect {
      _ = try Fixture.moveIDs(errorCase.arguments)
    } throws: { error in
      guard let error = error as? QueryError else { return false }
      #expect(error.rendered == errorCase.rendered)
      return error.rendered == errorCase.rendered
    }
  }

  @Test func sortKeyErrors() {
    let error = #expect(throws: QueryError.self) { try MoveSortDescriptor.parse("name,powr") }
    #expect(
      error?.rendered == """
        error: unknown sort key 'powr'
         --> --sort:1:6
        name,powr
             ^^^^
        help: did you mean 'power'?
        """
    )
    let order = #expect(throws: QueryError.self) { try MoveSortDescriptor.parse("power:dsc") }
    #expect(order?.help == "did you mean 'desc'?")
    let bst = #expect(throws: QueryError.self) { try MoveSortDescriptor.parse("bst") }
    #expect(
      bst?.help
        == "sort keys are name, power, accuracy, pp, priority, type, gen, id, each optionally followed by ':asc' or ':desc'"
    )
    #expect(throws: QueryError.self) { try MoveSortDescriptor.parse("--power") }
    #expect(
      (try? MoveSortDescriptor.parse("bp:desc, acc ,-prio,generation,alpha"))
        == [
          MoveSortDescriptor(.power, ascending: false), MoveSortDescriptor(.accuracy),
          MoveSortDescriptor(.priority, ascending: false), MoveSortDescriptor(.gen),
          MoveSortDescriptor(.name),
        ]
    )
  }
}
