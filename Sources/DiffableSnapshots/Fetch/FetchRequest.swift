/// What a ``FetchedResultsController`` fetches from its collection: which
/// elements (a predicate), in which order (sort descriptors), grouped how (a
/// section name), and how many (a fetch limit).
///
/// The in-memory counterpart of Core Data's `NSFetchRequest` plus the
/// `sectionNameKeyPath` of `NSFetchedResultsController`.
///
/// ```swift
/// let request = FetchRequest<Pokemon>(
///   predicate: { $0.types.contains("fire") },
///   sortDescriptors: [.init(\.generation), .init(\.name, ascending: false)],
///   sectionNameKeyPath: \.generation,
///   fetchLimit: 50
/// )
/// ```
///
/// Sort keys are read once per fetched element, before sorting (a
/// decorate-sort-undecorate), so an expensive key (a normalized name) costs
/// O(n), not O(n log n).
public struct FetchRequest<Element>: Sendable {
  /// Which elements to fetch; `nil` fetches all.
  public var predicate: (@Sendable (Element) -> Bool)?
  /// The order of the fetched elements: by the first descriptor, then the
  /// second among equals, and so on; equal elements keep their order in the
  /// collection.
  public var sortDescriptors: [SortDescriptor]
  /// The name of each element's section, or `nil` for one section named
  /// `""`. The elements of a section must be contiguous once sorted (sort by
  /// the section key first), as Core Data requires.
  public var sectionName: (@Sendable (Element) -> String)?
  /// The maximum number of elements fetched, counted after sorting; 0 means
  /// no limit, as in Core Data.
  public var fetchLimit: Int
  /// The number of leading elements skipped after sorting, before the
  /// limit applies; as Core Data's `fetchOffset`.
  public var fetchOffset: Int = 0

  /// Creates a request.
  ///
  /// - Parameters:
  ///   - predicate: Which elements to fetch; `nil` fetches all.
  ///   - sortDescriptors: The order of the fetched elements.
  ///   - sectionName: The section name of an element; `nil` for one section.
  ///   - fetchLimit: The maximum number of elements; 0 for no limit.
  ///   - fetchOffset: The number of leading elements to skip.
  public init(
    predicate: (@Sendable (Element) -> Bool)? = nil,
    sortDescriptors: [SortDescriptor] = [],
    sectionName: (@Sendable (Element) -> String)? = nil,
    fetchLimit: Int = 0,
    fetchOffset: Int = 0
  ) {
    self.predicate = predicate
    self.sortDescriptors = sortDescriptors
    self.sectionName = sectionName
    self.fetchLimit = fetchLimit
    self.fetchOffset = fetchOffset
  }

  /// Creates a request whose sections are named after a property, as Core
  /// Data names them: the value's description (`1` -> `"1"`), and `""` for
  /// `nil`.
  ///
  /// ```swift
  /// FetchRequest<Pokemon>(sortDescriptors: [.init(\.generation)], sectionNameKeyPath: \.generation)
  /// ```
  public init<Value: Sendable>(
    predicate: (@Sendable (Element) -> Bool)? = nil,
    sortDescriptors: [SortDescriptor] = [],
    sectionNameKeyPath: KeyPath<Element, Value> & Sendable,
    fetchLimit: Int = 0,
    fetchOffset: Int = 0
  ) {
    self.init(
      predicate: predicate,
      sortDescriptors: sortDescriptors,
      sectionName: { element in sectionNameDescription(element[keyPath: sectionNameKeyPath]) },
      fetchLimit: fetchLimit,
      fetchOffset: fetchOffset
    )
  }

  /// One key of a fetch request's order.
  public struct SortDescriptor: Sendable {
    /// Reads the key of each element once: the keys of the elements in that array, as a
    /// ``SortColumn``.
    @usableFromInline let prepare: @Sendable ([Element]) -> SortColumn

