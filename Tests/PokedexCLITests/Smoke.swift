import Testing

@Suite struct PokedexCLISmokeTests {}
