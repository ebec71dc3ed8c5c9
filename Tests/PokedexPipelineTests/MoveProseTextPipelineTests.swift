import PokedexKit
import Testing

@testable import PokedexPipeline

/// `ProseText`: PokeAPI's effect markup to plain text, and the games' text on one line.
@Suite struct MoveProseTextPipelineTests {
  static let prose = ProseText(
    names: [
      "move": ["tackle": "Tackle", "trick-room": "Trick Room"],
      "type": ["fire": "Fire"],
      "ability": ["levitate": "Levitate"],
    ]
  )

  struct Case: Sendable, CustomTestStringConvertible {
    var text: String
    var chance: Int?
    var expected: String
    var testDescription: String { text }
  }

  static let cases: [Case] = [
    Case(text: "Inflicts regular damage.", chance: nil, expected: "Inflicts regular damage."),
    Case(
      text: "Has a $effect_chance% chance to burn the target.",
      chance: 10,
      expected: "Has a 10% chance to burn the target."
    ),
    Case(
      text: "$effect_chance% to burn, $effect_chance% to flinch",
      chance: 30,
      expected: "30% to burn, 30% to flinch"
    ),
    Case(text: "Works like []{move:tackle}.", chance: nil, expected: "Works like Tackle."),
    Case(text: "Becomes []{type:fire}.", chance: nil, expected: "Becomes Fire."),
    Case(
      text: "Lowers [Special Attack]{mechanic:special-attack} and []{mechanic:special-defense}.",
      chance: nil,
      expected: "Lowers Special Attack and special defense."
    ),
    Case(
      text: "Fails under []{move:trick-room} or with []{ability:levitate}.",
      chance: nil,
      expected: "Fails under Trick Room or with Levitate."
    ),
    Case(
      text: "Unknown names fall back: []{move:no-such-move}, []{item:iron-ball}.",
      chance: nil,
      expected: "Unknown names fall back: no such move, iron ball."
    ),
    Case(
      text: "Not links: [a] {b:c}, [x]{nokind}, [y]{:z}, $5, [open",
      chance: nil,
      expected: "Not links: [a] {b:c}, [x]{nokind}, [y]{:z}, $5, [open"
    ),
    Case(
      text: "Line one.\n\nLine []{move:tackle}.",
      chance: nil,
      expected: "Line one.\n\nLine Tackle."
    ),
  ]

  @Test(arguments: cases)
  func resolves(_ example: Case) throws {
    #expect(try Self.prose.resolve(example.text, effectChance: example.chance) == example.expected)
  }

  @Test func aPlaceholderWithoutAChanceIsAnError() {
    #expect(throws: ProseText.Failure.missingEffectChance) {
      try Self.prose.resolve("A $effect_chance% chance.", effectChance: nil)
    }
  }

  @Test func findsTheLinkKinds() {
    #expect(
      ProseText.linkKinds(in: "[]{move:tackle} [x]{type:fire} []{mechanic:hp} [no]{link")
        == ["move", "type", "mechanic"]
    )
    #expect(ProseText.linkKinds(in: "plain text") == [])
  }

  struct Line: Sendable, CustomTestStringConvertible {
    var text: String
    var expected: String
    var testDescription: String { expected }
  }

  /// Real texts of `ability_flavor_text.csv`.
  static let lines: [Line] = [
    Line(
      text: "Powers down super\u{AD}\neffective moves.",
      expected: "Powers down supereffective moves."
    ),
    Line(
      text: "Heightens the critical-\nhit ratios of moves.",
      expected: "Heightens the critical-hit ratios of moves."
    ),
    Line(
      text: "Boosts resistance to Fire-\nand Ice-type moves.",
      expected: "Boosts resistance to Fire- and Ice-type moves."
    ),
    Line(
      text: "Raises resistance to Fire-\u{200B}\nand Ice-type moves.",
      expected: "Raises resistance to Fire- and Ice-type moves."
    ),
    Line(
      text:
        "By floating in the air, the Pokémon\nreceives full immunity to all\u{0C}Ground-type moves.",
      expected:
        "By floating in the air, the Pokémon receives full immunity to all Ground-type moves."
    ),
    Line(text: "  Spaces  \r\n and ends \n", expected: "Spaces and ends"),
    Line(text: "A - \nB", expected: "A - B"),
  ]

  @Test(arguments: lines)
  func putsGamesTextOnOneLine(_ line: Line) {
    #expect(ProseText.singleLine(line.text) == line.expected)
  }
}
