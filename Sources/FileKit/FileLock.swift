#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive `flock(2)` on a separate, never-deleted lock file.
///
/// The kernel releases the lock when the process dies, so a `kill -9` never leaves a
/// stale lock behind.
///
/// ``release()`` unlocks with `LOCK_UN` before closing. A `flock` belongs to the open
/// file description, and a child that another thread `fork`s at that moment shares the
/// description until it `exec`s (`O_CLOEXEC` closes it only then): relying on `close`
/// alone left the lock held for that window, so a concurrent `isHeld` saw "held" and
/// another writer waited.
///
/// ```swift
/// let lock = try FileLock(path: "prefs.plist.lock", timeout: .seconds(2))
/// defer { lock.release() }
/// ```
package final class FileLock {
  private var descriptor: Int32

  /// Opens (creating with mode 0600) and locks `path`, polling with backoff (50 µs
  /// doubling to 2 ms) until `timeout` has passed.
  ///
  /// - Throws: `.openLock` or `.lock` with `errno`; `.lock` with `ETIMEDOUT` when another
  ///   descriptor held the lock for the whole `timeout`.
  package init(path: String, timeout: Duration) throws(FileError) {
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else { throw FileError(.openLock, path, code: errno) }
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    var pause: UInt32 = 50
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      if code == EINTR { continue }
      guard code == EWOULDBLOCK || code == EAGAIN else {
        close(descriptor)
        throw FileError(.lock, path, code: code)
      }
      guard clock.now < deadline else {
        close(descriptor)
        throw FileError(.lock, path, code: ETIMEDOUT)
      }
      usleep(pause)
      pause = min(pause * 2, 2_000)
    }
    self.descriptor = descriptor
  }

  /// Releases the lock: `LOCK_UN` (see above), then `close`. Calling it again does nothing.
  package func release() {
    guard descriptor >= 0 else { return }
    flock(descriptor, LOCK_UN)
    close(descriptor)
    descriptor = -1
  }

  deinit { release() }

  /// Whether another descriptor holds the lock at `path` right now, without waiting;
  /// `nil` when the lock file does not exist yet.
  package static func isHeld(at path: String) throws(FileError) -> Bool? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    if descriptor < 0 {
      if errno == ENOENT { return nil }
      throw FileError(.openLock, path, code: errno)
    }
    defer { close(descriptor) }
    if flock(descriptor, LOCK_SH | LOCK_NB) == 0 {
      flock(descriptor, LOCK_UN)
      return false
    }
    let code = errno
    if code == EWOULDBLOCK || code == EAGAIN { return true }
    throw FileError(.lock, path, code: code)
  }
}
