import JSONCore
import PokedexKit

/// Checks the files beside `pokemons.json` (moves, abilities' text, natures) against the dex
/// they belong to, and returns what it finds instead of printing it.
///
/// The checks, all errors:
/// - `moves.json`: the schema version; every number within the loader's bounds; version
///   groups and moves sorted by unique id with unique identifiers; each version group's
///   generation, each move's generation, type and name languages exist in the dex; the
///   damage class is `physical`, `special` or `status`; a target; no flag twice; each
///   machine's version group exists; no effect text still holds `$effect_chance` or a
///   `[label]{kind:id}` link.
/// - `abilities.json`: sorted by unique id; each ability is one of the dex's, with the
///   same id; the flavor text's version group exists; no markup left in the text.
/// - `natures.json`: sorted by unique id; the raised and lowered stats are both present
///   or both absent, differ, and are among `attack`, `defense`, `special-attack`,
///   `special-defense`, `speed`; names in the dex's languages.
///
/// Locations are the file's name and the JSON path: `moves.json:moves[84].type`.
///
/// ```swift
/// let diagnostics = DataFileValidator(dex: dex).validate(moves)
/// // [error: moves.json:moves[3].type: unknown type 'fyre']
/// ```
///
/// - Complexity: O(*n*) in the size of the files.
public struct DataFileValidator: Sendable {
  /// The stats a nature may raise or lower.
  public static let natureStats: Set<String> = [
    "attack", "defense", "special-attack", "special-defense", "speed",
  ]

  let types: Set<String>
  let generations: Set<Int>
  let languages: Set<String>
  let abilities: [String: Int]

  /// Creates a validator that checks references against `dex`.
  public init(dex: Pokedex) {
    types = Set(dex.types.map(\.identifier))
    generations = Set(dex.generations.map(\.id))
    languages = Set(dex.languages.map(\.identifier))
    abilities = Dictionary(
      dex.abilities.map { ($0.identifier, $0.id) },
      uniquingKeysWith: { first, _ in first }
    )
  }

  /// Every problem in `moves`, in file order.
  public func validate(_ moves: MoveDex) -> [DexDiagnostic] {
    var check = FileCheck(file: MoveDex.resourceName)
    check.header(moves.schemaVersion, MoveDex.currentSchemaVersion, moves.firstNumberOutOfBounds)
    check.sortedUnique(moves.versionGroups.map { ($0.id, $0.identifier) }, table: "versionGroups")
    for (index, group) in moves.versionGroups.enumerated()
    where !generations.contains(group.generation) {
      check.error("versionGroups[\(index)].generation", "unknown generation \(group.generation)")
    }
    check.sortedUnique(moves.moves.map { ($0.id, $0.identifier) }, table: "moves")
    let groups = Set(moves.versionGroups.map(\.identifier))
    for (index, move) in moves.moves.enumerated() {
      self.move(move, at: "moves[\(index)]", versionGroups: groups, into: &check)
    }
    return check.diagnostics
  }

  /// Every problem in `abilities`; `moves` gives the version groups (none checked if `nil`).
  public func validate(_ abilities: AbilityDex, moves: MoveDex?) -> [DexDiagnostic] {
    var check = FileCheck(file: AbilityDex.resourceName)
    check.header(
      abilities.schemaVersion,
      AbilityDex.currentSchemaVersion,
      abilities.firstNumberOutOfBounds
    )
    check.sortedUnique(abilities.abilities.map { ($0.id, $0.identifier) }, table: "abilities")
    let groups = moves.map { Set($0.versionGroups.map(\.identifier)) }
    for (index, ability) in abilities.abilities.enumerated() {
      let at = "abilities[\(index)]"
      if let id = self.abilities[ability.identifier] {
        if id != ability.id {
          check.error(
            "\(at).id",
            "id \(ability.id), but the dex gives '\(ability.identifier)' id \(id)"
          )
        }
      } else {
        check.error("\(at).identifier", "unknown ability '\(ability.identifier)'")
      }
      if let group = ability.flavorTextVersionGroup, let groups, !groups.contains(group) {
        check.error("\(at).flavorTextVersionGroup", "unknown version group '\(group)'")
      }
      if (ability.flavorText == nil) != (ability.flavorTextVersionGroup == nil) {
        check.error("\(at).flavorTextVersionGroup", "flavor text and its version group go together")
      }
      check.plainText(ability.shortEffect, at: "\(at).shortEffect")
      check.plainText(ability.effect, at: "\(at).effect")
    }
    return check.diagnostics
  }

