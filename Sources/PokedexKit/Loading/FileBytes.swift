import Foundation

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
  /// Reading failed with an operating-system error.
  case ioError(path: String, errno: Int32)

  public var path: String {
    switch self {
    case .notFound(let path), .isDirectory(let path), .permissionDenied(let path),
      .ioError(let path, _):
      return path
    }
  }

  public var description: String {
    switch self {
    case .notFound(let path): return "no such file '\(path)'"
    case .isDirectory(let path): return "'\(path)' is a directory, not a file"
    case .permissionDenied(let path): return "permission denied reading '\(path)'"
    case .ioError(let path, let code):
      return "cannot read '\(path)': \(String(cString: strerror(code)))"
    }
  }
}

/// Reads a whole file into memory with one `read` loop, without Foundation's copies.
///
/// - Complexity: O(n) in the file's size.
public func readFileBytes(atPath path: String) throws(FileReadError) -> [UInt8] {
  let (buffer, count) = try readFileBuffer(atPath: path)
  defer { buffer.deallocate() }
  return Array(UnsafeBufferPointer(rebasing: buffer[0..<count]))
}

/// Reads a whole file into a new buffer with `spare` bytes of room after the contents.
/// The caller owns (and deallocates) the buffer; `count` is the file's size.
func readFileBuffer(
  atPath path: String,
  spare: Int = 1
) throws(FileReadError) -> (buffer: UnsafeMutableBufferPointer<UInt8>, count: Int) {
  let descriptor = open(path, O_RDONLY | O_CLOEXEC)
  guard descriptor >= 0 else { throw FileReadError(path: path, errno: errno) }
  defer { close(descriptor) }
  var info = stat()
  guard fstat(descriptor, &info) == 0 else { throw FileReadError(path: path, errno: errno) }
  guard info.st_mode & S_IFMT != S_IFDIR else { throw .isDirectory(path: path) }
  let (buffer, count) = try readFileBuffer(
    descriptor: descriptor,
    path: path,
    size: Int(info.st_size),
    spare: spare
  )
  // The buffer holds at least `count + spare + 1` bytes (see below).
  return (UnsafeMutableBufferPointer(start: buffer, count: count + spare + 1), count)
}

/// Reads what is left of an open file (`size` bytes expected, more or fewer tolerated) into
/// a new buffer of at least `count + spare + 1` bytes, which the caller owns.
func readFileBuffer(
  descriptor: Int32,
  path: String,
  size: Int,
  spare: Int = 1
) throws(FileReadError) -> (buffer: UnsafeMutablePointer<UInt8>, count: Int) {
  var buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(size, 0) + spare + 1)
  var count = 0
  while true {
    if count + spare >= buffer.count {
      // The file grew while being read.
      let grown = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: buffer.count * 2)
      _ = grown.initialize(from: buffer[0..<count])
      buffer.deallocate()
      buffer = grown
    }
    let result = read(
      descriptor,
      buffer.baseAddress.map { $0 + count },
      buffer.count - spare - count
    )
    if result < 0 {
      if errno == EINTR { continue }
      let code = errno
      buffer.deallocate()
      throw FileReadError(path: path, errno: code)
    }
    if result == 0 { break }
    count += result
  }
  guard let base = buffer.baseAddress else { throw FileReadError(path: path, errno: ENOMEM) }
  return (base, count)
}

extension FileReadError {
  /// The error for `errno` `code` from opening or reading `path`.
  init(path: String, errno code: Int32) {
    switch code {
    case ENOENT, ENOTDIR: self = .notFound(path: path)
    case EACCES, EPERM: self = .permissionDenied(path: path)
    case EISDIR: self = .isDirectory(path: path)
    default: self = .ioError(path: path, errno: code)
    }
  }
}
