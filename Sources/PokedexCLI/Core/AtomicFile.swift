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
///   permission, a directory at `path`, a full disk or quota while writing the new
///   file), 74 when writing fails otherwise (an I/O error, or a device such as
///   `/dev/full` that refuses the bytes); nothing is left behind and an existing file
///   is intact.
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
      self.init(.cannotCreate, "cannot write '\(path.escapedForMessage)': it names a directory")
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
    // A full disk or quota met while writing the temporary file (never the target,
    // which is left intact): the file could not be created.
    let isOutOfSpace =
      (code == ENOSPC || code == EDQUOT)
      && Files.name(of: error.path).hasPrefix(".") && error.path.contains(".tmp-")
    let hint =
      code == ENOENT
      ? "; create the directory first"
      : code == EACCES || code == EPERM || code == EROFS
        ? "; choose a writable location"
        : isOutOfSpace ? "; free some space and retry (nothing was replaced)" : ""
    self.init(
      creating || isOutOfSpace ? .cannotCreate : .ioError,
      "cannot \(isOutOfSpace ? "create" : operation) '\(path.escapedForMessage)': \(error.systemMessage)\(hint)"
    )
  }
}
