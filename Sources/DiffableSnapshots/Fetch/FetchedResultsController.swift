/// A change delivered by a ``FetchedResultsController``: the new snapshot and
/// the diff from the previous one.
public struct FetchedResultsChange<ID: Hashable & Sendable>: Equatable, Sendable {
  /// The fetched results now; elements whose value changed are marked with
  /// `reconfigureItems`.
  public var snapshot: Snapshot<String, ID>
  /// The changes from the previous snapshot, reconfigures included.
  public var difference: SnapshotDiff<String, ID>
}

/// Receives the changes of a ``FetchedResultsController``.
///
/// The counterpart of `NSFetchedResultsControllerDelegate`'s
/// `controller(_:didChangeContentWith:)`.
public protocol FetchedResultsControllerDelegate<Element, ID>: AnyObject {
  /// The type of the collection's elements.
  associatedtype Element: Equatable
  /// The type of their identifiers.
  associatedtype ID: Hashable & Sendable

  /// Called after each change of the collection that changes the fetched
  /// results.
  func controller(
    _ controller: FetchedResultsController<Element, ID>,
    didChangeContentWith change: FetchedResultsChange<ID>
  )
}

/// Keeps the fetched results of an in-memory collection as a
/// ``Snapshot`` of section names and element identifiers, and reports how they
/// change when the collection does.
///
/// The in-memory counterpart of Core Data's `NSFetchedResultsController`
/// with its snapshot delegate method: a ``FetchRequest`` selects, orders,
/// groups and limits the elements; each ``replace(with:)``, ``insert(_:)``,
/// ``remove(id:)`` or ``update(_:)`` recomputes the results, marks the
/// elements whose value changed as reconfigured, and, when the results
/// changed, delivers the new snapshot and the diff to the ``delegate`` and to
/// ``changes``.
///
/// ```swift
/// let controller = try FetchedResultsController(
///   elements: pokemon,
///   fetchRequest: FetchRequest(sortDescriptors: [.init(\.generation), .init(\.id)],
///                              sectionNameKeyPath: \.generation)
/// )
/// controller.snapshot.sectionIdentifiers  // ["1", "2", ...]
/// try controller.update(renamedBulbasaur)  // delivers a reconfigure of id 1
/// ```
///
/// The controller is not `Sendable`: use it from one isolation domain. The
/// ``changes`` stream is, and can be consumed anywhere.
///
/// - Complexity: Each change is O(n log n) for the n elements of the
///   collection (filter, sort, snapshot, diff).
public final class FetchedResultsController<Element: Equatable, ID: Hashable & Sendable> {
  /// The request that selects, orders and groups the results. A new request takes
  /// effect at the next ``performFetch()`` (or the next change of the collection).
  public var fetchRequest: FetchRequest<Element>
  /// The collection, in insertion order.
  public var elements: [Element] { state.elements }
  /// The fetched elements, in the order of ``snapshot``.
  public var fetchedElements: [Element] { state.fetched.elements }
  /// The number of elements the predicate accepts, before the fetch offset
  /// and limit apply (what Core Data's `count(for:)` gives without them).
  public var matchingCount: Int { state.fetched.matchingCount }
  /// The fetched results: section names and element identifiers.
  public var snapshot: Snapshot<String, ID> { state.fetched.snapshot }
  /// Receives each change; held weakly.
  public weak var delegate: (any FetchedResultsControllerDelegate<Element, ID>)?
  /// Each change from the first time this property is read on, as an asynchronous
  /// sequence (buffered without limit until consumed; finished when the controller is
  /// released). A controller whose changes nobody reads keeps none, so a long-lived one
  /// fed only through its ``delegate`` does not accumulate snapshots.
  public var changes: AsyncStream<FetchedResultsChange<ID>> {
    if let stream { return stream }
    let (stream, continuation) = AsyncStream.makeStream(of: FetchedResultsChange<ID>.self)
    self.stream = stream
    self.continuation = continuation
    return stream
  }

  /// The collection, its index and the fetched results.
  @usableFromInline struct State {
    @usableFromInline var elements: [Element]
    /// The index of each identifier in `elements`; `nil` until the first change
    /// after ``FetchedResultsController/init(elements:fetchRequest:uncheckedIdentifiedBy:)``.
    @usableFromInline var indexOfID: [ID: Int]?
    @usableFromInline var fetched: FetchOutput<Element, ID>

