/// The result of running a ``FetchRequest`` over a collection: the fetched
/// elements in order, their snapshot, and how many matched before paging.
@usableFromInline struct FetchOutput<Element, ID: Hashable & Sendable> {
  @usableFromInline var elements: [Element]
  @usableFromInline var snapshot: Snapshot<String, ID>
  @usableFromInline var matchingCount: Int

  @inlinable init(elements: [Element], snapshot: Snapshot<String, ID>, matchingCount: Int) {
    self.elements = elements
    self.snapshot = snapshot
    self.matchingCount = matchingCount
  }
}

extension FetchRequest {
  /// Filters, sorts, pages and groups `elements`. Inlinable, so that the
  /// loops are specialized for the caller's element and identifier types.
  ///
  /// - Complexity: O(n) predicate calls and key reads, O(m log m) key
  ///   comparisons for the m matching elements, O(k) for the k fetched.
  @inlinable func fetch<ID: Hashable & Sendable>(
    from elements: [Element],
    identify: (Element) -> ID
  ) throws(FetchedResultsError<ID>) -> FetchOutput<Element, ID> {
    guard fetchLimit >= 0 else { throw .invalidFetchLimit(fetchLimit) }
    guard fetchOffset >= 0 else { throw .invalidFetchOffset(fetchOffset) }
    var matching: [Element]
    if let predicate {
      matching = []
      matching.reserveCapacity(elements.count)
      for element in elements where predicate(element) { matching.append(element) }
    } else {
      matching = elements
    }
    let matchingCount = matching.count
    matching = sorted(matching)
    let start = min(fetchOffset, matching.count)
    let end = fetchLimit > 0 ? min(matching.count, start + fetchLimit) : matching.count
    let fetched = start == 0 && end == matching.count ? matching : Array(matching[start..<end])
    var sections: [String] = []
    var items: [[ID]] = []
    if let sectionName {
      var seen = Set<String>()
      var current: [ID] = []
      for index in fetched.indices {
        let element = fetched[index]
        let name = sectionName(element)
        if name != sections.last {
          guard seen.insert(name).inserted else {
            throw .sectionOutOfOrder(name: name, index: index)
          }
          if !sections.isEmpty { items.append(current) }
          current = []
          sections.append(name)
        }
        current.append(identify(element))
      }
      if !sections.isEmpty { items.append(current) }
    } else {
      sections = [""]
      items = [fetched.map(identify)]
    }
    // Identifiers are unique (the controller checks the collection) and
    // section names are unique (checked above).
    return FetchOutput(
      elements: fetched,
      snapshot: Snapshot(uncheckedSections: sections, items: items),
      matchingCount: matchingCount
    )
  }
}

extension FetchRequest {
  /// `elements` in the order of the request's sort descriptors (ties keep their order);
  /// the predicate, sections and paging are not applied.
  ///
  /// A controller over elements in this order fetches without sorting, however its
  /// predicate changes: checking that the fetched elements are in order takes one
  /// comparison per element. Sort once, then refetch as often as a search field changes.
  ///
  /// ```swift
  /// let sorted = request.sorted(pokemon)
  /// let controller = try FetchedResultsController(elements: sorted, fetchRequest: request)
  /// ```
  ///
  /// - Complexity: O(n) key reads and at most O(n log n) comparisons for n elements.
  @inlinable public func sorted(_ elements: [Element]) -> [Element] {
    guard !sortDescriptors.isEmpty, let order = sortedPositions(of: elements) else {
      return elements
    }
    return order.map { elements[$0] }
  }

  /// The positions of `elements` in the order of ``sortDescriptors`` (ties keep the
  /// collection's order), or `nil` when they are in that order already.
  ///
  /// Keys are read once per element. When every descriptor gives order keys (numbers and
  /// strings), positions are sorted by comparing integers; otherwise by the descriptors'
  /// comparisons.
  ///
  /// - Complexity: O(n) key reads and O(n log n) comparisons for n elements.
  @inlinable func sortedPositions(of elements: [Element]) -> [Int]? {
    let columns = sortDescriptors.map { $0.prepare(elements) }
    let orderKeys = columns.compactMap { column -> [UInt64]? in
      if case .ordered(let keys) = column { keys } else { nil }
    }
    if orderKeys.count == columns.count {
      return SortColumn.sortedPositions(byOrderKeys: orderKeys, count: elements.count)
    }
    let comparisons = columns.map(\.comparison)
    func precedes(_ lhs: Int, _ rhs: Int) -> Bool {
      for compare in comparisons {
        let order = compare(lhs, rhs)
        if order != 0 { return order < 0 }
      }
      return lhs < rhs
    }
    guard elements.count > 1, !(1..<elements.count).allSatisfy({ precedes($0 - 1, $0) })
    else { return nil }
    var order = Array(elements.indices)
    order.sort(by: precedes)
    return order
  }
}

/// The index of each identifier in `elements`, or the first duplicate.
@inlinable func fetchIndex<Element, ID: Hashable & Sendable>(
  _ elements: [Element],
  identify: (Element) -> ID
) throws(FetchedResultsError<ID>) -> [ID: Int] {
  var index: [ID: Int] = [:]
  index.reserveCapacity(elements.count)
  for offset in elements.indices {
    let id = identify(elements[offset])
    guard index.updateValue(offset, forKey: id) == nil else {
      throw .duplicateID(id, index: offset)
    }
  }
  return index
}
