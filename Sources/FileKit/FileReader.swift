#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A whole file read into memory, and the `fstat` of the descriptor it was read from.
package struct FileContents: Sendable {
  package var bytes: [UInt8]
  package var stamp: FileStamp
}

/// Reads whole files with a size limit chosen by the caller.
///
/// One `open`, one `fstat` and a `read` loop (retrying `EINTR`, tolerating short reads).
/// A regular file whose size is over the limit is refused before anything is read; a file
/// that grows while it is read, a device such as `/dev/zero` or a pipe is refused as soon
/// as more than `limit` bytes have arrived, so nothing grows without bound.
///
/// ```swift
/// let bytes = try FileReader.read(atPath: "Data/pokemons.json", limit: 64 << 20).bytes
/// ```
///
/// - Complexity: O(n) in the file's size; one allocation for a regular file.
package enum FileReader {
  /// The contents of the file at `path`.
  ///
  /// Opening never waits: a FIFO nobody writes to reads as empty instead of blocking
  /// in `open(2)` (the descriptor is opened with `O_NONBLOCK`, which is then cleared so
  /// that a pipe with a writer is read to its end). A device that never ends
  /// (`/dev/zero`) stops at `limit`.
  ///
  /// - Throws: ``FileError`` with ``FileError/Reason/notFound``, `.isDirectory`,
  ///   `.permissionDenied`, `.tooLarge` (`limit` set, `EFBIG`) or `.system` (with `errno`).
  package static func read(atPath path: String, limit: Int) throws(FileError) -> FileContents {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
    guard descriptor >= 0 else { throw FileError(.open, path, code: errno) }
    defer { close(descriptor) }
    try Files.clearNonBlocking(descriptor, path: path)
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw FileError(.stat, path, code: errno) }
    let stamp = FileStamp(info)
    if stamp.kind == .directory { throw FileError(.read, path, code: EISDIR) }
    let bytes = try read(
      descriptor: descriptor,
      path: path,
      expectedSize: stamp.kind == .regular ? Int(stamp.size) : 0,
      limit: limit
    )
    return FileContents(bytes: bytes, stamp: stamp)
  }

  /// ``read(atPath:limit:)``, or `nil` when nothing exists at `path`.
  package static func readIfPresent(
    atPath path: String,
    limit: Int
  ) throws(FileError) -> FileContents? {
    do {
      return try read(atPath: path, limit: limit)
    } catch  where error.reason == .notFound {
      return nil
    }
  }

  /// Reads what is left of an open descriptor, expecting `expectedSize` bytes (more or
  /// fewer are tolerated, up to `limit`).
  package static func read(
    descriptor: Int32,
    path: String,
    expectedSize: Int,
    limit: Int
  ) throws(FileError) -> [UInt8] {
    let limit = max(limit, 0)
    let tooLarge = FileError(.read, path, code: EFBIG, limit: limit)
    if expectedSize > limit { throw tooLarge }
    // Room for one byte past the limit, to see that a file exceeds it.
    let ceiling = limit < Int.max ? limit + 1 : limit
    // One byte more than expected: reaching the end of an unchanged file needs no second
    // buffer, and a file that grew shows it.
    var capacity = max(expectedSize, 0) + 1
    // A file whose size was known arrives in one chunk; a stream (a pipe, a device) in
    // chunks of doubling size, joined once at the end, so that memory stays within about
    // twice what was read.
    var chunks: [[UInt8]] = []
    var total = 0
    while true {
      let chunk = try readChunk(descriptor, path: path, capacity: min(capacity, ceiling - total))
      total += chunk.bytes.count
      if total > limit { throw tooLarge }
      chunks.append(chunk.bytes)
      if chunk.reachedEnd { break }
      capacity = max(total, 64 * 1024)
    }
    return chunks.count == 1 ? chunks[0] : Array(chunks.joined())
  }

  /// Fills up to `capacity` bytes; `reachedEnd` when `read` returned 0 before it was full.
  ///
  /// The reader's pointer use: `read(2)` writes into the array's uninitialized storage,
  /// always at `base + count` with at most `capacity - count` bytes, so
  /// `0 <= count <= capacity` holds and `count` bytes are initialized when the closure
  /// returns.
  private static func readChunk(
    _ descriptor: Int32,
    path: String,
    capacity: Int
  ) throws(FileError) -> (bytes: [UInt8], reachedEnd: Bool) {
    var failure: Int32 = 0
    var reachedEnd = false
    let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
      count = 0
      while count < capacity {
        let result = systemRead(descriptor, buffer.baseAddress.map { $0 + count }, capacity - count)
        if result < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        if result == 0 {
          reachedEnd = true
          return
        }
        count += result
        assert(count <= capacity, "read(2) returned more than it was asked for")
      }
    }
    if failure != 0 { throw FileError(.read, path, code: failure) }
    return (bytes, reachedEnd)
  }
}

#if canImport(Darwin)
  let systemRead = Darwin.read
  let systemWrite = Darwin.write
#elseif canImport(Musl)
  let systemRead = Musl.read
  let systemWrite = Musl.write
#else
  let systemRead = Glibc.read
  let systemWrite = Glibc.write
#endif
