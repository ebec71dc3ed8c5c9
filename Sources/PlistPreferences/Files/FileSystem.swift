import FileKit
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The identity of a file version: a rename, an in-place edit or a truncation changes it.
typealias FileSignature = FileStamp

/// The store's view of FileKit: the same calls, with every failure turned into
/// ``PreferencesError/systemCall(operation:path:code:)`` (or `.lockTimeout`).
enum FileSystem {
  /// The largest preferences file the store reads (a commit rewrites the whole file, so
  /// files stay far below this); a larger one is an `EFBIG` read error.
  static let maximumFileSize = 64 << 20

  static func fail(_ error: FileError) -> PreferencesError {
    .systemCall(operation: error.operation.description, path: error.path, code: error.code)
  }

  /// ``fail(_:)``, with a lock not taken within `lockTimeout` as `.lockTimeout`.
  static func fail(_ error: FileError, lockTimeout: Duration) -> PreferencesError {
    guard error.operation == .lock && error.code == ETIMEDOUT else { return fail(error) }
    let (seconds, attoseconds) = lockTimeout.components
    return .lockTimeout(
      path: error.path,
      milliseconds: Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    )
  }

  /// The signature of the file at `path` (following symlinks), `nil` when it does not exist.
  static func signature(of path: String) throws(PreferencesError) -> FileSignature? {
    do { return try FileStamp.of(path) } catch { throw fail(error) }
  }

  /// `lstat`: the file itself, not a symlink's target; `nil` when it does not exist.
  static func linkStatus(of path: String) throws(PreferencesError) -> FileSignature? {
    do { return try FileStamp.ofLink(path) } catch { throw fail(error) }
  }

  /// Reads a whole file; `nil` when it does not exist.
  static func read(_ path: String) throws(PreferencesError) -> (
    bytes: Data, signature: FileSignature
  )? {
    do {
      guard let contents = try FileReader.readIfPresent(atPath: path, limit: maximumFileSize)
      else { return nil }
      return (Data(contents.bytes), contents.stamp)
    } catch {
      throw fail(error)
    }
  }

  /// Creates `path` and its missing parents with mode 0700.
  static func makeDirectory(_ path: String) throws(PreferencesError) {
    do { try Files.makeDirectory(path, mode: 0o700) } catch { throw fail(error) }
  }

  /// The file a path designates after following symlinks, which need not exist yet.
  static func resolvingSymlinks(_ path: String) throws(PreferencesError) -> String {
    do { return try Files.resolvingSymlinks(path) } catch { throw fail(error) }
  }

  static func rename(_ source: String, to destination: String) throws(PreferencesError) {
    do { try Files.rename(source, to: destination) } catch { throw fail(error) }
  }

  /// Removes a file; a missing file is not an error.
  static func remove(_ path: String) throws(PreferencesError) {
    do { try Files.remove(path) } catch { throw fail(error) }
  }

  /// The names in a directory; an unreadable directory yields none.
  static func names(in directory: String) -> [String] { Files.names(in: directory) }

  /// Whether another descriptor holds the lock at `path`; `nil` when there is no lock file.
  static func isLockHeld(at path: String) throws(PreferencesError) -> Bool? {
    do { return try FileLock.isHeld(at: path) } catch { throw fail(error) }
  }
}
