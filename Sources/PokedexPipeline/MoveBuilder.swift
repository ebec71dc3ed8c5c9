import Foundation
import PokedexKit

/// Builds a ``MoveDex`` from PokeAPI's CSV tables: every move (937, shadow moves included)
/// with its names, numbers, flags, English effect text and machines; given Pokémon
/// Showdown's tables too, with their flags and text where PokeAPI has none
/// (``ShowdownMoveSupplement``).
///
/// It reads `moves.csv`, `move_names.csv`, `move_effect_prose.csv`, `move_flag_map.csv`,
/// `move_flags.csv`, `move_targets.csv`, `move_damage_classes.csv`, `machines.csv`,
/// `items.csv`, `version_groups.csv`, `generations.csv`, `types.csv` and `languages.csv`,
/// checks every id one table refers to, and resolves the effect text with ``ProseText``,
/// the effect chance written in (``ProseText/fillingChance(_:chance:)``). A status move has
/// no power, though PokeAPI writes 0 for the newest ones. See `Guides/DataFormat.md`
/// ("moves.json") for how each field is derived.
///
/// ```swift
/// let moves = try MoveBuilder().build(fromDirectory: URL(fileURLWithPath: "../shared/pokeapi-csv"))
/// let thunderbolt = moves.moves.first { $0.identifier == "thunderbolt" }
/// thunderbolt?.power                       // 90
/// thunderbolt?.machines.last?.label        // "TM126"
/// ```
///
/// A bad reference fails with where it is:
///
/// ```swift
/// // moves.csv:87:15: column 'type_id' refers to '99', which is not in types.csv
/// ```
///
/// - Complexity: O(*n* log *n*) in the total size of the tables (machines are sorted per move).
public struct MoveBuilder: Sendable {
  /// Creates a builder.
  public init() {}

  /// Reads the tables in `directory` and builds the moves, sorted by id.
  ///
  /// - Parameter directory: A folder holding PokeAPI's CSV files.
  /// - Throws: ``DataPipelineError`` naming the table, line, column and what was expected
  ///   when a table is missing or malformed or refers to an unknown id.
  public func build(fromDirectory directory: URL) throws(DataPipelineError) -> MoveDex {
    var context = try BuildContext(directory: directory)
    return try build(in: &context).moves
  }

  /// Builds the moves from the tables of `context`, which keeps them for the next builder,
  /// and from Showdown's `showdown` tables if given, with what Showdown has that maps to no
  /// PokeAPI move (warnings naming each entry).
  func build(
    in context: inout BuildContext,
    showdown: ShowdownTables? = nil
  ) throws(DataPipelineError) -> (moves: MoveDex, report: [DexDiagnostic]) {
    let versionGroups = try context.versionGroups()
    let supplement = try showdown.map { tables throws(DataPipelineError) in
      ShowdownMoveSupplement(
        tables: tables,
        moveIdentifiers: Array(try context.identifiers("moves.csv").values),
        flagOrder: try context.identifiers("move_flags.csv").sorted { $0.key < $1.key }.map(\.value)
      )
    }
    let moves = try context.moves(versionGroups: versionGroups, supplement: supplement)
    let dex = MoveDex(
      source: context.dataSource(),
      showdownSource: showdown?.source(
        derivedFrom: "Move flags, effect text and aliases derived from Pokémon Showdown's "
          + "data/moves.ts, data/text/moves.ts and data/aliases.ts"
      ),
      versionGroups: versionGroups,
      moves: moves
    )
    return (dex, supplement?.diagnostics ?? [])
  }
}

/// The columns of `moves.csv` the build reads.
struct MoveColumns {
  let id, identifier, generation, type, power, pp, accuracy, priority, target: Int
  let damageClass, effect, effectChance: Int

  init(_ table: CSVTable) throws(DataPipelineError) {
    id = try table.column(named: "id")
    identifier = try table.column(named: "identifier")
    generation = try table.column(named: "generation_id")
    type = try table.column(named: "type_id")
    power = try table.column(named: "power")
    pp = try table.column(named: "pp")
    accuracy = try table.column(named: "accuracy")
    priority = try table.column(named: "priority")
    target = try table.column(named: "target_id")
    damageClass = try table.column(named: "damage_class_id")
    effect = try table.column(named: "effect_id")
    effectChance = try table.column(named: "effect_chance")
  }
}

/// The English effect text of one `move_effect_prose.csv` (or `ability_prose.csv`) row.
struct EffectProse {
  var shortEffect: String?
  var effect: String?

  /// Both texts with their placeholders and links resolved.
  func resolved(
    effectChance: Int?,
    _ prose: ProseText
  ) throws(ProseText.Failure) -> EffectProse {
    var result = EffectProse()
    if let shortEffect {
      result.shortEffect = try prose.resolve(shortEffect, effectChance: effectChance)
    }
    if let effect { result.effect = try prose.resolve(effect, effectChance: effectChance) }
    return result
  }

