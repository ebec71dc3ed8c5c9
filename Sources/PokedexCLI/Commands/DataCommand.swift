import Foundation
import PokedexKit
import PokedexPipeline

/// `pokedex data build|check|info`: the data pipeline and its checks.
struct DataCommand: CommandGroup {
  let name = "data"
  let summary = "build the data files from PokeAPI's CSVs, check them, or describe them"
  let usage = [
    "data build [--source DIR] [--showdown DIR] [--output DIR] [--partial]",
    "data check [--data FILE] [--strict] [--partial]",
    "data info [--data FILE]",
  ]
  let discussion = """
    build  reads PokeAPI's CSV tables (default ../shared/pokeapi-csv, or --source, a checkout
           of PokeAPI's data/v2/csv) and Pokémon Showdown's data tables as JSON (default
           ../shared/showdown, or --showdown) and writes pokemons.json, moves.json,
           learnsets.json, abilities.json, items.json and natures.json into a directory
           (default Data), each atomically and byte-for-byte reproducible. It fails, writing
           nothing, if validation finds errors; Showdown entries it cannot map are warnings.
    check  validates a data file: references, one default Pokémon per species, national
           numbers 1...1025, evolutions linked both ways, species per generation, units;
           then the moves, learnsets, abilities, items and natures files beside it (the
           bundled ones without --data): types, generations, version groups, stats, leftover
           markup, a learnset for every Pokémon and known moves only, items' Pokémon. Then,
           per file, what each source gave: the records from PokeAPI, the fields Showdown
           filled in (took) or replaced (overrode) and what only Showdown has (added).
           Warnings (gaps in PokeAPI's own data) are listed; --strict fails on them too.
           --partial skips the completeness checks (species per generation, contiguous
           numbers) for a deliberately partial source, such as the test fixtures.
    info   prints the file's source, schema version and counts (Showdown's names, formes,
           aliases and tiers too), and the counts of the files beside it.
    """
  /// `--partial`, which `build` and `check` take.
  static let partial = Flag(
    "--partial",
    help: "build, check: the source is a subset; skip completeness checks"
  )

  let subcommands: [any Subcommand<CommandContext>] = [BuildData(), CheckData(), DataInfo()]

  var missingSubcommand: CLIError { .usage("missing action (expected build, check or info)") }

  func unknownSubcommand(_ name: String) -> CLIError {
    let hint = closestMatch(to: name, in: subcommandNames).map { "; did you mean '\($0)'?" } ?? ""
    return .usage("unknown action '\(name)'\(hint) (expected build, check or info)")
  }

  func session(_ global: ParsedArguments<GlobalOptions>, context: CommandContext) -> CommandContext
  {
    context
  }

  /// `data build`: the data files from the CSV tables and Showdown's tables.
  struct BuildData: Subcommand {
    let name = "build"
    struct Options: OptionGroup {
      let source = Option<String>(
        "--source",
        value: "DIR",
        help: "the CSV tables to build from (default ../shared/pokeapi-csv)"
      )
      let showdown = Option<String>(
        "--showdown",
        value: "DIR",
        help: "Showdown's data tables as JSON (default ../shared/showdown)"
      )
      let output = Option<String>(
        "--output",
        short: "-o",
        value: "DIR",
        help: "the directory build writes the data files into (default Data)"
      )
      let partial = DataCommand.partial

      var declarations: [any OptionDeclaration] { [source, showdown, output, partial] }
    }
    let options = Options()

    func run(_ arguments: ParsedArguments<Options>, session context: CommandContext)
      throws(CLIError) -> ExitCode
    {
      try DataCommand.expectNoOperands(arguments.positionals)
      return try DataCommand.build(arguments, context: context)
    }
  }

  /// `data check`: validates the data files.
  struct CheckData: Subcommand {
    let name = "check"
    struct Options: OptionGroup {
      let strict = Flag("--strict", help: "check: fail on warnings too")
      let partial = DataCommand.partial

      var declarations: [any OptionDeclaration] { [strict, partial] }
    }
    let options = Options()

    func run(_ arguments: ParsedArguments<Options>, session context: CommandContext)
      throws(CLIError) -> ExitCode
    {
      try DataCommand.expectNoOperands(arguments.positionals)
      return try DataCommand.check(
        try context.loadDex(arguments.global),
        arguments.global,
        strict: arguments[\.strict],
        partial: arguments[\.partial],
        context: context
      )
    }
  }

  /// `data info`: the counts of the data files.
  struct DataInfo: Subcommand {
    let name = "info"
    let options = NoOptions()

    func run(_ arguments: ParsedArguments<NoOptions>, session context: CommandContext)
      throws(CLIError) -> ExitCode
    {
      try DataCommand.expectNoOperands(arguments.positionals)
      let dex = try context.loadDex(arguments.global)
      return try DataCommand.info(dex, arguments.global, context: context)
    }
  }

  private static func expectNoOperands(_ operands: [String]) throws(CLIError) {
    if let extra = operands.first { throw .usage("unexpected argument '\(extra)'") }
  }

