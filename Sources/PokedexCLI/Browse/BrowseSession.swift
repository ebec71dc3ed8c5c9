import Foundation
import PlistPreferences
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a ``BrowseApp`` on a terminal: raw mode and the alternate screen, keys and signals
/// in, the difference of each frame out, and the app's effects carried out.
///
/// ```swift
/// let session = BrowseSession(app: app, terminal: TerminalDevice(), signals: try SignalPipe(), save: save)
/// switch try session.run() {
/// case .status(let status): exit(status)
/// case .signal(let signal): raise(signal)   // after the scene is saved
/// }
/// ```
///
/// The terminal is restored on every way out: a quit, `SIGTERM`, `SIGHUP`, `SIGINT`, an
/// error (`defer`), and a crash (``CrashRestore``, armed by raw mode).
package final class BrowseSession {
  private let app: BrowseApp
  private let terminal: TerminalDevice
  private let signals: SignalPipe
  /// Stores a scene; returns why it could not, or `nil`.
  private let save: (BrowseScene) -> String?
  private var decoder = KeyDecoder()
  private var shown: ScreenBuffer?
  /// Why the last save failed, if it did, for the exit status: a failed write is never
  /// exit 0.
  private(set) var saveFailure: String?

  package init(
    app: BrowseApp,
    terminal: TerminalDevice,
    signals: SignalPipe,
    save: @escaping (BrowseScene) -> String?
  ) {
    self.app = app
    self.terminal = terminal
    self.signals = signals
    self.save = save
  }

  /// How long a lone Esc waits for the rest of a sequence, in milliseconds.
  static let escapeDelay: Int32 = 30
  /// How often the loop wakes with nothing typed, for the idle save, in milliseconds.
  static let tickInterval: Int32 = 250

  /// How a session ended.
  package enum Ending: Equatable, Sendable {
    /// A key quit, with this exit status (0 for `q`, 130 for Ctrl-C).
    case status(Int32)
    /// This signal ended it: the process should die of it once the terminal is restored.
    case signal(Int32)
  }

  /// Shows the app until it quits; returns how it ended.
  ///
  /// - Throws: ``TerminalError`` when the terminal cannot be used or goes away.
  package func run() throws(TerminalError) -> Ending {
    try enter()
    defer { leave() }
    do {
      return try loop()
    } catch {
      // The terminal went away (or cannot be written): keep the scene all the same.
      _ = save(app.sceneToSave)
      throw error
    }
  }

  private func loop() throws(TerminalError) -> Ending {
    try draw()
    while true {
      let input = try terminal.read(
        timeout: decoder.hasPending ? Self.escapeDelay : Self.tickInterval,
        signals: signals
      )
      var events = input.signals.compactMap(event(for:))
      if !input.bytes.isEmpty {
        events += decoder.decode(input.bytes).map(BrowseEvent.key)
      } else if decoder.hasPending {
        events += decoder.flush().map(BrowseEvent.key)
      }
      events.append(.tick)
      for event in events {
        for effect in app.handle(event, now: Self.now()) {
          if let ending = try perform(effect) { return ending }
        }
      }
      try draw()
    }
  }

  private func event(for signal: Int32) -> BrowseEvent? {
    switch signal {
    case SIGWINCH: return terminal.size().map(BrowseEvent.resize)
    case SIGTSTP: return .suspend
    case SIGCONT: return .resume
    case SIGTERM, SIGHUP, SIGINT: return .terminate(signal: signal)
    default: return nil
    }
  }

  /// Carries out an effect; returns how the session ends when it ends it.
  private func perform(_ effect: BrowseEffect) throws(TerminalError) -> Ending? {
    switch effect {
    case .save(let scene):
      // The last save decides: one that failed and was retried successfully is no error.
      saveFailure = save(scene)
      if let saveFailure { app.saveFailed(saveFailure, now: Self.now()) }
      return nil
    case .redrawAll:
      shown = nil
      return nil
    case .suspend:
      leave()
      signals.stopProcessGroup()
      // Back in the foreground: the shell used the screen meanwhile.
      try enter()
      if let size = terminal.size() { app.handle(.resize(size), now: Self.now()) }
      shown = nil
      return nil
    case .quit(let status):
      return .status(status)
    case .quitBySignal(let signal):
      return .signal(signal)
    }
  }

  private func enter() throws(TerminalError) {
    try terminal.enterRawMode()
    try terminal.write(Array(TerminalModes.enter.utf8))
    shown = nil
  }

  private func leave() {
    try? terminal.write(Array(("\u{1B}[0m" + TerminalModes.leave).utf8))
    terminal.restore()
  }

  private func draw() throws(TerminalError) {
    let frame = app.render()
    let bytes = ScreenWriter.update(from: shown, to: frame)
    if !bytes.isEmpty { try terminal.write(bytes) }
    shown = frame
  }

  /// Seconds on the steady clock.
  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
