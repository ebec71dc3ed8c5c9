extension HelpTopic {
  /// `pokedex help filters`: saved filters, `@NAME` in any query.
  static let filters = HelpTopic(
    name: "filters",
    aliases: ["saved-filters"],
    summary: "saved filters: named queries used as @NAME in any query",
    text: """
      A saved filter is a named query, used as the term @NAME in any query.

        pokedex filter save starters 'name:bulbasaur|charmander|squirtle'
        pokedex filter save quick-fire fire @fast
        pokedex filter list
        pokedex list @starters 'spe>60'
        pokedex filter delete fast

      A name is 1 to 64 of a-z, 0-9, '_' and '-' (a leading '@' is dropped).
      'filter save' compiles the query against the data first, so a typo is caught
      with the usual caret diagnostic; saving an existing name replaces it.
      Filters may use other filters, never themselves; deleting one that another
      uses warns. An unknown @NAME in a query is an error suggesting the closest.
      '@fast' can be negated ('!@fast') or OR-ed ('@fast|legendary').

      Filters live under the 'filters' key of the preferences file (see 'pokedex
      help preferences'); --no-prefs hides them.

      """
  )
}
