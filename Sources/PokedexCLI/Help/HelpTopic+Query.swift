extension HelpTopic {
  /// `pokedex help query`: the query language, sorting, sections and paging.
  static let query = HelpTopic(
    name: "query",
    aliases: ["queries", "query-language"],
    summary: "the query language of list, layout, random and saved filters",
    text: """
      A query is a list of terms. Every command-line argument is a term, and ','
      inside an argument also separates terms: terms are AND-ed. '|' separates
      alternatives (OR) and '!' negates one. An empty query matches every Pokémon.

        pokedex list fire,flying 'spe>=100'
        pokedex list 'ability:levitate' '!ghost' --sort bst:desc
        pokedex list gen:1-3 'atk>spa' --section-by types

      QUOTING
        Quote every term holding '>', '<', '|', '!', '*', '?' or a space, in single
        quotes: unquoted, spe>100 writes to a file named 100, type:water|grass pipes
        into a command named grass, !legendary is history expansion in bash and
        name:char* is a file pattern. Terms made of letters, digits, ':', ',', '-'
        and '@' need no quotes.

      TERMS
        fire, type:fire, t:Feu      has the type (identifier or name in any language)
        gen:1, gen:1-3, g1, gen:iv  introduced in that generation (or range)
        hp>100, 100<spe, atk>spa    compare stats: < <= > >= = == !=
        ability:levitate            has the ability (any slot; slug or any name)
        egg:monster, egg:field      in the egg group (identifier or game name)
        color:red, habitat:cave, shape:quadruped
        weak:ground                 takes more than 1x from the type
        resists:fire, immune:ghost  takes less than 1x, but not 0x / takes 0x
        legendary, mythical, baby   species flags
        evolves (nfe), final (fe), mono
        mega, gmax, regional, alola, galar, hisui, paldea, form
        name:char*, name:pik?chu    a name in any language; * any run, ? one character
        name:Mr. Mime, name:~pikachoo  exactly that name / the closest names
        @fast                       a saved filter (see 'pokedex help filters')
        move:trick-room             can learn the move (see MOVES)
        learns:egg, learns:tm       restricts the query's move: terms to a method

      An alternative without a key takes the key of the one before it:
      'type:fire|water', 'gen:1|3', 'name:pika*|char*'. Keys, types and values
      ignore case, accents and punctuation.

      MOVES
        move:MOVE matches the Pokémon that can learn the move in generation 9. MOVE
        is the identifier (trick-room), the same without punctuation (trickroom) or
        a name in any language ('move:Trick Room'). Moves a prevolution learns count
        (Raichu learns what Pichu learns), and so does a form's inherited learnset
        (Mega Charizard X learns Charizard's). move:surf@gen4 (or @g4, @4, @gen1-4)
        reads another generation's sources.

        learns:METHOD restricts every move: term of the same query (or saved filter)
        to level, tm, egg, tutor, event, restricted, dreamworld or transfer; use '|'
        for several and '!' to exclude one. A learns: term needs a move: term.

          pokedex list move:trick-room
          pokedex list 'move:Trick Room' 'spe<50'
          pokedex list move:surf@gen4 learns:tm
          pokedex list move:volt-tackle 'learns:egg|tutor'

      MOVE QUERIES (pokedex moves)
        The same grammar selects moves: type:fire, category:physical (class:),
        'power>=90', 'accuracy<100', 'pp>10', 'priority>0' (power acc pp priority
        gen id; moves without the value never match), flag:contact, gen:4,
        target:entire-field, learnedby:pikachu (prevolutions count; @gen4 for
        another generation), and plain words, which match part of a move's name in
        any language (thunder, 'name:*punch'). --sort takes name power accuracy pp
        priority type gen id, each with :asc/:desc or a leading '-'.

          pokedex moves type:electric 'power>=90' --sort -power
          pokedex moves learnedby:pikachu flag:contact

      STATS
        hp atk def spa spd spe bst num gen weight (kg) height (m), with aliases such
        as attack, speed, total, number.

      FORMS
        Only default Pokémon are matched, unless --forms is given or a positive term
        names a kind of form (mega, gmax, regional, alola, galar, hisui, paldea,
        form). '!mega' does not bring forms in.

      CHOICES
        Matchups ignore abilities (Gengar is weak:ground). '!' cannot negate a
        comparison: write 'hp<=100' for '!hp>100'. Bare words are only types and
        flags; abilities, colours and egg groups need their key.

      SORTING, SECTIONS, PAGING
        --sort KEYS      num id name hp atk def spa spd spe bst weight height gen,
                         separated by ','; each with :asc or :desc, or a leading '-':
                         --sort bst:desc,name   --sort -spe
        --section-by K   type, types, generation, color, egg, habitat, legendary
        --limit N, --offset N   page the results

      ERRORS
        A bad term exits 64 with the term underlined and a suggestion:
          error: unknown term 'firre'
           --> query:1:6
          fire firre
               ^^^^^
          help: did you mean 'fire'?

      """
  )
}