    @inlinable init(elements: [Element], indexOfID: [ID: Int]?, fetched: FetchOutput<Element, ID>) {
      self.elements = elements
      self.indexOfID = indexOfID
      self.fetched = fetched
    }
  }

  @usableFromInline var state: State
  /// Whether ``performFetch()`` has delivered a snapshot yet.
  @usableFromInline var hasDelivered = false
  @usableFromInline let identify: (Element) -> ID
  /// The stream of ``changes`` and its continuation, once ``changes`` has been read.
  var stream: AsyncStream<FetchedResultsChange<ID>>?
  var continuation: AsyncStream<FetchedResultsChange<ID>>.Continuation?

  /// Creates a controller over `elements`, identified by `id`, and fetches
  /// the first results (not delivered as a change).
  ///
  /// The fetch is inlinable, so it is specialized for the caller's element
  /// and identifier types.
  ///
  /// - Throws: ``FetchedResultsError/duplicateID(_:index:)``,
  ///   ``FetchedResultsError/sectionOutOfOrder(name:index:)``,
  ///   ``FetchedResultsError/invalidFetchLimit(_:)``,
  ///   ``FetchedResultsError/invalidFetchOffset(_:)``.
  @inlinable public convenience init(
    elements: [Element],
    fetchRequest: FetchRequest<Element>,
    id: KeyPath<Element, ID>
  ) throws(FetchedResultsError<ID>) {
    try self.init(elements: elements, fetchRequest: fetchRequest, identifiedBy: { $0[keyPath: id] })
  }

  /// Creates a controller over `elements`, identified by a function, and
  /// fetches the first results (not delivered as a change).
  ///
  /// ```swift
  /// let controller = try FetchedResultsController(elements: rows, fetchRequest: request) { $0.rowID }
  /// ```
  ///
  /// - Throws: As ``init(elements:fetchRequest:id:)``.
  @inlinable public init(
    elements: [Element],
    fetchRequest: FetchRequest<Element>,
    identifiedBy identify: @escaping (Element) -> ID
  ) throws(FetchedResultsError<ID>) {
    self.fetchRequest = fetchRequest
    self.identify = identify
    let index = try fetchIndex(elements, identify: identify)
    state = State(
      elements: elements,
      indexOfID: index,
      fetched: try fetchRequest.fetch(from: elements, identify: identify)
    )
  }

  /// Creates a controller over elements whose identifiers are unique by
  /// construction (positions, for example), and fetches the first results,
  /// without checking the identifiers.
  ///
  /// The index from identifier to element that changes need is built on the
  /// first change rather than here, so a controller used for one fetch never
  /// hashes the identifiers of the elements it does not fetch. A duplicate
  /// identifier is reported by that first change, which throws
  /// ``FetchedResultsError/duplicateID(_:index:)``; until then the snapshot of
  /// a collection with duplicates is unspecified, so pass only identifiers that
  /// cannot repeat.
  ///
  /// ```swift
  /// let controller = try FetchedResultsController(
  ///   elements: rows, fetchRequest: request, uncheckedIdentifiedBy: { $0.position }
  /// )
  /// ```
  ///
  /// - Throws: ``FetchedResultsError/sectionOutOfOrder(name:index:)``,
  ///   ``FetchedResultsError/invalidFetchLimit(_:)``,
  ///   ``FetchedResultsError/invalidFetchOffset(_:)``.
  /// - Complexity: O(*n*) predicate calls for the *n* elements and O(*m* log *m*)
  ///   comparisons for the *m* that match; only the *k* fetched identifiers are hashed
  ///   (for the snapshot's index), not all *n*.
  @inlinable public init(
    elements: [Element],
    fetchRequest: FetchRequest<Element>,
    uncheckedIdentifiedBy identify: @escaping (Element) -> ID
  ) throws(FetchedResultsError<ID>) {
    self.fetchRequest = fetchRequest
    self.identify = identify
    state = State(
      elements: elements,
      indexOfID: nil,
      fetched: try fetchRequest.fetch(from: elements, identify: identify)
    )
  }

  deinit { continuation?.finish() }

