import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading an input file and writing an output file atomically, with errors
/// mapped to exit codes: 66 when an input is missing or unreadable, 73 when an
/// output cannot be created, 74 when reading or writing fails midway.
package enum FileIO {
  /// The bytes of the file at `path`.
  ///
  /// - Throws: A ``CLIError`` with exit code 66 (`noInput`) naming the path and the reason.
  package static func read(_ path: String) throws(CLIError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw failure(.noInput, "cannot read", path, errno) }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw failure(.noInput, "cannot read", path, errno)
      }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[0..<count])
    }
  }

  /// Writes `bytes` to `path` atomically: a temporary file created exclusively in
  /// the same directory (mode 0600: preferences are private), written, `fsync`ed and
  /// renamed over `path`. On failure the temporary file is removed and `path` is untouched.
  ///
  /// - Throws: A ``CLIError`` with exit code 73 (`cannotCreate`) when the file cannot be
  ///   created or renamed, 74 (`ioError`) when writing fails.
  package static func writeAtomically(_ bytes: [UInt8], to path: String) throws(CLIError) {
    let directory = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    let temporary =
      (directory.isEmpty ? "" : directory + "/")
      + ".\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else { throw failure(.cannotCreate, "cannot create", path, errno) }
    var offset = 0
    var writeError: Int32?
    bytes.withUnsafeBytes { buffer in
      while offset < buffer.count {
        let written = write(
          descriptor,
          buffer.baseAddress.map { $0 + offset },
          buffer.count - offset
        )
        if written < 0 {
          if errno == EINTR { continue }
          writeError = errno
          return
        }
        offset += written
      }
    }
    if writeError == nil, fsync(descriptor) != 0 { writeError = errno }
    if close(descriptor) != 0, writeError == nil { writeError = errno }
    if let writeError {
      unlink(temporary)
      throw failure(.ioError, "cannot write", path, writeError)
    }
    guard rename(temporary, path) == 0 else {
      let code = errno
      unlink(temporary)
      throw failure(.cannotCreate, "cannot create", path, code)
    }
  }

  private static func failure(_ code: ExitCode, _ action: String, _ path: String, _ number: Int32)
    -> CLIError
  {
    let reason = strerror(number).map { String(cString: $0) } ?? "error \(number)"
    return CLIError(code, "\(action) '\(path)': \(reason) (errno \(number))")
  }
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int)
  -> Int
{
  read(descriptor, buffer, count)
}
