/// An error from a ``FetchedResultsController``.
///
/// ```swift
/// try controller.remove(id: 99)  // element '99' is not in the collection; ...
/// ```
public enum FetchedResultsError<ID: Hashable & Sendable>: Error, Equatable,
  CustomStringConvertible
{
  /// Two elements of the collection share an identifier; the associated
  /// value is the identifier and the index of the second one.
  case duplicateID(ID, index: Int)
  /// No element of the collection has this identifier.
  case elementNotFound(ID)
  /// Once sorted, the fetched element at `index` belongs to a section that
  /// appeared before another one: the sort does not group the sections.
  case sectionOutOfOrder(name: String, index: Int)
  /// The fetch limit is negative.
  case invalidFetchLimit(Int)
  /// The fetch offset is negative.
  case invalidFetchOffset(Int)

  /// A lower-case message that says what went wrong and what to do.
  public var description: String {
    switch self {
    case .duplicateID(let id, let index):
      return
        "element at index \(index) has identifier '\(id)', which an earlier element already has; "
        + "identifiers must be unique"
    case .elementNotFound(let id):
      return "element '\(id)' is not in the collection; insert it first"
    case .sectionOutOfOrder(let name, let index):
      return
        "the fetched element at index \(index) has an out of order section name '\(name)'; "
        + "sort by the section key first"
    case .invalidFetchLimit(let limit):
      return "fetch limit \(limit) is negative; use 0 for no limit"
    case .invalidFetchOffset(let offset):
      return "fetch offset \(offset) is negative; use 0 to skip nothing"
    }
  }
}
