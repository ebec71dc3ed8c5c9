import FileKit

/// Reading an input file, with errors mapped to exit codes: 66 when it is missing,
/// unreadable or too large. (Outputs are written with `writeFileAtomically(_:to:)`.)
package enum FileIO {
  /// The largest input file read by default (64 MiB): preference exports are a few KB.
  package static let defaultLimit = 64 << 20

  /// The bytes of the file at `path`, refusing a file larger than `limit` bytes.
  ///
  /// - Throws: A ``CLIError`` with exit code 66 (`noInput`) naming the path and the reason.
  package static func read(_ path: String, limit: Int = defaultLimit) throws(CLIError) -> [UInt8] {
    do {
      return try FileReader.read(atPath: path, limit: limit).bytes
    } catch  where error.reason == .tooLarge {
      throw CLIError(.noInput, "cannot read '\(path.escapedForMessage)': the file is larger than \(limit) bytes")
    } catch {
      throw CLIError(
        .noInput,
        "cannot read '\(path.escapedForMessage)': \(error.systemMessage) (errno \(error.code))"
      )
    }
  }
}
