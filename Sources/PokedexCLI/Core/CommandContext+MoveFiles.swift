import Dispatch
import PokedexKit
import Synchronization

extension CommandContext {
  /// The dex, the learnsets and the moves the arguments select, read side by side on three
  /// threads (each file is parsed on its own; the decoded files are cached as
  /// ``load(_:_:)`` caches them), for the commands that need all three (`move`, `learnset`,
  /// `show --moves`).
  ///
  /// When several files fail, the error reported is the first in the order dex, learnsets,
  /// moves, whatever thread finished first, so that the message does not depend on timing.
  ///
  /// - Throws: what loading a file throws (66 missing, 65 malformed, 74 I/O).
  /// - Complexity: the time of the slowest file rather than the sum, with three cores free.
  func loadMoveFiles(_ arguments: ParsedArguments) throws(CLIError) -> MoveLearners {
    let results = Mutex<MoveFileResults>(MoveFileResults())
    DispatchQueue.concurrentPerform(iterations: 3) { file in
      switch file {
      case 0:
        let dex = Result { () throws(CLIError) in try loadDex(arguments) }
        results.withLock { $0.dex = dex }
      case 1:
        let learnsets = Result { () throws(CLIError) in try load(LearnsetDex.self, arguments) }
        results.withLock { $0.learnsets = learnsets }
      default:
        let moves = Result { () throws(CLIError) in try load(MoveDex.self, arguments) }
        results.withLock { $0.moves = moves }
      }
    }
    let loaded = results.withLock { $0 }
    guard let dex = loaded.dex, let learnsets = loaded.learnsets, let moves = loaded.moves else {
      throw CLIError(.software, "internal error: a data file was not read")
    }
    return MoveLearners(dex: try dex.get(), learnsets: try learnsets.get(), moves: try moves.get())
  }
}

/// What each of the three threads of ``CommandContext/loadMoveFiles(_:)`` read.
private struct MoveFileResults: Sendable {
  var dex: Result<Pokedex, CLIError>?
  var learnsets: Result<LearnsetDex, CLIError>?
  var moves: Result<MoveDex, CLIError>?
}
