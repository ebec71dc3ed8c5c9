import PokedexKit

/// `pokedex types [TYPE [TYPE]]`: the type chart, or the matchups of one or two defending types.
struct TypesCommand: Command {
  let name = "types"
  let summary = "show the type chart, or the matchups of one or two defending types"
  let usage = ["types [TYPE [TYPE]] [options]"]
  let discussion = """
    Without arguments: the full chart, attacking types down, defending types across
    (2 = super effective, ½ = not very effective, 0 = no effect, blank = normal).
    With one or two types: the damage a Pokémon of those types takes from each attacking type:
      pokedex types fire flying
    Abilities are ignored.
    """
  let options = [
    OptionSpec("--lang", value: "LANG", help: "language of type names (env: POKEDEX_LANG)")
  ]

  func run(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) -> ExitCode {
    guard arguments.positionals.count <= 2 else {
      throw .usage("expected at most two types, got \(arguments.positionals.count)")
    }
    let settings = try Settings(arguments, context: context)
    let dex = try context.loadDex(arguments)
    let chart = PokedexIndex(dex).typeChart
    let names = NameResolver(language: try QueryOptions.language(settings, dex: dex), dex: dex)
    let style = try ColorSettings.style(settings, stream: .stdout)
    var defending: [String] = []
    for name in arguments.positionals {
      do throws(TypeChartError) {
        let identifier = try chart.type(named: name).identifier
        // `types fire fire` is Fire: a type named twice counts once.
        if !defending.contains(identifier) { defending.append(identifier) }
      } catch {
        throw CLIError.usage(error.description)
      }
    }
    if defending.isEmpty {
      context.stdout.write(fullChart(chart, names: names, style: style))
      return .success
    }
    let title = defending.map { style.color(names.typeName($0), hex: TypePalette.color(of: $0)) }
      .joined(separator: " / ")
    context.stdout.line(style.bold("Damage taken by ") + title + style.dim(" (abilities ignored)"))
    let matchups = chart.matchups(defending: defending)
    for effectiveness in Effectiveness.allCases {
      let types = matchups.types(for: effectiveness)
      guard !types.isEmpty else { continue }
      context.stdout.line(
        "  " + TextWidth.pad(effectiveness.label, to: 6)
          + types.map { style.color(names.typeName($0), hex: TypePalette.color(of: $0)) }.joined(
            separator: ", "
          )
      )
    }
    return .success
  }

  private func fullChart(_ chart: TypeChart, names: NameResolver, style: Style) -> String {
    let types = chart.typeIdentifiers
    let abbreviations = types.map { String(names.typeName($0).prefix(3)) }
    let labelWidth = types.map { TextWidth.of(names.typeName($0)) }.max() ?? 8
    var output =
      TextWidth.pad("", to: labelWidth) + " "
      + abbreviations.map { TextWidth.pad($0, to: 4) }.joined() + "\n"
    for attacking in types {
      var line =
        style.color(
          TextWidth.pad(names.typeName(attacking), to: labelWidth),
          hex: TypePalette.color(of: attacking)
        ) + " "
      for defending in types {
        let cell: String
        switch chart.damageFactor(of: attacking, against: [defending]) {
        case 0: cell = style.dim("0")
        case 1..<100: cell = style.red("½")
        case 100: cell = "·"
        default: cell = style.green("2")
        }
        line += cell + "   "
      }
      while line.last == " " { line.removeLast() }
      output += line + "\n"
    }
    return output
  }
}
