import PokedexKit

/// `pokedex learnset NAME [--gen N] [--method M]`: a Pokémon's moves, grouped by how it
/// learns them.
struct LearnsetCommand: Command {
  let name = "learnset"
  let aliases = ["moveset"]
  let summary = "show the moves a Pokémon learns, by level up, TM, egg, tutor, event"
  let usage = ["learnset NAME|NUMBER [options]"]
  let discussion = """
    The moves of one generation (the current one, 9, unless --gen says), grouped as
    Bulbapedia groups them: by level up in level order (Evo. is "on evolution"),
    by TM in TM order, by breeding, by tutor, from events, ...; then the moves the
    Pokémon can use only because a prevolution learns them (Raichu: what Pichu
    learns as an egg move), with the prevolution and how it learns them.
      pokedex learnset pikachu
      pokedex learnset charizard --gen 4 --method level --method tm
      pokedex learnset 'alolan raichu' --format json
    A form without moves of its own (a Mega Evolution) says whose moves it learns.
    The Pokémon is found as 'pokedex show' finds it (--exact, --fuzzy); a miss exits 1.
    JSON: {"pokemon", "name", "generation", "learnsetOf": the Pokémon whose learnset
    it is or null, "groups": [{"method": "level"|"tm"|"egg"|"tutor"|"event"|...|
    "prevolution", "moves": [{"level"?, "machine"?, "move", "name", "type",
    "category", "power", "accuracy", "pp", "from"?, "methods"?}]}]}.
    """
  let options = [
    OptionSpec(
      "--format",
      short: "-f",
      value: "FORMAT",
      allowed: ["table", "json"],
      help: "table (default) or json"
    ),
    OptionSpec("--gen", value: "N", help: "the generation, 1 to 9 (default: the current one)"),
    OptionSpec(
      "--method",
      value: "METHOD",
      allowed: LearnMethod.Kind.allCases.map(\.rawValue),
      help: "only this method: level, tm, egg, tutor, event, ... (repeatable)"
    ),
    OptionSpec("--lang", value: "LANG", help: "language of names (env: POKEDEX_LANG)"),
    OptionSpec("--exact", help: "accept only exact or normalized matches, never a guess"),
    OptionSpec("--fuzzy", help: "accept the closest match even when output is piped"),
  ]

  func run(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) -> ExitCode {
    guard let text = arguments.positionals.first else {
      throw .usage("missing Pokémon name or number (for example 'pokedex learnset pikachu')")
    }
    guard arguments.positionals.count == 1 else {
      throw .usage("unexpected argument '\(arguments.positionals[1].escapedForMessage)'")
    }
    guard !(arguments.flag("--exact") && arguments.flag("--fuzzy")) else {
      throw .usage("--exact and --fuzzy contradict each other; give one")
    }
    let data = try MoveContext(arguments, context: context)
    let pokemon = try Lookup.find(
      text,
      in: PokedexIndex(data.learners.dex),
      language: data.names.language,
      fuzzy: Lookup.policy(arguments, context: context),
      context: context
    ).pokemon
    let generation =
      try arguments.integer("--gen", in: 1...data.learners.currentGeneration)
      ?? data.learners.currentGeneration
    let methods = arguments.allValues("--method").compactMap(LearnMethod.Kind.init(rawValue:))
    let output = LearnsetOutput(
      groups: LearnsetGroups(
        pokemon: pokemon,
        generation: generation,
        methods: methods.isEmpty ? nil : Set(methods),
        learners: data.learners
      ),
      data: data
    )
    if arguments.value("--format") == "json" {
      context.stdout.write(output.json().pretty)
    } else {
      context.stdout.write(output.tables(width: context.tableWidth))
    }
    return .success
  }
}
