extension Move {
  /// What a move's power is: a number, a power that varies, or none at all.
  public enum PowerKind: Hashable, Sendable {
    /// A fixed base power (Thunderbolt: 90).
    case fixed(Int)
    /// A damaging move without a fixed power: it depends on weight (Low Kick, Heavy Slam),
    /// speed (Gyro Ball), HP (Ruination), the damage taken (Counter, Comeuppance), ...
    /// Shown as "varies".
    case varies
    /// A status move, which deals no damage. Shown as "—".
    case none
  }

  /// Whether ``power`` is a number, varies, or does not apply.
  ///
  /// ```swift
  /// thunderbolt.powerKind  // .fixed(90)
  /// lowKick.powerKind      // .varies
  /// shelter.powerKind      // .none
  /// ```
  public var powerKind: PowerKind {
    if let power { return .fixed(power) }
    return damageClass == "status" ? .none : .varies
  }
}
