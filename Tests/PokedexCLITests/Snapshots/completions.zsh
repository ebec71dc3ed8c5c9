#compdef pokedex
# zsh completion for pokedex
_pokedex_names() {
  local -a names
  names=(${(f)"$(pokedex completions --names 2>/dev/null)"})
  _describe 'pokemon' names
}
_pokedex() {
  local -a commands
  commands=('list:list the Pokémon a query selects (table, json, ndjson, csv, tsv)' 'show:show a detail card\: stats, abilities, evolution, forms, type matchups' 'search:find Pokémon by name in any language, forgiving spelling' 'types:show the type chart, or the matchups of one or two defending types' 'data:build Data/pokemons.json from PokeAPI'\''s CSVs, check it, or describe it' 'completions:print a shell completion script (bash, zsh or fish)' 'prefs:show and change the preferences file (list, get, set, doctor, ...)' 'filter:save, list and delete named queries, used as @NAME in any query')
  if (( CURRENT == 2 )); then
    _describe 'command' commands
    return
  fi
  case "${words[2]}" in
    list|query) _arguments '--forms[include alternate forms (megas, regional forms, ...)]' '--sort=[sort keys, e.g. bst\:desc,name (env\: POKEDEX_SORT; default\: number)]:keys:_files' '--section-by=[group into sections\: type, types, generation, color, egg, habitat, legendary]:key:_files' '--limit=[show at most N Pokémon]:n:_files' '--offset=[skip the first N Pokémon]:n:_files' '--lang=[language of names\: en, ja, ko, zh-hans, fr, de, ... (env\: POKEDEX_LANG)]:lang:_files' '--format=[table, json, ndjson, csv or tsv (env\: POKEDEX_FORMAT; default\: table)]:format:(table json ndjson csv tsv)' '--fields=[table/csv/tsv columns, e.g. num,name,types,bst (env\: POKEDEX_FIELDS)]:list:_files' '--card[show a detail card when exactly one Pokémon matches]' '--data=[read this data file instead of the bundled one (env\: POKEDEX_DATA)]:file:_files' '--color=[colour output\: auto (a terminal and NO_COLOR unset), always or never]:when:(auto always never)' '--no-prefs[ignore the preferences file]' '--help[show help for the command]' '*:name:_pokedex_names' ;;
    show) _arguments '--format=[card (default) or json]:format:(card json)' '--lang=[language of names (env\: POKEDEX_LANG)]:lang:_files' '--data=[read this data file instead of the bundled one (env\: POKEDEX_DATA)]:file:_files' '--color=[colour output\: auto (a terminal and NO_COLOR unset), always or never]:when:(auto always never)' '--no-prefs[ignore the preferences file]' '--help[show help for the command]' '*:name:_pokedex_names' ;;
    search) _arguments '--format=[text (default) or json]:format:(text json)' '--lang=[language of names (env\: POKEDEX_LANG)]:lang:_files' '--data=[read this data file instead of the bundled one (env\: POKEDEX_DATA)]:file:_files' '--color=[colour output\: auto (a terminal and NO_COLOR unset), always or never]:when:(auto always never)' '--no-prefs[ignore the preferences file]' '--help[show help for the command]' '*:name:_pokedex_names' ;;
    types) _arguments '--lang=[language of type names (env\: POKEDEX_LANG)]:lang:_files' '--data=[read this data file instead of the bundled one (env\: POKEDEX_DATA)]:file:_files' '--color=[colour output\: auto (a terminal and NO_COLOR unset), always or never]:when:(auto always never)' '--no-prefs[ignore the preferences file]' '--help[show help for the command]' ;;
    data) _arguments '--source=[the CSV tables to build from (default ../shared/pokeapi-csv)]:dir:_files' '--output=[where build writes (default Data/pokemons.json)]:file:_files' '--strict[check\: fail on warnings too]' '--partial[build, check\: the source is a subset; skip completeness checks]' '--data=[read this data file instead of the bundled one (env\: POKEDEX_DATA)]:file:_files' '--color=[colour output\: auto (a terminal and NO_COLOR unset), always or never]:when:(auto always never)' '--no-prefs[ignore the preferences file]' '--help[show help for the command]' ;;
    completions) _arguments '--names[list every Pokémon slug, one per line (used by the scripts)]' '--data=[read this data file instead of the bundled one (env\: POKEDEX_DATA)]:file:_files' '--color=[colour output\: auto (a terminal and NO_COLOR unset), always or never]:when:(auto always never)' '--no-prefs[ignore the preferences file]' '--help[show help for the command]' ;;
    prefs) _arguments '--format=[export\: xml (default), binary or json]:format:(xml binary json)' '--output=[export\: write FILE atomically instead of stdout]:file:_files' '--merge[import\: keep stored keys the file does not have (default)]' '--replace[import\: replace every stored value with the file'\''s]' '--repair[doctor\: quarantine an unreadable file and recover]' '--data=[read this data file instead of the bundled one (env\: POKEDEX_DATA)]:file:_files' '--color=[colour output\: auto (a terminal and NO_COLOR unset), always or never]:when:(auto always never)' '--no-prefs[ignore the preferences file]' '--help[show help for the command]' ;;
    filter) _arguments '--data=[read this data file instead of the bundled one (env\: POKEDEX_DATA)]:file:_files' '--color=[colour output\: auto (a terminal and NO_COLOR unset), always or never]:when:(auto always never)' '--no-prefs[ignore the preferences file]' '--help[show help for the command]' ;;
  esac
}
compdef _pokedex pokedex
