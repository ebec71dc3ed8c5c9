import PokedexKit

/// What Pokémon Showdown's `abilities.json`, `abilities-text.json` and `aliases.json` add to
/// the text of PokeAPI's abilities: Showdown's text where PokeAPI has none, and aliases.
///
/// Showdown's entries are placed on the dex's abilities by id:
/// 1. an entry whose id is an ability's (`asoneglastrier` is `as-one-glastrier`) describes it;
/// 2. a variant named `Ability (Forme)` whose ability is the dex's (`Embody Aspect (Teal)`,
///    which PokeAPI keeps as one `embody-aspect`) is an alias of that ability;
/// 3. any other entry (`No Ability`, the Create-A-Pokémon abilities) is a warning naming it,
///    as is a text entry for no ability.
///
/// ```swift
/// let supplement = ShowdownAbilitySupplement(tables: tables, abilities: dex.abilities)
/// supplement.aliases["intimidate"]   // ["intim"]
/// supplement.text(of: "levitate")?.shortEffect
/// // "This Pokemon is immune to Ground; Gravity/Ingrain/Smack Down/Iron Ball nullify it."
/// ```
///
/// - Complexity: O(*n*) in the number of entries and aliases.
struct ShowdownAbilitySupplement {
  /// Each ability's aliases, by identifier.
  private(set) var aliases: [String: [String]] = [:]
  /// Showdown's text of each ability, by identifier.
  private var texts: [String: ShowdownText] = [:]
  /// The entries that describe no ability of the dex, and text entries for no ability.
  private(set) var diagnostics: [DexDiagnostic] = []

  init(tables: ShowdownTables, abilities: [Ability]) {
    var byId: [String: String] = [:]
    for ability in abilities {
      let id = ShowdownID.id(ability.identifier)
      if byId[id] == nil { byId[id] = ability.identifier }
    }
    let showdownAliases = ShowdownAliases(tables.aliases)
    for entry in tables.abilities {
      if let identifier = byId[entry.id] {
        if texts[identifier] == nil, let text = tables.abilityTexts[entry.id] {
          texts[identifier] = text
        }
        aliases[identifier, default: []] += showdownAliases.aliases(of: entry.id)
      } else if let open = entry.entry.name.range(of: " ("),
        let identifier = byId[ShowdownID.id(entry.entry.name[..<open.lowerBound])]
      {
        aliases[identifier, default: []] += [entry.id] + showdownAliases.aliases(of: entry.id)
      } else {
        let kind = entry.entry.isNonstandard == "CAP" ? " (a Create-A-Pokémon ability)" : ""
        diagnostics.append(
          DexDiagnostic(
            severity: .warning,
            message: "'\(entry.entry.name)'\(kind) matches no PokeAPI ability; left out"
              + showdownAliases.note(for: entry.id),
            location: "abilities.json:\(entry.id)"
          )
        )
      }
    }
    diagnostics += ShowdownTables.textsWithoutEntries(
      tables.abilityTexts,
      tables.abilities,
      textFile: "abilities-text.json",
      dataFile: "abilities.json",
      noun: "an ability"
    )
  }

  /// Showdown's text of the ability `identifier`, if it has any.
  func text(of identifier: String) -> ShowdownText? { texts[identifier] }
}
