import DiffableSnapshots
import PokedexKit
import TerminalUI

/// Something the browser reacts to: a key, a resize, time passing, or the app's lifecycle.
package enum BrowseEvent: Equatable, Sendable {
  /// A key, paste or mouse report.
  case key(KeyEvent)
  /// The terminal has a new size (`SIGWINCH`).
  case resize(TerminalSize)
  /// Time passed with nothing typed: the moment to save after an idle second.
  case tick
  /// The app goes to the background: Ctrl-Z, or `SIGTSTP`.
  case suspend
  /// The app is back in the foreground (`SIGCONT`): the screen must be drawn afresh.
  case resume
  /// The app is being terminated: `SIGTERM`, `SIGHUP`, `SIGINT`.
  case terminate(signal: Int32)
}
