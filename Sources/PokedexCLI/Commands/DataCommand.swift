import Foundation
import PokedexKit

/// `pokedex data build|check|info`: the data pipeline and its checks.
struct DataCommand: Command {
  let name = "data"
  let summary = "build Data/pokemons.json from PokeAPI's CSVs, check it, or describe it"
  let usage = [
    "data build [--source DIR] [--output FILE] [--partial]",
    "data check [--data FILE] [--strict] [--partial]",
    "data info [--data FILE]",
  ]
  let discussion = """
    build  reads PokeAPI's CSV tables (default ../shared/pokeapi-csv, or --source, a checkout
           of PokeAPI's data/v2/csv) and writes the dex (default Data/pokemons.json),
           atomically, byte-for-byte reproducible. It fails if validation finds errors.
    check  validates a data file: references, one default Pokémon per species, national
           numbers 1...1025, evolutions linked both ways, species per generation, units.
           Warnings (gaps in PokeAPI's own data) are listed; --strict fails on them too.
           --partial skips the completeness checks (species per generation, contiguous
           numbers) for a deliberately partial source, such as the test fixtures.
    info   prints the file's source, schema version and counts.
    """
  let options = [
    OptionSpec(
      "--source",
      value: "DIR",
      help: "the CSV tables to build from (default ../shared/pokeapi-csv)"
    ),
    OptionSpec(
      "--output",
      short: "-o",
      value: "FILE",
      help: "where build writes (default Data/pokemons.json)"
    ),
    OptionSpec("--strict", help: "check: fail on warnings too"),
    OptionSpec("--partial", help: "build, check: the source is a subset; skip completeness checks"),
  ]

  func run(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) -> ExitCode {
    guard let action = arguments.positionals.first else {
      throw .usage("missing action (expected build, check or info)")
    }
    guard arguments.positionals.count == 1 else {
      throw .usage("unexpected argument '\(arguments.positionals[1])'")
    }
    switch action {
    case "build": return try build(arguments, context: context)
    case "check":
      return try check(
        try context.loadDex(arguments),
        validator: validator(arguments),
        strict: arguments.flag("--strict"),
        context: context
      )
    case "info": return try info(try context.loadDex(arguments), context: context)
    default:
      let hint =
        closestMatch(to: action, in: ["build", "check", "info"]).map { "; did you mean '\($0)'?" }
        ?? ""
      throw .usage("unknown action '\(action)'\(hint) (expected build, check or info)")
    }
  }

  private func build(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError)
    -> ExitCode
  {
    let source = context.absolutePath(arguments.value("--source") ?? "../shared/pokeapi-csv")
    let output = context.absolutePath(arguments.value("--output") ?? "Data/pokemons.json")
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      throw CLIError(
        .noInput,
        "no CSV directory at '\(source)'; pass --source DIR, a copy of PokeAPI's data/v2/csv"
      )
    }
    let dex: Pokedex
    do {
      dex = try DexBuilder().build(fromDirectory: URL(fileURLWithPath: source, isDirectory: true))
    } catch {
      throw CLIError(pipeline: error)
    }
    let errors = validator(arguments).validate(dex).filter { $0.severity == .error }
    guard errors.isEmpty else {
      throw CLIError(
        .data,
        "the built data is invalid:\n" + errors.map(\.description).joined(separator: "\n")
      )
    }
    let bytes: [UInt8]
    do {
      bytes = try PokedexEncoder().encode(dex)
    } catch {
      throw CLIError(pipeline: error)
    }
    try writeFileAtomically(bytes, to: output)
    context.stderr.line(
      "wrote \(output): \(dex.pokemon.count) Pokémon from \(dex.source.name) \(dex.source.commit.prefix(7))"
    )
    return .success
  }

  private func validator(_ arguments: ParsedArguments) -> DexValidator {
    arguments.flag("--partial")
      ? DexValidator(expectedSpeciesCounts: [:], requiresContiguousNationalNumbers: false)
      : DexValidator()
  }

  private func check(
    _ dex: Pokedex,
    validator: DexValidator,
    strict: Bool,
    context: CommandContext
  ) throws(CLIError) -> ExitCode {
    let diagnostics = validator.validate(dex)
    for diagnostic in diagnostics { context.stderr.line(diagnostic.description) }
    let errors = diagnostics.filter { $0.severity == .error }.count
    let warnings = diagnostics.count - errors
    context.stdout.line(
      "\(dex.pokemon.count) Pokémon, \(dex.pokemon.filter(\.isDefault).count) species: "
        + "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
    )
    return errors > 0 || (strict && warnings > 0) ? .data : .success
  }

  private func info(_ dex: Pokedex, context: CommandContext) throws(CLIError) -> ExitCode {
    let forms = dex.pokemon.filter { !$0.isDefault }.count
    context.stdout.write(
      """
      source          \(dex.source.name) \(dex.source.commit)
      schema version  \(dex.schemaVersion)
      Pokémon         \(dex.pokemon.count) (\(dex.pokemon.count - forms) default, \(forms) alternate forms)
      types           \(dex.types.count)
      abilities       \(dex.abilities.count)
      generations     \(dex.generations.count)
      languages       \(dex.languages.map(\.identifier).joined(separator: ", "))
      license         \(dex.source.license)

      """
    )
    return .success
  }
}

extension CLIError {
  /// Maps a pipeline failure: 66 for a missing table, 65 for malformed CSV, 73/74 for files.
  init(pipeline error: DataPipelineError) {
    switch error {
    case .missingTable: self.init(.noInput, error.description)
    case .fileError: self.init(.ioError, error.description)
    default: self.init(.data, error.description)
    }
  }
}
