import PokedexKit

/// `pokedex nature [NAME...]`: the 25 natures as a table, or one nature.
struct NatureCommand: ParsableCommand {
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
  struct Options: OptionGroup {
    let format = Option.format(
      ["table", "json", "csv", "tsv"],
      help: "table (default; a card for a named nature), json, csv or tsv"
    )
    let lang = Option.language()
    let lookup = LookupOptions()

    var declarations: [any OptionDeclaration] { [format, lang, lookup] }
  }
  let options = Options()

  func run(_ arguments: ParsedArguments<Options>, context: CommandContext) throws(CLIError)
    -> ExitCode
  {
    let policy = try Lookup.policy(arguments[\.lookup], context: context)
    let settings = try Settings(arguments.global, context: context)
    let dex = try context.loadDex(arguments.global)
    let natures = try context.load(NatureDex.self, arguments.global).natures
    let language = try settings.language(arguments.given(\.lang), dex: dex)
    let names = NameResolver(language: language, dex: dex)
    let style = try settings.style(for: .stdout)
    var shown = natures
    var missed = false
    if !arguments.positionals.isEmpty {
      shown = []
      let entries = natures.map {
        NamedLookup.Candidate(identifier: $0.identifier, names: $0.names)
      }
      for text in arguments.positionals {
        do throws(CLIError) {
          let row = try NamedLookup.find(
            text,
            in: entries,
            noun: "nature",
            listing: "pokedex nature",
            policy: policy,
            context: context
          )
          shown.append(natures[row])
        } catch {
          error.report(to: context)
          missed = true
        }
      }
    }
    let table = NatureOutput(natures: shown, names: names, style: style)
    write(table, named: !arguments.positionals.isEmpty, format: arguments[\.format], context)
    return missed ? .failure : .success
  }

  private func write(
    _ table: NatureOutput,
    named: Bool,
    format: String?,
    _ context: CommandContext
  ) {
    switch format ?? "table" {
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
