import Foundation
import PokedexKit

/// `pokedex show NAME|NUMBER...`: a detail card per Pokémon.
struct ShowCommand: ParsableCommand {
  let name = "show"
  let summary = "show a detail card: stats, abilities, evolution, forms, type matchups"
  let usage = [
    "show NAME|NUMBER... [options]", "show - [options]   (names from stdin, one a line)",
  ]
  let discussion = """
    Names are matched forgivingly, in every language, with form names too:
      pokedex show pikachu 25 'Mr. Mime' farfetchd ピカチュウ 'mega charizard x'
    A misspelled name shows the closest match with a note on stderr, on a terminal;
    when output is piped it is a miss unless --fuzzy is given, and with --exact it is
    always a miss. When no name is close, part of a name is tried ('bulba', 'paldean
    tauros'; see 'pokedex search'): one Pokémon found that way is treated like a
    misspelling; several are a miss that lists them (number, name, identifier) on
    stderr, on a terminal or piped alike: give one of them.
    A name that misses is reported on stderr; the others are shown.
    JSON records carry "match": {"kind": "exact"|"normalized"|"fuzzy"|"prefix"|
    "substring", "name": the name that matched, "language": its language, or null for
    the identifier or number}.
    Exit status 1 when any name misses.
    Each ability is shown with its short effect (from abilities.json, beside the
    data file or bundled; without it, the names alone, with a warning). --moves
    adds the moves it learns in the current generation, a line per method (see
    'pokedex learnset NAME' for the full tables); only --moves reads the move
    files. JSON records carry "abilityEffects": {identifier: short effect or null}
    and, with --moves, "learnset" in the shape of 'pokedex learnset --format json'.
    '-' reads names from standard input, one a line (blank lines and surrounding
    spaces ignored), reported like names given as arguments:
      printf 'pikachu\nmew\n' | pokedex show - --format json
    """
  struct Options: OptionGroup {
    let format = Option.format(["card", "json"], help: "card (default) or json")
    let lang = Option.language()
    let lookup = LookupOptions()
    let moves = Flag("--moves", help: "add the moves it learns in the current generation")

    var declarations: [any OptionDeclaration] { [format, lang, lookup, moves] }
  }
  let options = Options()

  /// The most standard input `show -` reads: far more than every name of the dex.
  static let standardInputLimit = 1 << 20

  func run(_ arguments: ParsedArguments<Options>, context: CommandContext) throws(CLIError)
    -> ExitCode
  {
    guard !arguments.positionals.isEmpty else {
      throw .usage("missing Pokémon name or number (for example 'pokedex show pikachu')")
    }
    let requested = try Self.names(arguments.positionals) { () throws(CLIError) in
      if StandardInput.isTerminal {
        context.stderr.line("reading names from standard input, one a line; end with Ctrl-D")
        _ = context.stderr.flush()
      }
      return try StandardInput.read(limit: Self.standardInputLimit)
    }
    let settings = try Settings(arguments.global, context: context)
    let dex = try context.loadDex(arguments.global)
    let policy = try Lookup.policy(arguments[\.lookup], context: context)
    let index = PokedexIndex(dex)
    let language = try settings.language(arguments.given(\.lang), dex: dex)
    var found: [Lookup.Found] = []
    var missed = false
    for text in requested {
      do throws(CLIError) {
        found.append(
          try Lookup.find(text, in: index, language: language, fuzzy: policy, context: context)
        )
      } catch {
        error.report(to: context)
        missed = true
      }
    }
    let extras = try ShowExtras(
      found.map(\.pokemon),
      settings: settings,
      moves: arguments[\.moves],
      language: arguments.given(\.lang)
    )
    if arguments[\.format] == "json" {
      let members = zip(found, extras.json).map { shown, members in
        members + (shown.forme.map { [("forme", Self.json($0))] } ?? [])
      }
      context.stdout.write(
        bytes: MatchedJSON.array(found.map { ($0.pokemon, $0.match) }, extra: members)
      )
    } else {
      try writeCards(
        found,
        index: index,
        language: language,
        extras,
        settings,
        context
      )
    }
    return missed ? .failure : .success
  }

  /// The `forme` member of a record asked for by a Showdown forme (`Arceus-Fairy`): its
  /// name, id, types (the Pokémon's when it has none of its own) and needed items.
  static func json(_ forme: ShowdownForme) -> OutputJSON {
    .object([
      ("name", .string(forme.name)), ("id", .string(forme.id)),
      ("types", forme.types.map { .array($0.map { .string($0) }) } ?? .null),
      ("requiredItems", .array(forme.requiredItems.map { .string($0) })),
      ("isCosmetic", .bool(forme.isCosmetic)), ("isBattleOnly", .bool(forme.isBattleOnly)),
    ])
  }

  /// The names to show: `positionals`, with a `-` replaced by the lines `readInput` returns
  /// (blank lines dropped, each trimmed).
  ///
  /// - Throws: a usage error for a second `-` (standard input is read once) or a `-` whose
  ///   input holds no name; what `readInput` throws.
  static func names(
    _ positionals: [String],
    readInput: () throws(CLIError) -> String
  ) throws(CLIError) -> [String] {
    guard positionals.contains("-") else { return positionals }
    guard positionals.filter({ $0 == "-" }).count == 1 else {
      throw .usage("'-' (names from standard input) can be given only once")
    }
    let lines = try readInput().split(omittingEmptySubsequences: true) { $0.isNewline }
    let fromInput = lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    guard !fromInput.isEmpty else {
      throw .usage("no names on standard input for '-' (expected one name or number a line)")
    }
    return positionals.flatMap { $0 == "-" ? fromInput : [$0] }
  }

  private func writeCards(
    _ found: [Lookup.Found],
    index: PokedexIndex,
    language: String,
    _ extras: ShowExtras,
    _ settings: Settings,
    _ context: CommandContext
  ) throws(CLIError) {
    let names = NameResolver(language: language, dex: index.pokedex)
    let style = try settings.style(for: .stdout)
    let lookups = PokedexContext(index: index)
    for (position, shown) in found.enumerated() {
      if position > 0 { context.stdout.line() }
      var card = PokemonCard(
        pokemon: shown.pokemon,
        dex: lookups,
        names: names,
        style: style,
        width: context.width,
        wrapWidth: context.tableWidth
      )
      card.forme = shown.forme
      card.abilityEffects = extras.abilityEffects
      card.moveLines = extras.moveLines(position, style: style, width: context.tableWidth)
      context.stdout.write(card.render())
    }
  }
}
