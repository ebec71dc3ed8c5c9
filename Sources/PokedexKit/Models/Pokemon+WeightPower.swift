extension Pokemon {
  /// The base power Low Kick and Grass Knot have against this Pokémon, from its weight: 20
  /// under 10 kg, 40 under 25 kg, 60 under 50 kg, 80 under 100 kg, 100 under 200 kg, else 120
  /// (as in the games since generation 3, and in Showdown).
  ///
  /// ```swift
  /// pikachu.weightPower   // 20 (6 kg)
  /// snorlax.weightPower   // 120 (460 kg)
  /// ```
  public var weightPower: Int {
    switch weight {
    case ..<10: 20
    case ..<25: 40
    case ..<50: 60
    case ..<100: 80
    case ..<200: 100
    default: 120
    }
  }
}
