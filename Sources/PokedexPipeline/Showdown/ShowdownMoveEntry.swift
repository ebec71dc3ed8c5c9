/// One entry of Showdown's `moves.json` (only the members the pipeline reads).
///
/// ```swift
/// // "crunch": {"num": 242, "accuracy": 100, "basePower": 80, "category": "Physical",
/// //            "flags": {"contact": 1, "bite": 1}, "secondary": {"chance": 20, ...}, ...}
/// ```
struct ShowdownMoveEntry: Decodable, Hashable, Sendable {
  /// Showdown's accuracy: a percentage, or `true` for a move that never misses.
  enum Accuracy: Decodable, Hashable, Sendable {
    case percent(Int)
    case neverMisses

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let always = try? container.decode(Bool.self) {
        guard always else {
          throw DecodingError.dataCorruptedError(
            in: container,
            debugDescription: "expected a percentage or true, found false"
          )
        }
        self = .neverMisses
      } else {
        self = .percent(try container.decode(Int.self))
      }
    }
  }

  /// One secondary effect; only its chance is read.
  struct Secondary: Decodable, Hashable, Sendable {
    var chance: Int?
  }

  var num: Int
  var name: String
  var accuracy: Accuracy
  /// 0 for a move with no fixed power (status moves, Low Kick, Heavy Slam, ...).
  var basePower: Int
  /// `"Physical"`, `"Special"` or `"Status"`.
  var category: String
  var pp: Int
  var priority: Int
  /// The flags set (`contact`, `sound`, `bypasssub`, ...): every key with a truthy value.
  var flags: [String: Int]
  /// `"normal"`, `"any"`, `"allAdjacentFoes"`, ...
  var target: String
  var type: String
  var isNonstandard: String?
  var secondary: Secondary?
  var secondaries: [Secondary]?
  /// Whether the move is a Z-Move or a Max Move (strings or `true`).
  var isZ: ShowdownFlagValue?
  var isMax: ShowdownFlagValue?
}
