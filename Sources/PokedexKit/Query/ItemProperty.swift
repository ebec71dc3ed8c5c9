/// A numeric property of an item, for comparisons (`fling>=80`) and sorting.
enum ItemProperty: String, CaseIterable, Hashable, Sendable {
  /// Fling's power; items that cannot be flung have none.
  case fling
  /// The generation that introduced it.
  case generation = "gen"
  /// Its number in the games (Showdown's `num`).
  case number = "num"

  /// The property's value, or `nil` when the item has none.
  func value(of item: Item) -> Int? {
    switch self {
    case .fling: item.flingPower
    case .generation: item.generation
    case .number: item.number
    }
  }
}
