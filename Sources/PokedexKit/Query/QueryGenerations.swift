/// Generation values of both query languages: `3`, `iii`, a rising range `1-3`, and the
/// `@gen` suffix of `move:` and `learnedby:` values.
enum QueryGenerations {
  /// A generation (`3`, `iii`) or a rising range (`1-3`) within `valid`.
  ///
  /// - Throws: ``QueryError/invalidGeneration(_:valid:at:)`` at `location`.
  static func parse(
    _ text: String,
    valid: ClosedRange<Int>,
    _ location: QuerySourceLocation
  ) throws(QueryError) -> ClosedRange<Int> {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    func number(_ part: Substring) -> Int? {
      let part = part.trimmingWhitespace.lowercased()
      if let value = Int(part), part.allSatisfy(\.isASCII) { return value }
      return valid.first { PropertyNames.roman($0).lowercased() == part }
    }
    guard (1...2).contains(parts.count), let low = number(parts[0]),
      let high = parts.count == 2 ? number(parts[1]) : low, low <= high, valid.contains(low),
      valid.contains(high)
    else { throw .invalidGeneration(text, valid: valid, at: location) }
    return low...high
  }

  /// The name of a `NAME[@genN]` value with its location, and the generations it asks for:
  /// those after `@`, else `current`.
  ///
  /// - Parameters:
  ///   - term: The whole term, for ``QueryError/missingValue(_:at:)``.
  ///   - location: The value's location.
  static func split(
    _ value: QueryMoveValue,
    _ term: String,
    current: Int,
    valid: ClosedRange<Int>,
    _ location: QuerySourceLocation
  ) throws(QueryError) -> (name: (text: String, location: QuerySourceLocation), ClosedRange<Int>) {
    func at(_ offset: Int, _ count: Int) -> QuerySourceLocation {
      QuerySourceLocation(
        source: location.source,
        line: location.line,
        column: location.column + offset,
        length: count
      )
    }
    guard !value.name.isEmpty else { throw .missingValue(term, at: location) }
    var generations = current...current
    if let generation = value.generation {
      let count = location.length - generation.offset
      guard !generation.text.trimmingWhitespace.isEmpty else {
        throw .missingValue(term, at: at(max(0, generation.offset - 1), count + 1))
      }
      generations = try parse(generation.text, valid: valid, at(generation.offset, count))
    }
    return ((value.name, at(value.nameRange.offset, value.nameRange.count)), generations)
  }
}
