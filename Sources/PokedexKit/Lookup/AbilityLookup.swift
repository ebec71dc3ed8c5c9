/// Abilities found by any name: identifier, alias or name in any language, with "did you
/// mean" for a miss, and each ability's text.
///
/// The abilities and their names are the dex's (``Pokedex/abilities``); aliases and text come
/// from `abilities.json` (``AbilityDex``), whose aliases are Showdown's (`intim` for
/// Intimidate, `embodyaspectteal` for Embody Aspect).
///
/// ```swift
/// let lookup = AbilityLookup(dex: dex, texts: try PokedexLoader.load(AbilityDex.self))
/// lookup.ability(named: "intim")?.identifier          // "intimidate"
/// lookup.ability(named: "Schwebe")?.identifier        // "levitate"
/// lookup.ability(named: "levitat")                    // nil
/// lookup.suggestion(for: "levitat")?.identifier       // "levitate"
/// ```
///
/// - Complexity: Building is O(*a*) in the number of abilities; a lookup is as
///   ``NameIndex``'s.
public struct AbilityLookup: Sendable {
  /// The abilities, in the dex's order.
  public let abilities: [Ability]
  private let texts: [String: AbilityText]
  private let index: NameIndex

  /// Indexes the abilities of `dex`, with the aliases and text of `texts` (none if `nil`).
  public init(dex: Pokedex, texts: AbilityDex?) {
    abilities = dex.abilities
    var byIdentifier: [String: AbilityText] = [:]
    for text in texts?.abilities ?? [] where byIdentifier[text.identifier] == nil {
      byIdentifier[text.identifier] = text
    }
    self.texts = byIdentifier
    index = NameIndex(
      identifiers: dex.abilities.map(\.identifier),
      aliases: dex.abilities.map { byIdentifier[$0.identifier]?.aliases ?? [] },
      names: dex.abilities.map(\.names)
    )
  }

  /// The ability `name` names (see ``NameIndex`` for the order), or `nil`.
  public func ability(named name: String) -> Ability? {
    index.row(named: name).map { abilities[$0] }
  }

  /// The ability whose English name or identifier is closest to `name`, for "did you mean".
  public func suggestion(for name: String) -> Ability? {
    index.suggestedRow(for: name).map { abilities[$0] }
  }

  /// The text of `ability`, if `abilities.json` has any.
  public func text(of ability: Ability) -> AbilityText? {
    texts[ability.identifier]
  }
}