  /// Takes Showdown's text for each part this has none of (``ShowdownText/shortEffect`` and
  /// ``ShowdownText/effect``), naming the part taken in `fields`.
  mutating func takeMissing(from text: ShowdownText, into fields: inout ShowdownFields) {
    if shortEffect == nil, let short = text.shortEffect {
      shortEffect = short
      fields.taken.append("shortEffect")
    }
    if effect == nil, let full = text.effect {
      effect = full
      fields.taken.append("effect")
    }
  }

  /// Both texts with `chance` written where they say only "a chance"
  /// (``ProseText/fillingChance(_:chance:)``); unchanged without one.
  func fillingChance(_ chance: Int?) -> EffectProse {
    guard let chance else { return self }
    return EffectProse(
      shortEffect: shortEffect.map { ProseText.fillingChance($0, chance: chance) },
      effect: effect.map { ProseText.fillingChance($0, chance: chance) }
    )
  }

  /// The link kinds both texts use.
  var linkKinds: Set<String> {
    var kinds: Set<String> = []
    for part in [shortEffect, effect] {
      if let part { kinds.formUnion(ProseText.linkKinds(in: part)) }
    }
    return kinds
  }
}

/// What each move row is joined with.
struct MoveTables {
  var generations: [Int: String]
  var types: [Int: String]
  var targets: [Int: String]
  var damageClasses: [Int: String]
  var names: [Int: LocalizedNames]
  var flags: [Int: [String]]
  var prose: [Int: EffectProse]
  var machines: [Int: [Machine]]
  var proseText: ProseText
}

extension BuildContext {
  /// Every version group, sorted by id.
  mutating func versionGroups() throws(DataPipelineError) -> [VersionGroup] {
    let generations = try identifiers("generations.csv")
    let table = try self.table("version_groups.csv")
    let (id, identifier, generation, order) = (
      try table.column(named: "id"), try table.column(named: "identifier"),
      try table.column(named: "generation_id"), try table.column(named: "order")
    )
    var result: [VersionGroup] = []
    for row in 0..<table.rowCount {
      let generationId = try table.int(row: row, column: generation)
      guard generations[generationId] != nil else {
        throw table.unknownReference(row: row, column: generation, table: "generations.csv")
      }
      result.append(
        VersionGroup(
          id: try table.int(row: row, column: id),
          identifier: table[row, identifier],
          generation: generationId,
          order: try table.int(row: row, column: order)
        )
      )
    }
    return result.sorted { $0.id < $1.id }
  }

  /// Every move of `moves.csv`, sorted by id, each with Showdown's fields when `supplement`
  /// is given.
  mutating func moves(
    versionGroups: [VersionGroup],
    supplement: ShowdownMoveSupplement? = nil
  ) throws(DataPipelineError) -> [Move] {
    let table = try self.table("moves.csv")
    let columns = try MoveColumns(table)
    let ids = try identifiers("moves.csv")
    let joined = try moveTables(moveIds: ids, versionGroups: versionGroups)
    var result: [Move] = []
    result.reserveCapacity(table.rowCount)
    for row in 0..<table.rowCount {
      let move = try move(table, row: row, columns: columns, joined: joined)
      guard let supplement else {
        result.append(move)
        continue
      }
      let effect = try table.optionalInt(row: row, column: columns.effect)
      result.append(
        supplement.supplement(
          move,
          hasGenericEffect: effect == ShowdownMoveSupplement.genericEffectId
        )
      )
    }
    return result.sorted { $0.id < $1.id }
  }

  /// Reads the tables each move row is joined with.
  mutating func moveTables(
    moveIds: [Int: String],
    versionGroups: [VersionGroup]
  ) throws(DataPipelineError) -> MoveTables {
    let prose = try effectProse()
    let kinds = prose.values.reduce(into: Set<String>()) { $0.formUnion($1.linkKinds) }
    return MoveTables(
      generations: try identifiers("generations.csv"),
      types: try identifiers("types.csv"),
      targets: try identifiers("move_targets.csv"),
      damageClasses: try identifiers("move_damage_classes.csv"),
      names: try names(
        "move_names.csv",
        owner: "move_id",
        owners: moveIds,
        ownerTable: "moves.csv"
      ),
      flags: try moveFlags(moveIds: moveIds),
      prose: prose,
      machines: try machines(moveIds: moveIds, versionGroups: versionGroups),
      proseText: ProseText(names: try linkNames(kinds: kinds))
    )
  }

