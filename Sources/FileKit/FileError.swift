#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a file operation failed: the step that failed, the path it was applied to and the
/// `errno` it set.
///
/// Callers map it to their own error type (`PreferencesError.systemCall`, the CLI's exit
/// codes) or carry it (`PokedexLoadError.unreadable`, which is why it is public);
/// ``reason`` sorts the common cases.
///
/// ```swift
/// do {
///   _ = try FileReader.read(atPath: "/etc/shadow", limit: 1 << 20)
/// } catch {
///   print(error)  // cannot open '/etc/shadow': Permission denied (errno 13)
/// }
/// ```
public struct FileError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The step that failed.
  public var operation: FileOperation
  /// The file the step was applied to (a temporary file, a directory, a lock file...).
  public var path: String
  /// The `errno` the system call set (`EFBIG` for a file over the caller's limit,
  /// `ETIMEDOUT` for a lock not acquired in time).
  public var code: Int32
  /// The size limit a file exceeded, for ``Reason/tooLarge``.
  public var limit: Int?

  package init(_ operation: FileOperation, _ path: String, code: Int32, limit: Int? = nil) {
    self.operation = operation
    self.path = path
    self.code = code
    self.limit = limit
  }

  /// The kinds of failure callers tell apart.
  public enum Reason: Hashable, Sendable {
    /// Nothing exists at the path (or a parent is not a directory).
    case notFound
    /// The path names a directory where a file was expected.
    case isDirectory
    /// The process may not do this (`EACCES`, `EPERM`).
    case permissionDenied
    /// The file is larger than the caller's limit.
    case tooLarge
    /// Any other failure; ``FileError/code`` says which.
    case system
  }

  public var reason: Reason {
    if limit != nil { return .tooLarge }
    switch code {
    case ENOENT, ENOTDIR: return .notFound
    case EISDIR: return .isDirectory
    case EACCES, EPERM: return .permissionDenied
    default: return .system
    }
  }

  /// `strerror` of ``code``.
  public var systemMessage: String { FileKit.systemMessage(for: code) }

  public var description: String {
    if let limit {
      return "cannot read '\(path)': the file is larger than the limit of \(limit) bytes"
    }
    return "cannot \(operation) '\(path)': \(systemMessage) (errno \(code))"
  }
}

/// `strerror(code)`, or `error N` when the system has no message.
package func systemMessage(for code: Int32) -> String {
  strerror(code).map { String(cString: $0) } ?? "error \(code)"
}

/// The steps of reading, replacing and locking files, named as the system calls they make.
public enum FileOperation: Hashable, Sendable, CustomStringConvertible {
  case open, stat, lstat, read, readlink, resolveSymlink
  /// Opening a device or FIFO to write into it in place (``AtomicFile``).
  case openForWriting
  /// Creating the temporary file of a replacement.
  case create
  case setMode, write, sync, close
  /// Renaming `from` over the path of the error.
  case rename(from: String)
  case openDirectory, syncDirectory, makeDirectory, useAsDirectory, setDirectoryMode
  case remove, openLock, lock

  /// The name used in messages: `cannot <name> '<path>'`.
  public var description: String {
    switch self {
    case .open: "open"
    case .openForWriting: "open for writing"
    case .stat: "stat"
    case .lstat: "lstat"
    case .read: "read"
    case .readlink: "readlink"
    case .resolveSymlink: "resolve the symlink"
    case .create: "create"
    case .setMode: "fchmod"
    case .write: "write"
    case .sync: "fsync"
    case .close: "close"
    case .rename(let source): "rename '\(source)' to"
    case .openDirectory: "open the directory"
    case .syncDirectory: "fsync the directory"
    case .makeDirectory: "create the directory"
    case .useAsDirectory: "use as a directory"
    case .setDirectoryMode: "chmod"
    case .remove: "remove"
    case .openLock: "open the lock file"
    case .lock: "lock"
    }
  }
}
