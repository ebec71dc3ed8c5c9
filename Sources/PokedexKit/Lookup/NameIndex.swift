/// Records found by what a user types: an identifier, an alias, or a name in any language,
/// compared as ``NameNormalizer`` keys, with the closest English name for "did you mean".
///
/// The lookups of moves (``MoveLearners``), abilities (``AbilityLookup``) and items
/// (``ItemLookup``) share it. A text is tried, in order, as
/// 1. an identifier as it is (`thunderbolt`), then as a key (`Thunder-Bolt` is `thunderbolt`);
/// 2. an alias (Showdown's `tbolt`), as a key;
/// 3. a name in any language (`Donnerblitz`, `１０まんボルト`), as a key.
///
/// The first record of a step wins; an alias never hides an identifier.
///
/// ```swift
/// let index = NameIndex(identifiers: ["thunderbolt"], aliases: [["tbolt"]],
///                       names: [["en": "Thunderbolt", "de": "Donnerblitz"]])
/// index.row(named: "T-Bolt")        // 0
/// index.row(named: "donnerblitz")   // 0
/// index.suggestedRow(for: "thunderbolr")  // 0
/// ```
///
/// - Complexity: Building is O(*n*) in the identifiers and aliases. Steps 1 and 2 are
///   dictionary lookups; step 3 is O(*n* × languages).
package struct NameIndex: Sendable {
  /// Rows by identifier, as written.
  private var identifiers: [String: Int] = [:]
  /// Rows by the key of an identifier or of an alias (identifiers first).
  private var keys: [String: Int] = [:]
  /// Each record's names.
  private let names: [LocalizedNames]
  /// Each record's English name, or its identifier without one: the candidates of a
  /// suggestion.
  private let suggestionNames: [String]

  /// Indexes records given as parallel arrays: each record's identifier, aliases and names.
  package init(identifiers: [String], aliases: [[String]], names: [LocalizedNames]) {
    self.names = names
    var suggestionNames: [String] = []
    for (row, identifier) in identifiers.enumerated() {
      if self.identifiers[identifier] == nil { self.identifiers[identifier] = row }
      let key = NameNormalizer.key(identifier)
      if keys[key] == nil { keys[key] = row }
      suggestionNames.append((names.indices.contains(row) ? names[row]["en"] : nil) ?? identifier)
    }
    for (row, list) in aliases.enumerated() where row < identifiers.count {
      for alias in list {
        let key = NameNormalizer.key(alias)
        if !key.isEmpty, keys[key] == nil { keys[key] = row }
      }
    }
    self.suggestionNames = suggestionNames
  }

  /// The row of the record whose identifier is exactly `identifier`.
  package func row(identifier: String) -> Int? { identifiers[identifier] }

  /// The row of the record `text` names: identifier, alias or name in any language.
  package func row(named text: String) -> Int? {
    if let row = identifiers[text] { return row }
    let key = NameNormalizer.key(text)
    guard !key.isEmpty else { return nil }
    if let row = keys[key] { return row }
    return names.firstIndex { names in names.contains { NameNormalizer.key($0.value) == key } }
  }

  /// The row of the record whose English name (or identifier) is closest to `text`, within
  /// ``EditDistance``'s limit, for "did you mean".
  package func suggestedRow(for text: String) -> Int? {
    guard let best = EditDistance.suggestion(for: text, among: suggestionNames) else {
      return nil
    }
    return suggestionNames.firstIndex(of: best)
  }
}
