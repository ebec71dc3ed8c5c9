/// A section's items as a history entry names them in the data directory: the file that
/// holds them (``StoredFile``, by its length and checksum) and how many there are, so that
/// undo puts the file back without reading it, and an entry of a change to a box of
/// 200,000 items holds no item.
struct StoredItems: Codable, Hashable, Sendable {
  var count: Int
  var length: Int
  var checksum: String

  /// Its file, in the data directory of the section `id`.
  func file(of section: Int) -> StoredFile {
    StoredFile(section: section, length: length, checksum: checksum)
  }
}
