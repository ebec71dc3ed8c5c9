import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive `flock(2)` on a separate, never-deleted lock file.
///
/// The kernel releases the lock when the descriptor is closed or the process
/// dies, so a `kill -9` never leaves a stale lock behind.
final class LockFile {
  private var fd: Int32

  /// Opens (creating with mode 0600) and locks `path`, polling with backoff
  /// until `timeout` has passed.
  init(path: String, timeout: Duration) throws(PreferencesError) {
    let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard fd >= 0 else { throw FileSystem.fail("open the lock file", path) }
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    var pause: UInt32 = 50
    while flock(fd, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      if code == EINTR { continue }
      guard code == EWOULDBLOCK || code == EAGAIN else {
        close(fd)
        throw FileSystem.fail("lock", path, code)
      }
      guard clock.now < deadline else {
        close(fd)
        let (seconds, attoseconds) = timeout.components
        throw .lockTimeout(
          path: path,
          milliseconds: Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
        )
      }
      usleep(pause)
      pause = min(pause * 2, 2_000)
    }
    self.fd = fd
  }

  /// Releases the lock by closing the descriptor.
  func release() {
    guard fd >= 0 else { return }
    close(fd)
    fd = -1
  }

  deinit { release() }

  /// Whether another descriptor holds the lock at `path` right now, without waiting.
  ///
  /// Returns `nil` when the lock file does not exist yet.
  static func isHeld(at path: String) throws(PreferencesError) -> Bool? {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    if fd < 0 {
      if errno == ENOENT { return nil }
      throw FileSystem.fail("open the lock file", path)
    }
    defer { close(fd) }
    if flock(fd, LOCK_SH | LOCK_NB) == 0 {
      flock(fd, LOCK_UN)
      return false
    }
    let code = errno
    if code == EWOULDBLOCK || code == EAGAIN { return true }
    throw FileSystem.fail("lock", path, code)
  }
}
