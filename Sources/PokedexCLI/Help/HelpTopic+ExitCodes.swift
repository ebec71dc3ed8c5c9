extension HelpTopic {
  /// `pokedex help exit-codes`: the exit statuses, from `sysexits.h`.
  static let exitCodes = HelpTopic(
    name: "exit-codes",
    aliases: ["exit", "exit-status", "errors"],
    summary: "exit statuses (sysexits) and where messages go",
    text: """
      0    success
      1    nothing found or a difference: a name that misses (show, move, ability,
           nature, learnset), no match (search, random), the inputs differ (diff)
      64   usage: an unknown command or option, a bad value, a query error
      65   data: a malformed data file, layout spec, plist or standard input;
           prefs doctor found a problem
      66   no input: a file that is missing or unreadable
      70   software: an internal error
      73   cannot create: an output, preferences or teams file cannot be written
           (a read-only or full disk, no permission; the old one is intact)
      74   I/O error: reading or writing failed (a closed pipe, a full disk), or a
           pager that failed
      130  Ctrl-C in browse (as fzf); a signal that ends browse (SIGTERM, SIGHUP,
           SIGINT) ends it with that signal, after the scene is saved

      Errors go to stderr as 'error: MESSAGE', followed by the usage line for a
      usage error; query errors are rendered like a compiler's, with a caret under
      the term. Results go to stdout, so $(pokedex prefs get lang) holds the value
      only. A guess (a misspelt name) is shown only on a terminal, with a note on
      stderr; piped, it is a miss (exit 1) unless --fuzzy is given.

      """
  )
}
