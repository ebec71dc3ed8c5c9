/// The Z-Move a Z-Crystal allows: a type's (Firium Z turns any Fire move into Inferno
/// Overdrive) or a Pokémon's own (Pikanium Z turns Pikachu's Volt Tackle into Catastropika).
///
/// ```swift
/// firiumZ.zCrystal    // ZCrystal(type: "fire", move: nil, baseMove: nil)
/// pikaniumZ.zCrystal  // ZCrystal(type: nil, move: "catastropika", baseMove: "volt-tackle")
/// ```
public struct ZCrystal: Codable, Hashable, Sendable {
  /// The type whose moves a type's Z-Crystal upgrades (`"fire"`); `nil` for a Pokémon's own.
  public var type: String?
  /// A Pokémon's own Z-Move (a move identifier, `"catastropika"`); `nil` for a type's.
  public var move: String?
  /// The move a Pokémon's own Z-Move upgrades (`"volt-tackle"`); `nil` for a type's.
  public var baseMove: String?

  public init(type: String?, move: String?, baseMove: String?) {
    self.type = type
    self.move = move
    self.baseMove = baseMove
  }
}
