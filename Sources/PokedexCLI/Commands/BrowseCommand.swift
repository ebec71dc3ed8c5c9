import PlistPreferences
import PokedexKit
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `pokedex browse [QUERY...]`: the Pokédex as a live, full-screen collection view.
struct BrowseCommand: ParsableCommand {
  let name = "browse"
  let summary = "browse the Pokédex full-screen: type to filter, change layouts, open cards"
  let usage = ["browse [QUERY...] [options]"]
  let discussion = """
    A live collection view of the Pokémon a query selects, laid out with the
    presets of 'pokedex layout' at the terminal's size:
      pokedex browse
      pokedex browse fire 'spe>100' --style list
      pokedex browse --section-by generation --sort bst:desc
    Keys: arrows or h j k move, Enter opens the card (← → the previous and next),
    / edits the query (every key re-runs it; a word that is no query term
    filters by name, as fzf does: 'char type:fire'; an error is shown under
    it), l cycles the layout, s the sort, r reverses it, S the sections, f
    lists alternate forms or not, ? shows every key, q quits (Ctrl-C quits
    with status 130), Ctrl-Z suspends the job.
    The scene (query, sort, sections, forms, layout, selection, scroll) is saved in
    the preferences (browse.scene) on quit, suspend, SIGTERM and SIGHUP, and a
    second after the last change; the next browse restores it. Query terms
    and options on the command line win over it; --fresh ignores it.
    Needs a terminal on stdin and stdout; to print results, use 'pokedex list'.
    """
  struct Options: OptionGroup {
    // `list`'s own options where they mean the same here; browse has no paging.
    let forms = QueryOptions().forms
    let sort = Option<String>("--sort", value: "KEYS", help: "sort keys, e.g. bst:desc,name")
    let sectionBy = QueryOptions().sectionBy
    let style = Option<String>(
      "--style",
      short: "-s",
      value: "NAME",
      allowed: PokedexPreferences.layoutStyles,
      help: "grid, row, list, featured or carousel"
    )
    let fresh = Flag("--fresh", help: "start afresh: ignore the saved scene")
    let lang = QueryOptions().lang

    var declarations: [any OptionDeclaration] { [forms, sort, sectionBy, style, fresh, lang] }
  }
  let options = Options()

  func run(_ arguments: ParsedArguments<Options>, context: CommandContext) throws(CLIError)
    -> ExitCode
  {
    try BrowseLauncher(arguments: arguments, context: context).run()
  }
}
