// The seeded generator of the property tests is the package's one SplitMix64, in the
// small SeededRandom target, which the engines' tests reach without the domain library:
// `import PokedexTestSupport` brings it.
@_exported import SeededRandom
