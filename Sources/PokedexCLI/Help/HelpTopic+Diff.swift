extension HelpTopic {
  /// `pokedex help diff`: what `pokedex diff` reports, and its JSON shape.
  static let diff = HelpTopic(
    name: "diff",
    aliases: ["diffing"],
    summary: "pokedex diff: what it reports, its text and JSON output",
    text: """
      'pokedex diff OLD.json NEW.json' compares two data files (see 'pokedex help
      data'). Pokémon are matched by id and grouped by generation:

        added     in NEW only
        removed   in OLD only
        moved     to another generation, or among the fewest that must move for
                  the order within a generation
        changed   each changed field as 'path: old -> new', in the data file's key
                  order and naming: stats.hp: 35 -> 40, names.fr: "X" -> "Y",
                  habitat: "forest" -> none
        tables    changes outside the Pokémon: schemaVersion, source.*, and the
                  languages, generations, types and abilities tables

      TEXT
        Each section shows at most --limit N entries (default 10, 0 for all) and each
        changed Pokémon at most N fields, then '... and K more'. Positions are
        1-based within the generation ('generation 1 #10'), not dex numbers.
        Identical data prints 'identical: N Pokémon, same tables'.

      JSON (--format json)
        Keys always in this order, entries in snapshot order, no limit; 'index' is
        0-based within the generation, absent values are null:
          {"identical": false, "pokemon": {"old": 16, "new": 16},
           "counts": {"added": 1, "removed": 1, "moved": 1, "changed": 3, "tables": 1},
           "added": [{"id": 10999, "slug": "chikorita-test", "generation": 9, "index": 0}],
           "removed": [{"id": 151, "slug": "mew", "generation": 1, "index": 12}],
           "moved": [{"id": 25, "slug": "pikachu", "from": {"generation": 1, "index": 9},
                      "to": {"generation": 2, "index": 0}}],
           "changed": [{"id": 1, "slug": "bulbasaur", "generation": 1, "index": 0,
                        "fields": [{"path": "names.fr", "old": "Bulbizarre", "new": "Bulbi"}]}],
           "tables": [{"path": "source.commit", "old": "fixture", "new": "0123456"}]}

      EXIT STATUS
        0 identical, 1 different (like diff(1)), 65 a malformed file (or one that
        repeats a Pokémon id), 66 a missing or unreadable file, 64 bad usage.

      """
  )
}
