/// The `--sort` syntax both query languages share: keys separated by `,`, each optionally
/// followed by `:asc` or `:desc` (`ascending`, `descending`, `up`, `down`) or prefixed with
/// `-` for descending.
enum SortKeyList {
  /// Parses `text` into keys with their direction.
  ///
  /// - Parameters:
  ///   - names: The canonical key names, for "did you mean".
  ///   - key: The key a spelling names, or `nil`.
  ///   - unknown: The error for an unknown key or order, its suggestion and location.
  /// - Throws: what `unknown` makes, located in the value (source `--sort`).
  static func parse<Key>(
    _ text: String,
    names: [String],
    key: (String) -> Key?,
    unknown: (String, String?, QuerySourceLocation) -> QueryError
  ) throws(QueryError) -> [(key: Key, isAscending: Bool)] {
    var descriptors: [(key: Key, isAscending: Bool)] = []
    var column = 1
    for piece in text.split(separator: ",", omittingEmptySubsequences: false) {
      defer { column += piece.count + 1 }
      let parts = piece.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
      var keyText = parts[0].trimmingWhitespace
      var ascending = true
      if keyText.hasPrefix("-") {
        ascending = false
        keyText.removeFirst()
      }
      let location = QuerySourceLocation(
        source: "--sort",
        line: text,
        column: column,
        length: max(1, parts[0].count)
      )
      // Operator characters are not punctuation to normalize away: `!bst`, `bst!` and
      // `--bst` are not `bst`.
      let isWellFormed = !keyText.hasPrefix("-") && !keyText.contains(where: "!@<>=|".contains)
      guard isWellFormed, let parsed = key(keyText) else {
        throw unknown(keyText, EditDistance.suggestion(for: keyText, among: names), location)
      }
      if parts.count == 2 {
        let order = parts[1].trimmingWhitespace.lowercased()
        let orderLocation = QuerySourceLocation(
          source: "--sort",
          line: text,
          column: column + parts[0].count + 1,
          length: parts[1].count
        )
        switch order {
        case "asc", "ascending", "up": ascending = true
        case "desc", "descending", "down": ascending = false
        default:
          throw unknown(
            String(parts[1]),
            EditDistance.suggestion(for: order, among: ["desc", "asc"]),
            orderLocation
          )
        }
      }
      descriptors.append((parsed, ascending))
    }
    return descriptors
  }
}
