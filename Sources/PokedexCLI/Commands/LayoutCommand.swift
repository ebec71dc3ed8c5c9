import CollectionLayout
import Foundation
import PlistPreferences
import PokedexKit

/// `pokedex layout [QUERY...]`: lays out the Pokémon a query selects with the layout engine
/// and draws them in the terminal, or exports the frames as JSON or SVG.
struct LayoutCommand: ParsableCommand {
  let name = "layout"
  let summary = "lay out query results as a grid, rows or a carousel (ascii, json, svg)"
  let usage = ["layout [QUERY...] [--style NAME | --spec FILE] [options]"]
  let discussion = """
    One item per Pokémon, one section per query section (see 'pokedex help layout'):
      pokedex layout gen:1 --style grid --columns 5
      pokedex layout type:dragon --section-by generation --style carousel
      pokedex layout legendary --style row --format svg --output legends.svg
      pokedex layout --spec my-layout.json --format json
    Styles: grid, row, list, featured, carousel (the specs in Data/layouts).
    --spec FILE lays out your own layout spec; without query terms it is
    laid out as is, with them its item counts become the query's.
    ASCII scale: 1 column = 8 pt, 1 row = 16 pt; the container is the width
    times 8 points wide. --viewport Y:HEIGHT draws only rows Y..Y+HEIGHT-1.
    Style, columns and width: the flag, then POKEDEX_LAYOUT_STYLE,
    POKEDEX_LAYOUT_COLUMNS, POKEDEX_LAYOUT_WIDTH, then the preferences
    (layout.style, layout.columns, layout.width, layout.query), then the
    defaults (grid, one grid column per 20 terminal columns, the terminal's
    width). --remember saves them (the grid's columns only when set).
    """
  struct Options: OptionGroup {
    let query = QueryOptions()
    let style = Option<String>(
      "--style",
      short: "-s",
      value: "NAME",
      allowed: PokedexPreferences.layoutStyles,
      help: "grid, row, list, featured or carousel (env: POKEDEX_LAYOUT_STYLE; default: grid)"
    )
    let spec = Option<String>(
      "--spec",
      value: "FILE",
      help: "lay out this layout spec instead of a style"
    )
    /// A number, read as the `layout.columns` preference (``LayoutPreset/gridColumns(_:_:width:)``).
    let columns = Option<String>(
      "--columns",
      short: "-c",
      value: "N",
      help:
        "columns of the grid style, 1-24 (env: POKEDEX_LAYOUT_COLUMNS; default: one per 20 columns of width)"
    )
    /// A number, read as the `layout.width` preference.
    let width = Option<String>(
      "--width",
      short: "-w",
      value: "COLS",
      help: "width in terminal columns (env: POKEDEX_LAYOUT_WIDTH; default: the terminal's)"
    )
    let format = Option.format(
      ["ascii", "json", "svg"],
      help: "ascii, json (frames export) or svg (default: ascii)"
    )
    let output = Option<String>(
      "--output",
      short: "-o",
      value: "FILE",
      help: "write to FILE (atomically) instead of stdout"
    )
    let viewport = Option<String>(
      "--viewport",
      value: "Y:HEIGHT",
      help: "ascii: draw only HEIGHT rows from row Y"
    )
    let ascii = Flag("--ascii", help: "draw with + - | instead of Unicode box drawing")
    let lenient = Flag("--lenient", help: "warn about unknown keys in --spec instead of failing")
    let remember = Flag(
      "--remember",
      help: "save the style, columns, width and query as defaults"
    )

    var declarations: [any OptionDeclaration] {
      [query, style, spec, columns, width, format, output, viewport, ascii, lenient, remember]
    }
  }
  let options = Options()

