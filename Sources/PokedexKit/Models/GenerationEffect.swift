/// How a move's effect read up to one generation, where it differed from later ones.
///
/// Pokémon Showdown keeps the text of older generations beside the current one
/// (`data/text/moves.ts`: `gen4: {desc: ...}`); ``Move/olderEffects`` holds them, and
/// ``Move/effectText(inGeneration:)`` picks the one a generation reads.
///
/// ```swift
/// // Crunch lowered Special Defense up to generation 3.
/// crunch.olderEffects.first
/// // GenerationEffect(generation: 3, shortEffect: "20% chance to lower the target's Sp. Def by 1.", ...)
/// ```
public struct GenerationEffect: Codable, Hashable, Sendable {
  /// The newest generation the text describes: it holds for this generation and the older
  /// ones, down to the next older entry that has text of its own.
  public var generation: Int
  /// The effect in one sentence, or `nil` when only the full effect changed.
  public var shortEffect: String?
  /// The full effect, or `nil` when only the short one changed.
  public var effect: String?

  public init(generation: Int, shortEffect: String?, effect: String?) {
    self.generation = generation
    self.shortEffect = shortEffect
    self.effect = effect
  }
}
