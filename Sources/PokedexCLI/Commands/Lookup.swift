import PokedexKit

/// Resolving what a user typed to one Pokémon, the way `show` and `layout` need it.
enum Lookup {
  /// What to do with a guess: a name that matched only approximately.
  enum FuzzyPolicy: Equatable {
    /// Show the closest Pokémon, with a note on stderr.
    case accept
    /// Treat it as a miss; `hint` ends the message (say how to accept it).
    case refuse(hint: String)
  }

  /// One Pokémon found, with the name it was found by.
  struct Found {
    var pokemon: Pokemon
    var match: MatchedName?
    /// The Showdown forme the text named (`Arceus-Fairy`), if it named one.
    var forme: ShowdownForme? = nil
  }

  /// The Pokémon `text` names: the exact match, or the single closest one with a note on
  /// stderr. Several close matches or none is an error listing what was found.
  static func one(_ text: String, in index: PokedexIndex, context: CommandContext) throws(CLIError)
    -> Pokemon
  {
    try find(text, in: index, language: "en", fuzzy: .accept, context: context).pokemon
  }

  /// The fuzzy policy `--exact` and `--fuzzy` choose: `--exact` refuses guesses; `--fuzzy`
  /// or a terminal on stdout accepts them; otherwise (piped) they are refused.
  ///
  /// - Throws: a usage error when both are given.
  static func policy(_ options: ParsedArguments<LookupOptions>, context: CommandContext)
    throws(CLIError) -> FuzzyPolicy
  {
    guard !(options[\.exact] && options[\.fuzzy]) else {
      throw .usage("--exact and --fuzzy contradict each other; give one")
    }
    if options[\.exact] { return .refuse(hint: " (--exact)") }
    if options[\.fuzzy] || context.stdoutIsTerminal { return .accept }
    return .refuse(hint: " (output is not a terminal: pass --fuzzy to accept it)")
  }

  /// The Pokémon `text` names and how it matched, under `fuzzy`; names are preferred in
  /// `language` when saying which one matched.
  static func find(
    _ text: String,
    in index: PokedexIndex,
    language: String,
    fuzzy: FuzzyPolicy,
    context: CommandContext
  ) throws(CLIError) -> Found {
    let result = index.search(text)
    let match = index.matchedName(result, preferring: language)
    switch result.match {
    case .exact:
      if let pokemon = result.pokemon.first {
        return Found(pokemon: pokemon, match: match, forme: result.forme)
      }
    case .fuzzy:
      let species = Set(result.pokemon.map(\.speciesSlug))
      if species.count == 1, let pokemon = result.pokemon.first {
        guard case .refuse(let hint) = fuzzy else {
          context.stderr.line(
            "note: no exact match for '\(text)'; showing the closest, '\(pokemon.slug)'"
          )
          return Found(pokemon: pokemon, match: match, forme: result.forme)
        }
        throw CLIError.failed(
          .failure,
          "no exact match for '\(text)'; did you mean '\(pokemon.slug)'?\(hint)"
        )
      }
      let candidates = result.pokemon.prefix(8).map { "'\($0.slug)'" }.joined(separator: ", ")
      throw CLIError.failed(.failure, "no exact match for '\(text)'; did you mean \(candidates)?")
    case .none:
      let partial = index.searchPartially(text, preferring: language)
      if !partial.isEmpty {
        return try byPart(text, partial, in: index, language: language, fuzzy: fuzzy, context)
      }
    }
    throw CLIError.failed(
      .failure,
      "no Pokémon matches '\(text)'; try 'pokedex search \(text)' or 'pokedex list \"name:\(text)*\"'"
    )
  }

  /// The Pokémon found by part of its name (`char`, `paldean tauros`) after a miss: a single
  /// one is a guess, shown or refused under `fuzzy` like a misspelling; several are an error
  /// listing them (name, number and identifier), on a terminal or not, so that a script never
  /// picks one by chance.
  private static func byPart(
    _ text: String,
    _ partial: [PartialMatch],
    in index: PokedexIndex,
    language: String,
    fuzzy: FuzzyPolicy,
    _ context: CommandContext
  ) throws(CLIError) -> Found {
    let names = NameResolver(language: language, dex: index.pokedex)
    guard partial.count == 1, let only = partial.first else {
      let shown = partial.prefix(20).map { candidate in
        "  #\(pad4(candidate.pokemon.nationalNumber))  \(names.name(of: candidate.pokemon))"
          + "  (\(candidate.pokemon.slug))"
      }
      let more =
        partial.count > shown.count ? ["  ... and \(partial.count - shown.count) more"] : []
      throw CLIError.failed(
        .failure,
        (["'\(text)' is part of the names of \(partial.count) Pokémon; name one of them:"] + shown
          + more).joined(separator: "\n")
      )
    }
    let name = "'\(only.match.name)'"
    guard case .refuse(let hint) = fuzzy else {
      context.stderr.line(
        "note: no exact match for '\(text)'; showing '\(only.pokemon.slug)', whose name \(name)"
          + (only.match.kind == .prefix ? " starts with it" : " contains it")
      )
      return Found(pokemon: only.pokemon, match: only.match)
    }
    throw CLIError.failed(
      .failure,
      "no exact match for '\(text)'; did you mean '\(only.pokemon.slug)' (\(name))?\(hint)"
    )
  }
}
