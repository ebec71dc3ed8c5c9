import Foundation
import PokedexKit
import PokedexTestSupport
import Testing

@testable import PokedexPipeline

/// Evolution conditions that name moves, and the conditions PokeAPI's table lacks.
@Suite struct MoveEvolutionPipelineTests {
  /// The fixture's Sylveon rows, edited to need a known move and a used move, name them
  /// from `move_names.csv`.
  @Test func conditionsNameTheMoves() throws {
    let directory = try PipelineFixtures.copy()
    defer { directory.remove() }
    let url = directory.url.appendingPathComponent("pokemon_evolution.csv")
    var rows = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
    let header = rows[0].split(separator: ",", omittingEmptySubsequences: false)
    let known = try #require(header.firstIndex(of: "known_move_id"))
    let knownType = try #require(header.firstIndex(of: "known_move_type_id"))
    let used = try #require(header.firstIndex(of: "used_move_id"))
    let count = try #require(header.firstIndex(of: "minimum_move_count"))
    let sylveon = try #require(
      rows.indices.first { rows[$0].split(separator: ",").dropFirst().first == "700" }
    )
    var fields = rows[sylveon].split(separator: ",", omittingEmptySubsequences: false).map(
      String.init
    )
    fields[known] = "102"
    fields[knownType] = ""
    fields[used] = "889"
    fields[count] = "20"
    rows[sylveon] = fields.joined(separator: ",")
    try Data((rows.joined(separator: "\n") + "\n").utf8).write(to: url)
    let dex = try DexBuilder().build(fromDirectory: directory.url)
    let steps = try #require(dex.pokemon("sylveon")?.evolution.from)
    let conditions = steps.flatMap(\.conditions)
    #expect(conditions.contains("knowing Mimic"))
    #expect(conditions.contains("after using Rage Fist 20 times"))
    #expect(!conditions.joined().contains("#"))
  }

  @Test func anUnknownMoveIsAnError() throws {
    let directory = try PipelineFixtures.copy()
    defer { directory.remove() }
    let url = directory.url.appendingPathComponent("move_names.csv")
    let text = try String(contentsOf: url, encoding: .utf8)
    try Data(
      text.split(separator: "\n").filter { !$0.hasPrefix("102,9,") }.joined(separator: "\n").utf8
    ).write(to: url)
    let evolution = directory.url.appendingPathComponent("pokemon_evolution.csv")
    var rows = try String(contentsOf: evolution, encoding: .utf8).split(separator: "\n").map(
      String.init
    )
    let header = rows[0].split(separator: ",", omittingEmptySubsequences: false)
    let known = try #require(header.firstIndex(of: "known_move_id"))
    let row = try #require(
      rows.indices.first { rows[$0].split(separator: ",").dropFirst().first == "700" }
    )
    var fields = rows[row].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    fields[known] = "102"
    rows[row] = fields.joined(separator: ",")
    try Data((rows.joined(separator: "\n") + "\n").utf8).write(to: evolution)
    #expect {
      try DexBuilder().build(fromDirectory: directory.url)
    } throws: { error in
      (error as? DataPipelineError)?.description.contains(
        "column 'known_move_id' refers to '102', which is not in move_names.csv (English)"
      ) == true
    }
  }

  // MARK: The bundled dex, generated from the full tables

  static func steps(into slug: String) throws -> [EvolutionStep] {
    let dex = try PokedexLoader.load()
    return try #require(dex.pokemon.first { $0.slug == slug }?.evolution.from, "\(slug)")
  }

  @Test func mrMimeNeedsMimic() throws {
    let steps = try Self.steps(into: "mr-mime")
    #expect(steps.map(\.conditions).first == ["level up", "knowing Mimic"])
  }

  @Test func yanmegaNeedsAncientPower() throws {
    #expect(
      try Self.steps(into: "yanmega").map(\.conditions) == [["level up", "knowing Ancient Power"]]
    )
  }

  @Test func annihilapeNeedsRageFistTwentyTimes() throws {
    let steps = try Self.steps(into: "annihilape")
    #expect(steps.map(\.conditions) == [["after using Rage Fist 20 times"]])
    #expect(steps.map(\.trigger) == ["use-move"])
  }

  /// Issue 17: Maushold read "(other, level 25)", with nothing about its two forms.
  @Test func mausholdSaysLevelAndChanceNotOther() throws {
    let steps = try Self.steps(into: "maushold-family-of-four")
    #expect(
      steps.map(\.conditions) == [
        ["level 25", "99% chance", "into Family of Four"],
        ["level 25", "1% chance", "into Family of Three"],
      ]
    )
    #expect(steps.allSatisfy { $0.trigger == "other" })
  }

  /// Issue 17: Toxtricity's evolution did not mention the nature that decides its form.
  @Test func toxtricityNamesTheNatures() throws {
    let steps = try Self.steps(into: "toxtricity-amped")
    #expect(steps.count == 2)
    #expect(
      steps.first?.conditions == [
        "level 30",
        "Hardy, Brave, Adamant, Naughty, Docile, Impish, Lax, Hasty, Jolly, Naive, Rash, Sassy or Quirky nature",
        "into Amped Form",
      ]
    )
    #expect(
      steps.last?.conditions == [
        "level 30",
        "Lonely, Bold, Relaxed, Timid, Serious, Modest, Mild, Quiet, Bashful, Calm, Gentle or Careful nature",
        "into Low Key Form",
      ]
    )
    // Every one of the 25 natures leads to exactly one form.
    let natures = try PokedexLoader.load(NatureDex.self).natures.compactMap { $0.names["en"] }
    let lists = steps.compactMap { $0.conditions.first { $0.hasSuffix(" nature") } }
    for nature in natures {
      #expect(lists.filter { $0.contains(nature) }.count == 1, "\(nature)")
    }
  }

  @Test func noConditionNamesAMoveByNumber() throws {
    let dex = try PokedexLoader.load()
    for pokemon in dex.pokemon {
      for step in pokemon.evolution.from + pokemon.evolution.to {
        #expect(
          !step.conditions.contains { $0.contains("#") },
          "\(pokemon.slug): \(step.conditions)"
        )
        #expect(step.conditions.first != "other", "\(pokemon.slug)")
      }
    }
  }
}
