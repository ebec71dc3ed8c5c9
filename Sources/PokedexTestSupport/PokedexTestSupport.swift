// PokedexTestSupport: see Guides/.
