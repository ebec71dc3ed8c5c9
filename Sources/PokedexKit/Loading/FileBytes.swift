import FileKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a file could not be read.
public enum FileReadError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Nothing exists at the path.
  case notFound(path: String)
  /// The path names a directory.
  case isDirectory(path: String)
  /// The file exists but the process may not read it.
  case permissionDenied(path: String)
  /// The path goes through a loop of symbolic links (or more links than the system follows).
  case symlinkLoop(path: String)
  /// Reading failed with an operating-system error (`EFBIG` for a file larger than
  /// ``maximumReadableFileSize``).
  case ioError(path: String, errno: Int32)

  public var path: String {
    switch self {
    case .notFound(let path), .isDirectory(let path), .permissionDenied(let path),
      .symlinkLoop(let path), .ioError(let path, _):
      return path
    }
  }

  public var description: String {
    switch self {
    case .notFound(let path): return "no such file '\(path)'"
    case .isDirectory(let path): return "'\(path)' is a directory, not a file"
    case .permissionDenied(let path): return "permission denied reading '\(path)'"
    case .symlinkLoop(let path):
      return "cannot read '\(path)': a loop of symbolic links (or too many of them)"
    case .ioError(let path, let code):
      return "cannot read '\(path)': \(String(cString: strerror(code)))"
    }
  }
}

/// The largest file ``readFileBytes(atPath:)`` reads: 64 MiB, over 20 times the bundled
/// dex file. A larger file (or an endless device such as `/dev/zero`) is refused with
/// `EFBIG` instead of filling memory: a regular file by its size, before it is read; a
/// stream once 64 MiB have been read (about 130 MB of memory at most).
package let maximumReadableFileSize = 64 << 20

/// Reads a whole file into memory with one `read` loop, without Foundation's copies.
///
/// ```swift
/// let bytes = try readFileBytes(atPath: "Data/pokemons.json")
/// ```
///
/// - Throws: ``FileReadError``; `.ioError` with `EFBIG` for a file over
///   ``maximumReadableFileSize``.
/// - Complexity: O(n) in the file's size.
public func readFileBytes(atPath path: String) throws(FileReadError) -> [UInt8] {
  do {
    return try FileReader.read(atPath: path, limit: maximumReadableFileSize).bytes
  } catch {
    throw FileReadError(error)
  }
}

extension FileReadError {
  /// The same failure from FileKit.
  init(_ error: FileError) {
    switch error.reason {
    case .notFound: self = .notFound(path: error.path)
    case .isDirectory: self = .isDirectory(path: error.path)
    case .permissionDenied: self = .permissionDenied(path: error.path)
    case .system where error.code == ELOOP: self = .symlinkLoop(path: error.path)
    case .tooLarge, .system: self = .ioError(path: error.path, errno: error.code)
    }
  }
}
