import PokedexKit
import SeededRandom

/// `pokedex random [N] [QUERY...]`: N Pokémon picked at random among those a query selects
/// (Showdown's `/randpoke`), reproducibly with `--seed`.
struct RandomCommand: ParsableCommand {
  let name = "random"
  let summary = "pick N random Pokémon (default 1), optionally among those a query selects"
  let usage = ["random [N] [QUERY...] [--seed S] [options]"]
  let discussion = """
    N is a whole number from 1 (the default); it must come first. More than the
    query matches prints every match, shuffled. The query is the one 'list'
    takes (see 'pokedex help query'):
      pokedex random
      pokedex random 6 fully-evolved '!legendary'
      pokedex random 3 type:dragon --seed 42 --format json
    --seed S (0 to 18446744073709551615) makes the pick reproducible: the same
    seed, data and query give the same Pokémon in the same order on every
    machine (SplitMix64 and a Fisher-Yates shuffle). Without it each run differs.
    Output formats are those of 'list'; rows keep the random order.
    """
  /// The largest N: more than there are Pokémon and forms, and far from overflowing.
  static let maximumCount = 100_000

  struct Options: OptionGroup {
    let forms = QueryOptions().forms
    let lang = QueryOptions().lang
    let output = ListOutputOptions(
      format: "table, json, ndjson, csv or tsv, as for 'list' (default: table)",
      fields: "columns or JSON keys, as for 'list'"
    )
    let seed = Option<UInt64>(
      "--seed",
      value: "S",
      help: "seed for a reproducible pick (a whole number)"
    )

    var declarations: [any OptionDeclaration] { [forms, lang, output, seed] }
  }
  let options = Options()

  func run(_ arguments: ParsedArguments<Options>, context: CommandContext) throws(CLIError)
    -> ExitCode
  {
    let (count, terms) = try Self.countAndTerms(arguments.positionals)
    let seed = try arguments.value(\.seed)
    let settings = try Settings(arguments.global, context: context)
    let query = try QueryRun(
      terms: terms,
      QueryRun.Parameters(forms: arguments[\.forms], language: arguments.given(\.lang)),
      settings: settings
    )
    let matches = query.result.pokemon
    let picked: [Pokemon]
    if let seed {
      var generator = SplitMix64(seed: seed)
      picked = RandomPick.sample(matches, count: count, using: &generator)
    } else {
      var generator = SystemRandomNumberGenerator()
      picked = RandomPick.sample(matches, count: count, using: &generator)
    }
    guard !picked.isEmpty else {
      throw CLIError.failed(.failure, "no Pokémon matches the query, so there is none to pick")
    }
    try write(
      picked,
      of: matches.count,
      settings: settings,
      output: arguments[\.output],
      names: query.names
    )
    return .success
  }

  /// Splits the positionals into N (the first, when it looks like a number) and query terms.
  ///
  /// - Throws: a usage error when the first positional starts like a number (a digit, a sign,
  ///   a point) but is not a whole number from 1 to ``maximumCount``.
  static func countAndTerms(_ positionals: [String]) throws(CLIError) -> (Int, [String]) {
    guard let first = positionals.first,
      let lead = first.unicodeScalars.first,
      lead.properties.numericType != nil || "+-.".unicodeScalars.contains(lead)
    else { return (1, positionals) }
    guard let count = Int(first), (1...maximumCount).contains(count) else {
      throw .usage(
        "invalid count '\(first)': expected a whole number from 1 to \(maximumCount)"
      )
    }
    return (count, Array(positionals.dropFirst()))
  }

  /// Writes the picks in `list`'s formats; the table's footer goes to stderr.
  private func write(
    _ picked: [Pokemon],
    of matchCount: Int,
    settings: Settings,
    output options: ParsedArguments<ListOutputOptions>,
    names: NameResolver
  ) throws(CLIError) {
    let result = PokemonFetchResult(
      sections: picked.isEmpty ? [] : [PokemonSection(identifier: "", name: "", pokemon: picked)],
      matchCount: picked.count,
      rowCount: picked.count
    )
    let output = try PokemonListOutput(settings, options, names: names, sectioned: false)
    try output.write(result, footer: "\(picked.count) of \(matchCount) Pokémon", settings: settings)
  }
}
