import Foundation
import PokedexKit
import PokedexTestSupport
import Testing

/// `../shared/showdown-teams`, beside the package.
private let showdownTeamsFolder = packageRoot().deletingLastPathComponent()
  .appendingPathComponent("shared/showdown-teams", isDirectory: true)

/// Every name in the 101 real teams of `../shared/showdown-teams` (the pastes and what
/// Showdown exports for each) resolves against the bundled data: species and formes
/// (`Indeedee-F`, `Gastrodon-East`, `Zygarde-10%`), items, abilities and moves, by their
/// Showdown names or aliases. Skipped without `../shared`.
@Suite(
  .enabled(
    if: FileManager.default.fileExists(atPath: showdownTeamsFolder.path),
    "needs ../shared/showdown-teams"
  )
)
struct ShowdownTeamNamesTests {
  static let folder = showdownTeamsFolder

  /// The names of one kind, each with the first file and line that has it.
  struct Names {
    var species: [String: String] = [:]
    var items: [String: String] = [:]
    var abilities: [String: String] = [:]
    var moves: [String: String] = [:]
  }

  /// Reads every set of every paste: the species from the set's first line (`Nickname
  /// (Species) (M) @ Item`), the item after ` @ `, `Ability:` and the `- Move` lines.
  static func names() throws -> Names {
    var names = Names()
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".txt") }.sorted()
    #expect(files.count == 202, "101 pastes and their exports")
    for file in files {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      var startsSet = true
      for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        let line = rawLine.replacingOccurrences(of: "\u{200B}", with: "")
          .trimmingCharacters(in: .whitespacesAndNewlines)
        let place = "\(file):\(number + 1)"
        if line.isEmpty || line.hasPrefix("===") {
          startsSet = true
          continue
        }
        defer { startsSet = false }
        if line.hasPrefix("- ") {
          var move = String(line.dropFirst(2))
          // `Hidden Power [Ice]` is Hidden Power of a type.
          if let bracket = move.firstIndex(of: "[") { move = String(move[..<bracket]) }
          note(move.trimmingCharacters(in: .whitespaces), at: place, in: &names.moves)
        } else if line.hasPrefix("Ability: ") {
          note(String(line.dropFirst(9)), at: place, in: &names.abilities)
        } else if startsSet {
          let parts = line.components(separatedBy: " @ ")
          if parts.count > 1 {
            note(parts[1...].joined(separator: " @ "), at: place, in: &names.items)
          }
          note(species(inFirstLine: parts[0]), at: place, in: &names.species)
        }
      }
    }
    return names
  }

  /// Keeps the first place a name is at.
  static func note(_ name: String, at place: String, in places: inout [String: String]) {
    if places[name] == nil { places[name] = place }
  }

  /// `Nickname (Species) (M)` -> `Species`; `Species (F)` -> `Species`.
  static func species(inFirstLine line: String) -> String {
    var text = line
    for gender in [" (M)", " (F)"] where text.hasSuffix(gender) {
      text = String(text.dropLast(gender.count))
    }
    if text.hasSuffix(")"), let open = text.lastIndex(of: "(") {
      return String(text[text.index(after: open)..<text.index(before: text.endIndex)])
    }
    return text
  }

  @Test func everyNameResolves() throws {
    let dex = try PokedexLoader.load(Pokedex.self)
    let index = PokedexIndex(dex)
    let items = ItemLookup(items: try PokedexLoader.load(ItemDex.self))
    let abilities = AbilityLookup(dex: dex, texts: nil)
    let moves = try PokedexLoader.load(MoveDex.self).moves
    let moveNames = NameIndex(
      identifiers: moves.map(\.identifier),
      aliases: moves.map(\.aliases),
      names: moves.map(\.names)
    )
    let names = try Self.names()
    let counts = [names.species.count, names.items.count, names.abilities.count, names.moves.count]
    // Distinct spellings: species and formes, items, abilities, moves.
    #expect(counts == [343, 116, 191, 360])
    // The lookups refuse what no data names.
    #expect(
      index.pokemon(named: "Banana Split").isEmpty && items.item(named: "Banana Split") == nil
    )
    for (name, place) in names.species.sorted(by: { $0.key < $1.key }) {
      #expect(!index.pokemon(named: name).isEmpty, "species '\(name)' (\(place))")
    }
    for (name, place) in names.items.sorted(by: { $0.key < $1.key }) {
      #expect(items.item(named: name) != nil, "item '\(name)' (\(place))")
    }
    for (name, place) in names.abilities.sorted(by: { $0.key < $1.key }) {
      #expect(abilities.ability(named: name) != nil, "ability '\(name)' (\(place))")
    }
    for (name, place) in names.moves.sorted(by: { $0.key < $1.key }) {
      #expect(moveNames.row(named: name) != nil, "move '\(name)' (\(place))")
    }
  }

  /// A forme named the Showdown way is that forme, not its base species.
  @Test func formesNamedTheShowdownWay() throws {
    let index = PokedexIndex(try PokedexLoader.load(Pokedex.self))
    #expect(index.pokemon(named: "Indeedee-F").map(\.slug) == ["indeedee-female"])
    #expect(index.pokemon(named: "Necrozma-Dusk-Mane").map(\.slug) == ["necrozma-dusk"])
    #expect(index.pokemon(named: "Landorus-T").map(\.slug) == ["landorus-therian"])
    #expect(index.pokemon(named: "Gastrodon-East").map(\.slug) == ["gastrodon"])
  }
}
