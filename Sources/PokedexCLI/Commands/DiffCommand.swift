import PokedexKit

/// `pokedex diff OLD.json NEW.json`: what changed between two data files.
struct DiffCommand: ParsableCommand {
  let name = "diff"
  let summary = "compare two data files: Pokémon added, removed, moved and changed"
  let usage = ["diff OLD.json NEW.json [--format text|json] [--limit N]"]
  let discussion = """
    Compares two files in the format of Data/pokemons.json, for example the
    committed data and a regenerated one, or two releases. Pokémon are matched by
    id and grouped by generation: added, removed, moved (to another generation, or
    out of order within one), and changed, with each changed field as
    'path: old -> new' (stats.hp: 35 -> 40, names.fr: "X" -> "Y"). Changes to the
    source, languages, generations, types and abilities tables come last.
      pokedex diff Data/pokemons.json /tmp/pokemons.json
      pokedex diff old.json new.json --format json | jq .counts
    Exit status: 0 when the data is identical, 1 when it differs (like diff(1)),
    65 for a malformed file, 66 for a missing or unreadable one, 64 for bad usage,
    74 when the output cannot be written.
    JSON output is described in 'pokedex help diff'.
    """
  var excludedGlobalOptions: Set<String> { [GlobalOptions().data.spec.name] }

  struct Options: OptionGroup {
    let format = Option.format(
      ["text", "json"],
      help: "text (a summary, the default) or json (every change)"
    )
    let limit = Option<Int>(
      "--limit",
      in: 0...Int(Int32.max),
      help:
        "text: show at most N entries per section and N fields per Pokémon (default 10; 0 for all)"
    )

    var declarations: [any OptionDeclaration] { [format, limit] }
  }
  let options = Options()

  func run(_ arguments: ParsedArguments<Options>, context: CommandContext) throws(CLIError)
    -> ExitCode
  {
    guard arguments.positionals.count == 2 else {
      if arguments.positionals.count > 2 {
        throw .usage(
          "unexpected argument '\(arguments.positionals[2].escapedForMessage)'; diff compares exactly two files"
        )
      }
      throw .usage(
        "missing \(arguments.positionals.isEmpty ? "OLD and NEW files" : "NEW file") to compare"
      )
    }
    let limit = try arguments.value(\.limit) ?? 10
    let old = try load(arguments.positionals[0], context: context)
    let new = try load(arguments.positionals[1], context: context)
    let comparison: DexComparison
    do {
      comparison = try DexComparison(old: old, new: new)
    } catch {
      throw .comparison(error)
    }
    let report = DiffReport(comparison)
    if arguments[\.format] == "json" {
      context.stdout.write(report.json())
    } else {
      context.stdout.write(report.text(limit: limit == 0 ? Int.max : limit))
    }
    return comparison.isIdentical ? .success : .failure
  }

  /// Loads one side; 66 when it is missing or unreadable, 65 when it is malformed.
  private func load(_ path: String, context: CommandContext) throws(CLIError) -> Pokedex {
    do {
      return try PokedexLoader.load(path: context.absolutePath(path))
    } catch {
      throw .load(error, fromOperand: true)
    }
  }
}
