import Foundation
import PokedexKit

/// Builds the ``AbilityDex``: what each ability of a dex does, in English, from PokeAPI's
/// `ability_prose.csv` and `ability_flavor_text.csv`, and, given Pokémon Showdown's tables,
/// Showdown's text where PokeAPI has none and Showdown's aliases
/// (``ShowdownAbilitySupplement``).
///
/// For every ability of ``Pokedex/abilities`` that has any text or alias: the short and the
/// full effect (links resolved as ``ProseText`` does; Showdown's `shortDesc` and `desc`
/// where PokeAPI has no text, recorded in ``AbilityText/fromShowdown``) and the English
/// description of the newest games that have one (the version group with the highest
/// `order`), on one line (``ProseText/singleLine(_:)``), with that version group's
/// identifier.
///
/// ```swift
/// let source = URL(fileURLWithPath: "../shared/pokeapi-csv")
/// let dex = try DexBuilder().build(fromDirectory: source)
/// let texts = try AbilityTextBuilder().build(fromDirectory: source, abilities: dex.abilities)
/// texts.abilities.first { $0.identifier == "levitate" }?.flavorTextVersionGroup
/// // "scarlet-violet"
/// ```
///
/// - Complexity: O(*n*) in the size of the tables.
public struct AbilityTextBuilder: Sendable {
  /// Creates a builder.
  public init() {}

  /// Reads the tables in `directory` and builds the text of `abilities`, sorted by id.
  ///
  /// - Parameters:
  ///   - directory: A folder holding PokeAPI's CSV files.
  ///   - abilities: The abilities to describe, usually ``Pokedex/abilities``.
  /// - Throws: ``DataPipelineError`` naming the table, line, column and what was expected
  ///   when a table is missing or malformed or refers to an unknown ability or version group.
  public func build(
    fromDirectory directory: URL,
    abilities: [Ability]
  ) throws(DataPipelineError) -> AbilityDex {
    var context = try BuildContext(directory: directory)
    return try build(in: &context, abilities: abilities).abilities
  }

  /// Builds the text from the tables of `context`, which keeps them for the next builder,
  /// and from Showdown's `showdown` tables if given, with what Showdown has that maps to no
  /// ability of the dex (warnings naming each entry).
  func build(
    in context: inout BuildContext,
    abilities: [Ability],
    showdown: ShowdownTables? = nil
  ) throws(DataPipelineError) -> (abilities: AbilityDex, report: [DexDiagnostic]) {
    let supplement = showdown.map { ShowdownAbilitySupplement(tables: $0, abilities: abilities) }
    let dex = AbilityDex(
      source: context.dataSource(),
      showdownSource: showdown?.source(
        derivedFrom: "Ability text and aliases derived from Pokémon Showdown's "
          + "data/abilities.ts, data/text/abilities.ts and data/aliases.ts"
      ),
      abilities: try context.abilityTexts(abilities, supplement: supplement)
    )
    return (dex, supplement?.diagnostics ?? [])
  }
}

extension BuildContext {
  /// The text of each ability in `abilities` that has any text or alias, sorted by id, with
  /// Showdown's where PokeAPI has none when `supplement` is given.
  mutating func abilityTexts(
    _ abilities: [Ability],
    supplement: ShowdownAbilitySupplement? = nil
  ) throws(DataPipelineError) -> [AbilityText] {
    let ids = try identifiers("abilities.csv")
    let prose = try abilityProse(abilityIds: ids)
    let kinds = prose.values.reduce(into: Set<String>()) { $0.formUnion($1.linkKinds) }
    let resolver = ProseText(names: try linkNames(kinds: kinds))
    let flavor = try latestFlavorTexts(abilityIds: ids)
    var result: [AbilityText] = []
    for ability in abilities.sorted(by: { $0.id < $1.id }) {
      var text = prose[ability.id] ?? EffectProse()
      do {
        text = try text.resolved(effectChance: nil, resolver)
      } catch {
        throw .missingData(
          file: "ability_prose.csv",
          message:
            "the text of ability \(ability.id) '\(ability.identifier)' uses $effect_chance, which abilities do not have"
        )
      }
      var fields = ShowdownFields()
      if let showdown = supplement?.text(of: ability.identifier) {
        text.takeMissing(from: showdown, into: &fields)
      }
      let aliases = supplement?.aliases[ability.identifier] ?? []
      let latest = flavor[ability.id]
      guard text.shortEffect != nil || text.effect != nil || latest != nil || !aliases.isEmpty
      else { continue }
      result.append(
        AbilityText(
          id: ability.id,
          identifier: ability.identifier,
          aliases: aliases,
          shortEffect: text.shortEffect,
          effect: text.effect,
          flavorText: latest?.text,
          flavorTextVersionGroup: latest?.versionGroup,
          fromShowdown: fields.isEmpty ? nil : fields
        )
      )
    }
    return result
  }

  /// The English rows of `ability_prose.csv`: ability id to its effects.
  mutating func abilityProse(abilityIds: [Int: String]) throws(DataPipelineError) -> [Int:
    EffectProse]
  {
    let table = try proseTable("ability_prose.csv")
    let (ability, language, short, long) = (
      try table.column(named: "ability_id"), try table.column(named: "local_language_id"),
      try table.column(named: "short_effect"), try table.column(named: "effect")
    )
    var result: [Int: EffectProse] = [:]
    for row in 0..<table.rowCount {
      let abilityId = try table.int(row: row, column: ability)
      guard abilityIds[abilityId] != nil else {
        throw table.unknownReference(row: row, column: ability, table: "abilities.csv")
      }
      guard try table.int(row: row, column: language) == englishLanguageId else { continue }
      result[abilityId] = EffectProse(
        shortEffect: table.optionalString(row: row, column: short),
        effect: table.optionalString(row: row, column: long)
      )
    }
    return result
  }

  /// Each ability's English flavor text from the version group with the highest `order`,
  /// on one line.
  mutating func latestFlavorTexts(
    abilityIds: [Int: String]
  ) throws(DataPipelineError) -> [Int: (text: String, versionGroup: String)] {
    let groups = try versionGroups()
    let byId = Dictionary(groups.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let table = try proseTable("ability_flavor_text.csv")
    let (ability, group, language, text) = (
      try table.column(named: "ability_id"), try table.column(named: "version_group_id"),
      try table.column(named: "language_id"), try table.column(named: "flavor_text")
    )
    var latest: [Int: (order: Int, row: Int, group: String)] = [:]
    for row in 0..<table.rowCount {
      let abilityId = try table.int(row: row, column: ability)
      guard abilityIds[abilityId] != nil else {
        throw table.unknownReference(row: row, column: ability, table: "abilities.csv")
      }
      let versionGroup = try lookup(byId, table, row: row, column: group, in: "version_groups.csv")
      guard try table.int(row: row, column: language) == englishLanguageId,
        !table.isEmpty(row: row, column: text)
      else { continue }
      if let current = latest[abilityId], current.order >= versionGroup.order { continue }
      latest[abilityId] = (versionGroup.order, row, versionGroup.identifier)
    }
    return latest.mapValues { (ProseText.singleLine(table[$0.row, text]), $0.group) }
  }
}
