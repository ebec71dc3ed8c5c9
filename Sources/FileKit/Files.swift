import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Small wrappers over the path system calls the readers and writers share; every failure
/// is a ``FileError`` naming the step, the path and `errno`.
package enum Files {
  /// The file `path` designates after following symlinks (relative links are resolved
  /// against the link's directory); the final file need not exist.
  ///
  /// - Throws: `ELOOP` after 40 links, or a failed `lstat`/`readlink`.
  package static func resolvingSymlinks(_ path: String) throws(FileError) -> String {
    var current = path
    for _ in 0..<40 {
      guard let stamp = try FileStamp.ofLink(current), stamp.kind == .symlink else {
        return current
      }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let length = readlink(current, &buffer, buffer.count - 1)
      guard length >= 0 else { throw FileError(.readlink, current, code: errno) }
      let target = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current = target.hasPrefix("/") ? target : join(directory(of: current), target)
    }
    throw FileError(.resolveSymlink, path, code: ELOOP)
  }

  /// Clears `O_NONBLOCK` on a descriptor opened with it (so that `open(2)` of a FIFO
  /// does not wait): reads and writes then wait for a pipe's other end as usual.
  ///
  /// - Throws: a failed `fcntl`, as an `.open` error.
  package static func clearNonBlocking(_ descriptor: Int32, path: String) throws(FileError) {
    let flags = fcntl(descriptor, F_GETFL)
    guard flags >= 0, fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) == 0 else {
      throw FileError(.open, path, code: errno)
    }
  }

  /// The directory part of `path`: `.` for a bare name, `/` for a file in the root.
  package static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// The last component of `path`; empty when `path` ends with `/`.
  package static func name(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  /// `directory/name`.
  package static func join(_ directory: String, _ name: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }

  /// Creates `path` and its missing parents with `mode` (then `chmod`ed to it exactly, so
  /// the umask cannot remove bits).
  package static func makeDirectory(_ path: String, mode: mode_t = 0o700) throws(FileError) {
    guard !path.isEmpty else { return }  // a relative file in the current directory
    var info = stat()
    if stat(path, &info) == 0 {
      guard FileKind(mode: info.st_mode) == .directory else {
        throw FileError(.useAsDirectory, path, code: ENOTDIR)
      }
      return
    }
    let parent = (path as NSString).deletingLastPathComponent
    if !parent.isEmpty, parent != path { try makeDirectory(parent, mode: mode) }
    if mkdir(path, mode) != 0 {
      let code = errno
      if code == EEXIST { return }
      throw FileError(.makeDirectory, path, code: code)
    }
    if chmod(path, mode) != 0 { throw FileError(.setDirectoryMode, path, code: errno) }
  }

  /// `fsync` on a directory, so a `rename` into it survives a power loss. File systems
  /// that cannot sync directories (`EINVAL`, `ENOTSUP`) are not an error.
  package static func syncDirectory(_ path: String) throws(FileError) {
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { throw FileError(.openDirectory, path, code: errno) }
    defer { close(descriptor) }
    if fsync(descriptor) != 0 {
      let code = errno
      if code == EINVAL || code == ENOTSUP { return }
      throw FileError(.syncDirectory, path, code: code)
    }
  }

  /// `rename(2)`: replaces `destination` atomically.
  package static func rename(_ source: String, to destination: String) throws(FileError) {
    if Foundation.rename(source, destination) != 0 {
      throw FileError(.rename(from: source), destination, code: errno)
    }
  }

  /// Removes a file; a missing file is not an error.
  package static func remove(_ path: String) throws(FileError) {
    if unlink(path) != 0, errno != ENOENT { throw FileError(.remove, path, code: errno) }
  }

  /// Sets a file's modification time to now, without following a symlink; a failure is
  /// ignored (the time is a hint, as in the collection store's grace period).
  package static func touch(_ path: String) {
    _ = utimensat(AT_FDCWD, path, nil, AT_SYMLINK_NOFOLLOW)
  }

  /// Sets the modification time of the file at `path` to now, creating it empty (mode
  /// 0600) if there is none; a symlink is not followed, and a FIFO there does not block.
  /// Failures are ignored: for a mark whose loss costs only time.
  package static func mark(_ path: String) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
    if descriptor >= 0 { close(descriptor) }
    touch(path)
  }

  /// The names in a directory, without `.` and `..`; an unreadable directory yields none.
  package static func names(in directory: String) -> [String] {
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
