// The terminal's system calls. The only pointers here are those the standard library lends
// for the length of one call: the buffers of `withUnsafeBytes` and `withUnsafeMutableBytes`
// to `write` and `read`, and `&` arguments to `ioctl`, `tcgetattr`, `tcsetattr` and `poll`.
// None is kept after the call returns.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The size of a terminal, in cells.
public struct TerminalSize: Hashable, Sendable {
  /// The number of rows.
  public var rows: Int
  /// The number of columns.
  public var columns: Int

  /// A size of `rows` by `columns`.
  public init(rows: Int, columns: Int) {
    self.rows = rows
    self.columns = columns
  }
}

/// Why the terminal could not be used.
public enum TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The descriptor is not a terminal.
  case notATerminal(descriptor: Int32)
  /// A system call failed.
  case system(call: String, errno: Int32)

  /// What failed and why.
  public var description: String {
    switch self {
    case .notATerminal(let descriptor):
      return "descriptor \(descriptor) is not a terminal"
    case .system(let call, let code):
      return "\(call) failed: \(String(cString: strerror(code)))"
    }
  }
}

/// The escape sequences that take a terminal into a full-screen app's state and back:
/// the alternate screen, a hidden cursor, bracketed paste and SGR mouse reports.
public enum TerminalModes {
  /// Enter: alternate screen, hide the cursor, bracketed paste, mouse reports.
  public static let enter = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h\u{1B}[?1000h\u{1B}[?1006h"
  /// Leave, in the reverse order.
  public static let leave = "\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l"
}

/// A terminal's input and output descriptors, with raw mode on demand: what a full-screen
/// app reads keys from and writes frames to.
///
/// ```swift
/// let terminal = TerminalDevice()          // standard input and output
/// try terminal.enterRawMode()
/// defer { terminal.restore() }
/// let size = terminal.size()               // 24 x 80
/// let input = try terminal.read(timeout: 50)   // input.bytes: the keys typed
/// ```
///
/// Raw mode is `cfmakeraw`'s: no echo, no line editing, no signals from Ctrl-C or Ctrl-Z
/// (they arrive as bytes), no output processing; reads return as soon as one byte is
/// there. ``restore()`` puts back the settings saved when raw mode began; it is safe to
/// call more than once, and the device calls it when it goes away. While raw mode is on,
/// ``CrashRestore`` puts them back if the process crashes.
public final class TerminalDevice {
  /// The descriptor keys are read from.
  public let input: Int32
  /// The descriptor frames are written to.
  public let output: Int32
  /// The settings before raw mode, while raw mode is on.
  private var saved: termios?

  /// A device over `input` and `output` (standard input and output by default).
  public init(input: Int32 = 0, output: Int32 = 1) {
    self.input = input
    self.output = output
  }

  deinit { restore() }

  /// Whether raw mode is on.
  public var isRaw: Bool { saved != nil }

  /// Turns raw mode on, saving the settings to restore.
  ///
  /// - Throws: ``TerminalError/notATerminal(descriptor:)`` when input or output is not a
  ///   terminal; ``TerminalError/system(call:errno:)`` when the settings cannot be read or
  ///   changed.
  public func enterRawMode() throws(TerminalError) {
    guard saved == nil else { return }
    for descriptor in [input, output] where isatty(descriptor) != 1 {
      throw .notATerminal(descriptor: descriptor)
    }
    var settings = termios()
    guard tcgetattr(input, &settings) == 0 else { throw .system(call: "tcgetattr", errno: errno) }
    var raw = settings
    cfmakeraw(&raw)
    guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else {
      throw .system(call: "tcsetattr", errno: errno)
    }
    saved = settings
    CrashRestore.arm(settings: settings, descriptor: input)
  }

  /// Puts back the settings saved by ``enterRawMode()``; does nothing when raw mode is off.
  public func restore() {
    guard var settings = saved else { return }
    CrashRestore.disarm()
    _ = tcsetattr(input, TCSAFLUSH, &settings)
    saved = nil
  }

  /// The terminal's size, or `nil` when the output is not a terminal or reports none.
  public func size() -> TerminalSize? {
    var size = winsize()
    guard ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else {
      return nil
    }
    return TerminalSize(rows: Int(size.ws_row), columns: Int(size.ws_col))
  }

  /// Writes all of `bytes`, retrying after interruptions and partial writes.
  ///
  /// - Throws: ``TerminalError/system(call:errno:)`` when the terminal cannot be written.
  public func write(_ bytes: [UInt8]) throws(TerminalError) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { systemWrite(output, $0) }
      if written < 0 {
        if errno == EINTR { continue }
        throw .system(call: "write", errno: errno)
      }
      offset += written
    }
  }

  /// What arrives within `timeout` milliseconds (a negative timeout waits for ever): the
  /// bytes typed (all that are there, up to 4 KiB) and the signals `signals` recorded.
  /// Both are empty when nothing came.
  ///
  /// - Throws: ``TerminalError/system(call:errno:)`` when the input cannot be read; the end
  ///   of the input (the terminal went away) is `read` failing with `EIO`.
  public func read(timeout: Int32, signals: SignalPipe? = nil) throws(TerminalError)
    -> TerminalInput
  {
    var descriptors = [pollfd(fd: input, events: Int16(POLLIN), revents: 0)]
    if let signals {
      descriptors.append(pollfd(fd: signals.readDescriptor, events: Int16(POLLIN), revents: 0))
    }
    let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
    let pollError = errno
    var result = TerminalInput(bytes: [], signals: signals?.drain() ?? [])
    if ready < 0 {
      if pollError == EINTR { return result }  // a signal: recorded above
      throw .system(call: "poll", errno: pollError)
    }
    guard ready > 0, descriptors[0].revents != 0 else { return result }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes { systemRead(input, $0) }
    if count < 0 {
      if errno == EINTR || errno == EAGAIN { return result }
      throw .system(call: "read", errno: errno)
    }
    guard count > 0 else { throw .system(call: "read", errno: EIO) }
    result.bytes = Array(buffer.prefix(count))
    return result
  }
}

/// What one ``TerminalDevice/read(timeout:signals:)`` brought.
public struct TerminalInput: Equatable, Sendable {
  /// The bytes typed (keys, pastes, mouse reports), to decode with ``KeyDecoder``.
  public var bytes: [UInt8]
  /// The signals recorded, in order.
  public var signals: [Int32]

  /// Whether nothing came.
  public var isEmpty: Bool { bytes.isEmpty && signals.isEmpty }
}

// The system calls, at file scope where their names are not the methods'.

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
  write(descriptor, bytes.baseAddress, bytes.count)
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
  read(descriptor, buffer.baseAddress, buffer.count)
}