  private static func build(
    _ arguments: ParsedArguments<BuildData.Options>,
    context: CommandContext
  )
    throws(CLIError) -> ExitCode
  {
    let output = try outputDirectory(arguments[\.output], context: context)
    let csv = try sourceDirectory(
      arguments[\.source] ?? "../shared/pokeapi-csv",
      context: context,
      hint: "pass --source DIR, a copy of PokeAPI's data/v2/csv"
    )
    let showdown = try sourceDirectory(
      arguments[\.showdown] ?? "../shared/showdown",
      context: context,
      hint: "pass --showdown DIR, Pokémon Showdown's data tables as JSON"
    )
    let partial = arguments[\.partial]
    let data: DataSet
    let files: [(name: String, bytes: [UInt8])]
    do {
      data = try DataSetBuilder(isPartial: partial).build(csv: csv, showdown: showdown)
      files = try data.encodedFiles()
    } catch {
      throw CLIError.pipeline(error)
    }
    let errors = (data.validate(with: validator(partial: partial)) + data.report)
      .filter { $0.severity == .error }
    guard errors.isEmpty else {
      throw CLIError.failed(
        .data,
        "the built data is invalid:\n" + errors.map(\.description).joined(separator: "\n")
      )
    }
    // Warnings (entries that could not be mapped) are listed, or counted for a `--partial`
    // source, whose missing Pokémon leave most entries unmapped.
    let warnings = data.report.count
    if partial {
      if warnings > 0 {
        let what = warnings == 1 ? "entry or move" : "entries or moves"
        context.stderr.line("\(warnings) Showdown \(what) not mapped (a partial source)")
      }
    } else {
      for warning in data.report { context.stderr.line(warning.description) }
    }
    for file in files {
      let path = (output as NSString).appendingPathComponent(file.name)
      try writeFileAtomically(file.bytes, to: path)
      context.stderr.line("wrote \(path): \(describe(file.name, in: data))")
    }
    return .success
  }

