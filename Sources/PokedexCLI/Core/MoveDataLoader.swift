import PokedexKit

/// The moves and learnsets a query's `move:` terms read, loaded only when the compiler asks
/// (a query without `move:` terms never reads them), beside the dex that `--data` names.
///
/// ```swift
/// let moveData = MoveDataLoader(context: context, global: arguments.global, dex: dex)
/// let query = try Query(terms, index: index, moveLearners: moveData.load)
/// // on a QueryError: if let failure = moveData.failure { throw failure }
/// ```
///
/// A load failure is kept in ``failure`` so that the command exits with the load error's
/// status (65 for bad data, 66 for a missing file) rather than the query's 64. Commands
/// that compile saved filters or a move query (`filter save`, `moves`) use it the same way.
package final class MoveDataLoader {
  private let context: CommandContext
  private let global: ParsedArguments<GlobalOptions>
  private let dex: Pokedex
  /// The load error, once ``load()`` has failed.
  package private(set) var failure: CLIError?

  package init(context: CommandContext, global: ParsedArguments<GlobalOptions>, dex: Pokedex) {
    self.context = context
    self.global = global
    self.dex = dex
  }

  /// Loads `learnsets.json` and `moves.json` (cached by the context) and indexes them.
  package func load() throws -> MoveLearners {
    do throws(CLIError) {
      let learnsets = try context.load(LearnsetDex.self, global)
      let moves = try context.load(MoveDex.self, global)
      return MoveLearners(dex: dex, learnsets: learnsets, moves: moves)
    } catch {
      failure = error
      throw error
    }
  }
}
