import Dispatch
import PokedexKit
import Synchronization

extension CommandContext {
  /// The dex and the moves the arguments select, read side by side on two threads.
  ///
  /// - Throws: what loading a file throws (66 missing, 65 malformed, 74 I/O), the dex's
  ///   error first.
  func loadDexAndMoves(_ arguments: ParsedArguments) throws(CLIError) -> (Pokedex, MoveDex) {
    let results = Mutex<MoveFileResults>(MoveFileResults())
    DispatchQueue.concurrentPerform(iterations: 2) { file in
      if file == 0 {
        let dex = Result { () throws(CLIError) in try loadDex(arguments) }
        results.withLock { $0.dex = dex }
      } else {
        let moves = Result { () throws(CLIError) in try load(MoveDex.self, arguments) }
        results.withLock { $0.moves = moves }
      }
    }
    let loaded = results.withLock { $0 }
    guard let dex = loaded.dex, let moves = loaded.moves else {
      throw CLIError(.software, "internal error: a data file was not read")
    }
    return (try dex.get(), try moves.get())
  }

  /// The learnsets `selection` names in the learnsets file the arguments select: the whole
  /// file cached as ``load(_:_:)`` caches it, a selection read with the others skipped (see
  /// ``PokedexLoader/loadLearnsets(_:path:)``) and not cached, as it is not the whole file.
  ///
  /// - Throws: what loading a file throws (66 missing, 65 malformed, 74 I/O).
  func loadLearnsets(_ selection: LearnsetSelection, _ arguments: ParsedArguments)
    throws(CLIError) -> LearnsetDex
  {
    if selection == .all { return try load(LearnsetDex.self, arguments) }
    let path = try dataPath(for: LearnsetDex.self, arguments)
    do {
      return try PokedexLoader.loadLearnsets(selection, path: path)
    } catch {
      throw CLIError(loadError: error)
    }
  }

  /// The learnsets file the arguments select, read and indexed by Pokémon (see
  /// ``LearnsetFileIndex``): for reading it before the learnsets wanted are known.
  ///
  /// - Throws: what loading a file throws (66 missing, 65 malformed, 74 I/O).
  func learnsetIndex(_ arguments: ParsedArguments) throws(CLIError) -> LearnsetFileIndex {
    let path = try dataPath(for: LearnsetDex.self, arguments)
    do {
      return try LearnsetFileIndex(path: path)
    } catch {
      throw CLIError(loadError: error)
    }
  }
}

/// What each of the two threads of ``CommandContext/loadDexAndMoves(_:)`` read.
private struct MoveFileResults: Sendable {
  var dex: Result<Pokedex, CLIError>?
  var moves: Result<MoveDex, CLIError>?
}
