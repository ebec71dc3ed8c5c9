import PokedexKit

@testable import PokedexTeams

/// The bundled data the team tests check against, read once.
enum TeamTestData {
  private static let loadedDex = Result { try PokedexLoader.load() }
  private static let loadedMoves = Result { try PokedexLoader.load(MoveDex.self) }
  private static let loadedLearnsets = Result { try PokedexLoader.load(LearnsetDex.self) }
  private static let loadedNatures = Result { try PokedexLoader.load(NatureDex.self) }
  private static let loadedValidator = Result {
    TeamValidator(dex: try dex(), moves: try moves(), learnsets: try learnsets())
  }

  static func dex() throws -> Pokedex { try loadedDex.get() }
  static func moves() throws -> MoveDex { try loadedMoves.get() }
  static func learnsets() throws -> LearnsetDex { try loadedLearnsets.get() }
  static func natures() throws -> NatureDex { try loadedNatures.get() }
  /// A validator with moves and learnsets.
  static func validator() throws -> TeamValidator { try loadedValidator.get() }

  /// The bundled Pokémon with `slug`.
  static func pokemon(_ slug: String) throws -> Pokemon? {
    try dex().pokemon.first { $0.slug == slug }
  }
}
