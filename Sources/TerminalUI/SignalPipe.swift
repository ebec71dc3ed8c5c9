import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The write end of the pipe the signal handler writes to; -1 when no pipe is open.
/// An atomic, so that the handler reads it without a lock (async-signal-safe).
private let signalWriteDescriptor = Atomic<Int32>(-1)

/// Records a signal: one byte, its number, into the pipe. Only `write` is called, which is
/// async-signal-safe; a full pipe drops the byte (the signal is already pending then).
private func recordSignal(_ signal: Int32) {
  let descriptor = signalWriteDescriptor.load(ordering: .relaxed)
  guard descriptor >= 0 else { return }
  var byte = UInt8(truncatingIfNeeded: signal)
  _ = write(descriptor, &byte, 1)
}

/// The signals a full-screen app acts on, turned into bytes on a pipe that its main loop
/// polls beside the terminal (the self-pipe trick): the handler only records the signal,
/// and the loop does the work (redraw on `SIGWINCH`, save and leave on `SIGTERM`, …).
///
/// ```swift
/// let signals = try SignalPipe()                 // handlers installed
/// let input = try terminal.read(timeout: 1000, signals: signals)   // keys and signals
/// for signal in input.signals where signal == SIGWINCH { redraw() }
/// ```
///
/// One pipe exists at a time; making a second one fails. When the pipe goes away the
/// signals get their default handlers back.
public final class SignalPipe {
  /// The signals handled: resize, suspend and resume, and the ways to end a program.
  public static let handled: [Int32] = [SIGWINCH, SIGTSTP, SIGCONT, SIGTERM, SIGHUP, SIGINT]

  /// The end the main loop polls and reads.
  public let readDescriptor: Int32
  private let writeDescriptor: Int32

  /// Opens the pipe and installs the handlers.
  ///
  /// - Throws: ``TerminalError/system(call:errno:)`` when the pipe cannot be made, or with
  ///   `EBUSY` when another pipe is open.
  public init() throws(TerminalError) {
    var descriptors: [Int32] = [-1, -1]
    guard pipe(&descriptors) == 0 else { throw .system(call: "pipe", errno: errno) }
    for descriptor in descriptors {
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
      _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }
    guard
      signalWriteDescriptor.compareExchange(
        expected: -1,
        desired: descriptors[1],
        ordering: .sequentiallyConsistent
      ).exchanged
    else {
      close(descriptors[0])
      close(descriptors[1])
      throw .system(call: "SignalPipe", errno: EBUSY)
    }
    readDescriptor = descriptors[0]
    writeDescriptor = descriptors[1]
    for number in Self.handled { _ = signal(number) { recordSignal($0) } }
    unblock(Self.handled)
  }

  deinit {
    for number in Self.handled { _ = signal(number, SIG_DFL) }
    signalWriteDescriptor.store(-1, ordering: .sequentiallyConsistent)
    close(readDescriptor)
    close(writeDescriptor)
  }

  /// The signals recorded since the last call, in order, each as often as it came.
  public func drain() -> [Int32] {
    var signals: [Int32] = []
    var byte: UInt8 = 0
    while read(readDescriptor, &byte, 1) == 1 { signals.append(Int32(byte)) }
    return signals
  }
}

extension SignalPipe {
  /// Stops the process's whole process group as Ctrl-Z does in cooked mode, and returns
  /// once the process is continued (`fg`, `SIGCONT`), with the pipe's handler back.
  ///
  /// In raw mode Ctrl-Z is a byte, not a signal, so the app stops itself: it sends
  /// `SIGTSTP` to its process group (`kill(0, SIGTSTP)`), as job-control programs such as
  /// vim and less do. The group is the shell's job: the app and, when a script started it,
  /// the script too, so the interactive shell sees the job stop and prints its prompt.
  /// (Stopping the app alone would leave a script waiting on it and the shell showing
  /// nothing.)
  ///
  /// Leave the full-screen state and restore the terminal before calling it: the shell gets
  /// the terminal back while the job is stopped. Redraw everything after it returns.
  public func stopProcessGroup() {
    _ = signal(SIGTSTP, SIG_DFL)
    // The signal reaches this process before `kill` returns (it is not blocked), and stops it.
    _ = kill(0, SIGTSTP)
    _ = signal(SIGTSTP) { recordSignal($0) }
  }
}

/// Unblocks `signals` in the calling thread: a process can start with signals blocked
/// (inherited from whoever spawned it), and a blocked signal never reaches its handler.
func unblock(_ signals: [Int32]) {
  var set = sigset_t()
  sigemptyset(&set)
  for number in signals { sigaddset(&set, number) }
  _ = pthread_sigmask(SIG_UNBLOCK, &set, nil)
}
