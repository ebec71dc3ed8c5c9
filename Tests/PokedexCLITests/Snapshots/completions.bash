# bash completion for pokedex
_pokedex() {
  local cur prev cmd opts
  cur="${COMP_WORDS[COMP_CWORD]}"
  prev="${COMP_WORDS[COMP_CWORD-1]}"
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=($(compgen -W "list show search layout types data diff completions prefs filter --help --version" -- "$cur"))
    return
  fi
  cmd="${COMP_WORDS[1]}"
  case "$cmd:$prev" in
    list:--format|query:--format) COMPREPLY=($(compgen -W "table json ndjson csv tsv" -- "$cur")); return ;;
    list:--color|query:--color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
    show:--format) COMPREPLY=($(compgen -W "card json" -- "$cur")); return ;;
    show:--color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
    search:--format) COMPREPLY=($(compgen -W "text json" -- "$cur")); return ;;
    search:--color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
    layout:--style) COMPREPLY=($(compgen -W "grid row list featured carousel" -- "$cur")); return ;;
    layout:--format) COMPREPLY=($(compgen -W "ascii json svg" -- "$cur")); return ;;
    layout:--color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
    types:--color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
    data:--color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
    diff:--format) COMPREPLY=($(compgen -W "text json" -- "$cur")); return ;;
    diff:--color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
    completions:--color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
    prefs:--format) COMPREPLY=($(compgen -W "xml binary json" -- "$cur")); return ;;
    prefs:--color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
    filter:--color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
    *:--data|*:--output|*:--spec|*:--source) COMPREPLY=($(compgen -f -- "$cur")); return ;;
  esac
  case "$cmd" in
    list|query) opts="--forms --sort --section-by --limit --offset --lang --format -f --fields --card --data --color --no-prefs --help -h" ;;
    show) opts="--format -f --lang --exact --fuzzy --data --color --no-prefs --help -h" ;;
    search) opts="--format -f --lang --exact --fuzzy --data --color --no-prefs --help -h" ;;
    layout) opts="--forms --sort --section-by --limit --offset --lang --style -s --spec --columns -c --width -w --format -f --output -o --viewport --ascii --lenient --remember --data --color --no-prefs --help -h" ;;
    types) opts="--lang --data --color --no-prefs --help -h" ;;
    data) opts="--source --output -o --strict --partial --data --color --no-prefs --help -h" ;;
    diff) opts="--format -f --limit --color --no-prefs --help -h" ;;
    completions) opts="--names --data --color --no-prefs --help -h" ;;
    prefs) opts="--format --output -o --merge --replace --repair --data --color --no-prefs --help -h" ;;
    filter) opts="--data --color --no-prefs --help -h" ;;
    *) opts="" ;;
  esac
  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
  elif [[ " show search list query layout " == *" $cmd "* ]]; then
    COMPREPLY=($(compgen -W "$(pokedex completions --names 2>/dev/null)" -- "$cur"))
  fi
}
complete -F _pokedex pokedex
