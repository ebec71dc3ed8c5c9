import DiffableSnapshots
import PokedexKit
import TerminalUI

/// What the host must do after an event: the app itself touches no file and no terminal.
package enum BrowseEffect: Equatable, Sendable {
  /// Store the scene (scene restoration).
  case save(BrowseScene)
  /// Restore the terminal and stop the process until it is resumed.
  case suspend
  /// Forget what the terminal shows and draw everything (after a resume, or Ctrl-L).
  case redrawAll
  /// Leave, with this exit status.
  case quit(status: Int32)
  /// Leave, then end the process by this signal (`SIGTERM`, `SIGHUP`, `SIGINT`), so that
  /// the shell sees why.
  case quitBySignal(Int32)
}
