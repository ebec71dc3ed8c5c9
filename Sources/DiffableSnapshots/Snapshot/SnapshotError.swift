/// An error thrown by a ``Snapshot`` mutation that Apple's
/// `NSDiffableDataSourceSnapshot` would trap on.
///
/// A throwing mutation checks everything before it changes anything, so after
/// an error the snapshot is exactly as it was.
///
/// ```swift
/// var snapshot = Snapshot<String, Int>()
/// do {
///   try snapshot.appendItems([1])
/// } catch {
///   print(error)  // there are no sections in the snapshot; append a section first
/// }
/// ```
public enum SnapshotError<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Error,
  Equatable, CustomStringConvertible
{
  /// An item identifier that is already in the snapshot, or that appears
  /// twice in one call. Identifiers are unique across all sections.
  case duplicateItem(ItemID)
  /// A section identifier that is already in the snapshot, or that appears
  /// twice in one call.
  case duplicateSection(SectionID)
  /// An item identifier (an anchor, or an item to move, reload or
  /// reconfigure) that is not in the snapshot.
  case itemNotFound(ItemID)
  /// A section identifier (an anchor, a destination, or a section to reload)
  /// that is not in the snapshot.
  case sectionNotFound(SectionID)
  /// Items were appended to the last section of a snapshot that has none.
  case noSections
  /// A move that cannot be performed; the associated value says why.
  case invalidMove(InvalidMove)
  /// A ``SnapshotDiff`` that does not describe a change of this snapshot
  /// (it was computed from another one); the associated value says where.
  case inapplicableDiff(String)

  /// Why a move was rejected.
  public enum InvalidMove: Equatable, Sendable {
    /// An item was moved before or after itself.
    case itemRelativeToItself(ItemID)
    /// A section was moved before or after itself.
    case sectionRelativeToItself(SectionID)
    /// The source of a table-view move is not the path of an item.
    case sourceOutOfRange(ItemPath)
    /// The destination of a table-view move is past the end of its section
    /// (after the source was removed) or names no section.
    case destinationOutOfRange(ItemPath)
  }

  /// A lower-case message that says what went wrong and what to do.
  public var description: String {
    switch self {
    case .duplicateItem(let id):
      return
        "item identifier '\(id)' is already in the snapshot or appears twice in the call; "
        + "identifiers must be unique across all sections"
    case .duplicateSection(let id):
      return
        "section identifier '\(id)' is already in the snapshot or appears twice in the call; "
        + "section identifiers must be unique"
    case .itemNotFound(let id):
      return
        "item identifier '\(id)' is not in the snapshot; check it with indexOfItem(_:) first"
    case .sectionNotFound(let id):
      return
        "section identifier '\(id)' is not in the snapshot; check it with indexOfSection(_:) first"
    case .noSections:
      return "there are no sections in the snapshot; append a section first"
    case .invalidMove(.itemRelativeToItself(let id)):
      return "cannot move item '\(id)' before or after itself; the destination is the source"
    case .invalidMove(.sectionRelativeToItself(let id)):
      return
        "cannot move section '\(id)' before or after itself; the destination is the source"
    case .invalidMove(.sourceOutOfRange(let path)):
      return "no item at source index path \(path); the move must start at an existing item"
    case .invalidMove(.destinationOutOfRange(let path)):
      return
        "destination index path \(path) is past the end of its section or names no section; "
        + "use at most the section's item count after removing the source"
    case .inapplicableDiff(let reason):
      return "the diff does not apply to this snapshot: \(reason); diff it from this snapshot"
    }
  }
}
