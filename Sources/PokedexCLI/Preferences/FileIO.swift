import FileKit

/// Reading an input file the user names (a preferences export, a paste); outputs are
/// written with `writeFileAtomically(_:to:)`.
package enum FileIO {
  /// The largest input file read by default (64 MiB): preference exports are a few KB.
  package static let defaultLimit = 64 << 20

  /// The bytes of the file at `path`, refusing a file larger than `limit` bytes.
  ///
  /// - Throws: ``CLIError/reading(path:_:)``: exit 66 when the file is missing, refused or
  ///   too large, 74 when reading it fails.
  package static func read(_ path: String, limit: Int = defaultLimit) throws(CLIError) -> [UInt8] {
    do {
      return try FileReader.read(atPath: path, limit: limit).bytes
    } catch {
      throw .reading(path: path, error)
    }
  }
}
