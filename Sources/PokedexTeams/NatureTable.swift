import PokedexKit

/// The 25 natures and the stats each raises and lowers: the games' fixed table, so that a
/// member's stats need no data file. `TeamStatsTests` checks it against `Data/natures.json`.
enum NatureTable {
  /// A nature's English name and its effect; both stats are `nil` for a neutral nature.
  struct Entry: Hashable, Sendable {
    var name: String
    var raised: StatSpread.Stat?
    var lowered: StatSpread.Stat?
  }

  /// Every nature, in the games' order (Hardy first).
  static let entries: [Entry] = {
    let stats: [StatSpread.Stat] = [.attack, .defense, .speed, .specialAttack, .specialDefense]
    let names = [
      "Hardy", "Lonely", "Brave", "Adamant", "Naughty",
      "Bold", "Docile", "Relaxed", "Impish", "Lax",
      "Timid", "Hasty", "Serious", "Jolly", "Naive",
      "Modest", "Mild", "Quiet", "Bashful", "Rash",
      "Calm", "Gentle", "Sassy", "Careful", "Quirky",
    ]
    // The games number natures so that nature n raises stat n / 5 and lowers stat n % 5.
    return names.enumerated().map { number, name in
      let raised = stats[number / 5]
      let lowered = stats[number % 5]
      return raised == lowered
        ? Entry(name: name, raised: nil, lowered: nil)
        : Entry(name: name, raised: raised, lowered: lowered)
    }
  }()

  private static let byKey: [String: Entry] = Dictionary(
    entries.map { (NameNormalizer.key($0.name), $0) },
    uniquingKeysWith: { first, _ in first }
  )

  /// The nature named `name` (in any case), or `nil`.
  static func entry(named name: String) -> Entry? { byKey[NameNormalizer.key(name)] }

  /// The multiplier of `stat` in percent under the nature named `name`: 110, 90 or 100 (also
  /// for no nature or one the table does not have).
  static func percent(of stat: StatSpread.Stat, nature name: String?) -> Int {
    guard let name, let entry = entry(named: name) else { return 100 }
    if entry.raised == stat { return 110 }
    if entry.lowered == stat { return 90 }
    return 100
  }
}
