/// Smogon's tiers in their order, for comparing a Pokémon's tier with another: `OU` is above
/// `UU`, and `UU` and below means what a UU team may use.
///
/// Singles (and National Dex) tiers, highest first: `AG`, `Uber`, `OU`, `UUBL`, `UU`, `RUBL`,
/// `RU`, `NUBL`, `NU`, `PUBL`, `PU`, `ZUBL`, `ZU`, `NFE`, `LC`. Doubles: `DUber`, `DOU`,
/// `DBL`, `DUU`, `NFE`, `LC`. A tier in parentheses (`(PU)`, `(DUU)`: below that tier but not
/// ranked in it) ranks as the tier inside. `Illegal`, `Unreleased` and the CAP tiers have no
/// rank.
///
/// ```swift
/// ShowdownTier.rank(of: "UUBL", in: .singles)  // 3
/// ShowdownTier.rank(of: "(PU)", in: .singles)  // 10, as PU
/// ShowdownTier.canonical("ou", in: .singles)    // "OU"
/// ```
public enum ShowdownTier {
  /// Which of a Pokémon's tiers.
  public enum Column: String, CaseIterable, Hashable, Sendable {
    case singles
    case doubles
    case nationalDex

    /// The tiers of the column, highest first.
    public var order: [String] {
      switch self {
      case .singles, .nationalDex:
        [
          "AG", "Uber", "OU", "UUBL", "UU", "RUBL", "RU", "NUBL", "NU", "PUBL", "PU", "ZUBL", "ZU",
          "NFE", "LC",
        ]
      case .doubles: ["DUber", "DOU", "DBL", "DUU", "NFE", "LC"]
      }
    }

    /// The column's tier of `tiers`.
    public func tier(of tiers: ShowdownTiers) -> String {
      switch self {
      case .singles: tiers.singles
      case .doubles: tiers.doubles
      case .nationalDex: tiers.nationalDex
      }
    }
  }

  /// The tier without parentheses: `(PU)` is `PU`.
  public static func unparenthesized(_ tier: String) -> String {
    tier.hasPrefix("(") && tier.hasSuffix(")") ? String(tier.dropFirst().dropLast()) : tier
  }

  /// The position of `tier` in `column`'s order (0 the highest), or `nil` for a tier without
  /// a rank.
  public static func rank(of tier: String, in column: Column) -> Int? {
    column.order.firstIndex(of: unparenthesized(tier))
  }

  /// The ranked tier of `column` that `text` names, ignoring case and parentheses
  /// (`ou` is `OU`), or `nil`.
  public static func canonical(_ text: String, in column: Column) -> String? {
    let key = unparenthesized(text).lowercased()
    return column.order.first { $0.lowercased() == key }
  }
}
