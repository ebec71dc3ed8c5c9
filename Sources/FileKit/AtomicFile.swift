#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Replaces files so that readers see the old version or the new one, never a torn one.
///
/// For a regular file (or a path where nothing exists yet): a temporary file
/// `.<name>.tmp-<pid>-<random>` is created beside the target (`O_EXCL`, `O_NOFOLLOW`),
/// written in a loop (short writes, `EINTR`), `fsync`ed when ``Options/durable``, closed,
/// and renamed over the target; then the directory is `fsync`ed (``Options/durable``).
/// Any failure (`ENOSPC`, `EIO`, a write that makes no progress) removes the temporary
/// file and throws; the old file is never opened for writing, so it stays intact.
///
/// - A symlink is followed: its target file is replaced and the link stays a link.
/// - A device, FIFO or socket (`/dev/null`, `/dev/stdout`, a named pipe) is opened and
///   written directly: nothing is ever renamed over it.
/// - A directory is refused with `EISDIR`.
///
/// ```swift
/// try AtomicFile.replace(atPath: "out.json", with: Array(json.utf8), options: .init(durable: true))
/// ```
///
/// - Complexity: O(n) in the size of `bytes`.
package enum AtomicFile {
  /// How a replacement is made.
  package struct Options: Sendable {
    /// The permission bits of a new file.
    package var permissions: Permissions
    /// `fsync` the file before the rename and the directory after it.
    package var durable: Bool

    package init(permissions: Permissions = .masked(0o644), durable: Bool) {
      self.permissions = permissions
      self.durable = durable
    }
  }

  /// The mode the new file gets.
  package enum Permissions: Sendable {
    /// `mode` with the process's umask applied (what `open(2)` does).
    case masked(mode_t)
    /// Exactly `mode` (`fchmod` after creating it `0600`).
    case exactly(mode_t)
  }

  /// The prefix of the temporary files made for a file named `name`; anything in the
  /// directory with this prefix and no writer holding a lock is a leftover.
  package static func temporaryPrefix(for name: String) -> String { ".\(name).tmp-" }

  /// Writes `bytes` to `path` as described above.
  ///
  /// - Parameter beforeRename: Runs with the resolved target's path after the temporary
  ///   file is complete and before it replaces the target (the preferences store links
  ///   the old version to `.bak` there). Not called for devices.
  /// - Returns: The file written: `path` with symlinks resolved.
  /// - Throws: ``FileError``: `.create` when the temporary file cannot be made (missing or
  ///   read-only directory), `.write`/`.sync`/`.close` when writing fails midway,
  ///   `.rename`, `.syncDirectory`; `EISDIR` when `path` names a directory.
  @discardableResult
  package static func replace(
    atPath path: String,
    with bytes: [UInt8],
    options: Options,
    beforeRename: (String) -> Void = { _ in }
  ) throws(FileError) -> String {
    try replace(
      atPath: path,
      with: bytes,
      options: options,
      beforeRename: beforeRename,
      write: { systemWrite($0, $1, $2) }
    )
  }

  /// A `write(2)`; tests pass one that fails.
  typealias WriteCall = (Int32, UnsafeRawPointer, Int) -> Int

  @discardableResult
  static func replace(
    atPath path: String,
    with bytes: [UInt8],
    options: Options,
    beforeRename: (String) -> Void,
    write: WriteCall
  ) throws(FileError) -> String {
    let target = try Files.resolvingSymlinks(path)
    let name = Files.name(of: target)
    guard !name.isEmpty else { throw FileError(.create, target, code: EISDIR) }
    switch try FileStamp.of(target)?.kind {
    case .directory?:
      throw FileError(.create, target, code: EISDIR)
    case .special?:
      try writeInPlace(target, bytes: bytes, durable: options.durable, write: write)
      return target
    case .regular?, .symlink?, nil:
      break
    }
    let directory = Files.directory(of: target)
    let temporary = try createTemporaryFile(in: directory, name: name, options.permissions)
    do throws(FileError) {
      try finish(temporary, bytes: bytes, durable: options.durable, write: write)
      beforeRename(target)
      try Files.rename(temporary.path, to: target)
    } catch {
      unlink(temporary.path)
      throw error
    }
    if options.durable { try Files.syncDirectory(directory) }
    return target
  }

  /// Writes `bytes` to `path` in a directory the caller owns (the collection store's data
  /// directory): a temporary file beside it, written, `fsync`ed when `durable`, then renamed
  /// to `path`. Unlike ``replace(atPath:with:options:beforeRename:)``, whatever is at `path`
  /// (a symlink, a leftover) is replaced itself and never followed or written through, and
  /// the directory is not synced: sync it once after placing several files
  /// (``Files/syncDirectory(_:)``).
  ///
  /// - Throws: ``FileError`` as ``replace(atPath:with:options:beforeRename:)``; the
  ///   temporary file is removed on failure.
  package static func place(_ bytes: [UInt8], at path: String, durable: Bool) throws(FileError) {
    let temporary = try createTemporaryFile(
      in: Files.directory(of: path),
      name: Files.name(of: path),
      .masked(0o600)
    )
    do throws(FileError) {
      try finish(temporary, bytes: bytes, durable: durable, write: { systemWrite($0, $1, $2) })
      try Files.rename(temporary.path, to: path)
    } catch {
      unlink(temporary.path)
      throw error
    }
  }

  /// Creates a new, empty temporary file beside the target; the descriptor is open for writing.
  private static func createTemporaryFile(
    in directory: String,
    name: String,
    _ permissions: Permissions
  ) throws(FileError) -> (path: String, descriptor: Int32) {
    let creationMode: mode_t
    switch permissions {
    case .masked(let mode): creationMode = mode
    case .exactly: creationMode = 0o600
    }
    let prefix = Files.join(directory, temporaryPrefix(for: name)) + "\(getpid())-"
    var path = ""
    var descriptor: Int32 = -1
    for _ in 0..<100 {
      path = prefix + String(UInt32.random(in: .min ... .max), radix: 16)
      descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, creationMode)
      if descriptor >= 0 || errno != EEXIST { break }
    }
    guard descriptor >= 0 else { throw FileError(.create, path, code: errno) }
    if case .exactly(let mode) = permissions, fchmod(descriptor, mode) != 0 {
      let code = errno
      close(descriptor)
      unlink(path)
      throw FileError(.setMode, path, code: code)
    }
    return (path, descriptor)
  }

  /// Writes, syncs and closes the temporary file; closes it on failure too.
  private static func finish(
    _ temporary: (path: String, descriptor: Int32),
    bytes: [UInt8],
    durable: Bool,
    write: WriteCall
  ) throws(FileError) {
    let (path, descriptor) = temporary
    do throws(FileError) {
      try writeAll(descriptor, bytes, path: path, write: write)
      if durable, fsync(descriptor) != 0 { throw FileError(.sync, path, code: errno) }
    } catch {
      close(descriptor)
      throw error
    }
    if close(descriptor) != 0 { throw FileError(.close, path, code: errno) }
  }

  /// A device, FIFO or socket: written where it is, since renaming over it would replace
  /// the device node itself.
  private static func writeInPlace(
    _ path: String,
    bytes: [UInt8],
    durable: Bool,
    write: WriteCall
  ) throws(FileError) {
    // `O_NONBLOCK`: a FIFO nobody reads fails at once (`ENXIO`) instead of blocking in
    // `open(2)`; cleared then, so that a slow reader is waited for.
    let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
    guard descriptor >= 0 else { throw FileError(.openForWriting, path, code: errno) }
    defer { close(descriptor) }
    try Files.clearNonBlocking(descriptor, path: path)
    try writeAll(descriptor, bytes, path: path, write: write)
    if durable, fsync(descriptor) != 0 {
      let code = errno
      // Devices and pipes have nothing to sync.
      if code != EINVAL && code != ENOTSUP && code != EROFS {
        throw FileError(.sync, path, code: code)
      }
    }
  }

  /// `write` in a loop until every byte is written; `EINTR` retries, a write of 0 bytes is `EIO`.
  static func writeAll(
    _ descriptor: Int32,
    _ bytes: [UInt8],
    path: String,
    write: WriteCall
  ) throws(FileError) {
    var failure: Int32 = 0
    bytes.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let count = write(descriptor, base + offset, buffer.count - offset)
        if count < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        if count == 0 {
          failure = EIO
          return
        }
        offset += count
      }
    }
    if failure != 0 { throw FileError(.write, path, code: failure) }
  }
}
