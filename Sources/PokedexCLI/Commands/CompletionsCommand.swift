import PokedexKit

/// `pokedex completions bash|zsh|fish`: shell completion scripts.
///
/// The scripts are small and the same for every version: on each TAB they run
/// `pokedex completions --complete -- WORDS...`, which answers from the tool's own tables
/// (``CompletionEngine``): commands, subcommands, every option and its values, preference
/// keys, help topics, query words, saved filters and Pokémon names. So completion can never
/// offer an option the parser rejects or miss one it accepts.
struct CompletionsCommand: ParsableCommand {
  let name = "completions"
  let summary = "print a shell completion script (bash, zsh or fish)"
  let usage = [
    "completions bash|zsh|fish", "completions --complete -- WORDS...", "completions --names",
  ]
  let discussion = """
    Install, for example:
      bash:  pokedex completions bash > ~/.local/share/bash-completion/completions/pokedex
      zsh:   pokedex completions zsh > "${fpath[1]}/_pokedex"
      fish:  pokedex completions fish > ~/.config/fish/completions/pokedex.fish
    or load it in the running shell:
      source <(pokedex completions bash)
    The scripts ask 'pokedex completions --complete -- WORDS...' (the words after
    'pokedex', the last one being completed) what to offer: it prints ':words',
    ':files' or ':dirs', then one candidate a line.
    """
  struct Options: OptionGroup {
    let complete = Flag(
      "--complete",
      help: "print the candidates for the words after '--' (for the scripts)"
    )
    let names = Flag("--names", help: "list every Pokémon slug, one per line")

    var declarations: [any OptionDeclaration] { [complete, names] }
  }
  let options = Options()

  func run(_ arguments: ParsedArguments<Options>, context: CommandContext) throws(CLIError)
    -> ExitCode
  {
    if arguments[\.complete] {
      let engine = CompletionEngine(
        commands: PokedexCommands.all,
        sources: .live(for: arguments.positionals, arguments.global, context: context)
      )
      for line in engine.complete(arguments.positionals).lines { context.stdout.line(line) }
      return .success
    }
    if arguments[\.names] {
      let dex = try context.loadDex(arguments.global)
      for name in QueryWords.values(forKey: "name", in: dex) { context.stdout.line(name) }
      return .success
    }
    guard let shell = arguments.positionals.first else {
      throw .usage("missing shell name (expected bash, zsh or fish)")
    }
    guard arguments.positionals.count == 1 else {
      throw .usage("unexpected argument '\(arguments.positionals[1])'")
    }
    switch shell {
    case "bash": context.stdout.write(CompletionScripts.bash)
    case "zsh": context.stdout.write(CompletionScripts.zsh)
    case "fish": context.stdout.write(CompletionScripts.fish)
    default: throw .usage("unknown shell '\(shell)' (expected bash, zsh or fish)")
    }
    return .success
  }
}