  func run(_ arguments: ParsedArguments<Options>, context: CommandContext) throws(CLIError)
    -> ExitCode
  {
    let settings = try Settings(arguments.global, context: context)
    let format = arguments[\.format] ?? "ascii"
    let viewport = try arguments[\.viewport].map { text throws(CLIError) in
      try Self.viewport(text)
    }
    if viewport != nil && format != "ascii" {
      throw .usage("--viewport applies to --format ascii only")
    }
    let storedWidth = try settings.value(
      PokedexPreferences.layoutWidth,
      from: arguments.given(\.width),
      environment: "POKEDEX_LAYOUT_WIDTH"
    )
    let width = storedWidth == 0 ? max(8, min(context.width, 1000)) : storedWidth
    let columns = try LayoutPreset.gridColumns(arguments.given(\.columns), settings, width: width)
    let columnsAreSet = LayoutPreset.columnCountIsSet(arguments.given(\.columns), settings)

    let layout = try Self.layout(
      arguments: arguments,
      settings: settings,
      context: context,
      columns: columns,
      width: width
    )
    let showsStats = layout.source == .preset(.row, columns: columns)

    let output: String
    var notes: [String] = []
    switch format {
    case "json":
      output = try LayoutJSONExport(layout: layout).jsonString()
    case "svg":
      let rendering = try SVGLayoutRenderer(layout: layout, showsStats: showsStats).render()
      (output, notes) = (rendering.text, rendering.notes)
    default:
      let renderer = ASCIILayoutRenderer(
        layout: layout,
        ascii: arguments[\.ascii],
        showsStats: showsStats
      )
      let rendering = try renderer.render(viewport: viewport)
      (output, notes) = (rendering.text, rendering.notes)
      if let note = Self.emptyNote(layout, query: arguments[\.query]) { context.stderr.line(note) }
    }
    for note in notes { context.stderr.line("warning: \(layout.sourceName): " + note) }
    if let path = arguments[\.output] {
      try writeFileAtomically(Array(output.utf8), to: context.absolutePath(path))
    } else {
      context.stdout.write(output)
    }
    if arguments[\.remember] {
      guard let store = settings.store else {
        throw .usage("--remember needs the preferences file; drop --no-prefs")
      }
      let terms = layout.content?.terms
      let style: String? =
        if case .preset(let preset, _) = layout.source { preset.rawValue } else { nil }
      do {
        try store.update { (transaction: inout PreferencesTransaction) throws(PreferencesError) in
          if let style { transaction[PokedexPreferences.layoutStyle] = style }
          if columnsAreSet { transaction[PokedexPreferences.layoutColumns] = columns }
          transaction[PokedexPreferences.layoutWidth] = storedWidth
          if let terms { transaction[PokedexPreferences.layoutQuery] = terms }
        }
      } catch {
        throw CLIError.preferences(error)
      }
    }
    return .success
  }

  /// Why a query layout shows no Pokémon, or `nil` when it shows some: none match, or
  /// `--limit 0` or an `--offset` past the end leaves none of those that match.
  static func emptyNote(_ layout: LaidOutLayout, query: ParsedArguments<QueryOptions>) -> String? {
    guard let content = layout.content, content.sections.isEmpty else { return nil }
    guard content.matchCount > 0 else { return "no Pokémon match the query" }
    let matching = "\(content.matchCount) Pokémon match the query"
    if (try? query.value(\.limit)) == 0 {
      return matching + "; --limit 0 shows none (the layout is empty)"
    }
    let offset = query.given(\.offset)?.text ?? "0"
    return matching + "; --offset \(offset) skips them all (the layout is empty)"
  }

  /// Parses `Y:HEIGHT`: a first row of 0 or more and a height of 1 to 10,000 rows.
  static func viewport(_ text: String) throws(CLIError) -> ASCIILayoutRenderer.Viewport {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, let row = Int(parts[0]), let height = Int(parts[1]), row >= 0,
      (1...10_000).contains(height)
    else {
      throw .usage(
        "invalid value '\(text)' for --viewport: expected Y:HEIGHT, a first row of 0 or more and 1 to 10000 rows, e.g. 0:40"
      )
    }
    return ASCIILayoutRenderer.Viewport(row: row, height: height)
  }

  /// Loads the preset or spec, runs the query when there is one, and solves.
  static func layout(
    arguments: ParsedArguments<Options>,
    settings: Settings,
    context: CommandContext,
    columns: Int,
    width: Int
  ) throws(CLIError) -> LaidOutLayout {
    var loaded: LoadedSpec
    if let path = arguments[\.spec] {
      if arguments[\.style] != nil {
        throw .usage("use either --style or --spec, not both")
      }
      loaded = try specFile(path, arguments: arguments, context: context, width: width)
    } else {
      loaded = try preset(
        style: arguments.given(\.style),
        settings: settings,
        columns: columns,
        width: width,
        dataDirectory: context.givenDataDirectory(arguments.global)
      )
    }
    var content: LaidOutLayout.Content?
    if loaded.queryMode {
      content = try queryContent(
        arguments: arguments,
        settings: settings,
        context: context,
        spec: &loaded.spec,
        displayPath: loaded.displayPath
      )
    }
    let solution: LayoutSolution
    do {
      solution = try loaded.spec.solve()
    } catch {
      throw .layout(error, displayPath: loaded.displayPath)
    }
    try checkGeometry(solution, displayPath: loaded.displayPath)
    return LaidOutLayout(
      source: loaded.source,
      spec: loaded.spec,
      solution: solution,
      content: content
    )
  }

