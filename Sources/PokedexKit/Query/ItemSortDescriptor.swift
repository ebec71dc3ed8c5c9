/// One key of a multi-key sort of items (`pokedex items --sort`), ascending or descending.
///
/// ```swift
/// let order = try ItemSortDescriptor.parse("-fling,name")
/// // [ItemSortDescriptor(.fling, ascending: false), ItemSortDescriptor(.name)]
/// ```
///
/// Sorting is stable: items equal on every key keep the default order, by number. Items
/// without a value for a numeric key (Fling's power of an item that cannot be flung) come
/// last in either direction.
public struct ItemSortDescriptor: Hashable, Sendable {
  /// What to sort by.
  public enum Key: String, CaseIterable, Hashable, Sendable {
    /// The name in the language given to ``ItemQuery/run(on:sortedBy:language:)``, ignoring
    /// case, accents and punctuation.
    case name
    /// PokeAPI's category.
    case category
    /// The generation that introduced the item.
    case gen
    /// Fling's power.
    case fling
    /// The item's number in the games.
    case num

    /// The key named `name`, or an alias (`generation`, `number`, `alpha`...).
    public init?(name: String) {
      let key = NameNormalizer.key(name)
      switch key {
      case "name", "alpha", "alphabetical": self = .name
      case "category", "cat": self = .category
      default:
        switch ItemQueryVocabulary.property(key) {
        case .fling: self = .fling
        case .generation: self = .gen
        case .number: self = .num
        case nil: return nil
        }
      }
    }
  }

  /// What to sort by.
  public var key: Key
  /// Whether smaller values come first.
  public var isAscending: Bool

  /// Creates a descriptor.
  public init(_ key: Key, ascending: Bool = true) {
    self.key = key
    isAscending = ascending
  }

  /// Parses a `--sort` value: keys separated by `,`, each optionally followed by `:asc` or
  /// `:desc`, or prefixed with `-` for descending: `-fling,name`, `gen:desc`.
  ///
  /// - Throws: ``QueryError/unknownRecordWord(_:_:_:suggestion:at:)`` with
  ///   ``RecordQueryWord/sortKey``, located in the value.
  public static func parse(_ text: String) throws(QueryError) -> [ItemSortDescriptor] {
    try SortKeyList.parse(
      text,
      names: Key.allCases.map(\.rawValue),
      key: Key.init(name:),
      unknown: { .unknownRecordWord(.item, .sortKey, $0, suggestion: $1, at: $2) }
    ).map { ItemSortDescriptor($0.key, ascending: $0.isAscending) }
  }

  /// Whether `a` comes before `b` by this key, or `nil` when they tie; `nameA` and `nameB`
  /// are the names' sort keys.
  func compare(_ a: Item, _ b: Item, _ nameA: String?, _ nameB: String?) -> Bool? {
    switch key {
    case .name: ordered(nameA ?? a.identifier, nameB ?? b.identifier)
    case .category: ordered(a.category, b.category)
    case .gen: ordered(a.generation, b.generation)
    case .fling: ordered(a.flingPower, b.flingPower)
    case .num: ordered(a.number, b.number)
    }
  }

  private func ordered<Value: Comparable>(_ a: Value?, _ b: Value?) -> Bool? {
    RecordSort.ordered(a, b, ascending: isAscending)
  }
}
