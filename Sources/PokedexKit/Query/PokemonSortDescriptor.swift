/// One key of a multi-key sort, ascending or descending.
///
/// ```swift
/// let order = try PokemonSortDescriptor.parse("bst:desc,name")
/// // [PokemonSortDescriptor(.bst, ascending: false), PokemonSortDescriptor(.name)]
///
/// try PokemonSortDescriptor.parse("bts")
/// // throws QueryError.unknownSortKey("bts", suggestion: "bst", at: --sort:1:1)
/// ```
///
/// Sorting is stable: Pokémon equal on every key keep the default order,
/// national number then id.
public struct PokemonSortDescriptor: Hashable, Sendable {
  /// What to sort by.
  public enum Key: String, CaseIterable, Hashable, Sendable {
    /// National dex number.
    case number = "num"
    /// PokeAPI id.
    case id
    /// Name in the fetch request's language, ignoring case, accents and punctuation.
    case name
    case hp, atk, def, spa, spd, spe
    /// Base stat total.
    case bst
    /// Weight in kilograms.
    case weight
    /// Height in metres.
    case height
    /// Generation.
    case gen
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

  /// The order every sort falls back to: national number, then id.
  public static let defaultOrder = [PokemonSortDescriptor(.number), PokemonSortDescriptor(.id)]

  /// Parses a `--sort` value: keys separated by `,`, each optionally followed by
  /// `:asc` or `:desc` (or prefixed with `-` for descending). Keys are `num`, `id`,
  /// `name` and the stats with their aliases (`speed`, `total`, `weight`...).
  ///
  /// - Throws: ``QueryError/unknownSortKey(_:suggestion:at:)`` located in the value.
  public static func parse(_ text: String) throws(QueryError) -> [PokemonSortDescriptor] {
    try SortKeyList.parse(
      text,
      names: Key.allCases.map(\.rawValue),
      key: Key.init(name:),
      unknown: { .unknownSortKey($0, suggestion: $1, at: $2) }
    ).map { PokemonSortDescriptor($0.key, ascending: $0.isAscending) }
  }
}

extension PokemonSortDescriptor.Key {
  /// The key named `name`, or a stat alias (`speed`, `total`, `number`, `alpha`...).
  public init?(name: String) {
    let key = NameNormalizer.key(name)
    switch key {
    case "id": self = .id
    case "name", "alpha", "alphabetical": self = .name
    default:
      guard let stat = QueryStat(name: key) else { return nil }
      switch stat {
      case .num: self = .number
      case .hp: self = .hp
      case .atk: self = .atk
      case .def: self = .def
      case .spa: self = .spa
      case .spd: self = .spd
      case .spe: self = .spe
      case .bst: self = .bst
      case .gen: self = .gen
      case .weight: self = .weight
      case .height: self = .height
      }
    }
  }

  /// The stat it sorts by, for the numeric keys.
  var stat: QueryStat? {
    switch self {
    case .number: .num
    case .id, .name: nil
    case .hp: .hp
    case .atk: .atk
    case .def: .def
    case .spa: .spa
    case .spd: .spd
    case .spe: .spe
    case .bst: .bst
    case .weight: .weight
    case .height: .height
    case .gen: .gen
    }
  }
}
