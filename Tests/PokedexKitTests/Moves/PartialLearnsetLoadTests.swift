import Foundation
import PokedexTestSupport
import Testing

@testable import PokedexKit

/// `PokedexLoader.loadLearnsets(of:)`: reading the learnsets of a few Pokémon, skipping the
/// others, answers for those Pokémon exactly as reading the whole file does.
@Suite struct PartialLearnsetLoadTests {
  static let all = Result { try PokedexLoader.load(LearnsetDex.self) }
  static let dex = Result { try PokedexLoader.load() }

  /// The learnsets of `slugs` in the whole file, with those they inherit, in file order.
  static func expected(_ slugs: Set<String>) throws -> [Learnset] {
    let learnsets = try all.get().learnsets
    var wanted = slugs
    for learnset in learnsets where wanted.contains(learnset.pokemon) {
      if let inherits = learnset.inherits { wanted.insert(inherits) }
    }
    return learnsets.filter { wanted.contains($0.pokemon) }
  }

  @Test func aFamilyIsReadAsTheWholeFileHasIt() throws {
    let family: Set = ["pichu", "pikachu", "raichu"]
    let partial = try PokedexLoader.loadLearnsets(.owners(family))
    #expect(partial.learnsets.map(\.pokemon) == ["pikachu", "raichu", "pichu"])
    #expect(partial.learnsets == (try Self.expected(family)))
    #expect(partial.source == (try Self.all.get().source))
  }

  @Test func aFormThatInheritsBringsTheLearnsetItInherits() throws {
    let partial = try PokedexLoader.loadLearnsets(.owners(["charizard-mega-x"]))
    #expect(Set(partial.learnsets.map(\.pokemon)) == ["charizard-mega-x", "charizard"])
  }

