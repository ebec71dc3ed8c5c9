import PokedexKit
import Testing

struct WeightPowerTests {
  /// Each band's lower bound and the weight just below it, as Showdown's Low Kick computes them.
  @Test(arguments: [
    (0.1, 20), (9.9, 20), (10, 40), (24.9, 40), (25, 60), (49.9, 60), (50, 80), (99.9, 80),
    (100, 100), (199.9, 100), (200, 120), (999.9, 120),
  ])
  func lowKickPowerFollowsTheWeightBands(weight: Double, power: Int) throws {
    var pokemon = try #require(DexFixture.pokemon("pikachu"))
    pokemon.weight = weight
    #expect(pokemon.weightPower == power)
  }
}
