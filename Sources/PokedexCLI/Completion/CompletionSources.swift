import PokedexKit

/// Where completion finds what is not in the tool's tables: the data (Pokémon names,
/// languages, types, abilities) and the saved filters. Both are read only when a word
/// needs them, so completing a command or an option reads no file.
package struct CompletionSources: Sendable {
  /// The dex, or `nil` when it cannot be loaded (then nothing data-backed is offered).
  package var dex: @Sendable () -> Pokedex?
  /// The names of the saved filters, without `@`.
  package var savedFilters: @Sendable () -> [String]

  package init(
    dex: @escaping @Sendable () -> Pokedex?,
    savedFilters: @escaping @Sendable () -> [String]
  ) {
    self.dex = dex
    self.savedFilters = savedFilters
  }

  /// The sources of a running command: its data file and preferences, errors ignored
  /// (completion must never print an error into the user's command line).
  package static func live(_ arguments: ParsedArguments, context: CommandContext)
    -> CompletionSources
  {
    CompletionSources(
      dex: { try? context.loadDex(arguments) },
      savedFilters: {
        guard let settings = try? Settings(arguments, context: context) else { return [] }
        return settings.savedFilters.keys.sorted()
      }
    )
  }
}