  /// The index of each identifier in the collection, built on first use after
  /// ``init(elements:fetchRequest:uncheckedIdentifiedBy:)``.
  ///
  /// - Throws: ``FetchedResultsError/duplicateID(_:index:)`` when two elements
  ///   share an identifier.
  private func identifierIndex() throws(FetchedResultsError<ID>) -> [ID: Int] {
    if let index = state.indexOfID { return index }
    let index = try fetchIndex(state.elements, identify: identify)
    state.indexOfID = index
    return index
  }

  /// Replaces the whole collection. Elements present before and after with
  /// a different value are marked reconfigured.
  ///
  /// - Throws: ``FetchedResultsError/duplicateID(_:index:)``; nothing changes then.
  public func replace(with newElements: [Element]) throws(FetchedResultsError<ID>) {
    let oldIndex = try identifierIndex()
    let newIndex = try fetchIndex(newElements, identify: identify)
    var changed: [ID] = []
    for element in newElements {
      let id = identify(element)
      if let old = oldIndex[id], elements[old] != element { changed.append(id) }
    }
    try commit(newElements, index: newIndex, changed: changed)
  }

  /// Adds an element at the end of the collection.
  ///
  /// - Throws: ``FetchedResultsError/duplicateID(_:index:)`` when its
  ///   identifier is taken; nothing changes then.
  public func insert(_ element: Element) throws(FetchedResultsError<ID>) {
    let id = identify(element)
    var newIndex = try identifierIndex()
    guard newIndex[id] == nil else { throw .duplicateID(id, index: elements.count) }
    newIndex[id] = elements.count
    try commit(elements + [element], index: newIndex, changed: [])
  }

  /// Removes the element with an identifier.
  ///
  /// - Throws: ``FetchedResultsError/elementNotFound(_:)``.
  public func remove(id: ID) throws(FetchedResultsError<ID>) {
    guard let index = try identifierIndex()[id] else { throw .elementNotFound(id) }
    var newElements = elements
    newElements.remove(at: index)
    try commit(newElements, index: fetchIndex(newElements, identify: identify), changed: [])
  }

  /// Replaces the element that has the same identifier; it is marked
  /// reconfigured when its value changed and it stays fetched.
  ///
  /// - Throws: ``FetchedResultsError/elementNotFound(_:)``.
  public func update(_ element: Element) throws(FetchedResultsError<ID>) {
    let id = identify(element)
    let indexOfID = try identifierIndex()
    guard let index = indexOfID[id] else { throw .elementNotFound(id) }
    guard elements[index] != element else { return }
    var newElements = elements
    newElements[index] = element
    try commit(newElements, index: indexOfID, changed: [id])
  }

  /// Recomputes the results for a new collection and delivers the change.
  private func commit(
    _ newElements: [Element],
    index newIndex: [ID: Int],
    changed: [ID]
  ) throws(FetchedResultsError<ID>) {
    let old = snapshot
    var fetched = try fetchRequest.fetch(from: newElements, identify: identify)
    // Only items present before and after can be reconfigured.
    let reconfigured = changed.filter {
      fetched.snapshot.indexOfItem($0) != nil && old.indexOfItem($0) != nil
    }
    fetched.snapshot.markReconfigured(reconfigured)
    state = State(elements: newElements, indexOfID: newIndex, fetched: fetched)
    deliver(fetched.snapshot, from: old)
  }

  /// Sends the delegate and ``changes`` the new results, unless nothing changed.
  @usableFromInline func deliver(_ snapshot: Snapshot<String, ID>, from old: Snapshot<String, ID>) {
    // Nobody to tell: skip the diff (a host that applies `snapshot` to a data source
    // diffs it there).
    guard delegate != nil || continuation != nil else { return }
    let difference = snapshot.difference(from: old)
    guard !difference.isEmpty else { return }
    let change = FetchedResultsChange(snapshot: snapshot, difference: difference)
    delegate?.controller(self, didChangeContentWith: change)
    continuation?.yield(change)
  }
}

extension FetchedResultsController where Element: Identifiable, ID == Element.ID {
  /// Creates a controller over identifiable elements.
  ///
  /// ```swift
  /// let controller = try FetchedResultsController(elements: pokemon, fetchRequest: request)
  /// ```
  ///
  /// - Throws: As ``init(elements:fetchRequest:id:)``.
  public convenience init(
    elements: [Element],
    fetchRequest: FetchRequest<Element>
  ) throws(FetchedResultsError<ID>) {
    try self.init(elements: elements, fetchRequest: fetchRequest, id: \.id)
  }
}
