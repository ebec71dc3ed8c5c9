/// One entry of Showdown's `abilities.json` (only the members the pipeline reads).
///
/// ```swift
/// // "adaptability": {"flags": {}, "name": "Adaptability", "rating": 4, "num": 91}
/// ```
struct ShowdownAbilityEntry: Decodable, Hashable, Sendable {
  var name: String
  var num: Int
  var isNonstandard: String?
}
