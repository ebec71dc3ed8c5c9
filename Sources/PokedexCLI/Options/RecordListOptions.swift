/// The options of the commands that list records other than Pokémon by a query (`pokedex
/// moves`, `pokedex items`): `--format` (list's formats), `--sort`, `--limit`, `--offset`
/// and `--lang`.
///
/// ```swift
/// let options = RecordListOptions(noun: "items", sortExample: "fling:desc,name", defaultSort: "num")
/// ```
struct RecordListOptions: OptionGroup {
  let format = Option.format(
    PokedexPreferences.formats,
    help: "table (default), json, ndjson, csv or tsv"
  )
  let sort: Option<String>
  let limit: Option<Int>
  let offset: Option<Int>
  let lang = Option.language()

  /// Options whose help names the records (`"moves"`), a sort value and the default order.
  init(noun: String, sortExample: String, defaultSort: String) {
    sort = Option<String>(
      "--sort",
      value: "KEYS",
      help: "sort keys, e.g. \(sortExample) (default: \(defaultSort))"
    )
    limit = Option<Int>("--limit", in: 0...Int(Int32.max), help: "show at most N \(noun)")
    offset = Option<Int>("--offset", in: 0...Int(Int32.max), help: "skip the first N \(noun)")
  }

  var declarations: [any OptionDeclaration] { [format, sort, limit, offset, lang] }
}