  /// Every problem in `natures`, in file order.
  public func validate(_ natures: NatureDex) -> [DexDiagnostic] {
    var check = FileCheck(file: NatureDex.resourceName)
    check.header(
      natures.schemaVersion,
      NatureDex.currentSchemaVersion,
      natures.firstNumberOutOfBounds
    )
    check.sortedUnique(natures.natures.map { ($0.id, $0.identifier) }, table: "natures")
    for (index, nature) in natures.natures.enumerated() {
      let at = "natures[\(index)]"
      check.languages(nature.names, known: languages, at: "\(at).names")
      switch (nature.increasedStat, nature.decreasedStat) {
      case (nil, nil): break
      case (let raised?, let lowered?):
        for (key, stat) in [("increasedStat", raised), ("decreasedStat", lowered)]
        where !Self.natureStats.contains(stat) {
          check.error("\(at).\(key)", "unknown stat '\(stat)'")
        }
        if raised == lowered {
          check.error(
            "\(at).decreasedStat",
            "raises and lowers '\(raised)'; a neutral nature has neither"
          )
        }
      default:
        check.error("\(at)", "a nature raises one stat and lowers another, or neither")
      }
    }
    return check.diagnostics
  }

  /// The checks of one move.
  private func move(
    _ move: Move,
    at: String,
    versionGroups: Set<String>,
    into check: inout FileCheck
  ) {
    check.languages(move.names, known: languages, at: "\(at).names")
    if !generations.contains(move.generation) {
      check.error("\(at).generation", "unknown generation \(move.generation)")
    }
    if !types.contains(move.type) { check.error("\(at).type", "unknown type '\(move.type)'") }
    if !["physical", "special", "status"].contains(move.damageClass) {
      check.error(
        "\(at).damageClass",
        "damage class '\(move.damageClass)', expected physical, special or status"
      )
    }
    if move.target.isEmpty { check.error("\(at).target", "no target") }
    if Set(move.flags).count != move.flags.count {
      check.error("\(at).flags", "a flag is listed twice")
    }
    for (index, machine) in move.machines.enumerated()
    where !versionGroups.contains(machine.versionGroup) {
      check.error(
        "\(at).machines[\(index)].versionGroup",
        "unknown version group '\(machine.versionGroup)'"
      )
    }
    check.plainText(move.shortEffect, at: "\(at).shortEffect")
    check.plainText(move.effect, at: "\(at).effect")
  }
}

/// The diagnostics of one file.
private struct FileCheck {
  let file: String
  var diagnostics: [DexDiagnostic] = []

  mutating func error(_ location: String, _ message: String) {
    diagnostics.append(
      DexDiagnostic(severity: .error, message: message, location: "\(file):\(location)")
    )
  }

  mutating func header(_ version: Int, _ current: Int, _ violation: BoundsViolation?) {
    if version != current {
      error("schemaVersion", "schema version \(version), expected \(current)")
    }
    if let violation {
      error(
        JSONError.pathString(violation.path),
        "expected \(violation.expected), found \(violation.found)"
      )
    }
  }

  /// Ids strictly increasing and identifiers non-empty and unique.
  mutating func sortedUnique(_ rows: [(id: Int, identifier: String)], table: String) {
    var seen: Set<String> = []
    var previous: Int?
    for (index, row) in rows.enumerated() {
      if let previous, row.id <= previous {
        error("\(table)[\(index)].id", "id \(row.id) after \(previous); expected sorted unique ids")
      }
      previous = row.id
      if row.identifier.isEmpty || !seen.insert(row.identifier).inserted {
        error(
          "\(table)[\(index)].identifier",
          "identifier '\(row.identifier)' is empty or repeated"
        )
      }
    }
  }

  mutating func languages(_ names: LocalizedNames, known: Set<String>, at location: String) {
    for key in names.keys.sorted() where !known.contains(key) {
      error(location, "unknown language '\(key)'")
    }
  }

  /// Text with no `$effect_chance` and no `[label]{kind:id}` link left in it.
  mutating func plainText(_ text: String?, at location: String) {
    guard let text else { return }
    if text.contains(ProseText.effectChancePlaceholder) {
      error(location, "the text still holds $effect_chance")
    }
    if !ProseText.linkKinds(in: text).isEmpty {
      error(location, "the text still holds a [label]{kind:id} link")
    }
  }
}
