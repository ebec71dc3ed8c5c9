import PokedexCLI
import TerminalUI
import Testing

/// Issue #37: colour follows the terminal, by one rule for every command (`browse`'s side
/// is in `BrowseTerminalTests`): 24-bit only where `COLORTERM` says so, 256 colours
/// otherwise, none with `TERM=dumb`, `NO_COLOR`, `--color never` or off a terminal.
@Suite struct ColorRuleTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var mode: String?
    var isTerminal = true
    var environment: [String: String] = [:]
    var depth: ColorDepth
    var testDescription: String {
      "\(mode ?? "auto"), \(isTerminal ? "terminal" : "pipe"), \(environment) -> \(depth)"
    }
  }

  @Test(arguments: [
    Case(mode: nil, environment: ["TERM": "xterm-256color"], depth: .palette256),
    Case(mode: nil, environment: ["COLORTERM": "truecolor"], depth: .trueColor),
    Case(mode: nil, environment: ["COLORTERM": "24bit"], depth: .trueColor),
    Case(mode: nil, environment: ["COLORTERM": "TrueColor"], depth: .trueColor),
    Case(mode: nil, environment: ["COLORTERM": "yes"], depth: .palette256),
    Case(mode: nil, environment: ["COLORTERM": "truecolor", "TERM": "dumb"], depth: .monochrome),
    Case(mode: nil, environment: ["TERM": "dumb"], depth: .monochrome),
    Case(mode: "auto", environment: ["NO_COLOR": "1"], depth: .monochrome),
    Case(mode: "auto", environment: ["NO_COLOR": ""], depth: .palette256),
    Case(mode: nil, isTerminal: false, environment: ["COLORTERM": "truecolor"], depth: .monochrome),
    Case(mode: "always", isTerminal: false, environment: ["TERM": "dumb"], depth: .palette256),
    Case(mode: "always", isTerminal: false, environment: ["COLORTERM": "24bit"], depth: .trueColor),
    Case(mode: "never", environment: ["COLORTERM": "truecolor"], depth: .monochrome),
  ])
  func theRule(_ test: Case) {
    let style = Style(mode: test.mode, isTerminal: test.isTerminal, environment: test.environment)
    #expect(style.depth == test.depth)
    #expect(style.isEnabled == (test.depth != .monochrome))
  }

  /// `show`'s type colours: 256-colour escapes unless `COLORTERM` says 24-bit.
  @Test func showWritesTheColoursTheTerminalTakes() {
    let palette = pokedex("show", "charizard", environment: ["TERM": "xterm"], terminal: true)
    #expect(palette.code == .success)
    #expect(palette.stdout.contains("\u{1B}[38;5;"), "\(palette.stdout.prefix(300))")
    #expect(!palette.stdout.contains("\u{1B}[38;2;"))

    let trueColor = pokedex(
      "show",
      "charizard",
      environment: ["TERM": "xterm", "COLORTERM": "truecolor"],
      terminal: true
    )
    // Fire's #EE8130 itself.
    #expect(trueColor.stdout.contains("\u{1B}[38;2;238;129;48m"))

    let dumb = pokedex(
      "show",
      "charizard",
      environment: ["TERM": "dumb", "COLORTERM": "truecolor"],
      terminal: true
    )
    #expect(dumb.code == .success)
    #expect(dumb.stdout.contains("Charizard"))
    #expect(!dumb.stdout.contains("\u{1B}["), "TERM=dumb takes no escape sequence")
  }

  /// The palette colour nearest to a 24-bit one: the cube's or the grey ramp's.
  @Test func nearestPaletteColours() {
    let cases: [((UInt8, UInt8, UInt8), UInt8)] = [
      ((0xEE, 0x81, 0x30), 209),  // fire
      ((0, 0, 0), 16),
      ((255, 255, 255), 231),
      ((128, 128, 128), 244),  // a grey: the ramp is nearer than the cube's 102
      ((0x63, 0x90, 0xF0), 69),  // water
    ]
    for ((red, green, blue), index) in cases {
      #expect(
        ColorDepth.palette256.color(red: red, green: green, blue: blue) == .palette(index),
        "\(red) \(green) \(blue)"
      )
      #expect(
        ColorDepth.trueColor.color(red: red, green: green, blue: blue) == .rgb(red, green, blue)
      )
      #expect(ColorDepth.monochrome.color(red: red, green: green, blue: blue) == nil)
    }
  }
}
