#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes `bytes` to `path` so that readers see the old file or the new one, never a torn
/// one: a temporary file is created beside it (`O_EXCL`, mode 0644), written, `fsync`ed and
/// renamed over the destination, then the directory is `fsync`ed.
///
/// - Throws: exit 73 when the file cannot be created (missing or read-only directory,
///   permission), 74 when writing fails midway (disk full, I/O error); nothing is left behind.
package func writeFileAtomically(_ bytes: [UInt8], to path: String) throws(CLIError) {
  let slash = path.lastIndex(of: "/")
  let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
  let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
  guard !name.isEmpty else {
    throw CLIError(.cannotCreate, "cannot write '\(path)': it names a directory")
  }
  var temporary = ""
  var descriptor: Int32 = -1
  for attempt in 0..<100 {
    temporary = "\(directory)/.\(name).\(getpid()).\(attempt).tmp"
    descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    if descriptor >= 0 || errno != EEXIST { break }
  }
  guard descriptor >= 0 else { throw failure("create", path, errno, creating: true) }
  var offset = 0
  while offset < bytes.count {
    let written = bytes.withUnsafeBytes { buffer in
      write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
    }
    if written < 0 {
      if errno == EINTR { continue }
      let code = errno
      close(descriptor)
      unlink(temporary)
      throw failure("write", path, code, creating: false)
    }
    offset += written
  }
  if fsync(descriptor) != 0 {
    let code = errno
    close(descriptor)
    unlink(temporary)
    throw failure("sync", path, code, creating: false)
  }
  close(descriptor)
  guard rename(temporary, path) == 0 else {
    let code = errno
    unlink(temporary)
    throw failure("replace", path, code, creating: true)
  }
  let directoryDescriptor = open(directory, O_RDONLY | O_CLOEXEC)
  if directoryDescriptor >= 0 {
    _ = fsync(directoryDescriptor)
    close(directoryDescriptor)
  }
}

private func failure(_ operation: String, _ path: String, _ code: Int32, creating: Bool) -> CLIError
{
  let reason = String(cString: strerror(code))
  let hint =
    code == ENOENT
    ? "; create the directory first"
    : code == EACCES || code == EPERM || code == EROFS ? "; choose a writable location" : ""
  return CLIError(
    creating ? .cannotCreate : .ioError,
    "cannot \(operation) '\(path)': \(reason)\(hint)"
  )
}