  /// Learners built from the learnsets of a Pokémon's owners answer for it as learners built
  /// from every learnset do, for a random sample of the dex.
  @Test func partialLearnersAnswerAsFullOnesForRandomPokemon() throws {
    let dex = try Self.dex.get()
    let moves = try PokedexLoader.load(MoveDex.self)
    let full = MoveLearners(dex: dex, learnsets: try Self.all.get(), moves: moves)
    var rng = SplitMix64(seed: 14)
    for _ in 0..<25 {
      guard let pokemon = dex.pokemon.randomElement(using: &rng) else { continue }
      let owners = MoveLearners.learnsetOwners(of: [pokemon], in: dex)
      let partial = MoveLearners(
        dex: dex,
        learnsets: try PokedexLoader.loadLearnsets(.owners(owners)),
        moves: moves
      )
      #expect(partial.learnset(of: pokemon) == full.learnset(of: pokemon), "\(pokemon.slug)")
      for prevolution in full.prevolutions(of: pokemon) {
        #expect(partial.learnset(of: prevolution) == full.learnset(of: prevolution))
      }
      for learned in full.learnset(of: pokemon)?.moves.prefix(5) ?? LearnedMoves().prefix(0) {
        #expect(
          partial.sources(of: learned.move, for: pokemon)
            == full.sources(of: learned.move, for: pokemon)
        )
      }
    }
  }

  @Test func theOwnersOfALearnsetAreThePokemonAndItsPrevolutions() throws {
    let dex = try Self.dex.get()
    let raichu = try #require(dex.pokemon.first { $0.slug == "raichu" })
    let ditto = try #require(dex.pokemon.first { $0.slug == "ditto" })
    #expect(MoveLearners.learnsetOwners(of: [raichu], in: dex) == ["raichu", "pikachu", "pichu"])
    #expect(MoveLearners.learnsetOwners(of: [raichu, ditto], in: dex).count == 4)
  }

  /// The learnsets that teach a move answer who learns it, in any generation and by any
  /// method, as all of them do: random moves.
  @Test func theLearnsetsTeachingAMoveAnswerWhoLearnsIt() throws {
    let dex = try Self.dex.get()
    let moves = try PokedexLoader.load(MoveDex.self)
    let full = MoveLearners(dex: dex, learnsets: try Self.all.get(), moves: moves)
    var rng = SplitMix64(seed: 9)
    for _ in 0..<12 {
      guard let move = moves.moves.randomElement(using: &rng)?.identifier else { continue }
      let partial = MoveLearners(
        dex: dex,
        learnsets: try PokedexLoader.loadLearnsets(.teaching(move)),
        moves: moves
      )
      #expect(partial.learnsets.learnsets.count < full.learnsets.learnsets.count)
      for generation in [nil, 9, 8, 4] as [Int?] {
        #expect(
          partial.learners(of: move, in: generation) == full.learners(of: move, in: generation),
          "\(move)"
        )
      }
      #expect(
        partial.learners(of: move, in: 9, methods: [.egg, .tutor])
          == full.learners(of: move, in: 9, methods: [.egg, .tutor])
      )
    }
  }

  /// A query reading learnsets on demand selects what one reading all of them does, and
  /// reads all of them only for a second move.
  @Test(arguments: [
    ["move:trick-room"], ["move:thunderbolt@gen4", "learns:tm"], ["!move:surf", "water"],
    ["move:surf|fly"], ["move:surf", "move:fly"], ["move:transform"], ["move:Giga Drain"],
  ])
  func aQueryReadingLearnsetsOnDemandSelectsTheSame(terms: [String]) throws {
    let dex = try Self.dex.get()
    let index = PokedexIndex(dex)
    let moves = try PokedexLoader.load(MoveDex.self)
    let full = MoveLearners(dex: dex, learnsets: try Self.all.get(), moves: moves)
    var selections: [LearnsetSelection] = []
    let onDemand = MoveLearnersOnDemand(dex: dex, moves: moves) { selection in
      selections.append(selection)
      return try PokedexLoader.loadLearnsets(selection)
    }
    let expected = try Query(terms, index: index, moveLearners: { full }).filter(dex.pokemon)
    let selected = try Query(terms, index: index, moveData: { onDemand }).filter(dex.pokemon)
    #expect(selected.map(\.slug) == expected.map(\.slug))
    #expect(!expected.isEmpty)
    let moveTerms = terms.joined(separator: " ").components(separatedBy: "move:").count - 1
    let namesTwoMoves = moveTerms > 1 || terms.contains { $0.contains("|") }
    #expect(selections.count == (namesTwoMoves ? 2 : 1))
    #expect(selections.last == (namesTwoMoves ? .all : selections.first))
  }

  /// One Pokémon's prevolution, found alone, is the one found for every Pokémon at once.
  @Test func aPrevolutionFoundAloneIsTheOneFoundForAll() throws {
    let pokemon = try Self.dex.get().pokemon
    let rows = Prevolutions.rows(in: pokemon)
    #expect(rows.compactMap { $0 }.count > 500)
    #expect(
      pokemon.indices.allSatisfy { Prevolutions.row(of: pokemon[$0], in: pokemon) == rows[$0] }
    )
  }

  // MARK: Files

  private static let header = #"""
    {
      "schemaVersion": 1,
      "source": {"name": "t", "commit": "", "license": ""},
      "learnsets": [
    """#

  static func file(_ records: [String]) throws -> String {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("partial-learnsets-\(UUID().uuidString).json")
    try Data((header + records.joined(separator: ",\n") + "\n  ]\n}\n").utf8).write(to: url)
    return url.path
  }

  /// A learnset it skips is checked only to be JSON: a bad source code there is not read.
  @Test func aSkippedLearnsetIsCheckedOnlyToBeJSON() throws {
    let path = try Self.file([
      #"    {"pokemon": "a", "moves": {"tackle": "9Q"}}"#,
      #"    {"pokemon": "b", "moves": {"tackle": "9L1"}}"#,
    ])
    defer { try? FileManager.default.removeItem(atPath: path) }
    let partial = try PokedexLoader.loadLearnsets(.owners(["b"]), path: path)
    #expect(partial.learnsets.map(\.pokemon) == ["b"])
    #expect(throws: PokedexLoadError.self) {
      try PokedexLoader.loadLearnsets(.owners(["a"]), path: path)
    }
  }

  @Test(arguments: [
    #"    {"pokemon": "a", "moves": {"tackle": "9L1"}"#,
    #"    {"pokemon": "a", "moves": {"tackle" "9L1"}}"#,
    #"    {"pokemon": "a", "moves": {"tackle": "9L1}}"#,
  ])
  func aSkippedLearnsetThatIsNotJSONIsMalformed(record: String) throws {
    let path = try Self.file([record, #"    {"pokemon": "b", "moves": {"tackle": "9L1"}}"#])
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(throws: PokedexLoadError.self) {
      try PokedexLoader.loadLearnsets(.owners(["b"]), path: path)
    }
  }

  /// A learnset that spells the move with an escape is read, not skipped.
  @Test func aMoveSpelledWithAnEscapeIsFound() throws {
    let path = try Self.file([
      #"    {"pokemon": "a", "moves": {"trick\u002droom": "9M"}}"#,
      #"    {"pokemon": "b", "moves": {"tackle": "9L1"}}"#,
    ])
    defer { try? FileManager.default.removeItem(atPath: path) }
    let partial = try PokedexLoader.loadLearnsets(.teaching("trick-room"), path: path)
    #expect(partial.learnsets.map(\.pokemon) == ["a"])
  }

  /// A record whose first member is not the Pokémon is read, not skipped (and then dropped
  /// if it is not wanted): the result does not depend on the order of members.
  @Test func membersInAnotherOrderAreReadTheSame() throws {
    let path = try Self.file([
      #"    {"moves": {"tackle": "9L1"}, "pokemon": "a"}"#,
      #"    {"inherits": "a", "pokemon": "b", "moves": {}}"#,
      #"    {"pokemon": "c", "moves": {"growl": "9L1"}}"#,
    ])
    defer { try? FileManager.default.removeItem(atPath: path) }
    let partial = try PokedexLoader.loadLearnsets(.owners(["b"]), path: path)
    #expect(partial.learnsets.map(\.pokemon) == ["a", "b"])
  }
}