    /// A descriptor that compares keys read once per element with `compare`.
    @inlinable static func keyed<Key>(
      _ key: @escaping @Sendable (Element) -> Key,
      ascending: Bool,
      compare: @escaping @Sendable (Key, Key) -> Int
    ) -> @Sendable ([Element]) -> SortColumn {
      { elements in
        let keys = elements.map(key)
        return .compared { lhs, rhs in
          let order = compare(keys[lhs], keys[rhs])
          return ascending ? order : -order
        }
      }
    }

    /// A descriptor that orders keys read once per element by `<`: as order keys when
    /// they are numbers or strings, by comparison otherwise.
    @inlinable static func natural<Key: Comparable & Sendable>(
      _ key: @escaping @Sendable (Element) -> Key,
      ascending: Bool
    ) -> @Sendable ([Element]) -> SortColumn {
      { elements in
        let keys = elements.map(key)
        if let ordered = SortColumn.orderKeys(keys, ascending: ascending) {
          return .ordered(ordered)
        }
        return .compared { lhs, rhs in
          let order = threeWay(keys[lhs], keys[rhs])
          return ascending ? order : -order
        }
      }
    }

    /// Sorts by a comparable property.
    ///
    /// ```swift
    /// FetchRequest<Pokemon>.SortDescriptor(\.name, ascending: false)
    /// ```
    @inlinable public init<Value: Comparable & Sendable>(
      _ keyPath: KeyPath<Element, Value> & Sendable,
      ascending: Bool = true
    ) {
      prepare = Self.natural({ $0[keyPath: keyPath] }, ascending: ascending)
    }

    /// Sorts by a comparable value computed from each element, once per
    /// element and fetch.
    ///
    /// ```swift
    /// FetchRequest<Pokemon>.SortDescriptor(ascending: true) { $0.name.lowercased() }
    /// ```
    @inlinable public init<Value: Comparable & Sendable>(
      ascending: Bool = true,
      value: @escaping @Sendable (Element) -> Value
    ) {
      prepare = Self.natural(value, ascending: ascending)
    }

    /// Sorts by an optional comparable property; `nil` sorts before any
    /// value when ascending, as in Core Data.
    @inlinable public init<Value: Comparable & Sendable>(
      _ keyPath: KeyPath<Element, Value?> & Sendable,
      ascending: Bool = true
    ) {
      prepare = Self.keyed({ $0[keyPath: keyPath] }, ascending: ascending) { lhs, rhs in
        switch (lhs, rhs) {
        case (nil, nil): 0
        case (nil, _): -1
        case (_, nil): 1
        case (let left?, let right?): threeWay(left, right)
        }
      }
    }

    /// Sorts with a custom "is in increasing order" predicate.
    ///
    /// ```swift
    /// .init(ascending: true) { $0.name.lowercased() < $1.name.lowercased() }
    /// ```
    public init(
      ascending: Bool = true,
      by areInIncreasingOrder: @escaping @Sendable (Element, Element) -> Bool
    ) {
      prepare = { elements in
        .compared { lhs, rhs in
          let (left, right) = (elements[lhs], elements[rhs])
          let order =
            areInIncreasingOrder(left, right) ? -1 : areInIncreasingOrder(right, left) ? 1 : 0
          return ascending ? order : -order
        }
      }
    }
  }
}

@inlinable @Sendable func threeWay<Value: Comparable>(_ lhs: Value, _ rhs: Value) -> Int {
  lhs < rhs ? -1 : rhs < lhs ? 1 : 0
}

/// Core Data's section name for a value: its description, `""` for `nil`.
private func sectionNameDescription<Value>(_ value: Value) -> String {
  if let optional = value as? any OptionalProtocol {
    return optional.wrappedDescription ?? ""
  }
  return String(describing: value)
}

private protocol OptionalProtocol {
  var wrappedDescription: String? { get }
}

extension Optional: OptionalProtocol {
  var wrappedDescription: String? { map { sectionNameDescription($0) } }
}
