/// A Mega Evolution a Mega Stone allows: the Pokémon that holds the stone and the Mega
/// Evolution it becomes, both slugs of the dex.
///
/// ```swift
/// MegaEvolution(pokemon: "charizard", mega: "charizard-mega-x")  // Charizardite X
/// ```
public struct MegaEvolution: Codable, Hashable, Sendable {
  /// The holder, `"charizard"`.
  public var pokemon: String
  /// What it becomes, `"charizard-mega-x"`.
  public var mega: String

  public init(pokemon: String, mega: String) {
    self.pokemon = pokemon
    self.mega = mega
  }
}
