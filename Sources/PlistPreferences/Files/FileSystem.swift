import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The identity of a file version: a rename, an in-place edit or a truncation changes it.
struct FileSignature: Equatable, Sendable {
  var device: UInt64
  var inode: UInt64
  var size: Int64
  var modified: timespec
  var changed: timespec
  /// The permission bits; not part of the identity (a `chmod` changes `changed` anyway).
  var mode: mode_t

  init(_ info: stat) {
    mode = info.st_mode & 0o7777
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    size = Int64(info.st_size)
    #if canImport(Darwin)
      modified = info.st_mtimespec
      changed = info.st_ctimespec
    #else
      modified = info.st_mtim
      changed = info.st_ctim
    #endif
  }

  static func == (a: FileSignature, b: FileSignature) -> Bool {
    a.device == b.device && a.inode == b.inode && a.size == b.size
      && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
      && a.changed.tv_sec == b.changed.tv_sec && a.changed.tv_nsec == b.changed.tv_nsec
  }
}

/// Thin wrappers over the system calls the store uses; every failure becomes
/// ``PreferencesError/systemCall(operation:path:code:)`` with the path and `errno`.
enum FileSystem {
  static func fail(_ operation: String, _ path: String, _ code: Int32 = errno) -> PreferencesError {
    .systemCall(operation: operation, path: path, code: code)
  }

  /// The signature of the file at `path` (following symlinks), `nil` when it does not exist.
  static func signature(of path: String) throws(PreferencesError) -> FileSignature? {
    var info = stat()
    if stat(path, &info) == 0 { return FileSignature(info) }
    let code = errno
    if code == ENOENT || code == ENOTDIR { return nil }
    throw fail("stat", path, code)
  }

  /// `lstat`: the file itself, not a symlink's target; `nil` when it does not exist.
  static func linkStatus(of path: String) throws(PreferencesError) -> stat? {
    var info = stat()
    if lstat(path, &info) == 0 { return info }
    let code = errno
    if code == ENOENT || code == ENOTDIR { return nil }
    throw fail("lstat", path, code)
  }

  /// Reads a whole file with one `open` and `read` loop; `nil` when it does not exist.
  static func read(_ path: String) throws(PreferencesError) -> (
    bytes: Data, signature: FileSignature
  )? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    if fd < 0 {
      let code = errno
      if code == ENOENT || code == ENOTDIR { return nil }
      throw fail("open", path, code)
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw fail("fstat", path) }
    var bytes = Data(count: max(Int(info.st_size), 0))
    var filled = 0
    while true {
      if filled == bytes.count { bytes.count += max(4096, bytes.count) }
      let count = bytes.withUnsafeMutableBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return systemRead(fd, base + filled, buffer.count - filled)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw fail("read", path)
      }
      if count == 0 { break }
      filled += count
    }
    bytes.count = filled
    return (bytes, FileSignature(info))
  }

  /// Creates `path` and its missing parents with mode 0700.
  static func makeDirectory(_ path: String) throws(PreferencesError) {
    guard !path.isEmpty else { return }  // a relative file in the current directory
    var info = stat()
    if stat(path, &info) == 0 {
      guard info.st_mode & S_IFMT == S_IFDIR else {
        throw fail("use as a directory", path, ENOTDIR)
      }
      return
    }
    let parent = (path as NSString).deletingLastPathComponent
    if !parent.isEmpty, parent != path { try makeDirectory(parent) }
    if mkdir(path, 0o700) != 0 {
      let code = errno
      if code == EEXIST { return }
      throw fail("create the directory", path, code)
    }
    // The umask may have removed bits; 0700 is the documented mode.
    if chmod(path, 0o700) != 0 { throw fail("chmod", path) }
  }

  /// The file a path designates after following symlinks, which need not exist yet.
  static func resolvingSymlinks(_ path: String) throws(PreferencesError) -> String {
    var current = path
    for _ in 0..<40 {
      guard let info = try linkStatus(of: current), info.st_mode & S_IFMT == S_IFLNK else {
        return current
      }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let length = readlink(current, &buffer, buffer.count - 1)
      guard length >= 0 else { throw fail("readlink", current) }
      let target = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current =
        target.hasPrefix("/")
        ? target
        : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(
          target
        )
    }
    throw fail("resolve the symlink", path, ELOOP)
  }

  /// Creates `path` with `O_EXCL`, writes `bytes` in a loop, sets `mode`,
  /// optionally `fsync`s, and closes. On any failure the file is removed.
  static func writeNewFile(
    _ path: String,
    bytes: Data,
    mode: mode_t,
    durable: Bool
  ) throws(PreferencesError) {
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard fd >= 0 else { throw fail("create", path) }
    var closed = false
    do throws(PreferencesError) {
      if fchmod(fd, mode) != 0 { throw fail("fchmod", path) }
      var written = 0
      while written < bytes.count {
        let count = bytes.withUnsafeBytes { buffer -> Int in
          guard let base = buffer.baseAddress else { return 0 }
          return systemWrite(fd, base + written, buffer.count - written)
        }
        if count < 0 {
          if errno == EINTR { continue }
          throw fail("write", path)
        }
        if count == 0 { throw fail("write", path, EIO) }
        written += count
      }
      if durable, fsync(fd) != 0 { throw fail("fsync", path) }
      closed = true
      if close(fd) != 0 { throw fail("close", path) }
    } catch {
      if !closed { close(fd) }
      unlink(path)
      throw error
    }
  }

  /// `fsync` on a directory, so a `rename` into it survives a power loss.
  static func syncDirectory(_ path: String) throws(PreferencesError) {
    let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { throw fail("open the directory", path) }
    defer { close(fd) }
    if fsync(fd) != 0 {
      let code = errno
      // Some file systems cannot sync directories; that is not a data-loss signal.
      if code == EINVAL || code == ENOTSUP { return }
      throw fail("fsync the directory", path, code)
    }
  }

  static func rename(_ source: String, to destination: String) throws(PreferencesError) {
    if Foundation.rename(source, destination) != 0 {
      throw fail("rename '\(source)' to", destination)
    }
  }

  /// Removes a file; a missing file is not an error.
  static func remove(_ path: String) throws(PreferencesError) {
    if unlink(path) != 0, errno != ENOENT { throw fail("remove", path) }
  }

  /// The names in a directory; an unreadable directory yields none.
  static func names(in directory: String) -> [String] {
    guard let handle = opendir(directory) else { return [] }
    defer { closedir(handle) }
    var names: [String] = []
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != ".", name != ".." { names.append(name) }
    }
    return names
  }
}

#if canImport(Darwin)
  private let systemRead = Darwin.read
  private let systemWrite = Darwin.write
#elseif canImport(Musl)
  private let systemRead = Musl.read
  private let systemWrite = Musl.write
#else
  private let systemRead = Glibc.read
  private let systemWrite = Glibc.write
#endif
