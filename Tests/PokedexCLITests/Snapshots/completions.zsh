#compdef pokedex
# zsh completion for pokedex
_pokedex_names() {
  local -a names
  names=(${(f)"$(pokedex completions --names 2>/dev/null)"})
  _describe 'pokemon' names
}
_pokedex() {
  local -a commands
  commands=('completions:print a shell completion script (bash, zsh or fish)')
  if (( CURRENT == 2 )); then
    _describe 'command' commands
    return
  fi
  case "${words[2]}" in
    completions) _arguments '--names[list every Pokémon slug, one per line (used by the scripts)]' '--data=[read this data file instead of the bundled one (env\: POKEDEX_DATA)]:file:_files' '--color=[colour output\: auto (a terminal and NO_COLOR unset), always or never]:when:(auto always never)' '--no-prefs[ignore the preferences file]' '--help[show help for the command]' ;;
  esac
}
compdef _pokedex pokedex
