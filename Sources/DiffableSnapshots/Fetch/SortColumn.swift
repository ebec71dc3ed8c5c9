/// One sort descriptor's keys for the elements of one fetch, read once per element.
///
/// Numbers and strings become *order keys*: unsigned integers whose `<` is the keys' `<`
/// with the descriptor's direction applied, so that a fetch whose descriptors all give
/// order keys sorts positions by comparing integers in one flat array, with no call
/// through a closure per comparison (``sortedPositions(byOrderKeys:count:)``). Other keys
/// are compared by a closure.
///
/// ```swift
/// SortColumn.orderKeys([2.5, -1, 7], ascending: true)   // [a, b, c] with b < a < c
/// SortColumn.orderKeys(["b", "a", "b"], ascending: true) // [1, 0, 1]: ranks
/// SortColumn.orderKeys(["b", "a", "b"], ascending: false) // [~1, ~0, ~1]: "b" first
/// ```
@usableFromInline enum SortColumn {
  /// Order keys: position `i` precedes position `j` when `keys[i] < keys[j]`.
  case ordered([UInt64])
  /// A comparison of two positions: before (`-1`), with (`0`) or after (`1`).
  case compared((Int, Int) -> Int)

  /// The comparison of two positions this column makes.
  @usableFromInline var comparison: (Int, Int) -> Int {
    switch self {
    case .ordered(let keys): { lhs, rhs in threeWay(keys[lhs], keys[rhs]) }
    case .compared(let compare): compare
    }
  }

  /// The order keys of `keys` when they are `Double`, `Int` or `String` values (what
  /// sort keys nearly always are); `nil` for other types.
  ///
  /// Doubles and integers map to integers that keep their order (`-0.0` counts as `0.0`;
  /// NaN sorts after every number, or before them all when descending). Strings map to
  /// their rank among the distinct strings, so equal strings (`==`) get equal keys.
  /// Descending keys are the ascending ones with every bit flipped.
  ///
  /// - Complexity: O(*n*) for numbers; O(*n* + *d* log *d*) for strings with *d* distinct
  ///   values.
  @inlinable static func orderKeys<Key: Comparable>(_ keys: [Key], ascending: Bool) -> [UInt64]? {
    let ordered: [UInt64]
    if let numbers = keys as? [Double] {
      ordered = numbers.map(orderKey(_:))
    } else if let integers = keys as? [Int] {
      ordered = integers.map { UInt64(bitPattern: Int64($0)) ^ (1 << 63) }
    } else if let strings = keys as? [String] {
      ordered = ranks(of: strings)
    } else {
      return nil
    }
    return ascending ? ordered : ordered.map { ~$0 }
  }

  /// An integer whose order is `value`'s: the sign bit flipped for positive numbers, every
  /// bit for negative ones.
  @usableFromInline static func orderKey(_ value: Double) -> UInt64 {
    if value.isNaN { return .max }
    let bits = (value == 0 ? 0.0 : value).bitPattern
    return bits & (1 << 63) == 0 ? bits | (1 << 63) : ~bits
  }

  /// Each string's rank among the distinct strings of `strings`, in increasing order.
  @usableFromInline static func ranks(of strings: [String]) -> [UInt64] {
    var rank: [String: UInt64] = [:]
    for string in strings { rank[string] = 0 }
    for (position, string) in rank.keys.sorted().enumerated() { rank[string] = UInt64(position) }
    return strings.map { rank[$0] ?? 0 }
  }

  /// The positions `0..<count` sorted by the order keys of `columns` (the first column,
  /// then the next among equals, then position), or `nil` when they are in order already.
  ///
  /// A least-significant-digit radix sort: stable passes over the bytes of each column's
  /// keys, from the last column's lowest byte to the first column's highest, that skip
  /// the bytes every key shares (the high bytes of small numbers, the low bytes of
  /// doubles that are whole numbers). Stability makes position the final tie-break.
  /// Counting the bytes reads the keys in order; only the scatter reads them by position.
  ///
  /// - Precondition: Every column has `count` keys.
  /// - Complexity: O(*n* × *k*) for *n* positions and *k* columns: at most 8 passes over
  ///   the positions per column.
  @usableFromInline static func sortedPositions(byOrderKeys columns: [[UInt64]], count: Int)
    -> [Int]?
  {
    assert(columns.allSatisfy { $0.count == count }, "a sort column of the wrong length")
    guard count > 1, !isSorted(byOrderKeys: columns, count: count) else { return nil }
    var order = Array(0..<count)
    var scratch = order
    for keys in columns.reversed() {
      // The bits that differ between keys; a byte where none does needs no pass.
      var varying: UInt64 = 0
      for key in keys { varying |= key ^ keys[0] }
      for byte in 0..<8 where varying >> (8 * byte) & 0xFF != 0 {
        let shift = UInt64(8 * byte)
        var next = [Int](repeating: 0, count: 257)
        for key in keys { next[Int(truncatingIfNeeded: key >> shift & 0xFF) + 1] += 1 }
        for value in 1..<256 { next[value] += next[value - 1] }
        for position in order {
          let value = Int(truncatingIfNeeded: keys[position] >> shift & 0xFF)
          scratch[next[value]] = position
          next[value] += 1
        }
        swap(&order, &scratch)
      }
    }
    return order
  }

  /// Whether positions `0..<count` are in the order of `columns` already.
  ///
  /// - Complexity: O(*n* × *k*) for *n* positions and *k* columns.
  static func isSorted(byOrderKeys columns: [[UInt64]], count: Int) -> Bool {
    nextPair: for position in 1..<max(1, count) {
      for keys in columns where keys[position - 1] != keys[position] {
        if keys[position - 1] > keys[position] { return false }
        continue nextPair
      }
    }
    return true
  }
}