  /// The directory `given` names, which must exist.
  private static func sourceDirectory(
    _ given: String,
    context: CommandContext,
    hint: String
  ) throws(CLIError) -> URL {
    let path = context.absolutePath(given)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      throw CLIError.failed(.noInput, "no directory at '\(path)'; \(hint)")
    }
    return URL(fileURLWithPath: path, isDirectory: true)
  }

  /// The directory `--output` names (default `Data`): a `.json` name is refused, since
  /// `--output` named the dex file before `build` wrote several files.
  private static func outputDirectory(_ given: String?, context: CommandContext)
    throws(CLIError) -> String
  {
    let given = given ?? "Data"
    if given.lowercased().hasSuffix(".json") {
      let parent = (given as NSString).deletingLastPathComponent
      throw .usage(
        "--output names a directory now, not a file ('\(given)'): build writes pokemons.json, "
          + "moves.json, learnsets.json, abilities.json, items.json and natures.json into it; pass --output '\(parent.isEmpty ? "." : parent)'"
      )
    }
    let path = context.absolutePath(given)
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      !isDirectory.boolValue
    {
      throw CLIError.failed(
        .cannotCreate,
        "cannot write into '\(path)': it is a file, not a directory"
      )
    }
    return path
  }

  /// What `build` says it wrote: `1351 Pokémon from PokeAPI bbef3d9`, `937 moves`, ...
  private static func describe(_ name: String, in data: DataSet) -> String {
    switch name {
    case Pokedex.resourceName:
      return
        "\(data.dex.pokemon.count) Pokémon from \(data.dex.source.name) \(data.dex.source.commit.prefix(7))"
    case MoveDex.resourceName: return "\(data.moves.moves.count) moves"
    case LearnsetDex.resourceName:
      return
        "\(data.learnsets.learnsets.count) learnsets from \(data.learnsets.source.name) \(data.learnsets.source.commit.prefix(7))"
    case AbilityDex.resourceName: return "\(data.abilities.abilities.count) abilities"
    case NatureDex.resourceName: return "\(data.natures.natures.count) natures"
    case ItemDex.resourceName:
      return "\(data.items.items.count) items from PokeAPI and \(data.items.showdownSource.name)"
    default: return "written"
    }
  }

  private static func validator(partial: Bool) -> DexValidator {
    partial
      ? DexValidator(expectedSpeciesCounts: [:], requiresContiguousNationalNumbers: false)
      : DexValidator()
  }

  private static func check(
    _ dex: Pokedex,
    _ global: ParsedArguments<GlobalOptions>,
    strict: Bool,
    partial: Bool,
    context: CommandContext
  ) throws(CLIError) -> ExitCode {
    var lines: [(diagnostics: [DexDiagnostic], summary: String)] = [
      (
        validator(partial: partial).validate(dex),
        "\(dex.pokemon.count) Pokémon, \(dex.pokemon.filter(\.isDefault).count) species"
      )
    ]
    let files = try companions(global, context: context)
    let validator = DataFileValidator(dex: dex)
    if let moves = files.moves {
      lines.append(
        (validator.validate(moves), "\(MoveDex.resourceName): \(moves.moves.count) moves")
      )
    }
    if let learnsets = files.learnsets {
      lines.append(
        (
          LearnsetValidator(allowsEmptyLearnsets: partial).validate(
            learnsets,
            dex: dex,
            moveIdentifiers: files.moves?.moves.map(\.identifier)
          ),
          "\(LearnsetDex.resourceName): \(learnsets.learnsets.count) learnsets"
        )
      )
    }
    if let abilities = files.abilities {
      lines.append(
        (
          validator.validate(abilities, moves: files.moves),
          "\(AbilityDex.resourceName): \(abilities.abilities.count) abilities"
        )
      )
    }
    if let items = files.items {
      lines.append(
        (
          validator.validate(items, moves: files.moves),
          "\(ItemDex.resourceName): \(items.items.count) items"
        )
      )
    }
    if let natures = files.natures {
      lines.append(
        (validator.validate(natures), "\(NatureDex.resourceName): \(natures.natures.count) natures")
      )
    }
    var failed = false
    for (diagnostics, summary) in lines {
      for diagnostic in diagnostics { context.stderr.line(diagnostic.description) }
      let errors = diagnostics.filter { $0.severity == .error }.count
      let warnings = diagnostics.count - errors
      context.stdout.line(
        "\(summary): \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
      )
      failed = failed || errors > 0 || (strict && warnings > 0)
    }
    let reports =
      (files.moves.map { [SourceReport(moves: $0)] } ?? [])
      + (files.abilities.map { [SourceReport(abilities: $0)] } ?? [])
      + (files.items.map { [SourceReport(items: $0)] } ?? [])
    for report in reports { context.stdout.line(report.description) }
    return failed ? .data : .success
  }

  /// The files beside the dex `check` and `info` describe: beside the `--data` file (or
  /// `POKEDEX_DATA`'s), else the bundled ones when neither is given. A file that is not
  /// there is `nil`; one that is there must load.
  private static func companions(
    _ global: ParsedArguments<GlobalOptions>,
    context: CommandContext
  ) throws(CLIError) -> (
    moves: MoveDex?, learnsets: LearnsetDex?, abilities: AbilityDex?, items: ItemDex?,
    natures: NatureDex?
  ) {
    let dexDirectory = (try context.dataPath(global) as NSString).deletingLastPathComponent
    func beside<File: DexDataFile>(_ file: File.Type) throws(CLIError) -> File? {
      let path: String
      do {
        path = try context.dataPath(for: File.self, global)
      } catch {
        return nil
      }
      guard (path as NSString).deletingLastPathComponent == dexDirectory else { return nil }
      return try context.load(File.self, global)
    }
    return (
      try beside(MoveDex.self), try beside(LearnsetDex.self), try beside(AbilityDex.self),
      try beside(ItemDex.self), try beside(NatureDex.self)
    )
  }

  /// `1343 Pokémon named (215 formes, 1102 aliases), tiers for 1343`.
  private static func showdownSummary(_ dex: Pokedex) -> String {
    let named = dex.pokemon.compactMap(\.showdown)
    guard !named.isEmpty else { return "(no Showdown data)" }
    let formes = named.reduce(0) { $0 + $1.formes.count }
    let aliases = named.reduce(0) {
      $0 + $1.aliases.count + $1.formes.reduce(0) { $0 + $1.aliases.count }
    }
    let tiered = named.filter { !$0.tiers.isEmpty }.count
    return
      "\(named.count) Pokémon named (\(formes) formes, \(aliases) aliases), tiers for \(tiered)"
  }

  private static func info(
    _ dex: Pokedex,
    _ global: ParsedArguments<GlobalOptions>,
    context: CommandContext
  ) throws(CLIError) -> ExitCode {
    let forms = dex.pokemon.filter { !$0.isDefault }.count
    let files = try companions(global, context: context)
    let missing = "(not beside the data file)"
    context.stdout.write(
      """
      source          \(dex.source.name) \(dex.source.commit)
      schema version  \(dex.schemaVersion)
      Pokémon         \(dex.pokemon.count) (\(dex.pokemon.count - forms) default, \(forms) alternate forms)
      types           \(dex.types.count)
      abilities       \(dex.abilities.count)
      generations     \(dex.generations.count)
      languages       \(dex.languages.map(\.identifier).joined(separator: ", "))
      Showdown        \(Self.showdownSummary(dex))
      moves           \(files.moves.map { "\($0.moves.count) (\($0.versionGroups.count) version groups)" } ?? missing)
      learnsets       \(files.learnsets.map { "\($0.learnsets.count) (\($0.learnsets.filter { $0.inherits != nil }.count) inherited)" } ?? missing)
      ability texts   \(files.abilities.map { "\($0.abilities.count)" } ?? missing)
      items           \(files.items.map { "\($0.items.count) (\($0.items.filter { $0.id == nil }.count) from Showdown only)" } ?? missing)
      natures         \(files.natures.map { "\($0.natures.count)" } ?? missing)
      license         \(dex.source.license)

      """
    )
    return .success
  }
}
