/// The options of the commands that run a query and show what it selects (`list`, `layout`):
/// forms, sorting, sections, paging and the names' language.
package struct QueryOptions: OptionGroup {
  package let forms = Flag("--forms", help: "include alternate forms (megas, regional forms, ...)")
  package let sort = Option<String>(
    "--sort",
    value: "KEYS",
    help: "sort keys, e.g. bst:desc,name (env: POKEDEX_SORT; default: number)"
  )
  package let sectionBy = Option<String>(
    "--section-by",
    value: "KEY",
    help: "group into sections: type, types, generation, color, egg, habitat, legendary"
  )
  package let limit = Option<Int>("--limit", in: 0...Int(Int32.max), help: "show at most N Pokémon")
  package let offset = Option<Int>(
    "--offset",
    in: 0...Int(Int32.max),
    help: "skip the first N Pokémon"
  )
  package let lang = Option.language(
    help: "language of names: en, ja, ko, zh-hans, fr, de, ... (env: POKEDEX_LANG)"
  )

  package init() {}

  package var declarations: [any OptionDeclaration] {
    [forms, sort, sectionBy, limit, offset, lang]
  }
}
