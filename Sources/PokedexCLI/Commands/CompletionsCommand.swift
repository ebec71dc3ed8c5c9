import PokedexKit

/// `pokedex completions bash|zsh|fish`: shell completion scripts.
///
/// The scripts complete commands, options and their closed values statically,
/// and Pokémon names by asking `pokedex completions --names` (the slugs of the
/// bundled data, one per line) when a name or query term is expected.
struct CompletionsCommand: Command {
  let name = "completions"
  let summary = "print a shell completion script (bash, zsh or fish)"
  let usage = ["completions bash|zsh|fish", "completions --names"]
  let discussion = """
    Install, for example:
      bash:  pokedex completions bash > ~/.local/share/bash-completion/completions/pokedex
      zsh:   pokedex completions zsh > "${fpath[1]}/_pokedex"
      fish:  pokedex completions fish > ~/.config/fish/completions/pokedex.fish
    """
  let options = [
    OptionSpec("--names", help: "list every Pokémon slug, one per line (used by the scripts)")
  ]

  func run(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) -> ExitCode {
    if arguments.flag("--names") {
      let dex = try context.loadDex(arguments)
      var seen: Set<String> = []
      for pokemon in dex.pokemon where seen.insert(pokemon.slug).inserted {
        context.stdout.line(pokemon.slug)
      }
      return .success
    }
    guard let shell = arguments.positionals.first else {
      throw .usage("missing shell name (expected bash, zsh or fish)")
    }
    guard arguments.positionals.count == 1 else {
      throw .usage("unexpected argument '\(arguments.positionals[1])'")
    }
    let commands = PokedexCLI.commands
    switch shell {
    case "bash": context.stdout.write(Self.bash(commands))
    case "zsh": context.stdout.write(Self.zsh(commands))
    case "fish": context.stdout.write(Self.fish(commands))
    default: throw .usage("unknown shell '\(shell)' (expected bash, zsh or fish)")
    }
    return .success
  }

  /// Commands whose positional arguments are Pokémon names or query terms.
  static let nameTakingCommands = ["show", "search", "list", "query", "layout"]

  static func bash(_ commands: [any Command]) -> String {
    var cases = ""
    for command in commands {
      let words = (command.allOptions).flatMap {
        [$0.name] + ($0.short.map { [$0] } ?? [])
      }
      let names = ([command.name] + command.aliases).joined(separator: "|")
      cases += "    \(names)) opts=\"\(words.joined(separator: " "))\" ;;\n"
    }
    var values = ""
    for command in commands {
      for spec in command.allOptions {
        guard let allowed = spec.allowed else { continue }
        let names = ([command.name] + command.aliases).map { "\($0):\(spec.name)" }.joined(
          separator: "|"
        )
        values +=
          "    \(names)) COMPREPLY=($(compgen -W \"\(allowed.joined(separator: " "))\" -- \"$cur\")); return ;;\n"
      }
    }
    return """
      # bash completion for pokedex
      _pokedex() {
        local cur prev cmd opts
        cur="${COMP_WORDS[COMP_CWORD]}"
        prev="${COMP_WORDS[COMP_CWORD-1]}"
        if [ "$COMP_CWORD" -eq 1 ]; then
          COMPREPLY=($(compgen -W "\(commands.map(\.name).joined(separator: " ")) --help --version" -- "$cur"))
          return
        fi
        cmd="${COMP_WORDS[1]}"
        case "$cmd:$prev" in
      \(values)    *:--data|*:--output|*:--spec|*:--source) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        esac
        case "$cmd" in
      \(cases)    *) opts="" ;;
        esac
        if [[ "$cur" == -* ]]; then
          COMPREPLY=($(compgen -W "$opts" -- "$cur"))
        elif [[ " \(nameTakingCommands.joined(separator: " ")) " == *" $cmd "* ]]; then
          COMPREPLY=($(compgen -W "$(pokedex completions --names 2>/dev/null)" -- "$cur"))
        fi
      }
      complete -F _pokedex pokedex

      """
  }

  static func zsh(_ commands: [any Command]) -> String {
    let commandList = commands.map { "'\($0.name):\(escapeZsh($0.summary))'" }.joined(
      separator: " "
    )
    var cases = ""
    for command in commands {
      let specs = (command.allOptions).map { spec -> String in
        let help = escapeZsh(spec.help)
        guard let value = spec.valueName else { return "'\(spec.name)[\(help)]'" }
        let action = spec.allowed.map { "(\($0.joined(separator: " ")))" } ?? "_files"
        return "'\(spec.name)=[\(help)]:\(value.lowercased()):\(action)'"
      }
      let names = ([command.name] + command.aliases).joined(separator: "|")
      let rest = nameTakingCommands.contains(command.name) ? " '*:name:_pokedex_names'" : ""
      cases += "    \(names)) _arguments \(specs.joined(separator: " "))\(rest) ;;\n"
    }
    return """
      #compdef pokedex
      # zsh completion for pokedex
      _pokedex_names() {
        local -a names
        names=(${(f)"$(pokedex completions --names 2>/dev/null)"})
        _describe 'pokemon' names
      }
      _pokedex() {
        local -a commands
        commands=(\(commandList))
        if (( CURRENT == 2 )); then
          _describe 'command' commands
          return
        fi
        case "${words[2]}" in
      \(cases)  esac
      }
      compdef _pokedex pokedex

      """
  }

  static func fish(_ commands: [any Command]) -> String {
    var lines = [
      "# fish completion for pokedex",
      "complete -c pokedex -f",
      "complete -c pokedex -n __fish_use_subcommand -l version -d 'show the version'",
    ]
    for command in commands {
      lines.append(
        "complete -c pokedex -n __fish_use_subcommand -a \(command.name) -d '\(escapeFish(command.summary))'"
      )
      for spec in command.allOptions {
        var line =
          "complete -c pokedex -n '__fish_seen_subcommand_from \(command.name)' -l \(spec.name.dropFirst(2))"
        if let short = spec.short { line += " -s \(short.dropFirst())" }
        if let allowed = spec.allowed {
          line += " -x -a '\(allowed.joined(separator: " "))'"
        } else if spec.valueName != nil {
          line += " -r -F"
        }
        lines.append(line + " -d '\(escapeFish(spec.help))'")
      }
      if nameTakingCommands.contains(command.name) {
        lines.append(
          "complete -c pokedex -n '__fish_seen_subcommand_from \(command.name)' -a '(pokedex completions --names 2>/dev/null)'"
        )
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func escapeZsh(_ text: String) -> String {
    text.replacingOccurrences(of: "'", with: "'\\''").replacingOccurrences(of: "[", with: "(")
      .replacingOccurrences(of: "]", with: ")").replacingOccurrences(of: ":", with: "\\:")
  }

  private static func escapeFish(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
  }
}
