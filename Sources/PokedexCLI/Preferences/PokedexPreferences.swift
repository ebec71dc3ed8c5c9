import PlistPreferences
import PokedexKit

/// The preference keys of `pokedex`, documented in `Guides/Preferences.md`.
///
/// Each key has an environment variable and, on the commands that use it, a
/// flag. The value used is the first of: the flag, the environment variable,
/// the preferences file, the built-in default (see ``Settings``).
package enum PokedexPreferences {
  package static let layoutStyles = ["grid", "row", "list", "featured", "carousel"]
  package static let formats = ["table", "json", "ndjson", "csv", "tsv"]

  /// `layout.style`: the preset `pokedex layout` uses.
  package static let layoutStyle = PreferenceKey(
    "layout.style",
    default: "grid",
    allowedValues: layoutStyles
  )
  /// `layout.columns`: the number of columns of the `grid` style.
  package static let layoutColumns = PreferenceKey("layout.columns", default: 4) { value in
    (1...24).contains(value) ? nil : "use a whole number from 1 to 24"
  }
  /// `layout.width`: the width of ASCII layouts in terminal columns; 0 means the terminal's width.
  package static let layoutWidth = PreferenceKey("layout.width", default: 0) { value in
    value == 0 || (20...1000).contains(value) ? nil : "use 0 (the terminal's width) or 20 to 1000"
  }
  /// `layout.query`: the query `pokedex layout` runs when given none (saved by `--remember`).
  package static let layoutQuery = PreferenceKey("layout.query", default: [String]())
  /// `list.sort`: the sort order of `list` and `layout`, as `--sort` takes it.
  package static let listSort = PreferenceKey("list.sort", default: "") { value in
    if value.isEmpty { return nil }
    do throws(QueryError) {
      _ = try PokemonSortDescriptor.parse(value)
      return nil
    } catch { return error.message }
  }
  /// `list.fields`: the columns of `list`, as `--fields` takes them.
  package static let listFields = PreferenceKey(
    "list.fields",
    default: PokemonField.defaultKeys.joined(separator: ",")
  ) {
    value in
    do throws(CLIError) {
      _ = try PokemonField.parse(value)
      return nil
    } catch { return error.message }
  }
  /// `list.format`: the output format of `list`.
  package static let listFormat = PreferenceKey(
    "list.format",
    default: "table",
    allowedValues: formats
  )
  /// `lang`: the language of names (a language identifier of the data, like `en` or `ja`).
  package static let language = PreferenceKey("lang", default: "en") { value in
    value.isEmpty || value.contains(where: { $0.isWhitespace })
      ? "use a language code like en, ja or fr" : nil
  }
  /// `color`: `auto`, `always` or `never`.
  package static let color = PreferenceKey(
    "color",
    default: "auto",
    allowedValues: ["auto", "always", "never"]
  )
  /// `filters`: saved queries by name, used as `@NAME` in any query.
  package static let filters = PreferenceKey("filters", default: [String: [String]]()) { value in
    SavedFilters.problem(in: value)
  }
  /// The closed sets of values, by key name, for "did you mean" on a misspelt value.
  package static let allowedValues: [String: [String]] = [
    layoutStyle.name: layoutStyles, listFormat.name: formats,
    color.name: ["auto", "always", "never"],
  ]

  /// Every key `pokedex prefs` knows, with its environment variable and meaning.
  package static let all: [(key: AnyPreferenceKey, environment: String?, help: String)] = [
    (
      AnyPreferenceKey(layoutStyle), "POKEDEX_LAYOUT_STYLE",
      "layout preset: grid, row, list, featured, carousel"
    ),
    (AnyPreferenceKey(layoutColumns), "POKEDEX_LAYOUT_COLUMNS", "columns of the grid style (1-24)"),
    (
      AnyPreferenceKey(layoutWidth), "POKEDEX_LAYOUT_WIDTH",
      "width of ASCII layouts in columns; 0 = terminal width"
    ),
    (AnyPreferenceKey(layoutQuery), nil, "the query 'pokedex layout' runs when given none"),
    (
      AnyPreferenceKey(listSort), "POKEDEX_SORT",
      "sort order of list and layout, e.g. bst:desc,name"
    ),
    (AnyPreferenceKey(listFields), "POKEDEX_FIELDS", "columns of list, e.g. num,name,types,bst"),
    (
      AnyPreferenceKey(listFormat), "POKEDEX_FORMAT",
      "output format of list: table, json, ndjson, csv, tsv"
    ),
    (
      AnyPreferenceKey(language), "POKEDEX_LANG",
      "language of names: en, ja, ja-hrkt, ko, zh-hans, fr, de, ..."
    ),
    (
      AnyPreferenceKey(color), "POKEDEX_COLOR",
      "colour: auto, always or never (NO_COLOR also turns it off)"
    ),
    (AnyPreferenceKey(filters), nil, "saved filters, managed with 'pokedex filter'"),
  ]
}
