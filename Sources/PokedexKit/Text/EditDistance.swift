/// Edit distance (Levenshtein with adjacent transpositions) with Showdown's length-scaled limit, for "did you mean".
///
/// ```swift
/// EditDistance.limit(forLength: 8)                      // 3
/// EditDistance.distance("pikachoo", "pikachu", limit: 3)  // 2
/// ```
package enum EditDistance {
  /// The largest distance still accepted as a fuzzy match for a key of `length` characters:
  /// 0 up to 1 character, 1 up to 4, 2 up to 6, 3 beyond (Showdown's `dataSearch` rule).
  package static func limit(forLength length: Int) -> Int {
    switch length {
    case ...1: 0
    case ...4: 1
    case ...6: 2
    default: 3
    }
  }

  /// The edit distance of two keys (insertions, deletions, substitutions and swaps of
  /// adjacent characters each count 1), or `nil` when it exceeds `limit`.
  ///
  /// - Complexity: O(*n* × *m*) with an early exit once every cell of a row exceeds `limit`.
  package static func distance(_ a: String, _ b: String, limit: Int) -> Int? {
    distance(Array(a.unicodeScalars), Array(b.unicodeScalars), limit: limit)
  }

  /// The edit distance of two scalar arrays, or `nil` when it exceeds `limit`.
  package static func distance(
    _ a: [Unicode.Scalar],
    _ b: [Unicode.Scalar],
    limit: Int
  ) -> Int? {
    if abs(a.count - b.count) > limit { return nil }
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var beforePrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      var rowMinimum = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        var value = min(substitution, previous[j] + 1, current[j - 1] + 1)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, beforePrevious[j - 2] + 1)  // transposition
        }
        current[j] = value
        rowMinimum = min(rowMinimum, value)
      }
      if rowMinimum > limit { return nil }
      (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    let result = previous[b.count]
    return result <= limit ? result : nil
  }

  /// The candidate closest to `text` within the length-scaled limit, ties broken by order.
  ///
  /// ```swift
  /// EditDistance.suggestion(for: "firre", among: ["fire", "water"])  // "fire"
  /// ```
  package static func suggestion(for text: String, among candidates: [String]) -> String? {
    let key = Array(NameNormalizer.key(text).unicodeScalars)
    let limit = limit(forLength: key.count)
    guard limit > 0 else { return nil }
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let other = Array(NameNormalizer.key(candidate).unicodeScalars)
      guard let distance = distance(key, other, limit: best.map { $0.distance - 1 } ?? limit)
      else { continue }
      best = (candidate, distance)
      if distance == 0 { break }
    }
    return best?.candidate
  }
}
