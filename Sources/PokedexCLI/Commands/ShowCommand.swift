import PokedexKit

/// `pokedex show NAME|NUMBER...`: a detail card per Pokémon.
struct ShowCommand: Command {
  let name = "show"
  let summary = "show a detail card: stats, abilities, evolution, forms, type matchups"
  let usage = ["show NAME|NUMBER... [options]"]
  let discussion = """
    Names are matched forgivingly, in every language, with form names too:
      pokedex show pikachu 25 'Mr. Mime' farfetchd ピカチュウ 'mega charizard x'
    A misspelled name shows the closest match with a note on stderr.
    """
  let options = [
    OptionSpec(
      "--format",
      short: "-f",
      value: "FORMAT",
      allowed: ["card", "json"],
      help: "card (default) or json"
    ),
    OptionSpec("--lang", value: "LANG", help: "language of names (env: POKEDEX_LANG)"),
  ]

  func run(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) -> ExitCode {
    guard !arguments.positionals.isEmpty else {
      throw .usage("missing Pokémon name or number (for example 'pokedex show pikachu')")
    }
    let settings = try Settings(arguments, context: context)
    let dex = try context.loadDex(arguments)
    let index = PokedexIndex(dex)
    let found = try arguments.positionals.map { text throws(CLIError) in
      try Lookup.one(text, in: index, context: context)
    }
    if arguments.value("--format") == "json" {
      context.stdout.write(bytes: DexJSONWriter.array(found))
      return .success
    }
    let names = NameResolver(language: try QueryOptions.language(settings, dex: dex), dex: dex)
    let style = try ColorSettings.style(settings, stream: .stdout)
    let lookups = PokedexContext(index: index)
    for (position, pokemon) in found.enumerated() {
      if position > 0 { context.stdout.line() }
      context.stdout.write(
        PokemonCard(
          pokemon: pokemon,
          dex: lookups,
          names: names,
          style: style,
          width: context.width
        ).render()
      )
    }
    return .success
  }
}

/// Resolving what a user typed to one Pokémon, the way `show` and `layout` need it.
enum Lookup {
  /// The Pokémon `text` names: the exact match, or the single closest one with a note on
  /// stderr. Several close matches or none is an error listing what was found.
  static func one(_ text: String, in index: PokedexIndex, context: CommandContext) throws(CLIError)
    -> Pokemon
  {
    let result = index.search(text)
    switch result.match {
    case .exact:
      if let pokemon = result.pokemon.first { return pokemon }
    case .fuzzy:
      let species = Set(result.pokemon.map(\.speciesSlug))
      if species.count == 1, let pokemon = result.pokemon.first {
        context.stderr.line(
          "note: no exact match for '\(text)'; showing the closest, '\(pokemon.slug)'"
        )
        return pokemon
      }
      let candidates = result.pokemon.prefix(8).map { "'\($0.slug)'" }.joined(separator: ", ")
      throw CLIError(.failure, "no exact match for '\(text)'; did you mean \(candidates)?")
    case .none:
      break
    }
    throw CLIError(
      .failure,
      "no Pokémon matches '\(text)'; try 'pokedex search \(text)' or 'pokedex list \"name:\(text)*\"'"
    )
  }
}
