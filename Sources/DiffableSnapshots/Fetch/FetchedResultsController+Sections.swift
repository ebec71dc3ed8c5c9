/// One section of a ``FetchedResultsController``'s results: the counterpart of Core
/// Data's `NSFetchedResultsSectionInfo`.
public struct FetchedResultsSection<Element> {
  /// The section's name: the value of the request's section name key path, as text
  /// (`""` when the request has none).
  public var name: String
  /// The name's index title: its first character, capitalized, as Core Data's
  /// `sectionIndexTitle(forSectionName:)` gives by default.
  public var indexTitle: String? {
    name.first.map { String($0).uppercased() }
  }
  /// The section's elements, in order.
  public var objects: [Element]
  /// The number of elements in the section.
  public var numberOfObjects: Int { objects.count }
}

extension FetchedResultsSection: Equatable where Element: Equatable {}
extension FetchedResultsSection: Sendable where Element: Sendable {}

extension FetchedResultsController {
  /// Fetches the results again, with the current ``fetchRequest``, and delivers them.
  ///
  /// As Core Data's controller does since iOS 13, the first call delivers the whole
  /// snapshot to the delegate (and to ``changes``) as a change from nothing, so that a
  /// diffable data source shows the first results the way it shows every later change.
  /// Later calls deliver the difference from the results before, if any.
  ///
  /// ```swift
  /// controller.delegate = self
  /// try controller.performFetch()   // delegate gets the first snapshot
  /// controller.fetchRequest.predicate = { $0.types.contains("fire") }
  /// try controller.performFetch()   // delegate gets the difference
  /// ```
  ///
  /// - Throws: ``FetchedResultsError`` when the request is invalid (a negative limit or
  ///   offset, a section name that comes back after another).
  /// - Complexity: O(n log n) for the n elements of the collection.
  @inlinable public func performFetch() throws(FetchedResultsError<ID>) {
    let old = hasDelivered ? snapshot : Snapshot()
    let fetched = try fetchRequest.fetch(from: state.elements, identify: identify)
    state.fetched = fetched
    hasDelivered = true
    deliver(fetched.snapshot, from: old)
  }

  /// The fetched elements, in the order of ``snapshot``: Core Data's name for
  /// ``fetchedElements``.
  public var fetchedObjects: [Element] { state.fetched.elements }

  /// The fetched element at `indexPath`, or `nil` when there is none (where Core Data
  /// raises an exception).
  ///
  /// - Complexity: O(1).
  public func object(at indexPath: ItemPath) -> Element? {
    let starts = state.fetched.snapshot.storage.sectionStarts
    guard indexPath.item >= 0, starts.indices.contains(indexPath.section + 1),
      indexPath.section >= 0
    else { return nil }
    let index = starts[indexPath.section] + indexPath.item
    guard index < starts[indexPath.section + 1] else { return nil }
    return state.fetched.elements[index]
  }

  /// Where the element identified by `id` is in the fetched results, or `nil` when the
  /// request does not fetch it.
  ///
  /// - Complexity: O(1).
  public func indexPath(forObjectWith id: ID) -> ItemPath? {
    snapshot.indexPath(ofItem: id)
  }

  /// The fetched results by section, in order.
  ///
  /// ```swift
  /// for section in controller.sections {
  ///   print(section.name, section.numberOfObjects)   // "1" 151, "2" 100, …
  /// }
  /// ```
  ///
  /// - Complexity: O(n) for the n fetched elements.
  public var sections: [FetchedResultsSection<Element>] {
    let fetched = state.fetched
    let starts = fetched.snapshot.storage.sectionStarts
    return fetched.snapshot.sectionIdentifiers.enumerated().map { index, name in
      FetchedResultsSection(
        name: name,
        objects: Array(fetched.elements[starts[index]..<starts[index + 1]])
      )
    }
  }

  /// The index titles of the sections, each once, in order (Core Data's
  /// `sectionIndexTitles`).
  public var sectionIndexTitles: [String] {
    var seen = Set<String>()
    return sections.compactMap(\.indexTitle).filter { seen.insert($0).inserted }
  }
}
