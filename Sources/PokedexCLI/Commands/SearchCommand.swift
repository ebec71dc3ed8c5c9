import PokedexKit

/// `pokedex search TEXT`: forgiving lookup by name (any language), form name, slug or number.
struct SearchCommand: Command {
  let name = "search"
  let summary = "find Pokémon by name in any language, forgiving spelling"
  let usage = ["search TEXT... [options]"]
  let discussion = """
    Case, accents, punctuation and symbols are ignored ('mr mime', 'Nidoran♀',
    'flabebe'); names in every language match ('ピカチュウ', 'Bisasam'); on a miss
    the closest names are listed as "did you mean". Exit status 1 when nothing matches.
    """
  let options = [
    OptionSpec(
      "--format",
      short: "-f",
      value: "FORMAT",
      allowed: ["text", "json"],
      help: "text (default) or json"
    ),
    OptionSpec("--lang", value: "LANG", help: "language of names (env: POKEDEX_LANG)"),
  ]

  func run(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) -> ExitCode {
    let text = arguments.positionals.joined(separator: " ")
    guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
      throw .usage("missing text to search for (for example 'pokedex search mr mime')")
    }
    let settings = try Settings(arguments, context: context)
    let dex = try context.loadDex(arguments)
    let index = PokedexIndex(dex)
    let result = index.search(text)
    if arguments.value("--format") == "json" {
      context.stdout.write(bytes: DexJSONWriter.array(result.pokemon))
      return result.pokemon.isEmpty ? .failure : .success
    }
    let names = NameResolver(language: try QueryOptions.language(settings, dex: dex), dex: dex)
    switch result.match {
    case .none:
      context.stderr.line("No Pokémon matches '\(text)'.")
      return .failure
    case .fuzzy(let distance):
      context.stdout.line(
        "No exact match for '\(text)'. Did you mean (\(distance) edit\(distance == 1 ? "" : "s") away):"
      )
    case .exact:
      break
    }
    let rows = result.pokemon.map { pokemon in
      [
        "#" + pad4(pokemon.nationalNumber), names.name(of: pokemon), pokemon.slug,
        pokemon.types.map { names.typeName($0) }.joined(separator: "/"),
      ]
    }
    let table = TextTable(
      headers: ["No.", "Name", "Slug", "Types"],
      numeric: [true, false, false, false],
      rows: rows
    )
    context.stdout.write(
      table.render(width: context.width, style: try ColorSettings.style(settings, stream: .stdout))
    )
    return .success
  }
}
