/// The fields of a record that came from Pokémon Showdown rather than PokeAPI, named by their
/// JSON keys (`"flags"`, `"shortEffect"`, `"power"`).
///
/// The data files take each field from PokeAPI where it has a value and from Showdown where
/// it has none (`taken`); for a few fields Showdown's value replaces PokeAPI's by a written
/// rule (`overridden`): `Guides/DataFormat.md` gives the rule of each field.
///
/// ```swift
/// shelter.fromShowdown    // ShowdownFields(taken: ["flags", "shortEffect", "effect"], overridden: [])
/// ruination.fromShowdown  // ShowdownFields(taken: [...], overridden: ["power"])
/// ```
public struct ShowdownFields: Codable, Hashable, Sendable {
  /// Fields PokeAPI has no value for, filled from Showdown, in the record's key order.
  public var taken: [String]
  /// Fields whose PokeAPI value Showdown's replaced, in the record's key order.
  public var overridden: [String]

  public init(taken: [String] = [], overridden: [String] = []) {
    self.taken = taken
    self.overridden = overridden
  }

  /// Whether no field came from Showdown.
  public var isEmpty: Bool { taken.isEmpty && overridden.isEmpty }
}
