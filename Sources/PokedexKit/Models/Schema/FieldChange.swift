/// One field that differs between two versions of a model: its path and
/// both values.
///
/// Paths use the data file's key names with `.` between levels; a
/// dictionary's key is a path component (`names.fr`, `dexNumbers.kanto`),
/// and table entries are named by their identifier (`types.fire.names.de`).
///
/// ```swift
/// change.description  // "stats.hp: 35 -> 40"
/// ```
public struct FieldChange: Hashable, Sendable, CustomStringConvertible {
  /// Where the field is: `stats.hp`, `names.fr`, `types`.
  public var path: String
  /// The value in the old version.
  public var old: FieldValue
  /// The value in the new version.
  public var new: FieldValue

  /// Creates a change.
  public init(path: String, old: FieldValue, new: FieldValue) {
    self.path = path
    self.old = old
    self.new = new
  }

  /// `path: old -> new`.
  public var description: String { "\(path): \(old) -> \(new)" }
}
