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
