import PokedexKit

extension TeamMember {
  /// The member's six stats at its level, nature, EVs and IVs, from `pokemon`'s base stats,
  /// by the games' formulas (generation 3 on):
  ///
  /// - HP = ⌊(2 × base + IV + ⌊EV / 4⌋) × level / 100⌋ + level + 10, except Shedinja's,
  ///   which is always 1;
  /// - every other stat = ⌊(⌊(2 × base + IV + ⌊EV / 4⌋) × level / 100⌋ + 5) × nature⌋, with
  ///   nature 1.1 for the stat the nature raises, 0.9 for the one it lowers, else 1.
  ///
  /// A nature the games do not have counts as neutral. Values outside the games' ranges
  /// (an EV of 10,000, a level of 0) are clamped before the arithmetic, so the result is
  /// defined for any member; ``TeamValidator`` reports such values.
  ///
  /// ```swift
  /// var chomp = TeamMember(species: "Garchomp", level: 50, nature: "Jolly")
  /// chomp.evs.spe = 252
  /// chomp.stats(of: garchomp).speed  // 169
  /// ```
  ///
  /// - Parameter pokemon: the dex's Pokémon the member is (its form, for a form).
  /// - Complexity: O(1).
  public func stats(of pokemon: Pokemon) -> Stats {
    stats(base: pokemon.stats, hpIsAlwaysOne: pokemon.speciesSlug == "shedinja")
  }

  /// The member's stats from `base` stats; see ``stats(of:)``.
  ///
  /// - Parameters:
  ///   - base: the six base stats.
  ///   - hpIsAlwaysOne: whether HP is 1 whatever the formula gives (Shedinja).
  public func stats(base: Stats, hpIsAlwaysOne: Bool = false) -> Stats {
    func stat(_ stat: StatSpread.Stat, _ baseValue: Int) -> Int {
      StatFormula.value(
        of: stat,
        base: baseValue,
        iv: ivs[stat],
        ev: evs[stat],
        level: level,
        naturePercent: NatureTable.percent(of: stat, nature: nature)
      )
    }
    return Stats(
      hp: hpIsAlwaysOne ? 1 : stat(.hp, base.hp),
      attack: stat(.attack, base.attack),
      defense: stat(.defense, base.defense),
      specialAttack: stat(.specialAttack, base.specialAttack),
      specialDefense: stat(.specialDefense, base.specialDefense),
      speed: stat(.speed, base.speed)
    )
  }
}

/// The games' stat formulas, for one stat.
///
/// ```swift
/// StatFormula.value(of: .speed, base: 102, iv: 31, ev: 252, level: 50, naturePercent: 110)
/// // 169
/// StatFormula.value(of: .hp, base: 108, iv: 31, ev: 0, level: 100, naturePercent: 100)
/// // 357
/// ```
public enum StatFormula {
  /// One stat by the formulas of ``TeamMember/stats(of:)``.
  ///
  /// - Parameters:
  ///   - stat: which stat; HP has its own formula and ignores the nature.
  ///   - base: the base stat (clamped to 0...1,000).
  ///   - iv: the individual value (clamped to 0...1,000).
  ///   - ev: the effort value (clamped to 0...10,000).
  ///   - level: the level (clamped to 1...1,000).
  ///   - naturePercent: 110, 100 or 90 (clamped to 0...1,000).
  /// - Returns: the stat; the clamps keep every product far from overflow.
  public static func value(
    of stat: StatSpread.Stat,
    base: Int,
    iv: Int,
    ev: Int,
    level: Int,
    naturePercent: Int
  ) -> Int {
    let base = min(max(base, 0), 1_000)
    let iv = min(max(iv, 0), 1_000)
    let ev = min(max(ev, 0), 10_000)
    let level = min(max(level, 1), 1_000)
    let core = (2 * base + iv + ev / 4) * level / 100
    guard stat != .hp else { return core + level + 10 }
    return (core + 5) * min(max(naturePercent, 0), 1_000) / 100
  }
}
