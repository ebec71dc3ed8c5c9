import PokedexKit

extension PokemonListOutput {
  /// The output `list` and `random` write: the format and columns from `--format` and
  /// `--fields`, their environment variables (`POKEDEX_FORMAT`, `POKEDEX_FIELDS`) and
  /// preferences; JSON keys from `--fields` alone.
  ///
  /// - Throws: a usage error for a bad format or field.
  init(
    _ settings: Settings,
    _ options: ParsedArguments<ListOutputOptions>,
    names: NameResolver,
    sectioned: Bool
  ) throws(CLIError) {
    let format = try settings.value(
      PokedexPreferences.listFormat,
      from: options.given(\.format),
      environment: "POKEDEX_FORMAT"
    )
    let fields = try settings.value(
      PokedexPreferences.listFields,
      from: options.given(\.fields),
      environment: "POKEDEX_FIELDS"
    )
    self.init(
      format: format,
      columns: try PokemonField.parse(fields),
      jsonFields: try options[\.fields].map(PokemonField.parse),
      sectioned: sectioned,
      names: names
    )
  }

  /// Writes `result` to standard output, and a table's `footer` to standard error, in the
  /// colours `settings` choose.
  func write(_ result: PokemonFetchResult, footer: String, settings: Settings) throws(CLIError) {
    let isTable = !["json", "ndjson", "csv", "tsv"].contains(format)
    write(
      result,
      footer: footer,
      style: isTable ? try settings.style(for: .stdout) : Style(isEnabled: false),
      footerStyle: isTable ? try settings.style(for: .stderr) : Style(isEnabled: false),
      to: settings.context
    )
  }
}
