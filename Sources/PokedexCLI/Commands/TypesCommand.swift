import PokedexKit
import TerminalUI

/// `pokedex types [TYPE [TYPE]]`: the type chart, or the matchups of one or two defending types.
struct TypesCommand: ParsableCommand {
  let name = "types"
  let summary = "show the type chart, or the matchups of one or two defending types"
  let usage = [
    "types [TYPE [TYPE]] [options]", "types POKEMON [options]", "types TYPE --attack [options]",
  ]
  let discussion = """
    Without arguments: the full chart, attacking types down, defending types across
    (2 = super effective, ½ = not very effective, 0 = no effect, · = normal).
    On a terminal narrower than the chart (or with COLUMNS), the defending types
    are split into blocks that fit, one under the other.
    With one or two types: the damage a Pokémon of those types takes from each attacking type:
      pokedex types fire flying
    With a Pokémon's name or number (as Showdown's /weakness): the matchups of its types:
      pokedex types charizard
    With --attack and one type: what a move of that type hits super effectively,
    what resists it and what is immune to it, each defending type alone:
      pokedex types fairy --attack
    Abilities are ignored.
    """
  struct Options: OptionGroup {
    let attack = Flag(
      "--attack",
      help: "the type attacks: what it is super effective against, resisted by, immune to"
    )
    let lang = Option.language(help: "language of type names (env: POKEDEX_LANG)")

    var declarations: [any OptionDeclaration] { [attack, lang] }
  }
  let options = Options()

  func run(_ arguments: ParsedArguments<Options>, context: CommandContext) throws(CLIError)
    -> ExitCode
  {
    guard arguments.positionals.count <= 2 else {
      throw .usage("expected at most two types, got \(arguments.positionals.count)")
    }
    let settings = try Settings(arguments.global, context: context)
    let dex = try context.loadDex(arguments.global)
    let index = PokedexIndex(dex)
    let chart = index.typeChart
    let language = try settings.language(arguments.given(\.lang), dex: dex)
    let names = NameResolver(language: language, dex: dex)
    let style = try settings.style(for: .stdout)
    if arguments[\.attack] {
      guard arguments.positionals.count == 1, let name = arguments.positionals.first else {
        throw .usage(
          "--attack takes one attacking type (for example 'pokedex types fairy --attack')"
        )
      }
      let attacking: String
      do throws(TypeChartError) {
        attacking = try chart.type(named: name).identifier
      } catch {
        throw .usage(error.description)
      }
      let title = style.color(names.typeName(attacking), hex: TypePalette.color(of: attacking))
      writeBuckets(
        chart.coverage(of: attacking),
        heading: style.bold("Damage dealt by ") + title + style.bold(" moves")
          + style.dim(" (each defending type alone)"),
        names: names,
        style: style,
        context: context
      )
      return .success
    }
    let (pokemon, defending) = try defendingTypes(arguments.positionals, index: index)
    if defending.isEmpty {
      context.stdout.write(
        fullChart(chart, names: names, style: style, width: context.tableWidth)
      )
      return .success
    }
    var title = defending.map { style.color(names.typeName($0), hex: TypePalette.color(of: $0)) }
      .joined(separator: " / ")
    if let pokemon { title = style.bold(names.name(of: pokemon)) + " (" + title + ")" }
    let heading = style.bold("Damage taken by ") + title + style.dim(" (abilities ignored)")
    writeBuckets(
      chart.matchups(defending: defending).buckets,
      heading: heading,
      names: names,
      style: style,
      context: context
    )
    return .success
  }

  /// `heading`, then a line per effectiveness from 4x down to 0x with its types, in colour.
  private func writeBuckets(
    _ buckets: [Effectiveness: [String]],
    heading: String,
    names: NameResolver,
    style: Style,
    context: CommandContext
  ) {
    for line in TextWidth.wrap(heading, width: context.tableWidth, indent: 2) {
      context.stdout.line(line)
    }
    for effectiveness in Effectiveness.allCases {
      let types = buckets[effectiveness] ?? []
      guard !types.isEmpty else { continue }
      let list = types.map { style.color(names.typeName($0), hex: TypePalette.color(of: $0)) }
      for line in TextWidth.wrap(
        list.joined(separator: ", "),
        width: context.tableWidth,
        prefix: "  " + TextWidth.pad(effectiveness.label, to: 6),
        indent: 8
      ) {
        context.stdout.line(line)
      }
    }
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

  /// The chart in blocks of as many defending columns as fit in `width` (one block when
  /// the whole chart fits), separated by blank lines.
  private func fullChart(_ chart: TypeChart, names: NameResolver, style: Style, width: Int)
    -> String
  {
    let types = chart.typeIdentifiers
    let labelWidth = types.map { TextWidth.of(names.typeName($0)) }.max() ?? 8
    // The header is the widest line: the label, a space, 4 columns per defending type
    // but the last, which takes 3.
    let perBlock = max(1, (width - labelWidth) / 4)
    return stride(from: 0, to: types.count, by: perBlock).map { start in
      chartBlock(
        chart,
        defending: Array(types[start..<min(start + perBlock, types.count)]),
        labelWidth: labelWidth,
        names: names,
        style: style
      )
    }.joined(separator: "\n")
  }

  /// Every attacking type down, the `defending` types across.
  private func chartBlock(
    _ chart: TypeChart,
    defending columns: [String],
    labelWidth: Int,
    names: NameResolver,
    style: Style
  ) -> String {
    var header =
      TextWidth.pad("", to: labelWidth) + " "
      + columns.map { TextWidth.pad(String(names.typeName($0).prefix(3)), to: 4) }.joined()
    while header.last == " " { header.removeLast() }
    var output = header + "\n"
    for attacking in chart.typeIdentifiers {
      var line =
        style.color(
          TextWidth.pad(names.typeName(attacking), to: labelWidth),
          hex: TypePalette.color(of: attacking)
        ) + " "
      for defending in columns {
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
