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
    try AtomicFile.replace(atPath: path, with: bytes, options: .init(durable: true))
  } catch {
    throw .writing(path: path, error)
  }
}
