/// The multi-key sort that `pokedex moves --sort` and `pokedex items --sort` share: each key
/// decides or ties, missing values come last in either direction, and a final order breaks
/// the ties so the result is stable.
///
/// ```swift
/// let sorted = RecordSort.sorted(moves, by: descriptors, language: "en",
///                                names: \.names, identifier: \.identifier,
///                                compare: { $0.compare($1, $2, $3, $4) },
///                                isName: { $0.key == .name },
///                                tieBreak: { $0.id < $1.id })
/// ```
enum RecordSort {
  /// `records` sorted by `descriptors`, then by `tieBreak`.
  ///
  /// - Parameters:
  ///   - names: A record's names by language; the name key compares their normalized form
  ///     in `language` (English, then the identifier, where missing).
  ///   - compare: Whether the first record comes before the second by one descriptor, given
  ///     their name keys (`nil` when no descriptor sorts by name), or `nil` on a tie.
  /// - Complexity: O(*n* log *n* × *k*) for *n* records and *k* keys, plus O(*n*) name keys.
  static func sorted<Record, Descriptor>(
    _ records: [Record],
    by descriptors: [Descriptor],
    language: String,
    names: (Record) -> LocalizedNames,
    identifier: (Record) -> String,
    compare: (Descriptor, Record, Record, String?, String?) -> Bool?,
    isName: (Descriptor) -> Bool,
    tieBreak: (Record, Record) -> Bool
  ) -> [Record] {
    let nameKeys: [String]? =
      descriptors.contains(where: isName)
      ? records.map { record in
        let names = names(record)
        return NameNormalizer.key(names[language] ?? names["en"] ?? identifier(record))
      }
      : nil
    let order = records.indices.sorted { a, b in
      for descriptor in descriptors {
        if let result = compare(descriptor, records[a], records[b], nameKeys?[a], nameKeys?[b]) {
          return result
        }
      }
      return tieBreak(records[a], records[b])
    }
    return order.map { records[$0] }
  }

  /// Whether `a` comes before `b` in the direction `ascending`, or `nil` when they are equal.
  static func ordered<Value: Comparable>(_ a: Value, _ b: Value, ascending: Bool) -> Bool? {
    a == b ? nil : (a < b) == ascending
  }

  /// The same, with a missing value last whatever the direction.
  static func ordered<Value: Comparable>(_ a: Value?, _ b: Value?, ascending: Bool) -> Bool? {
    switch (a, b) {
    case (nil, nil): nil
    case (nil, _): false
    case (_, nil): true
    case (let a?, let b?): ordered(a, b, ascending: ascending)
    }
  }
}
