import FileKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes `bytes` to `path` so that readers see the old file or the new one, never a torn
/// one, with FileKit's `AtomicFile` (durable: the file and its directory are `fsync`ed).
/// A symlink's target is replaced and the link kept; a device or FIFO (`--output
/// /dev/stdout`) is written directly, never renamed over.
///
/// - Throws: exit 73 when the file cannot be created (missing or read-only directory,
///   permission, a directory at `path`), 74 when writing fails midway (disk full, I/O
///   error); nothing is left behind and an existing file is intact.
package func writeFileAtomically(_ bytes: [UInt8], to path: String) throws(CLIError) {
  do {
    try AtomicFile.replace(atPath: path, with: bytes, options: AtomicFile.Options(durable: true))
  } catch {
    throw CLIError(writing: path, error)
  }
}

extension CLIError {
  /// The message and exit code for a failed replacement of `path`.
  fileprivate init(writing path: String, _ error: FileError) {
    if error.reason == .isDirectory {
      self.init(.cannotCreate, "cannot write '\(path)': it names a directory")
      return
    }
    let (operation, creating): (String, Bool) =
      switch error.operation {
      case .write, .close: ("write", false)
      case .sync, .syncDirectory, .openDirectory: ("sync", false)
      case .rename: ("replace", true)
      default: ("create", true)
      }
    let code = error.code
    let hint =
      code == ENOENT
      ? "; create the directory first"
      : code == EACCES || code == EPERM || code == EROFS ? "; choose a writable location" : ""
    self.init(
      creating ? .cannotCreate : .ioError,
      "cannot \(operation) '\(path)': \(error.systemMessage)\(hint)"
    )
  }
}
