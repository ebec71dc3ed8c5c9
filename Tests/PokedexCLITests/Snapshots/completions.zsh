#compdef pokedex
# zsh completion for pokedex
_pokedex_names() {
  local -a names
  names=(${(f)"$(pokedex completions --names 2>/dev/null)"})
  _describe 'pokemon' names
}
_pokedex() {
  local -a commands
  commands=('completions:print a shell completion script (bash, zsh or fish)' 'prefs:show and change the preferences file (list, get, set, doctor, ...)' 'filter:save, list and delete named queries, used as @NAME in any query')
  if (( CURRENT == 2 )); then
    _describe 'command' commands
    return
  fi
  case "${words[2]}" in
    completions) _arguments '--names[list every Pokémon slug, one per line (used by the scripts)]' '--data=[read this data file instead of the bundled one (env\: POKEDEX_DATA)]:file:_files' '--color=[colour output\: auto (a terminal and NO_COLOR unset), always or never]:when:(auto always never)' '--no-prefs[ignore the preferences file]' '--help[show help for the command]' ;;
    prefs) _arguments '--format=[export\: xml (default), binary or json]:format:(xml binary json)' '--output=[export\: write FILE atomically instead of stdout]:file:_files' '--merge[import\: keep stored keys the file does not have (default)]' '--replace[import\: replace every stored value with the file'\''s]' '--repair[doctor\: quarantine an unreadable file and recover]' '--data=[read this data file instead of the bundled one (env\: POKEDEX_DATA)]:file:_files' '--color=[colour output\: auto (a terminal and NO_COLOR unset), always or never]:when:(auto always never)' '--no-prefs[ignore the preferences file]' '--help[show help for the command]' ;;
    filter) _arguments '--data=[read this data file instead of the bundled one (env\: POKEDEX_DATA)]:file:_files' '--color=[colour output\: auto (a terminal and NO_COLOR unset), always or never]:when:(auto always never)' '--no-prefs[ignore the preferences file]' '--help[show help for the command]' ;;
  esac
}
compdef _pokedex pokedex
