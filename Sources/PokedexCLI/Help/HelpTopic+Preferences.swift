extension HelpTopic {
  /// `pokedex help preferences`: precedence, the keys (from ``PokedexPreferences/all``, the
  /// table `prefs` itself uses), the file's location and `pokedex prefs`.
  static let preferences = HelpTopic(
    name: "preferences",
    aliases: ["prefs", "settings", "config"],
    summary: "settings: precedence, keys, the preferences file, pokedex prefs",
    text: """
      pokedex remembers your layout, list columns, language, colour and saved filters
      in one property-list file. Every setting is taken from a flag, else an
      environment variable, else the preferences file, else the built-in default.

        pokedex prefs set layout.style list
        pokedex prefs get layout.style
        POKEDEX_FORMAT=json pokedex list     # the environment beats the file
        pokedex list --format csv            # a flag beats both
        pokedex list --no-prefs              # the file is ignored

      KEYS

      """ + keyLines + """

        Values are checked when set (prefs set, a flag, an environment variable): a
        wrong one exits 64 naming where it came from. A value in the file that is no
        longer valid is not an error: the default is used with a warning, and
        'pokedex prefs doctor' lists it. Defaults are never written to the file.

        THE FILE
          The first rule that matches: $POKEDEX_PREFS_FILE; $POKEDEX_CONFIG_HOME/prefs.plist;
          $XDG_CONFIG_HOME/pokedex/prefs.plist; ~/.config/pokedex/prefs.plist.
          'pokedex prefs path' prints it. --no-prefs, or POKEDEX_NO_PREFS=1, ignores it.

        POKEDEX PREFS
          list                 every key, its value and where it comes from
          get KEY              the stored value, else the default
          set KEY VALUE...     check and store a value (a list key takes several)
          unset KEY            remove a stored value: the default applies again
          reset                remove every value, without asking (kept as prefs.plist.bak)
          path                 the file's path
          export [--format xml|binary|json] [--output FILE]
          import FILE [--merge|--replace]
          doctor [--repair]    check the file; exit 65 when something is wrong

        Every change is atomic and locked: a killed pokedex leaves the old file or the
        new one, and concurrent changes all survive. An unreadable file is never
        overwritten; it is moved aside and recovered from the backup.

        """
  )

  /// One line per preference key: name, environment variable, meaning.
  private static var keyLines: String {
    let width = (PokedexPreferences.all.map(\.key.name.count).max() ?? 0) + 2
    return PokedexPreferences.all.map { entry in
      let name = entry.key.name.padding(toLength: width, withPad: " ", startingAt: 0)
      let variable = (entry.environment ?? "-").padding(
        toLength: 24,
        withPad: " ",
        startingAt: 0
      )
      return "  \(name)\(variable)\(entry.help)\n"
    }.joined()
  }
}
