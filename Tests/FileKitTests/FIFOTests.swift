import Foundation
import PokedexTestSupport
import Synchronization
import Testing

@testable import FileKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A FIFO with nobody at the other end never blocks `open(2)`: reading sees it empty,
/// writing fails at once with `ENXIO`.
@Suite struct FIFOTests {
  /// Runs `body` on a thread and waits up to 10 s. When it is still blocked, opens the
  /// FIFO from the other side (`flags`) to let the thread end, waits 5 s more at most,
  /// and returns `nil`: a regression fails the test instead of hanging the suite.
  static func withinTimeout<Result: Sendable>(
    unblocking fifo: String,
    with flags: Int32,
    _ body: @escaping @Sendable () -> Result
  ) -> Result? {
    let done = DispatchSemaphore(value: 0)
    let box = Box<Result>()
    Thread.detachNewThread {
      box.set(body())
      done.signal()
    }
    if done.wait(timeout: .now() + 10) == .success { return box.get() }
    let other = open(fifo, flags | O_NONBLOCK)
    _ = done.wait(timeout: .now() + 5)
    if other >= 0 { close(other) }
    return nil
  }

  @Test func readingAFIFOWithoutAWriterIsEmptyAtOnce() throws {
    let directory = try TemporaryDirectory(prefix: "filekit-fifo")
    defer { directory.remove() }
    let fifo = directory.path("fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    let result = Self.withinTimeout(unblocking: fifo, with: O_WRONLY) {
      Result { () throws(FileError) in try FileReader.read(atPath: fifo, limit: 1 << 20) }
    }
    let contents = try #require(result, "reading a FIFO without a writer blocked").get()
    #expect(contents.bytes.isEmpty)
    #expect(contents.stamp.kind == .special)
  }

  @Test func writingAFIFOWithoutAReaderFailsAtOnce() throws {
    let directory = try TemporaryDirectory(prefix: "filekit-fifo")
    defer { directory.remove() }
    let fifo = directory.path("fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    let result = Self.withinTimeout(unblocking: fifo, with: O_RDONLY) {
      Result { () throws(FileError) in
        try AtomicFile.replace(
          atPath: fifo,
          with: Array("x".utf8),
          options: AtomicFile.Options(durable: true)
        )
      }
    }
    let outcome = try #require(result, "writing a FIFO without a reader blocked")
    #expect(throws: FileError(.openForWriting, fifo, code: ENXIO)) { try outcome.get() }
    #expect(try FileStamp.ofLink(fifo)?.kind == .special, "never replaced")
    #expect(Files.names(in: directory.url.path) == ["fifo"])
  }
}

/// A value set on one thread and read on another, behind a lock.
private final class Box<Value: Sendable>: Sendable {
  private let value = Mutex<Value?>(nil)
  func set(_ newValue: Value) { value.withLock { $0 = newValue } }
  func get() -> Value? { value.withLock { $0 } }
}
