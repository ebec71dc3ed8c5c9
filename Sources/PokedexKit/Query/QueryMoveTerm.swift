/// The pieces of a `move:` (or `learnedby:`) value: the name and an optional `@gen` suffix.
///
/// `move:trick-room`, `move:"Trick Room"`, `move:surf@gen4`, `move:'Surf'@g4`, `move:surf@4`.
/// Quotes around the name (`"` or `'`, as a saved filter or a shell keeps them) are dropped.
struct QueryMoveValue {
  /// The move's spelling, without quotes.
  var name: String
  /// The name's offset and length in the value, for carets.
  var nameRange: (offset: Int, count: Int)
  /// The generation text after `@` and its `gen`/`g` prefix (`"4"`, `"iv"`, `"1-4"`), or `nil`.
  var generation: (text: String, offset: Int)?

  /// Splits `value` at its last `@` (no move or Pokémon name has one; an apostrophe, as in
  /// `King's Shield`, is no quote).
  init(_ value: String) {
    let characters = Array(value)
    let at = characters.lastIndex(of: "@")
    var (start, end) = (0, at ?? characters.count)
    while end > start, characters[end - 1].isWhitespace { end -= 1 }
    if end - start >= 2, let first = characters.first, first == "\"" || first == "'",
      characters[end - 1] == first
    {
      (start, end) = (start + 1, end - 1)
    }
    name = characters.string(start..<end).trimmingWhitespace
    nameRange = (start, max(1, end - start))
    generation = at.map { at in
      var offset = at + 1
      while offset < characters.count, characters[offset].isWhitespace { offset += 1 }
      let rest = characters.string(offset..<characters.count)
      let lowered = rest.lowercased()
      for prefix in ["generation", "gen", "g"] where lowered.hasPrefix(prefix) {
        var skip = prefix.count
        if lowered.dropFirst(skip).hasPrefix(":") { skip += 1 }
        return (String(rest.dropFirst(skip)), offset + skip)
      }
      return (rest, offset)
    }
  }
}

/// The names `learns:` takes for each way of learning a move.
enum QueryLearnMethods {
  /// The canonical names, in the order the help lists them.
  static var names: [String] { LearnMethod.Kind.allCases.map(\.rawValue) }

  /// The method a normalized spelling names, or `nil`.
  static func kind(_ key: String) -> LearnMethod.Kind? {
    switch key {
    case "level", "levelup", "lvl", "lv", "l": .levelUp
    case "tm", "machine", "tms", "hm", "tr", "m": .machine
    case "egg", "eggs", "breeding", "breed", "e": .egg
    case "tutor", "tutors", "t": .tutor
    case "event", "events", "s": .event
    case "restricted", "r": .restricted
    case "dreamworld", "dw", "d": .dreamWorld
    case "transfer", "virtualconsole", "vc", "v": .transfer
    default: nil
    }
  }
}
