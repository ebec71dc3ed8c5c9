import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Text (or raw bytes) written by a command, collected in memory and flushed to a file descriptor.
///
/// Commands write here instead of to `print`, so tests run commands
/// in-process and read what they wrote. A class, so that every copy of a
/// ``CommandContext`` writes to the same stream; the bytes sit behind a
/// `Mutex`, so that it is `Sendable` with the compiler's check.
package final class OutputBuffer: TextOutputStream, Sendable {
  /// What is buffered, and the first failed write's `errno` (after which every
  /// write is dropped: the stream is broken, and buffering more would only grow).
  private struct State {
    var bytes: [UInt8]
    var failure: Int32?
    /// Whether anything was written to the descriptor yet (then it is too late to page).
    var hasFlushed = false
    var allowsPaging = true
  }

  private let state: Mutex<State>
  private let descriptor: Int32?

  /// Everything written so far (since the last flush), as UTF-8 bytes (binary
  /// output such as an exported plist included).
  package var bytes: [UInt8] { state.withLock { $0.bytes } }

  /// Everything written so far, decoded as UTF-8.
  package var text: String { String(decoding: bytes, as: UTF8.self) }

  /// The `errno` of the first write to the descriptor that failed (`ENOSPC`, `EPIPE`,
  /// `EBADF`, ...), or `nil` while every write succeeded.
  package var failure: Int32? { state.withLock { $0.failure } }

  /// Whether the output may go through a pager (`--no-pager` turns it off).
  package var allowsPaging: Bool {
    get { state.withLock { $0.allowsPaging } }
    set { state.withLock { $0.allowsPaging = newValue } }
  }

  /// Whether part of the output has already been written to the descriptor (a buffer over
  /// 1 MiB flushes early), so that it can no longer all go through a pager.
  package var hasFlushed: Bool { state.withLock { $0.hasFlushed } }

  /// Removes and returns everything buffered.
  package func takeBytes() -> [UInt8] {
    state.withLock { state in
      defer { state.bytes = [] }
      return state.bytes
    }
  }

  /// A buffer that flushes to `descriptor` (1 for stdout, 2 for stderr), or only collects.
  package init(descriptor: Int32? = nil) {
    self.descriptor = descriptor
    var bytes: [UInt8] = []
    bytes.reserveCapacity(descriptor == nil ? 256 : 64 * 1024)
    state = Mutex(State(bytes: bytes, failure: nil))
  }

  package func write(_ string: String) {
    append { $0.append(contentsOf: string.utf8) }
  }

  /// Writes raw bytes as they are, such as a binary property list or JSON a writer
  /// produced as UTF-8: no `String` is made of them.
  package func write<Bytes: Sequence<UInt8>>(bytes data: Bytes) {
    append { $0.append(contentsOf: data) }
  }

  /// Writes an array of raw bytes; into an empty buffer, without copying them.
  package func write(bytes data: [UInt8]) {
    append { bytes in
      if bytes.isEmpty { bytes = data } else { bytes.append(contentsOf: data) }
    }
  }

  /// Writes `string` and a newline.
  package func line(_ string: String = "") {
    append { bytes in
      bytes.append(contentsOf: string.utf8)
      bytes.append(0x0A)
    }
  }

  /// Writes raw bytes and a newline.
  package func line<Bytes: Sequence<UInt8>>(bytes data: Bytes) {
    append { bytes in
      bytes.append(contentsOf: data)
      bytes.append(0x0A)
    }
  }

  /// Appends with `body`, then flushes once 1 MiB is buffered; after a failed write,
  /// drops what `body` would add.
  private func append(_ body: (inout [UInt8]) -> Void) {
    let isFull = state.withLock { state in
      guard state.failure == nil else { return false }
      body(&state.bytes)
      return state.bytes.count >= 1 << 20
    }
    if isFull { flush() }
  }

  /// Writes what is buffered to the file descriptor; returns `false` when this or an
  /// earlier write failed (``failure`` says why).
  @discardableResult
  package func flush() -> Bool {
    guard let descriptor else { return true }
    return state.withLock { state in
      guard state.failure == nil else { return false }
      guard !state.bytes.isEmpty else { return true }
      defer { state.bytes.removeAll(keepingCapacity: true) }
      state.hasFlushed = true
      state.failure = Self.writeAll(state.bytes, to: descriptor)
      return state.failure == nil
    }
  }

  /// Writes all of `bytes` to `descriptor`, retrying after a signal and after a
  /// partial write; the `errno` when the system refuses, `nil` on success.
  static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
    var remaining = bytes[...]
    while !remaining.isEmpty {
      // The slice is passed to `write(2)` as a pointer valid for the call only.
      let written = remaining.withUnsafeBytes { buffer in
        systemWrite(descriptor, buffer.baseAddress, buffer.count)
      }
      if written < 0 {
        if errno == EINTR { continue }
        return errno
      }
      // A write of nothing to a non-empty request would loop forever.
      if written == 0 { return EIO }
      remaining = remaining.dropFirst(written)
    }
    return nil
  }
}

