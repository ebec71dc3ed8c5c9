/// One entry of Showdown's text tables (`moves-text.json`, `abilities-text.json`,
/// `items-text.json`): the current text, and older generations' where it differed.
///
/// ```swift
/// // "absorb": {"name": "Absorb", "desc": "...", "shortDesc": "...", "gen4": {"desc": "..."}}
/// ```
struct ShowdownText: Decodable, Hashable, Sendable {
  /// The text of one older generation; either part may be absent.
  struct Older: Decodable, Hashable, Sendable {
    var desc: String?
    var shortDesc: String?
  }

  var name: String?
  /// The full text.
  var desc: String?
  /// The one-line text.
  var shortDesc: String?
  /// Older generations' text, by generation (1...8), where Showdown has it.
  var older: [Int: Older] = [:]

  private enum Keys: String, CodingKey, CaseIterable {
    case name, desc, shortDesc
    case gen1, gen2, gen3, gen4, gen5, gen6, gen7, gen8
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Keys.self)
    name = try container.decodeIfPresent(String.self, forKey: .name)
    desc = try container.decodeIfPresent(String.self, forKey: .desc)
    shortDesc = try container.decodeIfPresent(String.self, forKey: .shortDesc)
    for (generation, key) in [Keys.gen1, .gen2, .gen3, .gen4, .gen5, .gen6, .gen7, .gen8]
      .enumerated()
    {
      if let text = try container.decodeIfPresent(Older.self, forKey: key) {
        older[generation + 1] = text
      }
    }
  }
}