  /// Refuses a solution whose content size is not finite (fractions of fractions can
  /// multiply past what a `Double` holds), so no renderer meets such a coordinate.
  private static func checkGeometry(
    _ solution: LayoutSolution,
    displayPath: String
  ) throws(CLIError) {
    let sizes =
      [solution.contentSize] + solution.orthogonalSections.map(\.scrollContentSize)
    for size in sizes where !(Double(size.width).isFinite && Double(size.height).isFinite) {
      throw CLIError.failed(
        .data,
        "\(displayPath): the layout's content is \(Double(size.width)) × \(Double(size.height)) points, too large to lay out; check the spec's fractional sizes"
      )
    }
  }

  /// A spec to lay out, where it came from, and whether a query fills it.
  private struct LoadedSpec {
    var spec: LayoutSpec
    let source: LaidOutLayout.Source
    /// How errors name it: the path, or `preset 'NAME'`.
    let displayPath: String
    /// Whether the Pokémon a query selects fill its sections.
    let queryMode: Bool
  }

  /// `--spec FILE`: the spec as written (its width replaced by `--width` when
  /// given); a query fills it only when the command line has query terms or options.
  private static func specFile(
    _ path: String,
    arguments: ParsedArguments<Options>,
    context: CommandContext,
    width: Int
  ) throws(CLIError) -> LoadedSpec {
    let stderr = context.stderr
    var spec = try LayoutSpecFile.read(
      path: context.absolutePath(path),
      displayPath: path,
      lenient: arguments[\.lenient],
      diagnostics: { stderr.line("warning: \(path): \($0.description)") }
    ).spec
    if arguments[\.width] != nil {
      spec.environment.container.contentSize.width = CGFloat(
        Double(width) * ASCIILayoutRenderer.pointsPerColumn
      )
    }
    let query = arguments[\.query]
    let queryMode =
      !arguments.positionals.isEmpty || query[\.forms] || query[\.sort] != nil
      || query[\.sectionBy] != nil || query.given(\.limit) != nil || query.given(\.offset) != nil
    return LoadedSpec(
      spec: spec,
      source: .spec(path: path),
      displayPath: path,
      queryMode: queryMode
    )
  }

  /// `--style` (or its setting): a preset sized to the terminal, always filled by a query.
  private static func preset(
    style: GivenValue?,
    settings: Settings,
    columns: Int,
    width: Int,
    dataDirectory: String?
  ) throws(CLIError) -> LoadedSpec {
    let styleName = try settings.value(
      PokedexPreferences.layoutStyle,
      from: style,
      environment: "POKEDEX_LAYOUT_STYLE"
    )
    guard let preset = LayoutPreset(rawValue: styleName) else {
      throw .usage(
        "unknown layout style '\(styleName)'; styles: \(LayoutPreset.allCases.map(\.rawValue).joined(separator: ", "))"
      )
    }
    var spec = try preset.load(columns: columns, besideData: dataDirectory)
    spec.environment.container.contentSize = CGSize(
      width: Double(width) * ASCIILayoutRenderer.pointsPerColumn,
      height: 24 * ASCIILayoutRenderer.pointsPerRow
    )
    return LoadedSpec(
      spec: spec,
      source: .preset(preset, columns: columns),
      displayPath: "preset '\(preset.rawValue)'",
      queryMode: true
    )
  }

  /// Runs the query (the command line's terms, else the stored layout query
  /// for a preset), sets the spec's item counts to its sections' sizes, and
  /// returns what the cells show.
  private static func queryContent(
    arguments: ParsedArguments<Options>,
    settings: Settings,
    context: CommandContext,
    spec: inout LayoutSpec,
    displayPath: String
  ) throws(CLIError) -> LaidOutLayout.Content {
    let terms =
      arguments.positionals.isEmpty && arguments[\.spec] == nil
      ? settings.stored(PokedexPreferences.layoutQuery) : arguments.positionals
    let options = arguments[\.query]
    let query = try QueryRun(terms: terms, QueryRun.Parameters(options), settings: settings)
    let result = query.result
    spec = try spec.replacingItemCounts(
      with: result.sections.map(\.pokemon.count),
      displayPath: displayPath
    )
    return LaidOutLayout.Content(
      terms: terms,
      includesForms: options[\.forms],
      sort: try settings.value(
        PokedexPreferences.listSort,
        from: options.given(\.sort),
        environment: "POKEDEX_SORT"
      ),
      sectionKey: options[\.sectionBy],
      sections: result.sections,
      matchCount: result.matchCount,
      names: query.names
    )
  }
}
