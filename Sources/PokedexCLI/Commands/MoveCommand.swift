import PokedexKit

/// `pokedex move NAME...`: a card per move.
struct MoveCommand: ParsableCommand {
  let name = "move"
  let summary = "show a move: type, category, power, accuracy, PP, effect, TMs, who learns it"
  let usage = ["move NAME... [options]"]
  let discussion = """
    Names are matched forgivingly, in every language: 'Trick Room', trick-room,
    trickroom and トリックルーム are one move. A misspelled name shows the closest
    move with a note on stderr, on a terminal; piped, it is a miss unless --fuzzy
    is given, and with --exact it is always a miss. A miss exits 1 and says
    "did you mean" when a move is close.
      pokedex move thunderbolt
      pokedex move 'Trick Room' --long
      pokedex move surf --list --format json
      pokedex move crunch --gen 3
    "Learned by" counts the Pokémon (without alternate forms; with them in brackets)
    that learn the move in the current generation, themselves or through a
    prevolution (Raichu learns what Pichu learns); --list names them, and
    'pokedex list move:NAME' lists them as a table.
    --gen N shows the effect as it read in generation N where Showdown keeps an
    older text (Crunch lowered Sp. Def before generation 4); the rest of the card
    is the current generation's.
    JSON is the move's record in the schema of moves.json, with
    "effectInGeneration": {"generation", "shortEffect", "effect"} for --gen, and "learnedBy":
    {"generation", "count", "countWithForms", "pokemon": [identifiers]}.
    """
  struct Options: OptionGroup {
    let format = Option.format(["card", "json"], help: "card (default) or json")
    let long = Flag("--long", help: "show the full effect rather than its summary")
    let list = Flag("--list", help: "list the Pokémon that learn it in the current generation")
    let gen = Option<Int>(
      "--gen",
      in: 1...Int(Int32.max),
      help: "the effect as it reads in generation N, 1 to 9 (Showdown's older texts)"
    )
    let lang = Option.language()
    let lookup = LookupOptions()

    var declarations: [any OptionDeclaration] { [format, long, list, gen, lang, lookup] }
  }
  let options = Options()

  func run(_ arguments: ParsedArguments<Options>, context: CommandContext) throws(CLIError)
    -> ExitCode
  {
    guard !arguments.positionals.isEmpty else {
      throw .usage("missing move name (for example 'pokedex move thunderbolt')")
    }
    let policy = try Lookup.policy(arguments[\.lookup], context: context)
    let settings = try Settings(arguments.global, context: context)
    let data = try MoveContext(settings, language: arguments.given(\.lang))
    let generation = try arguments.value(\.gen, in: 1...data.learners.currentGeneration)
    var cards: [MoveCard] = []
    var missed = false
    for text in arguments.positionals {
      do throws(CLIError) {
        let move = try data.move(text, policy: policy, context: context)
        cards.append(
          MoveCard(
            move: move,
            data: data,
            wrapWidth: context.tableWidth,
            long: arguments[\.long],
            listsLearners: arguments[\.list],
            effectGeneration: generation
          )
        )
      } catch {
        error.report(to: context)
        missed = true
      }
    }
    if arguments[\.format] == "json" {
      context.stdout.write(OutputJSON.array(cards.map { $0.json() }).pretty)
    } else {
      for (position, card) in cards.enumerated() {
        if position > 0 { context.stdout.line() }
        context.stdout.write(card.render())
      }
    }
    return missed ? .failure : .success
  }
}
