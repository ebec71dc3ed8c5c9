import PokedexKit

/// `pokedex search TEXT`: forgiving lookup by name (any language), form name, slug or number.
struct SearchCommand: ParsableCommand {
  let name = "search"
  let summary = "find Pokémon by name in any language, forgiving spelling"
  let usage = ["search TEXT... [options]"]
  let discussion = """
    Case, accents, punctuation and symbols are ignored ('mr mime', 'Nidoran♀',
    'flabebe'); names in every language match ('ピカチュウ', 'Bisasam'); on a miss
    the closest names are listed as "did you mean". When no name is close, part of a
    name finds Pokémon: names that start with the text ('char'), then names that
    contain it ('zard'), in the display language (and identifiers) first, then in the
    other languages; a "Matched" column says which name matched, with its language
    when it is not the display language.
    JSON records carry "match": {"kind": "exact"|"normalized"|"fuzzy"|"prefix"|
    "substring", "name": the name that matched, "language": its language, or null for
    the identifier or number}.
    Exit status 1 when nothing matches; a "did you mean" list is a match on a terminal
    or with --fuzzy, and exit status 1 when output is piped; names found by part are
    matches (exit status 0); --exact lists nothing but exact or normalized matches
    (exit status 1 otherwise).
    """
  struct Options: OptionGroup {
    let format = Option.format(["text", "json"], help: "text (default) or json")
    let lang = Option.language()
    let lookup = LookupOptions(
      exact: "list only exact or normalized matches, never guesses",
      fuzzy: "a \"did you mean\" list exits 0 even when output is piped"
    )

    var declarations: [any OptionDeclaration] { [format, lang, lookup] }
  }
  let options = Options()

  func run(_ arguments: ParsedArguments<Options>, context: CommandContext) throws(CLIError)
    -> ExitCode
  {
    let text = arguments.positionals.joined(separator: " ")
    guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
      throw .usage("missing text to search for (for example 'pokedex search mr mime')")
    }
    let settings = try Settings(arguments.global, context: context)
    let dex = try context.loadDex(arguments.global)
    let index = PokedexIndex(dex)
    let policy = try Lookup.policy(arguments[\.lookup], context: context)
    let language = try settings.language(arguments.given(\.lang), dex: dex)
    var result = index.search(text)
    if case .none = result.match {
      let partial = index.searchPartially(text, preferring: language)
      if !partial.isEmpty {
        let names = NameResolver(language: language, dex: dex)
        return try writePartial(partial, text: text, arguments, settings, names: names, context)
      }
    }
    var miss = "No Pokémon matches '\(text)'."
    if result.isFuzzy, arguments[\.lookup.exact] {
      result = PokemonSearchResult(text: text, match: .none, pokemon: [])
      miss = "No exact match for '\(text)' (--exact)."
    }
    let code: ExitCode =
      result.pokemon.isEmpty || (result.isFuzzy && policy != .accept)
      ? .failure : .success
    if result.isFuzzy, policy != .accept {
      context.stderr.line(
        "note: no exact match for '\(text)'; output is not a terminal: pass --fuzzy to accept"
          + " the closest matches"
      )
    }
    if arguments[\.format] == "json" {
      let records = result.pokemon.map { pokemon in
        let one = PokemonSearchResult(text: text, match: result.match, pokemon: [pokemon])
        return (pokemon, index.matchedName(one, preferring: language))
      }
      context.stdout.write(bytes: MatchedJSON.array(records))
      return code
    }
    let names = NameResolver(language: language, dex: dex)
    switch result.match {
    case .none:
      context.stderr.line(miss)
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
      table.render(
        width: context.tableWidth,
        style: try settings.style(for: .stdout)
      )
    )
    return code
  }

  /// Writes the Pokémon found by part of a name, with the name each matched; with --exact,
  /// they are a miss.
  private func writePartial(
    _ partial: [PartialMatch],
    text: String,
    _ arguments: ParsedArguments<Options>,
    _ settings: Settings,
    names: NameResolver,
    _ context: CommandContext
  ) throws(CLIError) -> ExitCode {
    let json = arguments[\.format] == "json"
    guard !arguments[\.lookup.exact] else {
      if json { context.stdout.write(bytes: MatchedJSON.array([])) }
      context.stderr.line("No exact match for '\(text)' (--exact).")
      return .failure
    }
    if json {
      context.stdout.write(bytes: MatchedJSON.array(partial.map { ($0.pokemon, $0.match) }))
      return .success
    }
    let isPrefix = partial.first?.match.kind == .prefix
    context.stderr.line(
      "note: no exact match for '\(text)'; names that \(isPrefix ? "start with" : "contain") it:"
    )
    let rows = partial.map { found in
      let language = found.match.language.map { $0 == names.language ? "" : " (\($0))" } ?? ""
      return [
        "#" + pad4(found.pokemon.nationalNumber), names.name(of: found.pokemon), found.pokemon.slug,
        found.pokemon.types.map { names.typeName($0) }.joined(separator: "/"),
        found.match.name + language,
      ]
    }
    let table = TextTable(
      headers: ["No.", "Name", "Slug", "Types", "Matched"],
      numeric: [true, false, false, false, false],
      rows: rows
    )
    context.stdout.write(
      table.render(
        width: context.tableWidth,
        style: try settings.style(for: .stdout)
      )
    )
    return .success
  }
}
