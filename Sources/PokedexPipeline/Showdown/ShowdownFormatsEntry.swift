/// One entry of Showdown's `formats-data.json` for one generation: a species' tiers there.
///
/// ```swift
/// // "gen9": {"garchomp": {"tier": "UUBL", "doublesTier": "DUU", "natDexTier": "OU"}}
/// ```
struct ShowdownFormatsEntry: Decodable, Hashable, Sendable {
  /// The singles tier (`"OU"`, `"UUBL"`, `"(PU)"`, `"Illegal"`, ...).
  var tier: String?
  /// The doubles tier (`"DOU"`, `"(DUU)"`, ...).
  var doublesTier: String?
  /// The National Dex tier.
  var natDexTier: String?
  /// Why it is not in that generation's games (`"Past"`, `"Future"`, `"Unobtainable"`, ...).
  var isNonstandard: String?
}
