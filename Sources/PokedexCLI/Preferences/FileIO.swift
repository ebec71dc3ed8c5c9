#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading an input file, with errors mapped to exit codes: 66 when it is missing or
/// unreadable. (Outputs are written with `writeFileAtomically(_:to:)`.)
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
