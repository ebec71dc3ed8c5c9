import Foundation

/// Reading the process's standard input, for commands that take `-` (`pokedex show -`).
///
/// `CommandContext` has no injected standard input, so this reads descriptor 0 directly;
/// commands keep the parsing of what it returns in pure functions that tests call in-process.
enum StandardInput {
  /// Whether standard input is a terminal (then a command says it is waiting for input).
  static var isTerminal: Bool { isatty(0) == 1 }

  /// All of standard input as text (invalid UTF-8 replaced by U+FFFD), up to `limit` bytes.
  ///
  /// - Throws: a data error (65) when the input is longer than `limit`, an I/O error (74)
  ///   when it cannot be read.
  static func read(limit: Int) throws(CLIError) -> String {
    try read(FileHandle.standardInput, limit: limit)
  }

  /// All of `handle`'s data as text, up to `limit` bytes (see ``read(limit:)``).
  static func read(_ handle: FileHandle, limit: Int) throws(CLIError) -> String {
    var data = Data()
    while true {
      let chunk: Data?
      do {
        chunk = try handle.read(upToCount: 64 * 1024)
      } catch {
        throw CLIError.failed(.ioError, "cannot read standard input: \(error.localizedDescription)")
      }
      guard let chunk, !chunk.isEmpty else { break }
      data.append(chunk)
      guard data.count <= limit else {
        throw CLIError.failed(
          .data,
          "standard input is longer than \(limit) bytes; give fewer names at a time"
        )
      }
    }
    return String(decoding: data, as: UTF8.self)
  }
}
