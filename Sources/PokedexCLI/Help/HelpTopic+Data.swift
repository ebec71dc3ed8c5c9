extension HelpTopic {
  /// `pokedex help data`: the data file, its schema, where it comes from and its checks.
  static let data = HelpTopic(
    name: "data",
    aliases: ["data-format", "schema"],
    summary: "the data file: where it comes from, its schema, --data, pokedex data",
    text: """
      The dex ships inside the tool: every Pokémon (1,025 default ones and their
      alternate forms) with the languages, generations, types and abilities they
      refer to, generated from PokeAPI's CSV tables and never edited by hand.
      --data FILE, or POKEDEX_DATA, reads another file in the same format.

        pokedex data info
        pokedex data check --data my-dex.json --strict
        pokedex data build --source ../pokeapi/data/v2/csv --output my-data

      TOP LEVEL (keys in this order)
        schemaVersion  1; a newer version is refused with a specific error
        source         {"name": "PokeAPI", "commit": ..., "license": ...}
        languages      display order; names keyed by language identifier
        generations    by id, with the main region
        types          by id, with damageFactors in percent (0, 50, 100, 200)
        abilities      by id
        pokemon        sorted by PokeAPI id

      A POKÉMON
        id (PokeAPI id; forms 10001+), nationalNumber, slug ("charizard-mega-x"),
        speciesSlug, names, genus, form (alternate forms only), isDefault, types
        (slot order), stats and evYield (hp, attack, defense, specialAttack,
        specialDefense, speed), abilities ({ability, slot, isHidden}), height (m),
        weight (kg), baseExperience, generation, color, shape, habitat, eggGroups,
        genderRate (eighths female, -1 genderless), captureRate, baseHappiness,
        hatchCounter, growthRate, isLegendary, isMythical, isBaby, evolution
        ({chainId, from, to}), dexNumbers. null values are left out; names are
        objects keyed by language ("en", "ja-hrkt", "zh-hans", ...).

      POKEDEX DATA
        build   read PokeAPI's CSVs and write the dex atomically, byte-for-byte
                reproducible; fails if validation finds errors
        check   validate references, one default Pokémon per species, numbers
                1-1025, evolutions linked both ways; --strict fails on warnings
        info    the file's source, schema version and counts

      ERRORS
        A malformed file exits 65 with where and what: the file and JSON path or
        CSV line:column ('pokemon.csv:12:7: expected ...'). A missing or unreadable
        one exits 66. Files over 512 MiB are refused before they are read.

      """
  )
}