@inline(__always)
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  write(fd, bytes, count)
}

/// What a command may know about the world: streams, environment and terminal.
///
/// Injected, so every command can run in a test with a fake environment.
package struct CommandContext: Sendable {
  package var environment: [String: String]
  package var stdout: OutputBuffer
  package var stderr: OutputBuffer
  package var stdoutIsTerminal: Bool
  package var stderrIsTerminal: Bool
  /// The terminal's width in columns when stdout is a terminal.
  package var terminalColumns: Int?
  /// The terminal's height in rows when stdout is a terminal.
  package var terminalRows: Int?
  /// The current directory, for resolving relative paths.
  package var currentDirectory: String

  package init(
    environment: [String: String] = [:],
    stdout: OutputBuffer = OutputBuffer(),
    stderr: OutputBuffer = OutputBuffer(),
    stdoutIsTerminal: Bool = false,
    stderrIsTerminal: Bool = false,
    terminalColumns: Int? = nil,
    terminalRows: Int? = nil,
    currentDirectory: String = "."
  ) {
    self.environment = environment
    self.stdout = stdout
    self.stderr = stderr
    self.stdoutIsTerminal = stdoutIsTerminal
    self.stderrIsTerminal = stderrIsTerminal
    self.terminalColumns = terminalColumns
    self.terminalRows = terminalRows
    self.currentDirectory = currentDirectory
  }

  /// The context of the running process.
  package static func process(environment: [String: String], currentDirectory: String)
    -> CommandContext
  {
    var size = winsize()
    let hasSize = isatty(1) == 1 && ioctl(1, UInt(TIOCGWINSZ), &size) == 0
    let columns: Int? = hasSize && size.ws_col > 0 ? Int(size.ws_col) : nil
    let rows: Int? = hasSize && size.ws_row > 0 ? Int(size.ws_row) : nil
    return CommandContext(
      environment: environment,
      stdout: OutputBuffer(descriptor: 1),
      stderr: OutputBuffer(descriptor: 2),
      stdoutIsTerminal: isatty(1) == 1,
      stderrIsTerminal: isatty(2) == 1,
      terminalColumns: columns,
      terminalRows: rows,
      currentDirectory: currentDirectory
    )
  }

  /// The width to lay text out in: `COLUMNS`, else the terminal's width, else 80.
  package var width: Int {
    if let value = environment["COLUMNS"], let columns = Int(value), columns > 0 { return columns }
    return terminalColumns ?? 80
  }

  /// The width a table may take: `COLUMNS` when set, else the terminal's width (80 when
  /// unknown) when stdout is a terminal, else unlimited (`Int.max`), so that a piped table
  /// keeps every cell whole and `grep` finds what it is looking for.
  package var tableWidth: Int {
    if let value = environment["COLUMNS"], let columns = Int(value), columns > 0 { return columns }
    return stdoutIsTerminal ? (terminalColumns ?? 80) : Int.max
  }

  /// Resolves a user-given path against the current directory.
  package func absolutePath(_ path: String) -> String {
    path.hasPrefix("/") ? path : currentDirectory + "/" + path
  }
}
