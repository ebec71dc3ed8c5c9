import PokedexKit

/// `pokedex learnset NAME [--gen N] [--method M]`: a Pokémon's moves, grouped by how it
/// learns them.
struct LearnsetCommand: ParsableCommand {
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
  struct Options: OptionGroup {
    let format = Option.format(["table", "json"], help: "table (default) or json")
    let gen = Option<Int>(
      "--gen",
      in: 1...Int(Int32.max),
      help: "the generation, 1 to 9 (default: the current one)"
    )
    let method = Option<String>(
      "--method",
      value: "METHOD",
      allowed: LearnMethod.Kind.allCases.map(\.rawValue),
      help: "only this method: level, tm, egg, tutor, event, ... (repeatable)"
    )
    let lang = Option.language()
    let lookup = LookupOptions()

    var declarations: [any OptionDeclaration] { [format, gen, method, lang, lookup] }
  }
  let options = Options()

  func run(_ arguments: ParsedArguments<Options>, context: CommandContext) throws(CLIError)
    -> ExitCode
  {
    guard let text = arguments.positionals.first else {
      throw .usage("missing Pokémon name or number (for example 'pokedex learnset pikachu')")
    }
    guard arguments.positionals.count == 1 else {
      throw .usage("unexpected argument '\(arguments.positionals[1].escapedForMessage)'")
    }
    let policy = try Lookup.policy(arguments[\.lookup], context: context)
    let settings = try Settings(arguments.global, context: context)
    let data = try MoveContext(settings, language: arguments.given(\.lang))
    let pokemon = try Lookup.find(
      text,
      in: PokedexIndex(data.learners.dex),
      language: data.names.language,
      fuzzy: policy,
      context: context
    ).pokemon
    let generation =
      try arguments.value(\.gen, in: 1...data.learners.currentGeneration)
      ?? data.learners.currentGeneration
    let methods = arguments.all(\.method).compactMap(LearnMethod.Kind.init(rawValue:))
    let output = LearnsetOutput(
      groups: LearnsetGroups(
        pokemon: pokemon,
        generation: generation,
        methods: methods.isEmpty ? nil : Set(methods),
        learners: data.learners
      ),
      data: data
    )
    if arguments[\.format] == "json" {
      context.stdout.write(output.json().pretty)
    } else {
      context.stdout.write(output.tables(width: context.tableWidth))
    }
    return .success
  }
}
