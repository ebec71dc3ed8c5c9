import PokedexKit

/// `pokedex types [TYPE [TYPE]]`: the type chart, or the matchups of one or two defending types.
struct TypesCommand: Command {
  let name = "types"
  let summary = "show the type chart, or the matchups of one or two defending types"
  let usage = ["types [TYPE [TYPE]] [options]", "types POKEMON [options]"]
  let discussion = """
    Without arguments: the full chart, attacking types down, defending types across
    (2 = super effective, ½ = not very effective, 0 = no effect, blank = normal).
    With one or two types: the damage a Pokémon of those types takes from each attacking type:
      pokedex types fire flying
    With a Pokémon's name or number (as Showdown's /weakness): the matchups of its types:
      pokedex types charizard
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
    let index = PokedexIndex(dex)
    let chart = index.typeChart
    let names = NameResolver(language: try QueryOptions.language(settings, dex: dex), dex: dex)
    let style = try ColorSettings.style(settings, stream: .stdout)
    let (pokemon, defending) = try defendingTypes(arguments.positionals, index: index)
    if defending.isEmpty {
      context.stdout.write(fullChart(chart, names: names, style: style))
      return .success
    }
    var title = defending.map { style.color(names.typeName($0), hex: TypePalette.color(of: $0)) }
      .joined(separator: " / ")
    if let pokemon { title = style.bold(names.name(of: pokemon)) + " (" + title + ")" }
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

  /// The defending types `arguments` name: one or two types, or else one Pokémon (an exact or
  /// normalized match of its name or number), whose types are returned with it. A type named
  /// twice counts once (`types fire fire` is Fire).
  private func defendingTypes(_ arguments: [String], index: PokedexIndex) throws(CLIError) -> (
    Pokemon?, [String]
  ) {
    var defending: [String] = []
    for name in arguments {
      do throws(TypeChartError) {
        let identifier = try index.typeChart.type(named: name).identifier
        if !defending.contains(identifier) { defending.append(identifier) }
      } catch {
        guard arguments.count == 1 else { throw CLIError.usage(error.description) }
        let result = index.search(name)
        guard result.match == .exact, let pokemon = result.pokemon.first else {
          throw CLIError.usage(error.description + " (nor a Pokémon)")
        }
        return (pokemon, pokemon.types)
      }
    }
    return (nil, defending)
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
