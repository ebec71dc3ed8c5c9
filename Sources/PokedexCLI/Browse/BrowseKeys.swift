import TerminalUI

/// The keys of `pokedex browse`, as the footer and the `?` overlay show them.
package enum BrowseKeys {
  /// The `?` overlay's lines.
  package static let help = [
    "↑ ↓ ← →  h j k   move the selection",
    "Tab              next Pokémon",
    "PgUp PgDn Space  page up and down",
    "Home End  g G    first and last",
    "Enter            the card (↑ ↓ scroll, ← → n p next",
    "                 and previous Pokémon, Esc back)",
    "/                filter by name (char) or query (fire spe>100);",
    "                 Enter keeps it, Esc undoes",
    "l  L             next and previous layout",
    "s                next sort order",
    "r                reverse the sort (↑ ↓ in the title)",
    "S                next sections",
    "f                list alternate forms, or not",
    "mouse wheel      scroll;  click  select",
    "Ctrl-Z           suspend ('fg' resumes)",
    "Ctrl-L           redraw",
    "q                quit (the scene is restored next time)",
    "",
    "press any key to close",
  ]

  /// The footer for `mode`, as much of it as fits in `width` columns.
  package static func footer(for mode: BrowseState.Mode, width: Int) -> String {
    let parts: [String]
    switch mode {
    case .browsing, .help:
      parts = [
        "⏎ card", "/ filter", "l layout", "s sort", "S sections", "? help", "q quit",
        "r reverse", "f forms", "↑↓←→ move",
      ]
    case .editingQuery:
      parts = ["⏎ keep", "Esc undo", "↑↓ move", "^U clear", "^W word"]
    case .detail:
      parts = ["Esc back", "←→ previous, next", "↑↓ scroll", "PgUp PgDn page", "g G top, end"]
    }
    var line = ""
    for part in parts {
      let next = line.isEmpty ? " " + part : line + "  " + part
      guard TextWidth.of(next) <= width else { break }
      line = next
    }
    return line
  }
}
