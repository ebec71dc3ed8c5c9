import Foundation
import Synchronization

/// A value loaded on another thread from the moment it is created, so that reading a data
/// file overlaps other work (reading the teams file, loading the dex); ``value()`` waits
/// for it.
///
/// ```swift
/// let moves = BackgroundLoad { () throws(CLIError) in try context.load(MoveDex.self, arguments) }
/// let dex = try context.loadDex(arguments)   // meanwhile, the moves load
/// let both = (dex, try moves.value())
/// ```
package final class BackgroundLoad<Value: Sendable>: Sendable {
  private let done = DispatchSemaphore(value: 0)
  private let result = Mutex<Result<Value, CLIError>?>(nil)

  /// Starts `load` on a new thread of its own, never the caller's, so waiting for it cannot
  /// block it. (Not a pool thread: a pool as wide as this machine's two cores may run a
  /// second load only once the first has finished, which is the wait this type avoids.)
  package init(_ load: @escaping @Sendable () throws(CLIError) -> Value) {
    let thread = Thread { [self] in
      let loaded = Result { () throws(CLIError) in try load() }
      result.withLock { $0 = loaded }
      done.signal()
    }
    thread.start()
  }

  /// The value, once loaded, or the error loading it threw; later calls return at once.
  package func value() throws(CLIError) -> Value {
    done.wait()
    done.signal()  // for the next caller
    guard let loaded = result.withLock({ $0 }) else {
      throw CLIError(.software, "internal error: a background load finished without a result")
    }
    return try loaded.get()
  }
}
