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

  /// Creates a request.
  ///
  /// - Parameters:
  ///   - predicate: Which elements to fetch; `nil` fetches all.
  ///   - sortDescriptors: The order of the fetched elements.
  ///   - sectionName: The section name of an element; `nil` for one section.
  ///   - fetchLimit: The maximum number of elements; 0 for no limit.
  public init(
    predicate: (@Sendable (Element) -> Bool)? = nil,
    sortDescriptors: [SortDescriptor] = [],
    sectionName: (@Sendable (Element) -> String)? = nil,
    fetchLimit: Int = 0
  ) {
    self.predicate = predicate
    self.sortDescriptors = sortDescriptors
    self.sectionName = sectionName
    self.fetchLimit = fetchLimit
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
    fetchLimit: Int = 0
  ) {
    self.init(
      predicate: predicate,
      sortDescriptors: sortDescriptors,
      sectionName: { element in sectionNameDescription(element[keyPath: sectionNameKeyPath]) },
      fetchLimit: fetchLimit
    )
  }

  /// One key of a fetch request's order.
  public struct SortDescriptor: Sendable {
    /// Whether `lhs` sorts before (`-1`), with (`0`) or after (`1`) `rhs`.
    let compare: @Sendable (Element, Element) -> Int

    /// Sorts by a comparable property.
    ///
    /// ```swift
    /// FetchRequest<Pokemon>.SortDescriptor(\.name, ascending: false)
    /// ```
    public init<Value: Comparable & Sendable>(
      _ keyPath: KeyPath<Element, Value> & Sendable,
      ascending: Bool = true
    ) {
      compare = { lhs, rhs in
        let order = threeWay(lhs[keyPath: keyPath], rhs[keyPath: keyPath])
        return ascending ? order : -order
      }
    }

    /// Sorts by an optional comparable property; `nil` sorts before any
    /// value when ascending, as in Core Data.
    public init<Value: Comparable & Sendable>(
      _ keyPath: KeyPath<Element, Value?> & Sendable,
      ascending: Bool = true
    ) {
      compare = { lhs, rhs in
        let order: Int
        switch (lhs[keyPath: keyPath], rhs[keyPath: keyPath]) {
        case (nil, nil): order = 0
        case (nil, _): order = -1
        case (_, nil): order = 1
        case (let left?, let right?): order = threeWay(left, right)
        }
        return ascending ? order : -order
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
      compare = { lhs, rhs in
        let order = areInIncreasingOrder(lhs, rhs) ? -1 : areInIncreasingOrder(rhs, lhs) ? 1 : 0
        return ascending ? order : -order
      }
    }
  }
}

private func threeWay<Value: Comparable>(_ lhs: Value, _ rhs: Value) -> Int {
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
