import PokedexKit

/// What the move commands share: the three files that describe moves, indexed, with the
/// names in the chosen language and the colour of standard output.
struct MoveContext {
  /// The moves and the learnsets.
  let learners: MoveLearners
  let names: NameResolver
  let style: Style

  /// A move's name in the chosen language.
  func name(of move: Move) -> String { names.pick(move.names, fallback: move.identifier) }

  /// A type's name in the chosen language, coloured.
  func typeLabel(_ identifier: String) -> String {
    style.color(names.typeName(identifier), hex: TypePalette.color(of: identifier))
  }
}
