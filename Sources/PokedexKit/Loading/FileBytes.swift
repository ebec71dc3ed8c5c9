import FileKit

/// The largest file ``readFileBytes(atPath:)`` reads: 64 MiB, over 20 times the bundled
/// dex file. A larger file (or an endless device such as `/dev/zero`) is refused instead of
/// filling memory: a regular file by its size, before it is read; a stream once 64 MiB have
/// been read (about 130 MB of memory at most).
package let maximumReadableFileSize = 64 << 20

/// Reads a whole data file into memory with one `read` loop, without Foundation's copies.
///
/// ```swift
/// let bytes = try readFileBytes(atPath: "Data/pokemons.json")
/// ```
///
/// - Throws: ``PokedexLoadError/unreadable(_:)`` with FileKit's `FileError` (its `limit`
///   set for a file over ``maximumReadableFileSize``).
/// - Complexity: O(n) in the file's size.
public func readFileBytes(atPath path: String) throws(PokedexLoadError) -> [UInt8] {
  do {
    return try FileReader.read(atPath: path, limit: maximumReadableFileSize).bytes
  } catch {
    throw .unreadable(error)
  }
}