  /// One row of `moves.csv` as a ``Move``.
  func move(
    _ table: CSVTable,
    row: Int,
    columns c: MoveColumns,
    joined: MoveTables
  ) throws(DataPipelineError) -> Move {
    let id = try table.int(row: row, column: c.id)
    let generation = try table.int(row: row, column: c.generation)
    guard joined.generations[generation] != nil else {
      throw table.unknownReference(row: row, column: c.generation, table: "generations.csv")
    }
    let type = try lookup(joined.types, table, row: row, column: c.type, in: "types.csv")
    let target = try lookup(
      joined.targets,
      table,
      row: row,
      column: c.target,
      in: "move_targets.csv"
    )
    let damageClass = try lookup(
      joined.damageClasses,
      table,
      row: row,
      column: c.damageClass,
      in: "move_damage_classes.csv"
    )
    let effectChance = try table.optionalInt(row: row, column: c.effectChance)
    var prose = EffectProse()
    if let effect = try table.optionalInt(row: row, column: c.effect),
      let text = joined.prose[effect]
    {
      do {
        prose = try text.resolved(effectChance: effectChance, joined.proseText)
          .fillingChance(effectChance)
      } catch {
        throw table.invalid(
          row: row,
          column: c.effectChance,
          expected: "an effect chance (the text of effect \(effect) uses $effect_chance)"
        )
      }
    }
    let power = try table.optionalInt(row: row, column: c.power)
    return Move(
      id: id,
      identifier: table[row, c.identifier],
      names: joined.names[id] ?? [:],
      generation: generation,
      type: type,
      damageClass: damageClass,
      // PokeAPI writes 0 for 16 of the newest status moves; a status move has no power.
      power: damageClass == "status" ? nil : power,
      accuracy: try table.optionalInt(row: row, column: c.accuracy),
      pp: try table.optionalInt(row: row, column: c.pp),
      priority: try table.int(row: row, column: c.priority),
      target: target,
      flags: joined.flags[id] ?? [],
      effectChance: effectChance,
      shortEffect: prose.shortEffect,
      effect: prose.effect,
      machines: joined.machines[id] ?? []
    )
  }

  /// The English rows of `move_effect_prose.csv`: effect id to its text.
  mutating func effectProse() throws(DataPipelineError) -> [Int: EffectProse] {
    let table = try proseTable("move_effect_prose.csv")
    let (effect, language, short, long) = (
      try table.column(named: "move_effect_id"), try table.column(named: "local_language_id"),
      try table.column(named: "short_effect"), try table.column(named: "effect")
    )
    var result: [Int: EffectProse] = [:]
    for row in 0..<table.rowCount
    where try table.int(row: row, column: language) == englishLanguageId {
      result[try table.int(row: row, column: effect)] = EffectProse(
        shortEffect: table.optionalString(row: row, column: short),
        effect: table.optionalString(row: row, column: long)
      )
    }
    return result
  }

  /// Each move's flags, in the order of `move_flags.csv`'s ids.
  mutating func moveFlags(moveIds: [Int: String]) throws(DataPipelineError) -> [Int: [String]] {
    let flags = try identifiers("move_flags.csv")
    let table = try self.table("move_flag_map.csv")
    let (move, flag) = (try table.column(named: "move_id"), try table.column(named: "move_flag_id"))
    var ids: [Int: Set<Int>] = [:]
    for row in 0..<table.rowCount {
      let moveId = try table.int(row: row, column: move)
      guard moveIds[moveId] != nil else {
        throw table.unknownReference(row: row, column: move, table: "moves.csv")
      }
      let flagId = try table.int(row: row, column: flag)
      guard flags[flagId] != nil else {
        throw table.unknownReference(row: row, column: flag, table: "move_flags.csv")
      }
      ids[moveId, default: []].insert(flagId)
    }
    return ids.mapValues { $0.sorted().compactMap { flags[$0] } }
  }

  /// Each move's machines, sorted by their version group's `order`, then by item.
  mutating func machines(
    moveIds: [Int: String],
    versionGroups: [VersionGroup]
  ) throws(DataPipelineError) -> [Int: [Machine]] {
    let items = try identifiers("items.csv")
    let groups = Dictionary(
      versionGroups.map { ($0.id, $0) },
      uniquingKeysWith: { first, _ in first }
    )
    let table = try self.table("machines.csv")
    let (group, item, move) = (
      try table.column(named: "version_group_id"), try table.column(named: "item_id"),
      try table.column(named: "move_id")
    )
    var found: [Int: Set<Machine>] = [:]
    var order: [String: Int] = [:]
    for row in 0..<table.rowCount {
      let versionGroup = try lookup(
        groups,
        table,
        row: row,
        column: group,
        in: "version_groups.csv"
      )
      let itemIdentifier = try lookup(items, table, row: row, column: item, in: "items.csv")
      let moveId = try table.int(row: row, column: move)
      guard moveIds[moveId] != nil else {
        throw table.unknownReference(row: row, column: move, table: "moves.csv")
      }
      order[versionGroup.identifier] = versionGroup.order
      found[moveId, default: []].insert(
        Machine(versionGroup: versionGroup.identifier, item: itemIdentifier)
      )
    }
    return found.mapValues { machines in
      machines.sorted {
        (order[$0.versionGroup] ?? 0, $0.versionGroup, $0.item)
          < (order[$1.versionGroup] ?? 0, $1.versionGroup, $1.item)
      }
    }
  }
}
