import PokedexKit

/// Where completion finds what is not in the tool's tables: the data (Pokémon names,
/// languages, types, abilities, moves, items, natures), the saved filters and the teams. Each is read only when
/// a word needs it, so completing a command or an option reads no file, and completing a
/// Pokémon's name reads no move file.
package struct CompletionSources: Sendable {
  /// The dex, or `nil` when it cannot be loaded (then nothing data-backed is offered).
  package var dex: @Sendable () -> Pokedex?
  /// The names of the saved filters, without `@`.
  package var savedFilters: @Sendable () -> [String]
  /// The moves, or `nil` when they cannot be loaded; read only to complete a move's name.
  package var moves: @Sendable () -> MoveDex?
  /// The natures, or `nil` when they cannot be loaded; read only to complete a nature's name.
  package var natures: @Sendable () -> NatureDex?
  /// The items, or `nil` when they cannot be loaded; read only to complete an item's name or
  /// an item query.
  package var items: @Sendable () -> ItemDex?
  /// The names of the player's teams and boxes, in the file's order; read only after
  /// `team SUBCOMMAND`.
  package var teams: @Sendable () -> [String]

  package init(
    dex: @escaping @Sendable () -> Pokedex?,
    savedFilters: @escaping @Sendable () -> [String],
    moves: @escaping @Sendable () -> MoveDex? = { nil },
    natures: @escaping @Sendable () -> NatureDex? = { nil },
    items: @escaping @Sendable () -> ItemDex? = { nil },
    teams: @escaping @Sendable () -> [String] = { [] }
  ) {
    self.dex = dex
    self.savedFilters = savedFilters
    self.moves = moves
    self.natures = natures
    self.items = items
    self.teams = teams
  }

  /// The sources for completing `words`: the data file and preferences they name
  /// (`pokedex --data my.json show pik<TAB>` completes from `my.json`; `--no-prefs` hides the
  /// saved filters), else those of `global` and the environment. Errors are ignored:
  /// completion must never print an error into the user's command line.
  package static func live(
    for words: [String],
    _ global: ParsedArguments<GlobalOptions>,
    context: CommandContext
  ) -> CompletionSources {
    let effective =
      (try? ParsedArguments.parse(settingArguments(in: words), options: GlobalOptions())) ?? global
    return CompletionSources(
      dex: { try? context.loadDex(effective) },
      savedFilters: {
        guard let settings = try? Settings(effective, context: context) else { return [] }
        return settings.savedFilters.keys.sorted()
      },
      moves: { try? context.load(MoveDex.self, effective) },
      natures: { try? context.load(NatureDex.self, effective) },
      items: { try? context.load(ItemDex.self, effective) },
      teams: {
        guard let store = try? context.openTeams(), let reading = try? store.read() else {
          return []
        }
        return reading.document.sections.map(\.name)
      }
    )
  }

  /// The `--data FILE`, `--data=FILE` and `--no-prefs` among `words`, except the last (the
  /// word being typed).
  static func settingArguments(in words: [String]) -> [String] {
    let typed = Array(words.dropLast())
    let (data, noPrefs) = (GlobalOptions().data.spec.name, GlobalOptions().noPrefs.spec.name)
    var found: [String] = []
    var index = 0
    while index < typed.count {
      let word = typed[index]
      if word == "--" { break }
      if word == data, index + 1 < typed.count {
        found += [word, typed[index + 1]]
        index += 1
      } else if word.hasPrefix(data + "=") || word == noPrefs {
        found.append(word)
      }
      index += 1
    }
    return found
  }
}
