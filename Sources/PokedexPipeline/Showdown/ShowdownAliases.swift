import PokedexKit

/// Showdown's `aliases.json` grouped by what each alias names: an alias id (`tbolt`) maps to a
/// Showdown name (`Thunderbolt`), whose id (`thunderbolt`) is the key here.
///
/// Format aliases (`ou` → `[Gen 9] OU`, every target that starts with `[`) are left out:
/// they name no entry of a table.
///
/// ```swift
/// let aliases = ShowdownAliases(tables.aliases)
/// aliases.aliases(of: "thunderbolt")  // ["tbolt"]
/// ```
struct ShowdownAliases {
  /// Alias ids by the Showdown id of what they name, each list in the file's order.
  private(set) var byTarget: [String: [String]] = [:]
  /// Each target id's name as the file writes it, for messages.
  private(set) var targetNames: [String: String] = [:]

  init(_ entries: [ShowdownTables.Entry<String>]) {
    for entry in entries where !entry.entry.hasPrefix("[") {
      let target = ShowdownID.id(entry.entry)
      byTarget[target, default: []].append(entry.id)
      if targetNames[target] == nil { targetNames[target] = entry.entry }
    }
  }

  /// The aliases of the entry `id`, in the file's order.
  func aliases(of id: String) -> [String] { byTarget[id] ?? [] }

  /// `, with its aliases a, b` for a warning about the entry `id`, or nothing without any.
  func note(for id: String) -> String {
    let aliases = aliases(of: id)
    return aliases.isEmpty ? "" : ", with its aliases \(aliases.joined(separator: ", "))"
  }

  /// A warning for each alias whose target is in none of `tables`' species, moves,
  /// abilities and items, in the file's order of targets.
  func unresolved(in tables: ShowdownTables) -> [DexDiagnostic] {
    var known = Set(tables.species.map(\.id))
    known.formUnion(tables.moves.map(\.id))
    known.formUnion(tables.abilities.map(\.id))
    known.formUnion(tables.items.map(\.id))
    var diagnostics: [DexDiagnostic] = []
    for entry in tables.aliases where !entry.entry.hasPrefix("[") {
      guard !known.contains(ShowdownID.id(entry.entry)) else { continue }
      diagnostics.append(
        DexDiagnostic(
          severity: .warning,
          message:
            "alias of '\(entry.entry)', which is no Pokémon, move, ability or item of Showdown's tables; ignored",
          location: "aliases.json:\(entry.id)"
        )
      )
    }
    return diagnostics
  }
}
