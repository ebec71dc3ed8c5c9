import PokedexKit

/// What each source gave a data file: how many records came from PokeAPI, and which fields
/// Pokémon Showdown filled in (`taken`) or replaced (`overridden`) in how many records, as
/// each record's `fromShowdown` says; with what only Showdown gives (aliases, older
/// generations' text, items PokeAPI does not have), for `pokedex data check` to print.
///
/// ```swift
/// let report = SourceReport(moves: moves)
/// report.overridden  // [FieldCount(field: "power", count: 21), ...]
/// print(report)
/// // moves.json: 937 moves from PokeAPI bbef3d9; from Pokémon Showdown 9fcf262: took flags
/// // (189), ...; overrode power (21), ...; added aliases (156), olderEffects (312)
/// ```
public struct SourceReport: Hashable, Sendable, CustomStringConvertible {
  /// A field and the number of records it counts.
  public struct FieldCount: Hashable, Sendable {
    public var field: String
    public var count: Int

    public init(field: String, count: Int) {
      self.field = field
      self.count = count
    }
  }

  /// The file, `"moves.json"`.
  public var file: String
  /// What a record is, in the plural: `"moves"`.
  public var noun: String
  /// The records PokeAPI has (all of them, but for items Showdown alone has).
  public var fromPokeAPI: Int
  /// The records only Showdown has (items PokeAPI does not have), kept with its data alone.
  public var showdownOnly: Int
  /// PokeAPI's source, `"PokeAPI bbef3d9"`, and Showdown's, when the file names it.
  public var pokeAPISource: String
  public var showdownSource: String?
  /// Fields PokeAPI has no value for that Showdown filled, by how many records, in key order.
  public var taken: [FieldCount]
  /// Fields whose PokeAPI value Showdown's replaced, by how many records, in key order.
  public var overridden: [FieldCount]
  /// Fields only Showdown gives, by how many records have one (`aliases`, `olderEffects`).
  public var added: [FieldCount]

  /// What `moves` took from each source.
  ///
  /// - Complexity: O(*n*) in the number of moves.
  public init(moves: MoveDex) {
    self.init(
      file: MoveDex.resourceName,
      noun: "moves",
      records: moves.moves.map { (true, $0.fromShowdown) },
      sources: (moves.source, moves.showdownSource),
      fields: DataFileValidator.moveFieldsFromShowdown,
      added: [
        ("aliases", moves.moves.filter { !$0.aliases.isEmpty }.count),
        ("olderEffects", moves.moves.filter { !$0.olderEffects.isEmpty }.count),
      ]
    )
  }

  /// What `abilities` took from each source.
  ///
  /// - Complexity: O(*n*) in the number of abilities.
  public init(abilities: AbilityDex) {
    self.init(
      file: AbilityDex.resourceName,
      noun: "abilities",
      records: abilities.abilities.map { (true, $0.fromShowdown) },
      sources: (abilities.source, abilities.showdownSource),
      fields: ["shortEffect", "effect"],
      added: [("aliases", abilities.abilities.filter { !$0.aliases.isEmpty }.count)]
    )
  }

  /// What `items` took from each source.
  ///
  /// - Complexity: O(*n*) in the number of items.
  public init(items: ItemDex) {
    self.init(
      file: ItemDex.resourceName,
      noun: "items",
      records: items.items.map { ($0.id != nil, $0.fromShowdown) },
      sources: (items.source, items.showdownSource),
      fields: DataFileValidator.itemFieldsFromShowdown,
      added: [("aliases", items.items.filter { !$0.aliases.isEmpty }.count)]
    )
  }

  private init(
    file: String,
    noun: String,
    records: [(inPokeAPI: Bool, fields: ShowdownFields?)],
    sources: (pokeAPI: DataSource, showdown: DataSource?),
    fields: [String],
    added: [(String, Int)]
  ) {
    self.file = file
    self.noun = noun
    fromPokeAPI = records.filter(\.inPokeAPI).count
    showdownOnly = records.count - fromPokeAPI
    pokeAPISource = Self.name(sources.pokeAPI)
    showdownSource = sources.showdown.map(Self.name)
    let count = { (list: KeyPath<ShowdownFields, [String]>) in
      fields.compactMap { field -> FieldCount? in
        let count = records.filter { $0.fields?[keyPath: list].contains(field) ?? false }.count
        return count == 0 ? nil : FieldCount(field: field, count: count)
      }
    }
    taken = count(\.taken)
    overridden = count(\.overridden)
    self.added = added.filter { $0.1 > 0 }.map { FieldCount(field: $0.0, count: $0.1) }
  }

  /// `PokeAPI bbef3d9`.
  private static func name(_ source: DataSource) -> String {
    "\(source.name) \(source.commit.prefix(7))"
  }

  /// One line: `moves.json: 937 moves from PokeAPI bbef3d9; from Pokémon Showdown 9fcf262:
  /// took flags (189), ...; overrode power (22), ...; added aliases (156), ...`.
  public var description: String {
    var line = "\(file): \(fromPokeAPI) \(noun) from \(pokeAPISource)"
    guard let showdownSource else { return line }
    var parts: [String] = []
    if showdownOnly > 0 { parts.append("\(showdownOnly) of its own") }
    let list = { (counts: [FieldCount]) in
      counts.map { "\($0.field) (\($0.count))" }.joined(separator: ", ")
    }
    if !taken.isEmpty { parts.append("took \(list(taken))") }
    if !overridden.isEmpty { parts.append("overrode \(list(overridden))") }
    if !added.isEmpty { parts.append("added \(list(added))") }
    line +=
      "; from \(showdownSource): " + (parts.isEmpty ? "nothing" : parts.joined(separator: "; "))
    return line
  }
}
