/// A Pokémon's Smogon tiers in one generation, from Showdown's `formats-data.json`.
///
/// Tiers are Showdown's strings: `"OU"`, `"UUBL"`, `"(PU)"`, `"LC"`, `"NFE"`, `"Uber"`,
/// `"Illegal"`, ... (`ShowdownTier` orders them).
///
/// ```swift
/// garchomp.showdown?.tiers(in: 4)  // gen 4: singles "Uber"
/// ```
public struct ShowdownTiers: Codable, Hashable, Sendable {
  /// The generation, 1...9.
  public var generation: Int
  /// The singles tier.
  public var singles: String
  /// The doubles tier.
  public var doubles: String
  /// The National Dex tier.
  public var nationalDex: String
  /// Why it is not in that generation's games (`"Past"`, `"Unobtainable"`, `"LGPE"`, ...),
  /// or `nil` when it is.
  public var isNonstandard: String?

  public init(
    generation: Int,
    singles: String,
    doubles: String,
    nationalDex: String,
    isNonstandard: String? = nil
  ) {
    self.generation = generation
    self.singles = singles
    self.doubles = doubles
    self.nationalDex = nationalDex
    self.isNonstandard = isNonstandard
  }
}
