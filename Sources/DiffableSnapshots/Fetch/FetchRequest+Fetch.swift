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
    if !sortDescriptors.isEmpty {
      // Keys are read once per element; positions are sorted, ties keep the
      // collection's order.
      let comparisons = sortDescriptors.map { $0.prepare(matching) }
      func precedes(_ lhs: Int, _ rhs: Int) -> Bool {
        for compare in comparisons {
          let order = compare(lhs, rhs)
          if order != 0 { return order < 0 }
        }
        return lhs < rhs
      }
      // Collections often come in the requested order already (the dex is sorted by
      // number): checking adjacent pairs costs n comparisons instead of n log n.
      let inOrder = matching.indices.dropFirst().allSatisfy { precedes($0 - 1, $0) }
      if !inOrder {
        var order = Array(matching.indices)
        order.sort(by: precedes)
        let sorted = matching
        matching = order.map { sorted[$0] }
      }
    }
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
