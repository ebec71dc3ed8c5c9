import Testing

@Suite struct PokedexKitSmokeTests {}
