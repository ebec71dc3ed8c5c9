// The terminal's saved settings, restored from the handler of a fatal signal.
//
// Invariants (this file is the only one that touches them):
// - `savedSettings` is allocated once and never freed, so the handler can read it at any
//   time; it is written only while `restoreDescriptor` is -1 (no handler reads it then).
// - The handler calls only async-signal-safe functions (`write`, `tcsetattr`, `signal`,
//   `raise`) and touches no Swift object: no allocation, no lock, no reference counting.
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The settings to put back; see the invariants above.
nonisolated(unsafe) private let savedSettings = UnsafeMutablePointer<termios>.allocate(capacity: 1)
/// The terminal to restore, or -1 when nothing is armed.
private let restoreDescriptor = Atomic<Int32>(-1)
/// What leaving the full-screen state writes: ``TerminalModes/leave``, in static memory.
private let leaveSequence: StaticString =
  "\u{1B}[0m\u{1B}[?2026l\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l"

/// Leaves the full-screen state, restores the settings, and dies of signal `number` as it
/// would have without the handler.
private func restoreAndReraise(_ number: Int32) {
  let descriptor = restoreDescriptor.exchange(-1, ordering: .sequentiallyConsistent)
  if descriptor >= 0 {
    _ = write(descriptor, leaveSequence.utf8Start, leaveSequence.utf8CodeUnitCount)
    _ = tcsetattr(descriptor, TCSAFLUSH, savedSettings)
  }
  _ = signal(number, SIG_DFL)
  _ = raise(number)
}

/// Puts a terminal back in the state it was in when a program crashes in raw mode.
///
/// A crash (a segmentation fault, a trap, an abort) ends the process without running
/// `deinit`s or `defer`s, which would leave the shell in raw mode: no echo, no line
/// editing. While armed, the handlers of the fatal signals (`SIGSEGV`, `SIGBUS`, `SIGILL`,
/// `SIGTRAP`, `SIGABRT`, `SIGFPE`, and `SIGQUIT`, whose default action dumps core too)
/// leave the alternate screen, restore the saved settings, then reset the signal to its
/// default action and raise it again, so the process still dies of it (with its core
/// dump, and the shell's "Segmentation fault").
///
/// ``TerminalDevice`` arms it when it enters raw mode and disarms it when it restores.
///
/// ```swift
/// CrashRestore.arm(settings: saved, descriptor: 0)
/// // ... a crash here restores the terminal ...
/// CrashRestore.disarm()
/// ```
public enum CrashRestore {
  /// The signals that end a program abnormally, with a core dump: the crashes, and
  /// `SIGQUIT` (`Ctrl-\` in cooked mode, `kill -QUIT`), which the Swift runtime's backtracer
  /// otherwise handles while the terminal is still raw.
  public static let signals: [Int32] = [
    SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGQUIT,
  ]

  /// Saves `settings` for `descriptor` and installs the handlers. Arming again replaces
  /// the settings.
  public static func arm(settings: termios, descriptor: Int32) {
    _ = restoreDescriptor.exchange(-1, ordering: .sequentiallyConsistent)
    savedSettings.pointee = settings
    restoreDescriptor.store(descriptor, ordering: .sequentiallyConsistent)
    for number in signals { _ = signal(number) { restoreAndReraise($0) } }
    unblock(signals)
  }

  /// Removes the handlers (the signals get their default actions back).
  public static func disarm() {
    _ = restoreDescriptor.exchange(-1, ordering: .sequentiallyConsistent)
    for number in signals { _ = signal(number, SIG_DFL) }
  }

  /// Whether the handlers are installed with settings to restore.
  public static var isArmed: Bool { restoreDescriptor.load(ordering: .sequentiallyConsistent) >= 0 }
}
