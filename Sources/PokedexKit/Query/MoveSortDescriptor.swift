/// One key of a multi-key sort of moves (`pokedex moves --sort`), ascending or descending.
///
/// ```swift
/// let order = try MoveSortDescriptor.parse("-power,name")
/// // [MoveSortDescriptor(.power, ascending: false), MoveSortDescriptor(.name)]
///
/// try MoveSortDescriptor.parse("powr")
/// // throws QueryError.unknownRecordWord(.move, .sortKey, "powr", suggestion: "power", at: --sort:1:1)
/// ```
///
/// Sorting is stable: moves equal on every key keep the default order, by id. Moves without
/// a value for a numeric key (a status move's power, a never-missing move's accuracy) come
/// last in either direction.
public struct MoveSortDescriptor: Hashable, Sendable {
  /// What to sort by.
  public enum Key: String, CaseIterable, Hashable, Sendable {
    /// The name in the language given to ``MoveQuery/run(on:sortedBy:language:)``, ignoring
    /// case, accents and punctuation.
    case name
    case power, accuracy, pp, priority
    /// The type's identifier, in the order of the type chart's identifiers' alphabet.
    case type
    /// The generation that introduced the move.
    case gen
    /// PokeAPI's id.
    case id

    /// The key named `name`, or an alias (`bp`, `acc`, `prio`, `generation`, `alpha`...).
    public init?(name: String) {
      let key = NameNormalizer.key(name)
      switch key {
      case "name", "alpha", "alphabetical": self = .name
      case "type", "t": self = .type
      default:
        switch MoveQueryVocabulary.property(key) {
        case .power: self = .power
        case .accuracy: self = .accuracy
        case .pp: self = .pp
        case .priority: self = .priority
        case .generation: self = .gen
        case .id: self = .id
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
  /// `:desc`, or prefixed with `-` for descending: `-power,name`, `priority:desc`.
  ///
  /// - Throws: ``QueryError/unknownRecordWord(_:_:_:suggestion:at:)`` with ``RecordQueryWord/sortKey``,
  ///   located in the value.
  public static func parse(_ text: String) throws(QueryError) -> [MoveSortDescriptor] {
    try SortKeyList.parse(
      text,
      names: Key.allCases.map(\.rawValue),
      key: Key.init(name:),
      unknown: { .unknownRecordWord(.move, .sortKey, $0, suggestion: $1, at: $2) }
    ).map { MoveSortDescriptor($0.key, ascending: $0.isAscending) }
  }
}

extension [MoveSortDescriptor] {
  /// `moves` sorted by these keys, then by id; stable.
  ///
  /// - Complexity: O(*n* log *n* × *k*) for *n* moves and *k* keys, plus O(*n*) name keys.
  func sorted(_ moves: [Move], language: String) -> [Move] {
    guard !isEmpty else { return moves.sorted { $0.id < $1.id } }
    return RecordSort.sorted(
      moves,
      by: self,
      language: language,
      names: \.names,
      identifier: \.identifier,
      compare: { $0.compare($1, $2, $3, $4) },
      isName: { $0.key == .name },
      tieBreak: { $0.id < $1.id }
    )
  }
}

extension MoveSortDescriptor {
  /// Whether `a` comes before `b` by this key, or `nil` when they tie.
  fileprivate func compare(_ a: Move, _ b: Move, _ nameA: String?, _ nameB: String?) -> Bool? {
    switch key {
    case .name: return ordered(nameA ?? a.identifier, nameB ?? b.identifier)
    case .type: return ordered(a.type, b.type)
    case .power: return ordered(a.power, b.power)
    case .accuracy: return ordered(a.accuracy, b.accuracy)
    case .pp: return ordered(a.pp, b.pp)
    case .priority: return ordered(a.priority, b.priority)
    case .gen: return ordered(a.generation, b.generation)
    case .id: return ordered(a.id, b.id)
    }
  }

  private func ordered<Value: Comparable>(_ a: Value?, _ b: Value?) -> Bool? {
    RecordSort.ordered(a, b, ascending: isAscending)
  }
}
