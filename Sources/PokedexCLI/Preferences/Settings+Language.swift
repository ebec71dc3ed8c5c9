import PokedexKit

extension Settings {
  /// The language of names: `--lang` (`given`), `POKEDEX_LANG`, the `lang` preference, `en`;
  /// resolved against the languages of `dex`.
  ///
  /// ```swift
  /// let language = try settings.language(arguments.given(\.lang), dex: dex)  // "ja"
  /// ```
  ///
  /// - Throws: a usage error for a language the data does not have, listing those it has.
  package func language(_ given: GivenValue?, dex: Pokedex) throws(CLIError) -> String {
    let requested = try value(PokedexPreferences.language, from: given, environment: "POKEDEX_LANG")
    return try NameResolver.language(requested, dex: dex)
  }
}
