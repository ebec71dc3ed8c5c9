extension Settings {
  /// A standard stream a command writes to.
  package enum Stream { case stdout, stderr }

  /// How the tool colours `stream`: `--color`, `POKEDEX_COLOR`, the `color` preference,
  /// `auto` (colour only on a terminal with `NO_COLOR` unset).
  ///
  /// - Throws: a usage error for a bad `--color` or `POKEDEX_COLOR`.
  package func style(for stream: Stream) throws(CLIError) -> Style {
    let mode = try value(
      PokedexPreferences.color,
      from: global.given(\.color),
      environment: "POKEDEX_COLOR"
    )
    return Style(
      mode: mode,
      isTerminal: stream == .stdout ? context.stdoutIsTerminal : context.stderrIsTerminal,
      environment: context.environment
    )
  }
}
