import JSONCore
import PokedexKit

/// Checks the files beside `pokemons.json` (moves, abilities' text, natures, items) against
/// the dex they belong to, and returns what it finds instead of printing it.
///
/// The checks, all errors:
/// - `moves.json`: the schema version; every number within the loader's bounds; version
///   groups and moves sorted by unique id with unique identifiers; each version group's
///   generation, each move's generation, type and name languages exist in the dex; the
///   damage class is `physical`, `special` or `status`; a status move has no power; a
///   target; no flag or alias twice; older texts of known generations, newest first, each
///   once; each machine's version group exists; no effect text still holds `$effect_chance`
///   or a `[label]{kind:id}` link; `fromShowdown` names fields Showdown may give, each once.
/// - `abilities.json`: sorted by unique id; each ability is one of the dex's, with the
///   same id; the flavor text's version group exists; no alias twice; no markup left in the
///   text; `fromShowdown` names only the effects.
/// - `items.json`: see the `validate(_:moves:)` that takes an ``ItemDex``.
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
  let pokemon: Set<String>

  /// Creates a validator that checks references against `dex`.
  public init(dex: Pokedex) {
    types = Set(dex.types.map(\.identifier))
    generations = Set(dex.generations.map(\.id))
    languages = Set(dex.languages.map(\.identifier))
    abilities = Dictionary(
      dex.abilities.map { ($0.identifier, $0.id) },
      uniquingKeysWith: { first, _ in first }
    )
    pokemon = Set(dex.pokemon.map(\.slug))
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
      check.unique(ability.aliases, at: "\(at).aliases", what: "an alias")
      check.showdownFields(ability.fromShowdown, allowed: ["shortEffect", "effect"], at: at)
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
    if move.damageClass == "status", let power = move.power {
      check.error("\(at).power", "power \(power) for a status move, which has none")
    }
    check.unique(move.flags, at: "\(at).flags", what: "a flag")
    check.unique(move.aliases, at: "\(at).aliases", what: "an alias")
    let olderGenerations = move.olderEffects.map(\.generation)
    for (index, generation) in olderGenerations.enumerated() where !generations.contains(generation)
    {
      check.error("\(at).olderEffects[\(index)].generation", "unknown generation \(generation)")
    }
    if olderGenerations != Array(Set(olderGenerations)).sorted(by: >) {
      check.error("\(at).olderEffects", "expected one text per generation, newest first")
    }
    for (index, older) in move.olderEffects.enumerated() {
      check.plainText(older.shortEffect, at: "\(at).olderEffects[\(index)].shortEffect")
      check.plainText(older.effect, at: "\(at).olderEffects[\(index)].effect")
    }
    check.showdownFields(move.fromShowdown, allowed: Self.moveFieldsFromShowdown, at: at)
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

extension DataFileValidator {
  /// The fields of a move Showdown may give, in the move's key order.
  static let moveFieldsFromShowdown = [
    "power", "accuracy", "flags", "effectChance", "shortEffect", "effect",
  ]
  /// The fields of an item Showdown may give where PokeAPI has the item.
  static let itemFieldsFromShowdown = ["names", "flingPower", "shortEffect", "effect"]

  /// Every problem in `items`, in file order; `moves` gives the Z-Moves' moves (none checked
  /// if `nil`).
  ///
  /// The checks, all errors: the schema version; every number within the loader's bounds;
  /// items sorted by number, then identifier; identifiers, Showdown ids and PokeAPI ids
  /// unique; a name, in the dex's languages; a known generation; the users, Mega
  /// Evolutions' Pokémon and types the dex's; a Z-Crystal has a type or a move, not both,
  /// and its moves are `moves`'; no markup left in the text; `fromShowdown` names only
  /// names, Fling power and text, and only for an item PokeAPI has.
  ///
  /// ```swift
  /// DataFileValidator(dex: dex).validate(items, moves: moves)
  /// // [error: items.json:items[3].users[0]: unknown Pokémon 'pikachu-rock-star']
  /// ```
  ///
  /// - Complexity: O(*n*) in the size of the file.
  public func validate(_ items: ItemDex, moves: MoveDex?) -> [DexDiagnostic] {
    var check = FileCheck(file: ItemDex.resourceName)
    check.header(items.schemaVersion, ItemDex.currentSchemaVersion, items.firstNumberOutOfBounds)
    let moveIdentifiers = moves.map { Set($0.moves.map(\.identifier)) }
    var seen: (identifiers: Set<String>, showdownIDs: Set<String>, ids: Set<Int>) = ([], [], [])
    var previous: (number: Int, identifier: String)?
    for (index, item) in items.items.enumerated() {
      let at = "items[\(index)]"
      if let previous, (item.number, item.identifier) <= previous {
        check.error(
          "\(at).number",
          "item \(item.number) '\(item.identifier)' after \(previous.number) '\(previous.identifier)'; "
            + "expected items sorted by number, then identifier, each once"
        )
      }
      previous = (item.number, item.identifier)
      if item.identifier.isEmpty || !seen.identifiers.insert(item.identifier).inserted {
        check.error("\(at).identifier", "identifier '\(item.identifier)' is empty or repeated")
      }
      if item.showdownID.isEmpty || !seen.showdownIDs.insert(item.showdownID).inserted {
        check.error("\(at).showdownID", "Showdown id '\(item.showdownID)' is empty or repeated")
      }
      if let id = item.id, !seen.ids.insert(id).inserted {
        check.error("\(at).id", "id \(id) is repeated")
      }
      if item.names.isEmpty { check.error("\(at).names", "no name") }
      check.languages(item.names, known: languages, at: "\(at).names")
      check.unique(item.aliases, at: "\(at).aliases", what: "an alias")
      if !generations.contains(item.generation) {
        check.error("\(at).generation", "unknown generation \(item.generation)")
      }
      for (position, user) in item.users.enumerated() where !pokemon.contains(user) {
        check.error("\(at).users[\(position)]", "unknown Pokémon '\(user)'")
      }
      for (position, mega) in item.megaEvolutions.enumerated() {
        for (key, slug) in [("pokemon", mega.pokemon), ("mega", mega.mega)]
        where !pokemon.contains(slug) {
          check.error("\(at).megaEvolutions[\(position)].\(key)", "unknown Pokémon '\(slug)'")
        }
      }
      if let type = item.type, !types.contains(type) {
        check.error("\(at).type", "unknown type '\(type)'")
      }
      if let crystal = item.zCrystal {
        zCrystal(crystal, at: "\(at).zCrystal", moves: moveIdentifiers, into: &check)
      }
      check.plainText(item.shortEffect, at: "\(at).shortEffect")
      check.plainText(item.effect, at: "\(at).effect")
      check.showdownFields(item.fromShowdown, allowed: Self.itemFieldsFromShowdown, at: at)
      if item.id == nil, item.fromShowdown != nil {
        check.error(
          "\(at).fromShowdown",
          "an item PokeAPI does not have takes everything from Showdown"
        )
      }
    }
    return check.diagnostics
  }

  private func zCrystal(
    _ crystal: ZCrystal,
    at: String,
    moves: Set<String>?,
    into check: inout FileCheck
  ) {
    if (crystal.type == nil) == (crystal.move == nil) {
      check.error(at, "a Z-Crystal upgrades a type's moves or one move, not both or neither")
    }
    if let type = crystal.type, !types.contains(type) {
      check.error("\(at).type", "unknown type '\(type)'")
    }
    guard let moves else { return }
    for (key, move) in [("move", crystal.move), ("baseMove", crystal.baseMove)] {
      if let move, !moves.contains(move) { check.error("\(at).\(key)", "unknown move '\(move)'") }
    }
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

  /// No value of `values` twice.
  mutating func unique(_ values: [String], at location: String, what: String) {
    if Set(values).count != values.count { error(location, "\(what) is listed twice") }
  }

  /// The fields `fields` says came from Showdown are among `allowed`, each once, in
  /// `allowed`'s order, and a field is taken or overridden, not both.
  mutating func showdownFields(_ fields: ShowdownFields?, allowed: [String], at location: String) {
    guard let fields else { return }
    let at = "\(location).fromShowdown"
    if fields.isEmpty { error(at, "no field; the key is left out when none came from Showdown") }
    for (key, list) in [("taken", fields.taken), ("overridden", fields.overridden)] {
      for field in list where !allowed.contains(field) {
        error(
          "\(at).\(key)",
          "'\(field)' is no field Showdown gives; expected \(allowed.joined(separator: ", "))"
        )
      }
      if list != allowed.filter(list.contains) {
        error("\(at).\(key)", "expected each field once, in the record's key order")
      }
    }
    if !Set(fields.taken).isDisjoint(with: fields.overridden) {
      error(at, "a field is both taken and overridden")
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
