# fish completion for pokedex
complete -c pokedex -f
complete -c pokedex -n __fish_use_subcommand -l version -d 'show the version'
complete -c pokedex -n __fish_use_subcommand -a completions -d 'print a shell completion script (bash, zsh or fish)'
complete -c pokedex -n '__fish_seen_subcommand_from completions' -l names -d 'list every Pokémon slug, one per line (used by the scripts)'
complete -c pokedex -n '__fish_seen_subcommand_from completions' -l data -r -F -d 'read this data file instead of the bundled one (env: POKEDEX_DATA)'
complete -c pokedex -n '__fish_seen_subcommand_from completions' -l color -x -a 'auto always never' -d 'colour output: auto (a terminal and NO_COLOR unset), always or never'
complete -c pokedex -n '__fish_seen_subcommand_from completions' -l no-prefs -d 'ignore the preferences file'
complete -c pokedex -n '__fish_seen_subcommand_from completions' -l help -s h -d 'show help for the command'
