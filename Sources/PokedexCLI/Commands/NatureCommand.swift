import PokedexKit

/// `pokedex nature [NAME...]`: the 25 natures as a table, or one nature.
struct NatureCommand: Command {
  let name = "nature"
  let aliases = ["natures"]
  let summary = "show the natures: the stat each raises and lowers"
  let usage = ["nature [NAME...] [options]"]
  let discussion = """
    Without a name, every nature in a table: the stat it raises by 10 % and the one
    it lowers by 10 %; the five neutral natures change none. With names (in any
    language), a card for each:
      pokedex nature
      pokedex nature adamant
      pokedex nature --format csv
    A miss exits 1 and says "did you mean" when a nature is close.
    JSON: an array of {"id", "identifier", "name", "names", "increasedStat",
    "decreasedStat" (null when neutral), "neutral"}.
    """
  let options = [
    OptionSpec(
      "--format",
      short: "-f",
      value: "FORMAT",
      allowed: ["table", "json", "csv", "tsv"],
      help: "table (default; a card for a named nature), json, csv or tsv"
    ),
    OptionSpec("--lang", value: "LANG", help: "language of names (env: POKEDEX_LANG)"),
    OptionSpec("--exact", help: "accept only exact or normalized matches, never a guess"),
    OptionSpec("--fuzzy", help: "accept the closest match even when output is piped"),
  ]

  func run(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) -> ExitCode {
    guard !(arguments.flag("--exact") && arguments.flag("--fuzzy")) else {
      throw .usage("--exact and --fuzzy contradict each other; give one")
    }
    let settings = try Settings(arguments, context: context)
    let dex = try context.loadDex(arguments)
    let natures = try context.load(NatureDex.self, arguments).natures
    let names = NameResolver(language: try QueryOptions.language(settings, dex: dex), dex: dex)
    let style = try ColorSettings.style(settings, stream: .stdout)
    var shown = natures
    var missed = false
    if !arguments.positionals.isEmpty {
      shown = []
      let entries = natures.map { NamedLookup.Entry(identifier: $0.identifier, names: $0.names) }
      for text in arguments.positionals {
        do throws(CLIError) {
          let row = try NamedLookup.find(
            text,
            in: entries,
            noun: "nature",
            listing: "pokedex nature",
            policy: Lookup.policy(arguments, context: context),
            context: context
          )
          shown.append(natures[row])
        } catch {
          PokedexCLI.report(error, usage: "", context: context)
          missed = true
        }
      }
    }
    let table = NatureTable(natures: shown, names: names, style: style)
    write(table, named: !arguments.positionals.isEmpty, arguments, context)
    return missed ? .failure : .success
  }

  private func write(
    _ table: NatureTable,
    named: Bool,
    _ arguments: ParsedArguments,
    _ context: CommandContext
  ) {
    switch arguments.value("--format") ?? "table" {
    case "json": context.stdout.write(table.json(table.natures).pretty)
    case "csv": context.stdout.write(table.delimited(DelimitedText.csvLine))
    case "tsv": context.stdout.write(table.delimited(DelimitedText.tsvLine))
    default:
      guard named else {
        context.stdout.write(table.table(width: context.tableWidth))
        return
      }
      for (position, nature) in table.natures.enumerated() {
        if position > 0 { context.stdout.line() }
        context.stdout.write(table.card(nature, wrapWidth: context.tableWidth))
      }
    }
  }
}
