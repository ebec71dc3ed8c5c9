extension HelpTopic {
  /// `pokedex help battle`: moves, learnsets, abilities, items and natures, and how the commands
  /// that show them read the data.
  static let battle = HelpTopic(
    name: "battle",
    aliases: ["learnsets", "move-data"],
    summary: "moves, learnsets, abilities, items and natures: commands, rules, data",
    text: """
      COMMANDS
        pokedex move NAME        a move's card: type, category, power, accuracy,
                                 PP, priority, target, flags, effect, TMs, and how
                                 many Pokémon learn it (--list names them)
        pokedex moves [QUERY]    the moves a move query selects, as a table or data
        pokedex learnset NAME    a Pokémon's moves by method (--gen N, --method M)
        pokedex ability NAME     an ability's effect and the Pokémon that have it
        pokedex item NAME        an item's card: effect, category, generations,
                                 Fling power, the Pokémon it is made for
        pokedex items [QUERY]    the items an item query selects (category:choice,
                                 user:charizard, 'fling>=100'; see 'pokedex items
                                 --help')
        pokedex nature [NAME]    the 25 natures: the stat each raises and lowers
        pokedex show NAME        abilities with their effects; --moves adds moves
        pokedex list move:NAME   the Pokémon that learn a move (see 'pokedex help
                                 query')

      NAMES
        Moves, abilities, items and natures are found by identifier (trick-room),
        by the identifier without punctuation (trickroom), by a name in any
        language ('Trick Room', トリックルーム) or by a Showdown alias (tbolt,
        lefties). A misspelt name is a guess: shown with a note
        on a terminal, a miss (exit 1, "did you mean") when piped unless --fuzzy.

      LEARNSETS
        A Pokémon learns a move in a generation by one of these methods:
          level        on level up, at a level (Evo.: on evolving)
          tm           from a TM, TR or HM
          egg          by breeding
          tutor        from a move tutor
          event        only from an event Pokémon
          restricted   only in a form change
          dreamworld   from the Dream World (generation 5)
          transfer     only by transfer from another game
        A Pokémon also learns what its prevolutions learn (Raichu learns Pichu's
        egg moves); 'learnset' lists those moves last, with the prevolution, and
        'move' counts those Pokémon. A form without moves of its own (a Mega
        Evolution) learns its base form's. The current generation is 9; TM numbers
        are those of each generation's main games (Scarlet and Violet's in 9).

      DATA
        moves.json, learnsets.json, abilities.json, items.json and natures.json
        sit beside pokemons.json: beside the --data file (or POKEDEX_DATA) when
        there, else the bundled ones. A command reads only the files it needs:
        show reads abilities.json (and the move files only with --moves), list
        reads the move files only for a move: term. Moves and items come from
        PokeAPI with Showdown's flags, texts, aliases and generations beside
        them; learnsets from Pokémon Showdown.

      """
  )
}
