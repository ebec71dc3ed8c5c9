#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The identity of one version of a file, from `stat(2)`: a rename, an in-place edit or a
/// truncation changes it.
///
/// Two stamps are equal when device, inode, size, modification and change times match;
/// ``mode`` and ``kind`` are carried along but are not part of the identity (a `chmod`
/// changes the change time anyway).
///
/// ```swift
/// let before = try FileStamp.of("prefs.plist")
/// // ... later
/// if try FileStamp.of("prefs.plist") != before { reload() }
/// ```
package struct FileStamp: Equatable, Sendable {
  package var device: UInt64
  package var inode: UInt64
  package var size: Int64
  package var modified: timespec
  package var changed: timespec
  /// The permission bits (`st_mode & 0o7777`).
  package var mode: mode_t
  /// What the path names.
  package var kind: FileKind

  package init(_ info: stat) {
    mode = info.st_mode & 0o7777
    kind = FileKind(mode: info.st_mode)
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

  package static func == (a: FileStamp, b: FileStamp) -> Bool {
    a.device == b.device && a.inode == b.inode && a.size == b.size
      && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
      && a.changed.tv_sec == b.changed.tv_sec && a.changed.tv_nsec == b.changed.tv_nsec
  }

  /// The stamp of the file at `path`, following symlinks; `nil` when it does not exist.
  package static func of(_ path: String) throws(FileError) -> FileStamp? {
    var info = stat()
    if stat(path, &info) == 0 { return FileStamp(info) }
    let code = errno
    if code == ENOENT || code == ENOTDIR { return nil }
    throw FileError(.stat, path, code: code)
  }

  /// The stamp of the path itself (`lstat`: a symlink, not its target); `nil` when it
  /// does not exist.
  package static func ofLink(_ path: String) throws(FileError) -> FileStamp? {
    var info = stat()
    if lstat(path, &info) == 0 { return FileStamp(info) }
    let code = errno
    if code == ENOENT || code == ENOTDIR { return nil }
    throw FileError(.lstat, path, code: code)
  }
}

/// What a path names, from the `S_IFMT` bits of `st_mode`.
package enum FileKind: Hashable, Sendable {
  case regular, directory, symlink
  /// A character or block device, a FIFO or a socket: never renamed over or linked.
  case special

  package init(mode: mode_t) {
    switch mode & S_IFMT {
    case S_IFREG: self = .regular
    case S_IFDIR: self = .directory
    case S_IFLNK: self = .symlink
    default: self = .special
    }
  }
}
