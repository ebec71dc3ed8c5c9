extension HelpTopic {
  /// `pokedex help formats`: the output formats of each command.
  static let formats = HelpTopic(
    name: "formats",
    aliases: ["format", "output"],
    summary: "output formats: table, json, ndjson, csv, tsv, card, ascii, svg",
    text: """
      Data goes to stdout; messages (counts, notes, warnings, errors) go to stderr,
      so piped output holds data only.

      LIST AND RANDOM (--format, POKEDEX_FORMAT, list.format)
        table    columns fitted to the terminal; piped, every cell stays whole
        json     an array of full records in the schema of the data file (see
                 'pokedex help data'); with --fields, objects with those keys:
                   [{"number": 4, "name": "Charmander"}]
                 with --section-by, an array of sections:
                   [{"section": "fire", "name": "Fire", "pokemon": [...]}]
        ndjson   one Pokémon a line, with a "section" key first when sectioned
        csv/tsv  a header line of data keys, then plain values: number, height_m,
                 weight_kg are numbers, with the unit in the header
        --fields num,name,types,bst chooses the columns (and JSON keys).

      SHOW AND SEARCH
        card     a detail card: stats, abilities, evolution, forms, matchups
        json     records with "match": {"kind": exact|normalized|fuzzy|prefix|
                 substring, "name": the name that matched, "language": ...}

      MOVES (--format)
        table, json, ndjson, csv, tsv as for list; json and ndjson hold records in
        the schema of moves.json, csv and tsv plain values (identifiers)

      MOVE, ABILITY, NATURE, LEARNSET (--format)
        card or table, and json with what the text shows; nature also csv, tsv

      LAYOUT
        ascii    box drawing in the terminal (--ascii for + - |)
        json     the frames export (see 'pokedex help layout')
        svg      a standalone SVG 1.1 document

      OTHERS
        diff --format text|json; prefs export --format xml|binary|json.

      COLOUR
        --color auto|always|never (POKEDEX_COLOR, the color preference). auto means
        only on a terminal with NO_COLOR unset.

      """
  )
}
