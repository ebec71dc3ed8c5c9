import PokedexKit

/// Writes Pokémon in `list`'s output formats (`table`, `json`, `ndjson`, `csv`, `tsv`), for
/// `list` and `random`: the format, columns and JSON keys come from the settings
/// (`--format`, `--fields`, their environment variables and preferences).
///
/// ```swift
/// let output = try PokemonListOutput(settings, arguments[\.output], names: names, sectioned: false)
/// try output.write(result, footer: "81 Pokémon", settings: settings)
/// ```
struct PokemonListOutput {
  let format: String
  /// The table's, CSV's and TSV's columns.
  let columns: [PokemonField]
  /// The JSON keys `--fields` selects, or `nil` for whole records.
  let jsonFields: [PokemonField]?
  let sectioned: Bool
  let names: NameResolver
  /// The name through which a Pokémon (by id) matched a `name:` term when it is not its
  /// name in the display language: a table then shows it in a "Matched name" column.
  var matchedNames: [Int: MatchedName] = [:]

  init(
    format: String,
    columns: [PokemonField],
    jsonFields: [PokemonField]?,
    sectioned: Bool,
    names: NameResolver
  ) {
    self.format = format
    self.columns = columns
    self.jsonFields = jsonFields
    self.sectioned = sectioned
    self.names = names
  }

  /// Writes `result` to standard output; a table's `footer` goes to standard error (in
  /// `footerStyle`), so that piped output stays data only.
  func write(
    _ result: PokemonFetchResult,
    footer: String,
    style: Style,
    footerStyle: Style,
    to context: CommandContext
  ) {
    switch format {
    case "json", "ndjson":
      writeJSON(result, lines: format == "ndjson", to: context.stdout)
    case "csv", "tsv":
      writeDelimited(
        result,
        line: format == "csv" ? DelimitedText.csvLine : DelimitedText.tsvLine,
        to: context.stdout
      )
    default:
      context.stdout.write(renderTable(result, style: style, width: context.tableWidth))
      context.stderr.line(footerStyle.dim(footer))
    }
  }

  /// JSON or NDJSON: whole records in the schema of Data/pokemons.json unless `--fields`
  /// selects keys; an array of sections when sectioned (see ``ListJSON``).
  private func writeJSON(_ result: PokemonFetchResult, lines: Bool, to output: OutputBuffer) {
    if jsonFields == nil, !sectioned {
      // The plain case keeps its fast, schema-exact writer.
      if lines {
        for pokemon in result.pokemon { output.line(bytes: DexJSONWriter.line(pokemon)) }
      } else {
        output.write(bytes: DexJSONWriter.array(result.pokemon))
      }
    } else if lines {
      for line in ListJSON.lines(result, fields: jsonFields, sectioned: sectioned, names: names) {
        output.write(line)
      }
    } else {
      output.write(
        ListJSON.document(result, fields: jsonFields, sectioned: sectioned, names: names)
      )
    }
  }

  /// CSV or TSV: a header line of data keys (`number`, `height_m`), then one line of plain
  /// values per row, each with its section's name first when the output is sectioned.
  private func writeDelimited(
    _ result: PokemonFetchResult,
    line: ([String]) -> String,
    to output: OutputBuffer
  ) {
    output.line(line((sectioned ? ["section"] : []) + columns.map(\.dataKey)))
    for section in result.sections {
      for pokemon in section.pokemon {
        output.line(
          line((sectioned ? [section.name] : []) + columns.map { $0.data(pokemon, names) })
        )
      }
    }
  }

  private func renderTable(_ result: PokemonFetchResult, style: Style, width: Int) -> String {
    // Said only when some row matched through another name, so that the table reads as
    // it always does otherwise.
    let saysMatch = result.sections.contains { section in
      section.pokemon.contains { matchedNames[$0.id] != nil }
    }
    let table = TextTable(
      headers: columns.map(\.header) + (saysMatch ? ["Matched name"] : []),
      numeric: columns.map(\.isNumeric) + (saysMatch ? [false] : []),
      priorities: columns.map(Self.priority) + (saysMatch ? [.summary] : []),
      sections: result.sections.map { section in
        (
          sectioned ? "\(section.name) (\(section.pokemon.count))" : nil,
          section.pokemon.map { pokemon in
            columns.map { $0.value(pokemon, names) }
              + (saysMatch ? [matchedNames[pokemon.id].map(Self.describe) ?? ""] : [])
          }
        )
      }
    )
    return table.render(width: width, style: style)
  }

  /// `Charmillon (fr)`; an identifier stands alone.
  static func describe(_ match: MatchedName) -> String {
    match.language.map { "\(match.name) (\($0))" } ?? match.name
  }

  /// How long a column keeps its place in a narrow table (see `list --help`): the name and
  /// slug stay, the number goes last, the types and stat total after the other columns,
  /// every other numeric column first.
  static func priority(_ field: PokemonField) -> TextTable.Priority {
    switch field.key {
    case "name", "slug": .name
    case "num": .identifier
    case "types", "bst": .summary
    default: .detail
    }
  }
}
